import { Box, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatNumber } from '../../components/data/format';
import classes from './dashboard.module.css';

interface StatTileProps {
  label: string;
  value: number;
  icon: TablerIcon;
  color: string;
  /** The list the figure counts, when the user may open it: the whole tile is then its link. */
  to?: string;
  /** Names the tile for the end-to-end tests (the figure's key). */
  testId?: string;
}

/** One dashboard figure: an icon, the number and its name; a link to its list when it has one. */
export function StatTile({ label, value, icon: Icon, color, to, testId }: StatTileProps) {
  const body = (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} h="100%">
      {/* The number beside a small icon, the name under both across the whole tile: four or five
          tiles fit a row without cutting a name off, and two on a phone. */}
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text fw={700} fz={24} lh={1.1} data-figure>
          {formatNumber(value)}
        </Text>
        <ThemeIcon size={34} radius="md" variant="light" color={color} aria-hidden>
          <Icon size={20} stroke={1.6} />
        </ThemeIcon>
      </Group>
      <Text size="sm" c="dimmed" lh={1.3} mt={6}>
        {label}
      </Text>
    </Paper>
  );
  return to ? (
    <Link to={to} className={classes.link} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <Box h="100%" data-testid={testId}>
      {body}
    </Box>
  );
}
