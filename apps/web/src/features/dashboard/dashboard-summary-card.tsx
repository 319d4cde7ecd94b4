import { Alert, Card, Group, SimpleGrid, type SimpleGridProps, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconSparkles, type TablerIcon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { apiErrorText } from '../../components/api-error';
import { FigureCard } from '../../components/data/figure-card';
import { formatNumber } from '../../components/data/format';

/** One count of a dashboard card, with how it looks and where it leads. */
export interface DashboardFigure {
  key: string;
  label: string;
  /** Undefined while the counts load: the figure is then a placeholder. */
  value: number | undefined;
  icon: TablerIcon;
  color: string;
  to?: string;
}

interface DashboardSummaryCardProps {
  title: string;
  /** The dashboard call: its error, when it failed, stands in for the figures and the charts. */
  query: { isError: boolean; error: unknown };
  /** Said above the figures when the counts are all in and nothing has happened yet (else null). */
  emptyNote: string | null;
  figures: readonly DashboardFigure[];
  cols: SimpleGridProps['cols'];
  /** The per-month charts, under the figures. */
  children: ReactNode;
}

/** A dashboard's summary (docs/product.md#dashboard): its counts as figures that lead to their lists, then its charts. */
export function DashboardSummaryCard({ title, query, emptyNote, figures, cols, children }: DashboardSummaryCardProps) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} fz="lg" mb="md">
        {title}
      </Title>
      {query.isError ? (
        <Alert color="red">{apiErrorText(query.error)}</Alert>
      ) : (
        <Stack gap="lg">
          {emptyNote ? (
            <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="dashboard-empty">
              <ThemeIcon size={36} radius="xl" variant="light" color="teal" aria-hidden>
                <IconSparkles size={20} />
              </ThemeIcon>
              <Text size="sm" c="dimmed">
                {emptyNote}
              </Text>
            </Group>
          ) : null}
          <FigureGrid figures={figures} cols={cols} />
          {children}
        </Stack>
      )}
    </Card>
  );
}

/** A dashboard's figures in a grid, each a placeholder until its count is in. */
export function FigureGrid({ figures, cols }: { figures: readonly DashboardFigure[]; cols: SimpleGridProps['cols'] }) {
  return (
    <SimpleGrid cols={cols} spacing="sm">
      {figures.map(({ key, label, value, icon, color, to }) =>
        value === undefined ? (
          <Skeleton key={key} h={74} radius="md" />
        ) : (
          <FigureCard key={key} testId={`figure-${key}`} label={label} value={formatNumber(value)} icon={icon} color={color} to={to} />
        ),
      )}
    </SimpleGrid>
  );
}
