import { WO_APPROVAL_STATES, WO_TAB_PERMISSION, WO_TAB_STATUSES, WO_TABS, type WoSummary, type WoTab } from '@amp/contracts/work-order';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTool } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { FilterSelect } from '../../components/data/filter-select';
import { formatDate, formatNaira } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { otherPartyOf, PartyFilter } from '../../components/data/party-filter';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { SubjectLine } from '../../components/data/subject-line';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { DateRangeFilter, FILTER_WIDTH, PriorityFilter, SlaFilter, StatusFilter } from '../../components/data/workflow-filters';
import { WorkflowTabs } from '../../components/data/workflow-tabs';
import { RecordTitle } from '../../components/workflow/record-title';
import { useRecordLinks } from '../../components/workflow/use-record-links';
import { useRouteTab } from '../../components/workflow/use-route-tab';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { OfflineNote } from '../../offline/cache/offline-note';
import { WoApprovalBadge, WoPriorityBadge, WoSlaSummary, WoStatusBadge } from './wo-badges';
import { useWorkOrderCounts, useWorkOrderList } from './work-orders-api';

const FILTERS = ['status', 'priority', 'approval', 'sla', 'from', 'to', 'partyId'] as const;
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;
const NUMERIC = { ...SHRINK, textAlign: 'right' } as const;

/** The clock that matters now: the response clock until the provider answers, then the resolution clock. */
const clockOf = (order: WoSummary) => (order.status === 'sent' ? order.response : order.resolution);

/** The due date, red once it has passed on a work order still open. */
function DueDate({ order, size = 'sm' }: { order: WoSummary; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  if (!order.dueDate) {
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('workOrders.list.noDueDate')}
      </Text>
    );
  }
  const open = (WO_TAB_STATUSES.outgoing as readonly string[]).includes(order.status);
  const late = open && order.dueDate < new Date().toISOString().slice(0, 10);
  return (
    <Text size={size} c={late ? 'red.8' : undefined} fw={late ? 600 : undefined} style={{ whiteSpace: 'nowrap' }}>
      {size === 'xs' ? t('workOrders.list.dueOn', { date: formatDate(order.dueDate) }) : formatDate(order.dueDate)}
    </Text>
  );
}

/**
 * /work-order/outgoing, /incoming, /completed and /certified: one page, its tab from the route,
 * with the tabs' counts; search, filters, sorting and pages in the URL.
 */
