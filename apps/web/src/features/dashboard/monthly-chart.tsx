import { Box, Group, Paper, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type PointerEvent, useId, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { axisNote, monthLabel, smoothPath, yAxisTop } from './dashboard-chart';

export interface MonthlySeries {
  name: string;
  label: string;
  /** A Mantine colour with its shade ("blue.6"). */
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

const HEIGHT = 260;
const PLOT = { top: 10, right: 12, bottom: 28, left: 44 };
/** The y-axis' ticks: 0, a quarter, ..., the top. */
const TICKS = [0, 0.25, 0.5, 0.75, 1];
/** The narrowest room a month's label needs; fewer labels are written when months are narrower. */
const LABEL_WIDTH = 44;

const colorVar = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

/**
 * A dashboard's per-month chart: areas over the months, the y-axis from 0 to at least 80
 * (docs/product.md, "The chart on small numbers"), the months in the reader's language, a tooltip
 * under the pointer and the values in a table for screen readers. Drawn as plain SVG: the
 * signed-in shell's first load carries no chart library (the reports keep theirs, loaded with
 * them; docs/decisions/0031-one-chart-stack.md).
 */
export function MonthlyChart({ title, categories, series, valueFormatter, axisFormatter }: MonthlyChartProps) {
  const { t, i18n } = useTranslation();
  const { ref, width } = useElementSize();
  const [hovered, setHovered] = useState<number | null>(null);
  // useId's characters (":", "«") break url(#...) references: letters and digits only.
  const gradientId = `chart${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const format = valueFormatter ?? ((value: number) => value.toLocaleString(i18n.language));
  const formatAxis = axisFormatter ?? format;
  const months = (categories ?? []).map((category) => monthLabel(category, i18n.language));
  const top = yAxisTop(...series.map((s) => s.data));
  const note = categories ? axisNote(...series.map((s) => s.data)) : null;
  const plotWidth = Math.max(0, width - PLOT.left - PLOT.right);
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const x = (index: number) => PLOT.left + (months.length > 1 ? (index / (months.length - 1)) * plotWidth : plotWidth / 2);
  const y = (value: number) => PLOT.top + plotHeight - (Math.min(value, top) / top) * plotHeight;
  const labelEvery = Math.max(1, Math.ceil(months.length / Math.max(1, Math.floor(plotWidth / LABEL_WIDTH))));

  const onPointer = (event: PointerEvent<SVGSVGElement>) => {
    if (months.length === 0) return;
    const left = event.clientX - event.currentTarget.getBoundingClientRect().left;
    const step = months.length > 1 ? plotWidth / (months.length - 1) : plotWidth;
    setHovered(Math.min(months.length - 1, Math.max(0, Math.round((left - PLOT.left) / (step || 1)))));
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="figure" m={0} aria-label={title}>
      <Text fw={600} mb={note ? 4 : 'sm'}>
        {title}
      </Text>
      {note ? (
        <Text size="xs" c="dimmed" mb="sm" data-testid="chart-axis-note">
          {note.kind === 'none'
            ? t('dashboard.chart.none')
            : t('dashboard.chart.small', { top: formatAxis(note.top), largest: format(note.largest) })}
        </Text>
      ) : null}
      {categories ? (
        <>
          <Box ref={ref} pos="relative" h={HEIGHT}>
            {width > 0 && (
              <svg
                width={width}
                height={HEIGHT}
                role="presentation"
                onPointerMove={onPointer}
                onPointerDown={onPointer}
                onPointerLeave={() => setHovered(null)}
                style={{ touchAction: 'pan-y', display: 'block' }}
              >
                <defs>
                  {series.map((s) => (
                    <linearGradient key={s.name} id={`${gradientId}-${s.name}`} x1="0" x2="0" y1="0" y2="1">
                      <stop offset="0%" style={{ stopColor: colorVar(s.color), stopOpacity: 0.45 }} />
                      <stop offset="100%" style={{ stopColor: colorVar(s.color), stopOpacity: 0.02 }} />
                    </linearGradient>
                  ))}
                </defs>
                {TICKS.map((share) => (
                  <g key={share}>
                    <line
                      x1={PLOT.left}
                      x2={PLOT.left + plotWidth}
                      y1={y(share * top)}
                      y2={y(share * top)}
                      stroke="var(--mantine-color-gray-2)"
                      strokeDasharray={share === 0 ? undefined : '4 4'}
                    />
                    <text
                      x={PLOT.left - 8}
                      y={y(share * top)}
                      dy="0.32em"
                      textAnchor="end"
                      fontSize={11}
                      fill="var(--mantine-color-dimmed)"
                    >
                      {formatAxis(share * top)}
                    </text>
                  </g>
                ))}
                {months.map((month, index) =>
                  index % labelEvery === 0 ? (
                    <text key={month} x={x(index)} y={HEIGHT - 8} textAnchor="middle" fontSize={11} fill="var(--mantine-color-dimmed)">
                      {month}
                    </text>
                  ) : null,
                )}
                {series.map((s) => {
                  const points = months.map((_, index) => [x(index), y(s.data[index] ?? 0)] as const);
                  if (points.length === 0) return null;
                  const line = smoothPath(points);
                  const baseline = y(0);
                  return (
                    <g key={s.name}>
                      <path
                        d={`${line} L${points.at(-1)![0]},${baseline} L${points[0]![0]},${baseline} Z`}
                        fill={`url(#${gradientId}-${s.name})`}
                      />
                      <path d={line} fill="none" stroke={colorVar(s.color)} strokeWidth={2} />
                      {/* Small numbers sit near the baseline: a dot marks each month that has any, so it is seen. */}
                      {note?.kind === 'small'
                        ? points.map(([px, py], index) =>
                            (s.data[index] ?? 0) > 0 ? <circle key={months[index]} cx={px} cy={py} r={3} fill={colorVar(s.color)} /> : null,
                          )
                        : null}
                    </g>
                  );
                })}
                {hovered !== null && (
                  <g>
                    <line x1={x(hovered)} x2={x(hovered)} y1={PLOT.top} y2={PLOT.top + plotHeight} stroke="var(--mantine-color-gray-4)" />
                    {series.map((s) => (
                      <circle
                        key={s.name}
                        cx={x(hovered)}
                        cy={y(s.data[hovered] ?? 0)}
                        r={4}
                        fill={colorVar(s.color)}
                        stroke="white"
                        strokeWidth={2}
                      />
                    ))}
                  </g>
                )}
              </svg>
            )}
            {hovered !== null && width > 0 && (
              <Paper
                shadow="md"
                withBorder
                p="xs"
                radius="sm"
                pos="absolute"
                top={PLOT.top}
                style={{
                  pointerEvents: 'none',
                  ...(x(hovered) > width / 2 ? { right: width - x(hovered) + 12 } : { left: x(hovered) + 12 }),
                }}
              >
                <Text size="xs" fw={600} mb={4}>
                  {months[hovered]}
                </Text>
                {series.map((s) => (
                  <Group key={s.name} gap={6} wrap="nowrap">
                    <Box w={8} h={8} style={{ borderRadius: 4, background: colorVar(s.color) }} />
                    <Text size="xs">
                      {s.label}: {format(s.data[hovered] ?? 0)}
                    </Text>
                  </Group>
                ))}
              </Paper>
            )}
          </Box>
          {series.length > 1 && (
            <Group justify="center" gap="md" mt="xs" aria-hidden>
              {series.map((s) => (
                <Group key={s.name} gap={6} wrap="nowrap">
                  <Box w={10} h={10} style={{ borderRadius: 5, background: colorVar(s.color) }} />
                  <Text size="sm">{s.label}</Text>
                </Group>
              ))}
            </Group>
          )}
          <VisuallyHidden>
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  {/* A header cell with a name: screen readers announce it with each month. */}
                  <th scope="col">{t('dashboard.chart.month')}</th>
                  {series.map((s) => (
                    <th key={s.name} scope="col">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {months.map((month, index) => (
                  <tr key={month}>
                    <th scope="row">{month}</th>
                    {series.map((s) => (
                      <td key={s.name}>{format(s.data[index] ?? 0)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      ) : (
        <Skeleton h={HEIGHT} radius="md" />
      )}
    </Paper>
  );
}
