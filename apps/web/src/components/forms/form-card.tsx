import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's form on its card: Enter or the submit button calls `onSubmit` (the browser's own checks left to the form's). */
export function FormCard({ onSubmit, children }: { onSubmit(): void; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <Stack gap="xl">{children}</Stack>
      </form>
    </Paper>
  );
}
