import { Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { CodeText } from '../code-text';
import { formatAge, formatDateTime } from '../data/format';

interface DetailHeaderProps {
  code: string;
  /** Beside the code: the status, priority and the like. */
  badges: ReactNode;
  /** The width the left part keeps before the `aside` wraps under it. */
  basis: number;
  /** Under the code: the title, what it is about, who raised it when. */
  children: ReactNode;
  /** On the right: the actions, or a total. */
  aside?: ReactNode;
  /** Under it all, across the card: the actions when the right side holds something else. */
  footer?: ReactNode;
}

/** The top card of a record's detail page: its code as the heading, its badges and its lines, with what sits beside and under. */
export function DetailHeader({ code, badges, basis, children, aside, footer }: DetailHeaderProps) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Stack gap={6} style={{ minWidth: 0, flex: `1 1 ${basis}px` }}>
          <Group gap="sm" wrap="wrap">
            <Title order={2} size="h3">
              <CodeText fz="inherit" fw="inherit">
                {code}
              </CodeText>
            </Title>
            {badges}
          </Group>
          {children}
        </Stack>
        {aside}
      </Group>
      {footer}
    </Paper>
  );
}

/** The record's title under its code. */
export function DetailTitle({ children }: { children: string }) {
  return (
    <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/** Who raised it, and how long ago (the exact time on hover and for screen readers). */
export function DetailByline({ text, at }: { text: string; at: string }) {
  return (
    <Text size="sm" c="dimmed">
      {text} ·{' '}
      <Tooltip label={formatDateTime(at)}>
        <Text span size="sm" component="time" dateTime={at}>
          {formatAge(at)}
        </Text>
      </Tooltip>
    </Text>
  );
}
