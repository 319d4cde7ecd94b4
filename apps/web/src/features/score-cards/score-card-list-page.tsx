import { Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { RatingWithTrend, ScoreBar, ScoreCardHelp, useFigureFormat } from './score-card-parts';
import { type RankedProvider, useScoreCardList } from './score-cards-api';

// Ten figures beside the menu at 1280 px: cells keep a narrower padding than the lists' default.
const CELL = { paddingInline: 6 } as const;
const SHRINK = { ...CELL, width: '1%', whiteSpace: 'nowrap' } as const;
const NUMERIC = { ...SHRINK, textAlign: 'right' } as const;
// Headings wrap over their figures, so the thirteen figures fit the card beside the menu at 1280 px.
const HEADING = { ...CELL, width: '1%', minWidth: 72 } as const;
const NUMERIC_HEADING = { ...HEADING, textAlign: 'right' } as const;
// Shares and the issue counts may wrap ("No data", "0 / 1 / 0"): figures without a space never do.
const WRAPPING_NUMERIC = { ...CELL, width: '1%', textAlign: 'right' } as const;

/** /report/score-card: the reader's service providers, ranked by their score card; search by name. */
export default function ScoreCardListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFigureFormat();
  const list = useUrlListState();
  const providers = useScoreCardList({ page: list.page, pageSize: list.pageSize, search: list.search || undefined });
  const open = (row: RankedProvider) => navigate(`/report/score-card/${row.provider._id}`);
  const name = (row: RankedProvider) => (
    <Anchor
      component={Link}
      to={`/report/score-card/${row.provider._id}`}
      fw={600}
      onClick={(event) => event.stopPropagation()}
      aria-label={t('scoreCards.list.open', { name: row.provider.name })}
    >
      {row.provider.name}
    </Anchor>
  );
  const kind = (row: RankedProvider) => t(`scoreCards.kind.${row.provider.kind}`, { defaultValue: row.provider.kind });
  const fact = (label: string, value: string) => (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:
      </Text>{' '}
      {value}
    </Text>
  );

  return (
    <Stack gap="md">
      <Text c="dimmed">{t('scoreCards.list.intro')}</Text>
      <ListPage<RankedProvider>
        list={list}
        query={providers}
        searchPlaceholder={t('scoreCards.list.search')}
        empty={{
          icon: <IconChartBar size={32} stroke={1.5} />,
          title: t('scoreCards.list.empty'),
          hint: t('scoreCards.list.emptyHint'),
          noMatchTitle: t('scoreCards.list.noMatch'),
        }}
        cardSkeleton={{ count: 3, height: 200 }}
        card={(row) => (
          <ListCard
            title={
              <Group gap="xs" wrap="nowrap">
                <Text fw={700} c="dimmed" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                  #{row.rank}
                </Text>
                {name(row)}
              </Group>
            }
            aside={<ScoreBar score={row.figures.score} />}
            onOpen={() => open(row)}
          >
            <Text size="sm" c="dimmed">
              {kind(row)}
            </Text>
            {fact(t('scoreCards.figure.jobsCompleted'), format.count(row.figures.jobsCompleted))}
            {fact(t('scoreCards.figure.responseOnTime'), format.percent(row.figures.responseOnTime))}
            {fact(t('scoreCards.figure.resolutionOnTime'), format.percent(row.figures.resolutionOnTime))}
            {fact(t('scoreCards.figure.meanTimeToRespond'), format.hours(row.figures.meanTimeToRespondHours))}
            {fact(t('scoreCards.figure.meanTimeToResolve'), format.hours(row.figures.meanTimeToResolveHours))}
            <Group gap={4}>
              <Text size="sm" c="dimmed">
                {t('scoreCards.figure.averageRating')}:
              </Text>
              <RatingWithTrend rating={row.figures.averageRating} trend={row.figures.ratingTrend} />
            </Group>
            {fact(
              t('scoreCards.list.issues'),
              t('scoreCards.list.issuesValue', {
                recalls: format.count(row.figures.recalls),
                unsatisfactory: format.count(row.figures.unsatisfactory),
                declined: format.count(row.figures.declined),
              }),
            )}
          </ListCard>
        )}
        table={{
          minWidth: 900,
          columns: 10,
          header: (
            <>
              <Table.Th style={SHRINK}>{t('scoreCards.column.rank')}</Table.Th>
              <Table.Th style={CELL}>
                {t('scoreCards.column.provider')} · {t('scoreCards.column.kind')}
              </Table.Th>
              <Table.Th style={HEADING}>{t('scoreCards.figure.score')}</Table.Th>
              <Table.Th style={NUMERIC_HEADING}>{t('scoreCards.column.jobs')}</Table.Th>
              <Table.Th style={NUMERIC_HEADING}>{t('scoreCards.column.responseOnTime')}</Table.Th>
              <Table.Th style={NUMERIC_HEADING}>{t('scoreCards.column.resolutionOnTime')}</Table.Th>
              <Table.Th style={NUMERIC_HEADING}>{t('scoreCards.column.meanRespond')}</Table.Th>
              <Table.Th style={NUMERIC_HEADING}>{t('scoreCards.column.meanResolve')}</Table.Th>
              <Table.Th style={HEADING}>{t('scoreCards.column.rating')}</Table.Th>
              <Table.Th style={NUMERIC_HEADING}>{t('scoreCards.list.issues')}</Table.Th>
            </>
          ),
          row: (row) => (
            <Table.Tr onClick={() => open(row)} style={{ cursor: 'pointer' }}>
              <Table.Td style={SHRINK} fw={700}>
                {row.rank}
              </Table.Td>
              <Table.Td style={CELL}>
                {/* The kind under the name rather than a column of its own: the figures need the width. */}
                <Stack gap={0}>
                  {name(row)}
                  <Text size="xs" c="dimmed">
                    {kind(row)}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td style={SHRINK}>
                <ScoreBar score={row.figures.score} />
              </Table.Td>
              <Table.Td style={NUMERIC}>{format.count(row.figures.jobsCompleted)}</Table.Td>
              <Table.Td style={WRAPPING_NUMERIC}>{format.percent(row.figures.responseOnTime)}</Table.Td>
              <Table.Td style={WRAPPING_NUMERIC}>{format.percent(row.figures.resolutionOnTime)}</Table.Td>
              <Table.Td style={NUMERIC}>{format.hours(row.figures.meanTimeToRespondHours)}</Table.Td>
              <Table.Td style={NUMERIC}>{format.hours(row.figures.meanTimeToResolveHours)}</Table.Td>
              <Table.Td style={SHRINK}>
                <RatingWithTrend rating={row.figures.averageRating} trend={row.figures.ratingTrend} />
              </Table.Td>
              <Table.Td style={WRAPPING_NUMERIC}>
                {t('scoreCards.list.issuesValue', {
                  recalls: format.count(row.figures.recalls),
                  unsatisfactory: format.count(row.figures.unsatisfactory),
                  declined: format.count(row.figures.declined),
                })}
              </Table.Td>
            </Table.Tr>
          ),
        }}
      />
      <ScoreCardHelp />
    </Stack>
  );
}
