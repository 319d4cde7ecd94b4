import { Group, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface NamedRecordHeaderProps {
  name: string;
  /** Beside the name. */
  badge?: ReactNode;
  /** Under the name: where it is, what it belongs to. */
  lines: ReactNode;
  /** The space between the name and its lines. */
  linesGap: number;
  /** On the right: the actions, or a figure. */
  aside?: ReactNode;
  /** Under it all, across the card: actions, facts. */
  children?: ReactNode;
}

/** The top card of a page about a named record (a warehouse, an item): its name as the heading, what sits beside and under. */
export function NamedRecordHeader({ name, badge, lines, linesGap, aside, children }: NamedRecordHeaderProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={linesGap} style={{ minWidth: 0, flex: '1 1 280px' }}>
            <Group gap="sm">
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Title>
              {badge}
            </Group>
            {lines}
          </Stack>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
