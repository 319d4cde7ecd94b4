import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatNaira } from '../data/format';
import { useCompactLayout } from '../data/use-compact-layout';

/** Beside a record's header: its total in NGN under its label, and a line under it (its lines, its due date). */
export function DetailTotal({ label, total, children }: { label: string; total: string; children?: ReactNode }) {
  const compact = useCompactLayout();
  return (
    <Stack gap={4} align={compact ? 'flex-start' : 'flex-end'} style={{ flex: '0 0 auto' }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={26} fw={700} style={{ whiteSpace: 'nowrap' }}>
        {formatNaira(total)}
      </Text>
      {children}
    </Stack>
  );
}
