import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { formatDate } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListEmpty } from '../../components/data/list-feedback';
import { PaginationFooter } from '../../components/data/pagination-footer';
import { RecordCodeLink } from '../../components/data/record-code-link';
import { ResponsiveList } from '../../components/data/responsive-list';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { StatusBadge } from '../../components/status-badge';
import { useTranslation } from '../../lib/i18n';
import { useDrillState, useFigureFormat } from './score-card-parts';
import { type ScoreCardOrder, type ScoreCardSource, useScoreCardOrders } from './score-cards-api';

const PAGE_SIZE = 10;
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;

const pathOf = (row: ScoreCardOrder) => (row.type === 'work_order' ? `/work-order/view/${row._id}` : `/service-request/view/${row._id}`);
const statusKey = (row: ScoreCardOrder) => `${row.type === 'work_order' ? 'workOrders' : 'serviceRequests'}.status.${row.status}`;

/**
 * The work orders behind the figure chosen above (its metric in the URL), a page at a time, each
 * leading to its work order (a declined service request to the request). `source` is whose card
 * it is; `showOwner` adds the owner's column on a provider's own card.
 */
export function ScoreCardOrders({ source, showOwner }: { source: ScoreCardSource; showOwner: boolean }) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  const format = useFigureFormat();
  const drill = useDrillState();
  const query = useScoreCardOrders(source, { metric: drill.metric, owner: drill.owner, page: drill.page, pageSize: PAGE_SIZE });
  if (!drill.metric) {
    return (
      <Paper withBorder radius="md" p="md">
        <Text c="dimmed" size="sm">
          {t('scoreCards.orders.pick')}
        </Text>
      </Paper>
    );
  }
  const rows = query.data?.data ?? [];
  const label = (row: ScoreCardOrder) =>
    t(row.type === 'work_order' ? 'scoreCards.orders.openWorkOrder' : 'scoreCards.orders.openRequest', { code: row.code });
  const hours = (value: number | null, target: number | null) =>
    value === null
      ? '–'
      : target === null
        ? format.hours(value)
        : t('scoreCards.orders.hoursOfTarget', { hours: format.hours(value), target: format.hours(target) });
  const status = (row: ScoreCardOrder) => <StatusBadge color="gray" label={t(statusKey(row), { defaultValue: row.status })} size="sm" />;
  const owner = drill.owner ? rows[0]?.owner.name : undefined;
  return (
    <Stack gap="sm" id="orders">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} size="h4">
          {t(`scoreCards.metric.${drill.metric}`)}
          {owner ? ` · ${owner}` : ''}
        </Title>
      </Group>
      <ResponsiveList
        query={query}
        compact={compact}
        cardSkeleton={{ count: 3, height: 110 }}
        columns={showOwner ? 8 : 7}
        tableMinWidth={showOwner ? 900 : 780}
        empty={
          !query.isPending && rows.length === 0 ? (
            <ListEmpty icon={<IconClipboardList size={32} stroke={1.5} />} title={t('scoreCards.orders.empty')} />
          ) : null
        }
        cards={rows.map((row) => (
          <ListCard key={row._id} title={<RecordCodeLink to={pathOf(row)} code={row.code} label={label(row)} />} aside={status(row)}>
            <Text size="sm" fw={500}>
              {row.title}
            </Text>
            {showOwner ? (
              <Text size="sm" c="dimmed">
                {row.owner.name}
              </Text>
            ) : null}
            <Text size="sm" c="dimmed">
              {t('scoreCards.orders.sent')}: {formatDate(row.sentAt)} · {t('scoreCards.orders.completed')}: {formatDate(row.completedAt)}
            </Text>
            <Text size="sm">
              {t('scoreCards.orders.response')}: {hours(row.responseHours, row.responseTargetHours)} · {t('scoreCards.orders.resolution')}:{' '}
              {hours(row.resolutionHours, row.resolutionTargetHours)}
            </Text>
            <Text size="sm">
              {t('scoreCards.orders.rating')}: {row.rating ?? '–'}
            </Text>
          </ListCard>
        ))}
        header={
          <>
            <Table.Th style={SHRINK}>{t('scoreCards.orders.code')}</Table.Th>
            <Table.Th>{t('scoreCards.orders.title')}</Table.Th>
            {showOwner ? <Table.Th>{t('scoreCards.orders.owner')}</Table.Th> : null}
            <Table.Th style={SHRINK}>{t('scoreCards.orders.status')}</Table.Th>
            <Table.Th style={SHRINK}>{t('scoreCards.orders.completed')}</Table.Th>
            <Table.Th style={SHRINK}>{t('scoreCards.orders.response')}</Table.Th>
            <Table.Th style={SHRINK}>{t('scoreCards.orders.resolution')}</Table.Th>
            <Table.Th style={SHRINK}>{t('scoreCards.orders.rating')}</Table.Th>
          </>
        }
        rows={rows.map((row) => (
          <Table.Tr key={row._id}>
            <Table.Td style={SHRINK}>
              <RecordCodeLink to={pathOf(row)} code={row.code} label={label(row)} />
            </Table.Td>
            <Table.Td>{row.title}</Table.Td>
            {showOwner ? <Table.Td>{row.owner.name}</Table.Td> : null}
            <Table.Td style={SHRINK}>{status(row)}</Table.Td>
            <Table.Td style={SHRINK}>{formatDate(row.completedAt ?? row.sentAt)}</Table.Td>
            <Table.Td style={SHRINK}>{hours(row.responseHours, row.responseTargetHours)}</Table.Td>
            <Table.Td style={SHRINK}>{hours(row.resolutionHours, row.resolutionTargetHours)}</Table.Td>
            <Table.Td style={SHRINK}>{row.rating ?? '–'}</Table.Td>
          </Table.Tr>
        ))}
      />
      {query.data ? (
        <PaginationFooter
          page={drill.page}
          pageSize={PAGE_SIZE}
          total={query.data.meta.total}
          pageCount={query.data.meta.pageCount}
          onPageChange={drill.setPage}
        />
      ) : null}
    </Stack>
  );
}
