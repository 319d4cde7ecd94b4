import { Paper, Text } from '@mantine/core';

interface FigureCardProps {
  label: string;
  /** The figure as shown ("₦1,250,000.00", "4.5 h"). */
  value: string;
  /** A figure without data is shown dimmed, so "No data" does not read as a value. */
  empty?: boolean;
}

/** One headline figure of a report or summary: the number large, its name under it. */
export function FigureCard({ label, value, empty = false }: FigureCardProps) {
  return (
    // A group named by the figure, so a screen reader (and a test) finds "Work orders" and its number together.
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} h="100%" role="group" aria-label={label}>
      <Text fw={700} fz={{ base: 18, sm: 22 }} lh={1.2} c={empty ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" lh={1.3} mt={4}>
        {label}
      </Text>
    </Paper>
  );
}
