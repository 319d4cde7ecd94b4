import type { OrganisationKind } from '@amp/contracts/organisation';
import { SR_PRIORITIES } from '@amp/contracts/service-request';
import { SLA_CLOCK_STATES } from '@amp/contracts/sla-clock';
import { WO_APPROVAL_STATES, WO_TAB_PERMISSION, WO_TAB_STATUSES, WO_TABS, type WoSummary, type WoTab } from '@amp/contracts/work-order';
import { Anchor, Badge, Button, Collapse, Group, ScrollArea, Select, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFilter, IconPlus, IconTool } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CodeText } from '../../components/code-text';
import { FilterSelect } from '../../components/data/filter-select';
import { formatNaira, formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { type RemoteOption, serverSearchProps } from '../../components/data/remote-multi-select';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useServiceProviders } from '../../lib/queries/providers';
import { formatDay, WoApprovalBadge, WoPriorityBadge, WoSlaSummary, WoStatusBadge } from './wo-badges';
import { useWorkOrderCounts, useWorkOrderList } from './work-orders-api';

const FILTERS = ['status', 'priority', 'approval', 'sla', 'from', 'to', 'partyId'] as const;
const FILTER_WIDTH = 180;
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;
const NUMERIC = { ...SHRINK, textAlign: 'right' } as const;

type OtherParty = 'owner' | 'provider';

