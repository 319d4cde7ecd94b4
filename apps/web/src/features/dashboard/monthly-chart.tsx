import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Paper, Skeleton, Text } from '@mantine/core';
import { useTranslation } from '../../lib/i18n';
import { monthLabel, yAxisTop } from './dashboard-chart';

export interface MonthlySeries {
  name: string;
  label: string;
  color: string;
  data: readonly number[];
}

interface MonthlyChartProps {
  title: string;
  /** The API's months, oldest first ("Feb 2026"). */
  categories: readonly string[] | undefined;
  series: readonly MonthlySeries[];
  /** How a value reads in the tooltip and on the axis (counts by default). */
  valueFormatter?: (value: number) => string;
  /** How the y-axis' ticks read, when shorter than the tooltip's (money). */
  axisFormatter?: (value: number) => string;
}

/** A dashboard's per-month chart: the y-axis from 0 to at least 80 (SPEC.md 9), the months in the reader's language. */
export function MonthlyChart({ title, categories, series, valueFormatter, axisFormatter }: MonthlyChartProps) {
  const { i18n } = useTranslation();
  const data = (categories ?? []).map((category, index) => ({
    month: monthLabel(category, i18n.language),
    ...Object.fromEntries(series.map((s) => [s.name, s.data[index] ?? 0])),
  }));
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="figure" m={0} aria-label={title}>
      <Text fw={600} mb="sm">
        {title}
      </Text>
      {categories ? (
        <AreaChart
          h={260}
          data={data}
          dataKey="month"
          series={series.map(({ name, label, color }) => ({ name, label, color }))}
          curveType="monotone"
          withGradient
          withLegend={series.length > 1}
          legendProps={{ verticalAlign: 'bottom' }}
          gridAxis="x"
          tickLine="none"
          valueFormatter={valueFormatter}
          yAxisProps={{
            domain: [0, yAxisTop(...series.map((s) => s.data))],
            allowDecimals: false,
            ...(axisFormatter ? { tickFormatter: axisFormatter } : {}),
          }}
          withDots={false}
        />
      ) : (
        <Skeleton h={260} radius="md" />
      )}
    </Paper>
  );
}
