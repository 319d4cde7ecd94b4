import type { OrganisationKind } from '@amp/contracts/organisation';
import type { PermissionRule } from '@amp/contracts/permissions';
import { FINISHED_SR_STATUSES, OPEN_SR_STATUSES, SR_PRIORITIES, SR_TABS, type SrSummary, type SrTab } from '@amp/contracts/service-request';
import { SLA_CLOCK_STATES } from '@amp/contracts/sla-clock';
import { Anchor, Badge, Button, Collapse, Group, ScrollArea, Select, Stack, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClipboardList, IconFilter } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CodeText } from '../../components/code-text';
import { FilterSelect } from '../../components/data/filter-select';
import { formatAge, formatDateTime, formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { type RemoteOption, serverSearchProps } from '../../components/data/remote-multi-select';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { type TFunction, useTranslation } from '../../lib/i18n';
import { useServiceProviders } from '../../lib/queries/providers';
import { useServiceRequestCounts, useServiceRequestList } from '../../lib/queries/service-requests';
import { SlaClockSummary, SrPriorityBadge, SrStatusBadge } from './sr-badges';

const FILTERS = ['status', 'priority', 'sla', 'partyId'] as const;
const FILTER_WIDTH = 180;
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;

/** Each list's menu permission (SPEC.md 2.3): a tab shows only to those who may open its page. */
const TAB_RULES: Record<SrTab, PermissionRule> = {
  outgoing: 'viewOutgoingSR',
  incoming: 'viewIncomingSR',
  completed: 'viewCompletedSR',
};

type OtherParty = 'owner' | 'provider';

/**
 * The organisation across the table: the provider on the owner's Outgoing list, the owner on the
 * provider's Incoming list; on Completed, whichever the reader's organisation is not.
 */
function otherPartyOf(tab: SrTab, kind: OrganisationKind | undefined): OtherParty {
  if (tab === 'outgoing') return 'provider';
  if (tab === 'incoming') return 'owner';
  return kind === 'asset_owner' ? 'provider' : 'owner';
}

/** /service-request/outgoing, /incoming and /completed: one page, its tab from the route; search, filters, sorting and pages in the URL. */
export default function ServiceRequestListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const compact = useCompactLayout();
  const { can, user } = useAuth();
  const tab: SrTab = SR_TABS.find((value) => pathname.replace(/\/+$/, '').endsWith(`/${value}`)) ?? 'outgoing';
  const list = useUrlListState({ filters: FILTERS, sort: 'createdAt', order: 'desc' });
  const activeFilters = FILTERS.filter((key) => list.filters[key]).length;
  // A link with a filter (a notification's "?sla=breached") shows its filter open on a phone too.
  const [filtersOpen, setFiltersOpen] = useState(() => activeFilters > 0);
  const requests = useServiceRequestList({ ...list.query, tab });
  const counts = useServiceRequestCounts();
  const rows = requests.data?.data ?? [];
  const other = otherPartyOf(tab, user?.organisation.kind);
  const tabs = SR_TABS.filter((value) => can(TAB_RULES[value]));

  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const href = (request: SrSummary) => `/service-request/view/${request._id}`;
  const open = (request: SrSummary) => navigate(href(request));
  const codeLink = (request: SrSummary) => (
    // The link makes each row reachable by keyboard; the row click is a larger target for the mouse.
    <Anchor
      component={Link}
      to={href(request)}
      onClick={(event) => event.stopPropagation()}
      aria-label={t('serviceRequests.list.open', { code: request.code })}
    >
      <CodeText fw={600}>{request.code}</CodeText>
    </Anchor>
  );
  const statusesOfTab = tab === 'completed' ? FINISHED_SR_STATUSES : OPEN_SR_STATUSES;
  // A finished request's clock has stopped: met or breached, never "due soon".
  const slaStates = tab === 'completed' ? SLA_CLOCK_STATES.filter((state) => state !== 'due_soon') : SLA_CLOCK_STATES;

  const sortColumns = [
    { column: 'createdAt', label: t('serviceRequests.column.sent') },
    { column: 'updatedAt', label: t('serviceRequests.column.updated') },
    { column: 'code', label: t('serviceRequests.column.code') },
    { column: 'priority', label: t('serviceRequests.column.priority') },
    { column: 'status', label: t('serviceRequests.column.status') },
    { column: 'dueAt', label: t('serviceRequests.column.due') },
  ];

  return (
    <Stack gap="md">
      {tabs.length > 1 ? (
        <ScrollArea type="never" offsetScrollbars={false}>
          <Tabs value={tab} onChange={(value) => value && value !== tab && navigate(`/service-request/${value}`)} keepMounted={false}>
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
                  {t(`serviceRequests.tab.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        </ScrollArea>
      ) : null}
      <Text size="sm" c="dimmed">
        {t(`serviceRequests.tabHint.${tab}`)}
      </Text>

      <ListPage
        list={list}
        query={requests}
        searchPlaceholder={t('serviceRequests.list.searchPlaceholder')}
        actions={
          compact ? (
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
              aria-controls="service-request-filters"
            >
              {t('serviceRequests.list.filters')}
            </Button>
          ) : null
        }
        above={
          // On a phone the filters fold away behind a button; on a desktop they stay in view.
          <Collapse expanded={!compact || filtersOpen} id="service-request-filters">
            <Group gap="sm" align="flex-end" wrap="wrap">
              <FilterSelect
                list={list}
                filter="status"
                label={t('serviceRequests.filter.status')}
                placeholder={t('serviceRequests.filter.allStatuses')}
                searchable={false}
                width={FILTER_WIDTH}
                data={statusesOfTab.map((status) => ({ value: status, label: t(`serviceRequests.status.${status}`) }))}
              />
              <FilterSelect
                list={list}
                filter="priority"
                label={t('serviceRequests.filter.priority')}
                placeholder={t('serviceRequests.filter.allPriorities')}
                searchable={false}
                width={FILTER_WIDTH}
                data={SR_PRIORITIES.map((priority) => ({ value: priority, label: t(`serviceRequests.priority.${priority}`) }))}
              />
              <FilterSelect
                list={list}
                filter="sla"
                label={t('serviceRequests.filter.sla')}
                placeholder={t('serviceRequests.filter.allSla')}
                searchable={false}
                width={FILTER_WIDTH}
                data={slaStates.map((state) => ({
                  value: state,
                  label: t(tab === 'completed' && state === 'on_time' ? 'serviceRequests.sla.met' : `serviceRequests.sla.${state}`),
                }))}
              />
              <PartyFilter
                side={other}
                value={list.filters.partyId ?? null}
                onChange={(value) => list.setFilter('partyId', value)}
                rows={rows}
              />
              <SortSelect list={list} columns={sortColumns} />
            </Group>
          </Collapse>
        }
        empty={{
          icon: <IconClipboardList size={32} stroke={1.5} />,
          title: t(`serviceRequests.empty.${tab}`),
          hint: t(`serviceRequests.emptyHint.${tab}`),
          noMatchTitle: t('serviceRequests.list.noMatch'),
          noMatchHint: t('serviceRequests.list.noMatchHint'),
        }}
        cardSkeleton={{ count: 4, height: 150 }}
        card={(request) => (
          <ListCard
            title={
              <Stack gap={2}>
                {codeLink(request)}
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {request.title}
                </Text>
              </Stack>
            }
            aside={<SrStatusBadge status={request.status} size="sm" />}
            onOpen={() => open(request)}
          >
            <SubjectCell request={request} />
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('serviceRequests.list.partyLine', { party: t(`serviceRequests.party.${other}`), name: request[other].name })}
            </Text>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Group gap={6} wrap="wrap">
                <SrPriorityBadge priority={request.priority} size="sm" />
                <SlaClockSummary clock={request.resolution} inline />
              </Group>
              <AgeText value={request.createdAt} size="xs" />
            </Group>
          </ListCard>
        )}
        table={{
          minWidth: 940,
          columns: 7,
          header: (
            <>
              <SortableHeader column="code" {...sortProps}>
                {t('serviceRequests.column.code')}
              </SortableHeader>
              <Table.Th miw={200}>{t('serviceRequests.column.request')}</Table.Th>
              <Table.Th>{t(`serviceRequests.party.${other}`)}</Table.Th>
              <SortableHeader column="priority" {...sortProps}>
                {t('serviceRequests.column.priority')}
              </SortableHeader>
              <SortableHeader column="status" {...sortProps}>
                {t('serviceRequests.column.status')}
              </SortableHeader>
              <SortableHeader column="dueAt" {...sortProps}>
                {t('serviceRequests.column.sla')}
              </SortableHeader>
              <SortableHeader column="createdAt" {...sortProps}>
                {t('serviceRequests.column.sent')}
              </SortableHeader>
            </>
          ),
          row: (request) => (
            <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(request)}>
              <Table.Td style={SHRINK}>{codeLink(request)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {request.title}
                </Text>
                <SubjectCell request={request} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {request[other].name}
                </Text>
              </Table.Td>
              <Table.Td style={SHRINK}>
                <SrPriorityBadge priority={request.priority} size="sm" />
              </Table.Td>
              <Table.Td style={SHRINK}>
                <SrStatusBadge status={request.status} size="sm" />
              </Table.Td>
              <Table.Td style={SHRINK}>
                <SlaClockSummary clock={request.resolution} />
              </Table.Td>
              <Table.Td style={SHRINK}>
                <AgeText value={request.createdAt} />
              </Table.Td>
            </Table.Tr>
          ),
        }}
      />
    </Stack>
  );
}

/** The asset (with its code) or the whole cluster the request is about, as one dimmed line. */
function SubjectCell({ request }: { request: SrSummary }) {
  const { t } = useTranslation();
  const subject = request.asset
    ? { name: request.asset.name, code: request.asset.assetID }
    : request.cluster
      ? { name: t('serviceRequests.subject.cluster', { name: request.cluster.name }), code: request.cluster.clusterID }
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

/** A time shown as "3 days ago", with the exact date and time on hover and for screen readers. */
function AgeText({ value, size = 'sm' }: { value: string; size?: 'xs' | 'sm' }) {
  return (
    <Tooltip label={formatDateTime(value)}>
      <Text size={size} c={size === 'xs' ? 'dimmed' : undefined} component="time" dateTime={value} style={{ whiteSpace: 'nowrap' }}>
        {formatAge(value)}
      </Text>
    </Tooltip>
  );
}

interface PartyFilterProps {
  side: OtherParty;
  value: string | null;
  onChange(value: string | null): void;
  /** The rows on screen: the names they carry are offered (and keep a chosen one's label). */
  rows: readonly SrSummary[];
}

/**
 * The other party of the list. An owner searches the active providers on the server as it types;
 * a provider (who has no list of the owners it serves) picks from the owners of the requests it
 * has seen on this page and the ones before.
 */
function PartyFilter(props: PartyFilterProps) {
  const { can } = useAuth();
  return props.side === 'provider' && can(['manageAsset', 'viewAsset', 'viewSR', 'manageWO']) ? (
    <ProviderFilter {...props} />
  ) : (
    <SeenPartyFilter {...props} />
  );
}

/** Every party name seen in the rows so far, so a chosen one keeps its name after the rows move on. */
function useSeenParties(rows: readonly SrSummary[], side: OtherParty) {
  const labels = useRef(new Map<string, string>()).current;
  for (const row of rows) labels.set(row[side]._id, row[side].name);
  return labels;
}

function partySelectProps(side: OtherParty, t: TFunction) {
  return {
    'aria-label': t(`serviceRequests.filter.${side}`),
    placeholder: t(side === 'provider' ? 'serviceRequests.filter.allProviders' : 'serviceRequests.filter.allOwners'),
    clearable: true,
    w: { base: '100%', xs: 220 },
  } as const;
}

function SeenPartyFilter({ side, value, onChange, rows }: PartyFilterProps) {
  const { t } = useTranslation();
  const labels = useSeenParties(rows, side);
  const data = [...labels].map(([id, name]) => ({ value: id, label: name })).sort((a, b) => a.label.localeCompare(b.label));
  if (value && !labels.has(value)) data.unshift({ value, label: '…' });
  return (
    <Select
      {...partySelectProps(side, t)}
      searchable
      nothingFoundMessage={t('serviceRequests.filter.nothingFound')}
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
      {...partySelectProps(side, t)}
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
        loadingMessage: t('serviceRequests.filter.loading'),
        nothingFoundMessage: t('serviceRequests.filter.nothingFound'),
      })}
    />
  );
}
