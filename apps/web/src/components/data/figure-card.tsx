import { Box, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './figure-card.module.css';

interface FigureCardProps {
  label: string;
  /** The figure as shown ("1,204", "₦1,250,000.00", "4.5 h"). */
  value: string;
  /** A figure without data is shown dimmed, so "No data" does not read as a value. */
  empty?: boolean;
  /** A dashboard count's icon, beside the number, in `color`. */
  icon?: TablerIcon;
  color?: string;
  /** The list the figure counts, when the user may open it: the whole card is then its link. */
  to?: string;
  /** Names the card for the end-to-end tests (the figure's key). */
  testId?: string;
}

/**
 * One headline figure of a dashboard or report: the number large, its name under it; on a
 * dashboard an icon beside the number, and a link to the list it counts when it has one.
 */
export function FigureCard({ label, value, empty = false, icon: Icon, color, to, testId }: FigureCardProps) {
  // A dashboard count is a short number beside its icon, so it is set larger; a report's figure may
  // be a long sum of money, so it steps down on a phone and may wrap anywhere.
  const figure = Icon ? (
    // The number beside a small icon, the name under both across the whole card: four or five
    // cards fit a row without cutting a name off, and two on a phone.
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
      <Text fw={700} fz={24} lh={1.1} c={empty ? 'dimmed' : undefined} data-figure>
        {value}
      </Text>
      <ThemeIcon size={34} radius="md" variant="light" color={color} aria-hidden>
        <Icon size={20} stroke={1.6} />
      </ThemeIcon>
    </Group>
  ) : (
    <Text fw={700} fz={{ base: 18, sm: 22 }} lh={1.2} c={empty ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }} data-figure>
      {value}
    </Text>
  );
  const card = (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      h="100%"
      // A card that is no link is a group named by the figure, so a screen reader (and a test) finds
      // "Work orders" and its number together; a link is already read as one, named by its text.
      role={to ? undefined : 'group'}
      aria-label={to ? undefined : label}
    >
      {figure}
      <Text size={Icon ? 'sm' : 'xs'} c="dimmed" lh={1.3} mt={Icon ? 6 : 4}>
        {label}
      </Text>
    </Paper>
  );
  if (to) {
    return (
      <Link to={to} className={classes.link} data-testid={testId}>
        {card}
      </Link>
    );
  }
  return testId ? (
    <Box h="100%" data-testid={testId}>
      {card}
    </Box>
  ) : (
    card
  );
}
