import type { ScoreCardFigures, ScoreCardMetric } from '@amp/contracts/score-card';
import { Anchor, Group, List, Paper, Progress, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { i18n, useTranslation } from '../../lib/i18n';

/** Figures in the reader's language; null is "No data", never a zero. */
export function useFigureFormat() {
  const { t } = useTranslation();
  const noData = t('scoreCards.noData');
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(i18n.language, { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value);
  return {
    noData,
    percent: (value: number | null) =>
      value === null ? noData : new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100),
    hours: (value: number | null) => (value === null ? noData : t('scoreCards.hours', { hours: number(value, 1) })),
    rating: (value: number | null) => (value === null ? noData : number(value, 2)),
    score: (value: number | null) => (value === null ? noData : number(value, 1)),
    count: (value: number) => number(value, 0),
  };
}

/** The composite score as a bar and its number. */
export function ScoreBar({ score }: { score: number | null }) {
  const { t } = useTranslation();
  const format = useFigureFormat();
  if (score === null) return <Text c="dimmed">{format.noData}</Text>;
  const color = score >= 80 ? 'teal' : score >= 60 ? 'yellow' : 'red';
  return (
    <Group gap="xs" wrap="nowrap" miw={120}>
      <Progress value={score} color={color} w={80} aria-label={t('scoreCards.figure.score')} style={{ flexShrink: 0 }} />
      <Text fw={600} size="sm">
        {format.score(score)}
      </Text>
    </Group>
  );
}

/** The average rating with the arrow of its trend (last 90 days against the 90 before). */
export function RatingWithTrend({ rating, trend }: { rating: number | null; trend: number | null }) {
  const { t } = useTranslation();
  const format = useFigureFormat();
  if (rating === null) return <Text c="dimmed">{format.noData}</Text>;
  const signed = trend === null ? null : `${trend > 0 ? '+' : ''}${new Intl.NumberFormat(i18n.language).format(trend)}`;
  const label =
    trend === null
      ? t('scoreCards.trend.none')
      : trend > 0
        ? t('scoreCards.trend.up', { change: signed })
        : trend < 0
          ? t('scoreCards.trend.down', { change: signed })
          : t('scoreCards.trend.flat');
  const Icon = trend === null || trend === 0 ? IconArrowRight : trend > 0 ? IconArrowUpRight : IconArrowDownRight;
  const color = trend === null || trend === 0 ? 'dimmed' : trend > 0 ? 'teal.8' : 'red.8';
  return (
    <Group gap={4} wrap="nowrap" title={label} pos="relative">
      <Text size="sm" fw={600}>
        {format.rating(rating)}
      </Text>
      {trend === null ? null : <Icon size={16} color={`var(--mantine-color-${color.replace('.', '-')})`} aria-hidden />}
      <VisuallyHidden>{label}</VisuallyHidden>
    </Group>
  );
}

/** The drill-down shown under a card: its metric (and owner) and page live in the URL, so a figure is a plain link. */
export function useDrillState() {
  const [params, setParams] = useSearchParams();
  const metric = params.get('metric') as ScoreCardMetric | null;
  const owner = params.get('owner') ?? undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const linkTo = (next: ScoreCardMetric, nextOwner?: string) => {
    const query = new URLSearchParams({ metric: next });
    if (nextOwner) query.set('owner', nextOwner);
    return `?${query.toString()}#orders`;
  };
  const setPage = (value: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('page', String(value));
        return next;
      },
      { preventScrollReset: true },
    );
  return { metric, owner, page, linkTo, setPage };
}

interface FigureProps {
  label: string;
  value: string;
  /** Nothing behind the figure: "No data" reads as a plain, dimmed word, not a link to an empty list. */
  empty?: boolean;
  hint?: string;
  to: string;
  /** A second link under the value (the late orders of an on-time share). */
  extra?: { label: string; to: string };
  active: boolean;
}

