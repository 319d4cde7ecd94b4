import { Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface ListCardProps {
  /** Usually a link to the item, so the card is reachable by keyboard. */
  title: ReactNode;
  /** Top right, e.g. a status badge. */
  aside?: ReactNode;
  /** A few lines of facts. */
  children?: ReactNode;
  /** Bottom right buttons; clicks on them do not open the item. */
  actions?: ReactNode;
  /** Opens the item when the card itself is clicked (a larger target than the title link on a phone). */
  onOpen?: () => void;
}

/** A list row as a card, for narrow screens (see useCompactLayout). */
export function ListCard({ title, aside, children, actions, onOpen }: ListCardProps) {
  return (
    <Paper withBorder radius="md" p="sm" onClick={onOpen} style={onOpen ? { cursor: 'pointer' } : undefined}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>{title}</div>
          {aside ? <div style={{ flexShrink: 0 }}>{aside}</div> : null}
        </Group>
        {children}
        {actions ? (
          // Only stops the card's own click; the buttons inside are the controls.
          <Group justify="flex-end" gap={4} onClick={(event) => event.stopPropagation()}>
            {actions}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
