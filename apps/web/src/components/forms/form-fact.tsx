import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A value a form shows rather than asks (what a request is about, who it went to), under its label. */
export function FormFact({ label, emphasised = false, children }: { label: string; emphasised?: boolean; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={emphasised ? 500 : undefined} component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
