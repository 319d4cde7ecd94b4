import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list card's title: the record's code (its link) over its title. */
export function RecordTitle({ code, title }: { code: ReactNode; title: string }) {
  return (
    <Stack gap={2}>
      {code}
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Text>
    </Stack>
  );
}