function Figure({ label, value, empty, hint, to, extra, active }: FigureProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="sm" style={active ? { borderColor: 'var(--mantine-color-blue-6)' } : undefined}>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {empty ? (
          <Text fw={700} fz="xl" c="dimmed">
            {value}
          </Text>
        ) : (
          <Anchor component={Link} to={to} fw={700} fz="xl" aria-label={t('scoreCards.showOrders', { figure: label })} preventScrollReset>
            {value}
          </Anchor>
        )}
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
        {extra ? (
          <Anchor component={Link} to={extra.to} size="xs" preventScrollReset>
            {extra.label}
          </Anchor>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A card's figures, each a link to the work orders behind it. */
export function FigureGrid({ figures, owner }: { figures: ScoreCardFigures; owner?: string }) {
  const { t } = useTranslation();
  const format = useFigureFormat();
  const drill = useDrillState();
  const figure = (metric: ScoreCardMetric, label: string, value: string, more: Partial<FigureProps> = {}) => (
    <Figure
      label={label}
      value={value}
      to={drill.linkTo(metric, owner)}
      active={drill.metric === metric && drill.owner === owner}
      {...more}
    />
  );
  // An on-time share names how many orders it was measured on and links to the late ones, when there are any to show.
  const onTime = (share: number | null, count: number, late: ScoreCardMetric): Partial<FigureProps> =>
    share === null
      ? { empty: true }
      : {
          hint: t('scoreCards.ofOrders', { count: format.count(count) }),
          extra: share < 100 ? { label: t('scoreCards.lateOrders'), to: drill.linkTo(late, owner) } : undefined,
        };
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
      {figure('completed', t('scoreCards.figure.jobsCompleted'), format.count(figures.jobsCompleted))}
      {figure(
        'responseOnTime',
        t('scoreCards.figure.responseOnTime'),
        format.percent(figures.responseOnTime),
        onTime(figures.responseOnTime, figures.responseCount, 'responseLate'),
      )}
      {figure(
        'resolutionOnTime',
        t('scoreCards.figure.resolutionOnTime'),
        format.percent(figures.resolutionOnTime),
        onTime(figures.resolutionOnTime, figures.resolutionCount, 'resolutionLate'),
      )}
      {figure('responded', t('scoreCards.figure.meanTimeToRespond'), format.hours(figures.meanTimeToRespondHours), {
        empty: figures.meanTimeToRespondHours === null,
      })}
      {figure('completed', t('scoreCards.figure.meanTimeToResolve'), format.hours(figures.meanTimeToResolveHours), {
        empty: figures.meanTimeToResolveHours === null,
      })}
      {figure('rated', t('scoreCards.figure.averageRating'), format.rating(figures.averageRating), {
        empty: figures.averageRating === null,
        hint:
          figures.averageRating === null
            ? undefined
            : figures.ratingTrend === null
              ? t('scoreCards.trend.none')
              : t('scoreCards.trend.change', { change: `${figures.ratingTrend > 0 ? '+' : ''}${format.rating(figures.ratingTrend)}` }),
      })}
      {figure('unsatisfactory', t('scoreCards.figure.unsatisfactory'), format.count(figures.unsatisfactory))}
      {figure('recalls', t('scoreCards.figure.recalls'), format.count(figures.recalls))}
      {figure('declined', t('scoreCards.figure.declined'), format.count(figures.declined))}
      <Paper withBorder radius="md" p="sm">
        <Stack gap={6}>
          <Text size="sm" c="dimmed">
            {t('scoreCards.figure.score')}
          </Text>
          <ScoreBar score={figures.score} />
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}

/** The definitions, in short (packages/contracts/src/score-card.ts is the one source). */
export function ScoreCardHelp() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={3} size="h5" mb="xs">
        {t('scoreCards.help.title')}
      </Title>
      <List size="sm" spacing={4}>
        {(['scope', 'weight', 'noData', 'onTime', 'means', 'rating', 'quality', 'score'] as const).map((key) => (
          <List.Item key={key}>{t(`scoreCards.help.${key}`)}</List.Item>
        ))}
      </List>
    </Paper>
  );
}
