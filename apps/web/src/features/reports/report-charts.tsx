import type { ReportChart } from '@amp/contracts/report';
import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useId } from 'react';
import { useAuth } from '../../lib/auth';
import { type TFunction, useTranslation } from '../../lib/i18n';
import { formatAxis, formatValue, labelOf, readerKey, seriesLabel } from './report-format';

const COLORS = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'red.6',
  'indigo.6',
  'lime.7',
  'pink.6',
  'yellow.7',
  'violet.6',
  'green.7',
];
/**
 * Colours that carry a meaning, so a chart agrees with the badges elsewhere (an asset's status,
 * asset-status-badge.tsx), a breach never shows in a reassuring green, and stock coming in (cool)
 * tells from stock going out (warm) with no two kinds in neighbouring blues; the rest take COLORS in turn.
 */
const MEANINGFUL_COLORS: Record<string, string> = {
  active: 'teal.6',
  faulty: 'red.6',
  under_maintenance: 'orange.6',
  decommissioned: 'gray.6',
  onTime: 'teal.6',
  breached: 'red.6',
  opening: 'gray.5',
  stock_in: 'teal.6',
  receipt: 'green.7',
  transfer_in: 'cyan.6',
  stock_out: 'red.6',
  issue: 'orange.6',
  transfer_out: 'pink.6',
  count: 'grape.6',
  reversal: 'violet.6',
};
const colorOf = (code: string, index: number): string => MEANINGFUL_COLORS[code] ?? (COLORS[index % COLORS.length] as string);
/** More categories than this (or long names) lie better as horizontal bars, whose names get a line each, even on a phone. */
const UPRIGHT_BARS_MAX = 6;

/** The report's charts, two side by side from the large breakpoint up. */
export function ReportCharts({ charts }: { charts: readonly ReportChart[] }) {
  if (charts.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" className="report-charts">
      {charts.map((chart) => (
        <ChartCard key={chart.key} chart={chart} />
      ))}
    </SimpleGrid>
  );
}

export function ReportChartsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" aria-hidden>
      <Skeleton height={300} radius="md" />
      <Skeleton height={300} radius="md" />
    </SimpleGrid>
  );
}

/**
 * Charts whose categories are codes the contract gives no label set for: the SLA chart's
 * "response" and "resolution" are named as the series of the same name.
 */
const CODED_CATEGORIES: Partial<Record<string, (t: TFunction, value: string) => string>> = {
  slaCompliance: (t, value) => seriesLabel(t, value),
};

function categoryLabel(t: TFunction, chart: ReportChart, value: string): string {
  const coded = CODED_CATEGORIES[chart.key];
  return coded && !chart.labels ? coded(t, value) : labelOf(t, chart.labels, value);
}

/** Nothing to draw: no categories, or every value empty or zero. */
function isEmpty(chart: ReportChart): boolean {
  return chart.categories.length === 0 || chart.series.every((series) => series.data.every((value) => !value));
}

/** One chart in a card whose heading names it (the figure's accessible name). */
function ChartCard({ chart }: { chart: ReportChart }) {
  const { t } = useTranslation();
  const kind = useAuth().user?.organisation.kind;
  const titleId = useId();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="figure" m={0} aria-labelledby={titleId} className="report-chart">
      {/* The charts sit right under the page's title (h1): their headings are the next level. */}
      <Title order={2} fz="md" id={titleId} mb="sm">
        {t(readerKey(`reports.chart.${chart.key}`, kind), { defaultValue: chart.key })}
      </Title>
      {isEmpty(chart) ? (
        <Stack align="center" justify="center" gap={4} h={220} c="dimmed">
          <IconChartBar size={32} stroke={1.5} aria-hidden />
          <Text size="sm">{t('reports.chartEmpty')}</Text>
        </Stack>
      ) : (
        <ChartBody chart={chart} t={t} />
      )}
    </Paper>
  );
}

function ChartBody({ chart, t }: { chart: ReportChart; t: TFunction }) {
  const categories = chart.categories.map((category) => categoryLabel(t, chart, category));
  const series = chart.series.map((one, index) => ({
    name: one.key,
    label: seriesLabel(t, one.key),
    color: colorOf(one.key, index),
  }));
  const valueFormatter = (value: number) => formatValue(t, chart.kind, value);
  const tickFormatter = (value: number) => formatAxis(chart.kind, value);

  if (chart.type === 'donut') {
    const first = chart.series[0];
    const data = categories
      .map((name, index) => ({
        name,
        value: first?.data[index] ?? 0,
        color: chart.labels === 'assetStatus' ? colorOf(chart.categories[index] ?? '', index) : (COLORS[index % COLORS.length] as string),
      }))
      .filter((cell) => cell.value > 0);
    return (
      <DonutChart
        data={data}
        h={240}
        size={180}
        thickness={28}
        mx="auto"
        withLegend
        withLabels={false}
        valueFormatter={valueFormatter}
        tooltipDataSource="segment"
      />
    );
  }

  const data = categories.map((category, index) => {
    const point: Record<string, string | number | null> = { category };
    for (const one of chart.series) point[one.key] = one.data[index] ?? null;
    return point;
  });
  // A lone series named other than "value" (a month with only opening stock) still needs its name shown.
  const withLegend = series.length > 1 || (series.length === 1 && series[0]?.name !== 'value');
  // The legend lists the series in the API's order (recharts would sort them by name).
  const legendProps = { itemSorter: null };
  // Every value axis starts at 0 (issue 12), so a small change never looks like a large one.
  const valueAxis = { domain: [0, 'auto'] as [number, 'auto'], tickFormatter, allowDecimals: chart.kind !== 'count' };

  if (chart.type === 'bar') {
    // Many series side by side would be slivers (movements by kind): stacked, each month's bar is its total.
    const type = series.length > 2 ? 'stacked' : 'default';
    // Months stay upright, in time order from left to right.
    const sideways = chart.labels !== 'month' && (categories.length > UPRIGHT_BARS_MAX || categories.some((name) => name.length > 12));
    // Names wrap between words, never inside one: the axis is as wide as the longest word ("Telecommunications"), within reason.
    const longestWord = Math.max(0, ...categories.flatMap((name) => name.split(/\s+/).map((word) => word.length)));
    const nameWidth = Math.min(160, Math.max(120, Math.ceil(longestWord * 7.5) + 16));
    return sideways ? (
      <BarChart
        h={Math.max(200, categories.length * 34 + (withLegend ? 70 : 40))}
        data={data}
        dataKey="category"
        series={series}
        orientation="vertical"
        type={type}
        maxBarWidth={40}
        withLegend={withLegend}
        legendProps={legendProps}
        valueFormatter={valueFormatter}
        xAxisProps={valueAxis}
        yAxisProps={{ width: nameWidth }}
        gridAxis="x"
      />
    ) : (
      <BarChart
        h={260}
        data={data}
        dataKey="category"
        series={series}
        type={type}
        maxBarWidth={48}
        withLegend={withLegend}
        legendProps={legendProps}
        valueFormatter={valueFormatter}
        yAxisProps={valueAxis}
      />
    );
  }
  const Chart = chart.type === 'area' ? AreaChart : LineChart;
  return (
    <Chart
      h={260}
      data={data}
      dataKey="category"
      series={series}
      curveType="linear"
      withLegend={withLegend}
      legendProps={legendProps}
      connectNulls={false}
      valueFormatter={valueFormatter}
      yAxisProps={valueAxis}
    />
  );
}