export default function WorkOrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can, user } = useAuth();
  const tab = useRouteTab<WoTab>(WO_TABS, 'outgoing');
  const list = useUrlListState({ filters: FILTERS, sort: 'createdAt', order: 'desc' });
  const orders = useWorkOrderList({ ...list.query, tab });
  const counts = useWorkOrderCounts();
  const rows = orders.data?.data ?? [];
  const other = otherPartyOf(tab, user?.organisation.kind);
  // The approvals are the owner's business: a provider only ever gets approved work orders.
  const ownerSide = other === 'provider';
  const tabs = WO_TABS.filter((value) => can(WO_TAB_PERMISSION[value]));
  const raises = user?.organisation.kind === 'asset_owner' && can('manageWO');

  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const { open, codeLink } = useRecordLinks(
    (order: WoSummary) => `/work-order/view/${order._id}`,
    (code) => t('workOrders.list.open', { code }),
  );
  const subjectLine = (order: WoSummary) => (
    <SubjectLine asset={order.asset} cluster={order.cluster} clusterText={(name) => t('workOrders.subject.cluster', { name })} />
  );

  const sortColumns = [
    { column: 'createdAt', label: t('workOrders.column.created') },
    { column: 'updatedAt', label: t('workOrders.column.updated') },
    { column: 'code', label: t('workOrders.column.code') },
    { column: 'total', label: t('workOrders.column.total') },
    { column: 'priority', label: t('workOrders.column.priority') },
    { column: 'status', label: t('workOrders.column.status') },
    { column: 'dueDate', label: t('workOrders.column.due') },
  ];

  return (
    <WorkflowTabs
      texts="workOrders"
      tabs={tabs}
      value={tab}
      onChange={(value) => value !== tab && navigate(`/work-order/${value}`)}
      counts={counts.data}
    >
      <ListPage
        list={list}
        query={orders}
        above={<OfflineNote query={orders} />}
        searchPlaceholder={t('workOrders.list.searchPlaceholder')}
        actions={
          raises ? (
            <Button component={Link} to="/work-order/create" leftSection={<IconPlus size={18} />}>
              {t('workOrders.list.create')}
            </Button>
          ) : null
        }
        filterPanel={{
          id: 'work-order-filters',
          buttonLabel: t('workOrders.list.filters'),
          openWhenFiltered: true,
          content: (
            <>
              <StatusFilter list={list} texts="workOrders" statuses={WO_TAB_STATUSES[tab]} />
              <PriorityFilter list={list} texts="workOrders" />
              {ownerSide ? (
                <FilterSelect
                  list={list}
                  filter="approval"
                  label={t('workOrders.filter.approval')}
                  placeholder={t('workOrders.filter.allApprovals')}
                  searchable={false}
                  width={FILTER_WIDTH}
                  data={WO_APPROVAL_STATES.map((state) => ({ value: state, label: t(`workOrders.approval.${state}`) }))}
                />
              ) : null}
              <SlaFilter list={list} texts="workOrders" finished={tab === 'completed' || tab === 'certified'} />
              <PartyFilter list={list} texts="workOrders" side={other} searchProviders={other === 'provider'} rows={rows} />
              <DateRangeFilter list={list} texts="workOrders" />
              <SortSelect list={list} columns={sortColumns} />
            </>
          ),
        }}
        empty={{
          icon: <IconTool size={32} stroke={1.5} />,
          title: t(`workOrders.empty.${tab}`),
          hint: t(`workOrders.emptyHint.${tab}`),
          noMatchTitle: t('workOrders.list.noMatch'),
          noMatchHint: t('workOrders.list.noMatchHint'),
          action:
            raises && tab === 'outgoing' ? (
              <Button component={Link} to="/work-order/create" variant="light" leftSection={<IconPlus size={18} />}>
                {t('workOrders.list.create')}
              </Button>
            ) : undefined,
        }}
        cardSkeleton={{ count: 4, height: 170 }}
        card={(order) => (
          <ListCard
            title={<RecordTitle code={codeLink(order)} title={order.title} />}
            aside={<WoStatusBadge status={order.status} size="sm" />}
            onOpen={() => open(order)}
          >
            {subjectLine(order)}
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('workOrders.list.partyLine', { party: t(`workOrders.party.${other}`), name: order[other].name })}
            </Text>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(order.total)}
              </Text>
              <Group gap={6} wrap="wrap">
                <WoPriorityBadge priority={order.priority} size="sm" />
                {ownerSide ? <ApprovalNote order={order} /> : null}
              </Group>
            </Group>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <WoSlaSummary clock={clockOf(order)} inline />
              <DueDate order={order} size="xs" />
            </Group>
          </ListCard>
        )}
        table={{
          minWidth: 920,
          columns: 6,
          header: (
            <>
              <SortableHeader column="code" {...sortProps}>
                {t('workOrders.column.code')}
              </SortableHeader>
              <Table.Th miw={220}>{t('workOrders.column.workOrder')}</Table.Th>
              <Table.Th miw={140}>{t(`workOrders.party.${other}`)}</Table.Th>
              <SortableHeader column="total" {...sortProps}>
                {t('workOrders.column.total')}
              </SortableHeader>
              <SortableHeader column="status" {...sortProps}>
                {t(ownerSide ? 'workOrders.column.statusApproval' : 'workOrders.column.status')}
              </SortableHeader>
              <SortableHeader column="dueDate" {...sortProps}>
                {t('workOrders.column.dueSla')}
              </SortableHeader>
            </>
          ),
          row: (order) => (
            <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(order)}>
              <Table.Td style={SHRINK}>{codeLink(order)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap" align="flex-start" justify="space-between">
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {order.title}
                  </Text>
                  {order.priority === 'high' || order.priority === 'critical' ? (
                    <WoPriorityBadge priority={order.priority} size="xs" />
                  ) : null}
                </Group>
                {subjectLine(order)}
              </Table.Td>
              <Table.Td>
                <Text size="sm">{order[other].name}</Text>
              </Table.Td>
              <Table.Td style={NUMERIC}>
                <Text size="sm" fw={500}>
                  {formatNaira(order.total)}
                </Text>
                {order.actualKobo !== order.totalKobo ? (
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {t('workOrders.column.actual', { amount: formatNaira(order.actual) })}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td style={SHRINK}>
                <Stack gap={4} align="flex-start">
                  <WoStatusBadge status={order.status} size="sm" />
                  {ownerSide ? <ApprovalNote order={order} /> : null}
                </Stack>
              </Table.Td>
              <Table.Td style={SHRINK}>
                <Stack gap={4} align="flex-start">
                  <DueDate order={order} />
                  <WoSlaSummary clock={clockOf(order)} />
                </Stack>
              </Table.Td>
            </Table.Tr>
          ),
        }}
      />
    </WorkflowTabs>
  );
}

/**
 * Where it stands with its approvals, beside its status: approved or rejected (awaiting approval is
 * its status already; a work order that needs none says nothing).
 */
function ApprovalNote({ order }: { order: WoSummary }) {
  return order.approval === 'approved' || order.approval === 'rejected' ? <WoApprovalBadge approval={order.approval} size="xs" /> : null;
}
