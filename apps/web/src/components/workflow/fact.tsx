import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The small capitals over a value or a part of a detail card. */
export function FactLabel({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: 0.3 }}>
      {children}
    </Text>
  );
}

/** One labelled value; an empty one shows a dash. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <FactLabel>{label}</FactLabel>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children === null || children === undefined || children === '' ? '–' : children}
      </Text>
    </Stack>
  );
}

/** A labelled list (files, cost lines); with nothing in it (`children` null), the `empty` sentence. */
export function FactBlock({ label, empty, children }: { label: string; empty: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <FactLabel>{label}</FactLabel>
      {children ?? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </Stack>
  );
}