/** The organisation across the table: the provider on the owner's lists, the owner on the provider's. */
function otherPartyOf(tab: WoTab, kind: OrganisationKind | undefined): OtherParty {
  if (tab === 'outgoing') return 'provider';
  if (tab === 'incoming') return 'owner';
  return kind === 'asset_owner' ? 'provider' : 'owner';
}

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
      {size === 'xs' ? t('workOrders.list.dueOn', { date: formatDay(order.dueDate) }) : formatDay(order.dueDate)}
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
  const { pathname } = useLocation();
  const compact = useCompactLayout();
  const { can, user } = useAuth();
  const tab: WoTab = WO_TABS.find((value) => pathname.replace(/\/+$/, '').endsWith(`/${value}`)) ?? 'outgoing';
  const list = useUrlListState({ filters: FILTERS, sort: 'createdAt', order: 'desc' });
  const activeFilters = FILTERS.filter((key) => list.filters[key]).length;
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilters > 0);
  const orders = useWorkOrderList({ ...list.query, tab });
  const counts = useWorkOrderCounts();
  const rows = orders.data?.data ?? [];
  const other = otherPartyOf(tab, user?.organisation.kind);
  // The approvals are the owner's business: a provider only ever gets approved work orders.
  const ownerSide = other === 'provider';
  const tabs = WO_TABS.filter((value) => can(WO_TAB_PERMISSION[value]));
  const raises = user?.organisation.kind === 'asset_owner' && can('manageWO');

  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const href = (order: WoSummary) => `/work-order/view/${order._id}`;
  const open = (order: WoSummary) => navigate(href(order));
  const codeLink = (order: WoSummary) => (
    // The link makes each row reachable by keyboard; the row click is a larger target for the mouse.
    <Anchor
      component={Link}
      to={href(order)}
      onClick={(event) => event.stopPropagation()}
      aria-label={t('workOrders.list.open', { code: order.code })}
    >
      <CodeText fw={600}>{order.code}</CodeText>
    </Anchor>
  );
  // A finished work order's clock has stopped: met or breached, never "due soon".
  const finished = tab === 'completed' || tab === 'certified';
  const slaStates = finished ? SLA_CLOCK_STATES.filter((state) => state !== 'due_soon') : SLA_CLOCK_STATES;

  const sortColumns = [
    { column: 'createdAt', label: t('workOrders.column.created') },
    { column: 'updatedAt', label: t('workOrders.column.updated') },
    { column: 'code', label: t('workOrders.column.code') },
    { column: 'total', label: t('workOrders.column.total') },
    { column: 'priority', label: t('workOrders.column.priority') },
    { column: 'status', label: t('workOrders.column.status') },
    { column: 'dueDate', label: t('workOrders.column.due') },
  ];

  const dateInput = (key: 'from' | 'to') => (
    <TextInput
      type="date"
      aria-label={t(`workOrders.filter.${key}`)}
      leftSection={
        <Text size="xs" c="dimmed">
          {t(`workOrders.filter.${key}Short`)}
        </Text>
      }
      leftSectionWidth={48}
      w={{ base: '100%', xs: 190 }}
      value={list.filters[key] ?? ''}
      max={key === 'from' ? list.filters.to : undefined}
      min={key === 'to' ? list.filters.from : undefined}
      onChange={(event) => list.setFilter(key, event.currentTarget.value || null)}
    />
  );

  return (
    <Stack gap="md">
      {tabs.length > 1 ? (
        <ScrollArea type="never" offsetScrollbars={false}>
          <Tabs value={tab} onChange={(value) => value && value !== tab && navigate(`/work-order/${value}`)} keepMounted={false}>
            <Tabs.List style={{ flexWrap: 'nowrap' }}>
              {tabs.map((value) => (
                <Tabs.Tab
                  key={value}
                  value={value}
                  rightSection={
                    counts.data ? (
                      <Badge size="sm" variant={value === tab ? 'filled' : 'light'} color="gray">
                        {formatNumber(counts.data[value])}
                      </Badge>
                    ) : null
                  }
                  // On a phone the tabs scroll sideways rather than squeeze their counts away.
                  style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                >
                  {t(`workOrders.tab.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        </ScrollArea>
      ) : null}
      <Text size="sm" c="dimmed">
        {t(`workOrders.tabHint.${tab}`)}
      </Text>

      <ListPage
        list={list}
        query={orders}
        searchPlaceholder={t('workOrders.list.searchPlaceholder')}
        actions={
          <>
            {compact ? (
              <Button
                variant="default"
                leftSection={<IconFilter size={18} />}
                rightSection={
                  activeFilters > 0 ? (
                    <Badge size="sm" circle>
                      {activeFilters}
                    </Badge>
                  ) : null
                }
                onClick={() => setFiltersOpen((value) => !value)}
                aria-expanded={filtersOpen}
                aria-controls="work-order-filters"
              >
                {t('workOrders.list.filters')}
              </Button>
            ) : null}
            {raises ? (
              <Button component={Link} to="/work-order/create" leftSection={<IconPlus size={18} />}>
                {t('workOrders.list.create')}
              </Button>
            ) : null}
          </>
        }
        above={
          // On a phone the filters fold away behind a button; on a desktop they stay in view.
          <Collapse expanded={!compact || filtersOpen} id="work-order-filters">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <FilterSelect
                list={list}
                filter="status"
                label={t('workOrders.filter.status')}
                placeholder={t('workOrders.filter.allStatuses')}
                searchable={false}
                width={FILTER_WIDTH}
                data={WO_TAB_STATUSES[tab].map((status) => ({ value: status, label: t(`workOrders.status.${status}`) }))}
              />
              <FilterSelect
                list={list}
                filter="priority"
                label={t('workOrders.filter.priority')}
                placeholder={t('workOrders.filter.allPriorities')}
                searchable={false}
                width={FILTER_WIDTH}
                data={SR_PRIORITIES.map((priority) => ({ value: priority, label: t(`workOrders.priority.${priority}`) }))}
              />
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
              <FilterSelect
                list={list}
                filter="sla"
                label={t('workOrders.filter.sla')}
                placeholder={t('workOrders.filter.allSla')}
                searchable={false}
                width={FILTER_WIDTH}
                data={slaStates.map((state) => ({
                  value: state,
                  label: t(finished && state === 'on_time' ? 'workOrders.sla.met' : `workOrders.sla.${state}`),
                }))}
              />
              <PartyFilter
                side={other}
                value={list.filters.partyId ?? null}
                onChange={(value) => list.setFilter('partyId', value)}
                rows={rows}
              />
              {dateInput('from')}
              {dateInput('to')}
              <SortSelect list={list} columns={sortColumns} />
            </Group>
          </Collapse>
        }
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
            title={
              <Stack gap={2}>
                {codeLink(order)}
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {order.title}
                </Text>
              </Stack>
            }
            aside={<WoStatusBadge status={order.status} size="sm" />}
            onOpen={() => open(order)}
          >
            <SubjectLine order={order} />
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
                <SubjectLine order={order} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{order[other].name}</Text>
              </Table.Td>
              <Table.Td style={NUMERIC}>
                <Text size="sm" fw={500}>
                  {formatNaira(order.total)}
                </Text>
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
    </Stack>
  );
}

/**
 * Where it stands with its approvals, beside its status: approved or rejected (awaiting approval is
 * its status already; a work order that needs none says nothing).
 */
function ApprovalNote({ order }: { order: WoSummary }) {
  return order.approval === 'approved' || order.approval === 'rejected' ? <WoApprovalBadge approval={order.approval} size="xs" /> : null;
}

/** The asset (with its code) or the whole cluster the work order is about, as one dimmed line. */
function SubjectLine({ order }: { order: WoSummary }) {
  const { t } = useTranslation();
  const subject = order.asset
    ? { name: order.asset.name, code: order.asset.assetID }
    : order.cluster
      ? { name: t('workOrders.subject.cluster', { name: order.cluster.name }), code: order.cluster.clusterID }
      : null;
  if (!subject) return null;
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {subject.name}{' '}
      <CodeText fz="xs" c="dimmed">
        {subject.code}
      </CodeText>
    </Text>
  );
}

interface PartyFilterProps {
  side: OtherParty;
  value: string | null;
  onChange(value: string | null): void;
  /** The rows on screen: the names they carry are offered (and keep a chosen one's label). */
  rows: readonly WoSummary[];
}

/**
 * The other party of the list. An owner searches the providers on the server as it types; a
 * provider (which has no list of the owners it serves) picks from the owners seen in the rows.
 */
function PartyFilter(props: PartyFilterProps) {
  return props.side === 'provider' ? <ProviderFilter {...props} /> : <SeenPartyFilter {...props} />;
}

/** Every party name seen in the rows so far, so a chosen one keeps its name after the rows move on. */
function useSeenParties(rows: readonly WoSummary[], side: OtherParty) {
  const labels = useRef(new Map<string, string>()).current;
  for (const row of rows) labels.set(row[side]._id, row[side].name);
  return labels;
}

function usePartySelectProps(side: OtherParty) {
  const { t } = useTranslation();
  return {
    'aria-label': t(`workOrders.filter.${side}`),
    placeholder: t(side === 'provider' ? 'workOrders.filter.allProviders' : 'workOrders.filter.allOwners'),
    clearable: true,
    w: { base: '100%', xs: 220 },
  } as const;
}

function SeenPartyFilter({ side, value, onChange, rows }: PartyFilterProps) {
  const { t } = useTranslation();
  const labels = useSeenParties(rows, side);
  const common = usePartySelectProps(side);
  const data = [...labels].map(([id, name]) => ({ value: id, label: name })).sort((a, b) => a.label.localeCompare(b.label));
  if (value && !labels.has(value)) data.unshift({ value, label: '…' });
  return (
    <Select
      {...common}
      searchable
      nothingFoundMessage={t('workOrders.filter.nothingFound')}
      data={data}
      value={value}
      onChange={onChange}
    />
  );
}

function ProviderFilter({ side, value, onChange, rows }: PartyFilterProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const labels = useSeenParties(rows, side);
  const common = usePartySelectProps(side);
  // While the box shows the chosen provider's name, that name is not a search.
  const [debounced] = useDebouncedValue(value && search === labels.get(value) ? '' : search, 300);
  const providers = useServiceProviders(debounced);
  const found = providers.data?.data;

  const data = useMemo(() => {
    const options: RemoteOption[] = (found ?? []).map((provider) => ({ value: provider._id, label: provider.name }));
    for (const option of options) labels.set(option.value, option.label);
    const chosen = value && !options.some((option) => option.value === value) ? [{ value, label: labels.get(value) ?? '…' }] : [];
    return [...chosen, ...options];
  }, [found, value, labels]);

  return (
    <Select
      {...common}
      data={data}
      value={value}
      onChange={(next) => {
        setSearch('');
        onChange(next);
      }}
      {...serverSearchProps({
        search,
        onSearchChange: setSearch,
        loading: providers.isFetching,
        loadingMessage: t('common.loading'),
        nothingFoundMessage: t('workOrders.filter.nothingFound'),
      })}
    />
  );
}
