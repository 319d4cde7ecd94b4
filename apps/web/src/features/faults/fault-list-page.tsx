import {
  CLOSED_FAULT_STATUSES,
  FAULT_SOURCES,
  FAULT_TABS,
  FAULT_TYPES,
  type FaultSummary,
  type FaultTab,
  OPEN_FAULT_STATUSES,
} from '@amp/contracts/fault';
import { FAULT_WORKFLOW } from '@amp/contracts/fault.workflow';
import { mayTake } from '@amp/contracts/workflow';
import { Button, Group, Table, Text } from '@mantine/core';
import { IconFileDescription, IconMessageReport } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AgeText } from '../../components/data/age-text';
import { FilterSelect } from '../../components/data/filter-select';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { RecordCodeLink } from '../../components/data/record-code-link';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { DateRangeFilter, FILTER_WIDTH, StatusFilter } from '../../components/data/workflow-filters';
import { WorkflowTabs } from '../../components/data/workflow-tabs';
import { FaultStatusBadge } from '../../components/fault-status-badge';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useFaultCounts, useFaultList } from '../../lib/queries/faults';
import { PlaceFilter } from './fault-filters';
import { AssetCell, ReporterCell } from './fault-parts';

const FILTERS = ['status', 'clusterId', 'assetId', 'faultType', 'source', 'from', 'to'] as const;
/** The four tabs of docs/product.md#faults; `all` is the asset pages' view, not a tab. */
type ListTab = Exclude<FaultTab, 'all'>;
const TABS = FAULT_TABS.filter((tab): tab is ListTab => tab !== 'all');
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;

/**
 * Whether the user's organisation decides on faults at all (the owner rejects, the provider
 * approves or returns), read from the workflow table: the Approval Requests tab is for them.
 */
function useDecides(): boolean {
  const { user } = useAuth();
  if (!user) return false;
  const kind = user.organisation.kind;
  const party = kind === 'asset_owner' ? 'owner' : kind === 'mro' || kind === 'imo' || kind === 'external_technician' ? 'provider' : null;
  if (!party) return false;
  return Object.entries(FAULT_WORKFLOW.actions).some(
    ([action, rule]) => action !== 'convert' && mayTake(rule, party, user.userRole.permission),
  );
}

/** /asset/reported-faults: the faults the user's organisation may see, by tab, searchable, filterable, sortable and paged in the URL. */
export default function FaultListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAuth();
  const decides = useDecides();
  const [params, setParams] = useSearchParams();
  const list = useUrlListState({ filters: FILTERS, sort: 'createdAt', order: 'desc' });
  const tabs = TABS.filter((tab) => tab !== 'approval' || decides);
  const requested = params.get('tab') as ListTab | null;
  const tab: ListTab = requested && tabs.includes(requested) ? requested : 'open';
  const faults = useFaultList({ ...list.query, tab });
  const counts = useFaultCounts();
  const rows = faults.data?.data ?? [];

  // The tab is no filter (its own empty text, kept by "clear filters"); changing it goes back to page 1.
  const changeTab = (value: ListTab) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value !== 'open') next.set('tab', value);
      else next.delete('tab');
      next.delete('page');
      // A status of the other side (e.g. "Rejected" under Open Faults) would only ever show nothing.
      next.delete('status');
      return next;
    });

  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const href = (fault: FaultSummary) => `/asset/reported-faults/${fault._id}`;
  const open = (fault: FaultSummary) => navigate(href(fault));
  const codeLink = (fault: FaultSummary) => (
    <RecordCodeLink to={href(fault)} code={fault.code} label={t('faults.list.open', { code: fault.code })} />
  );
  // Every tab but Closed Faults holds open faults only: its status filter offers those.
  const statusesOfTab = tab === 'closed' ? CLOSED_FAULT_STATUSES : OPEN_FAULT_STATUSES;

  const sortColumns = [
    { column: 'createdAt', label: t('faults.column.reported') },
    { column: 'updatedAt', label: t('faults.column.updated') },
    { column: 'code', label: t('faults.column.code') },
    { column: 'status', label: t('faults.column.status') },
    { column: 'reporters', label: t('faults.column.reporters') },
  ];

  return (
    <WorkflowTabs texts="faults" tabs={tabs} value={tab} onChange={changeTab} counts={counts.data} urgentTab="approval">
      <ListPage
        list={list}
        query={faults}
        searchPlaceholder={t('faults.list.searchPlaceholder')}
        actions={
          can('manageAssetFault') ? (
            <Button component={Link} to="/asset/report-fault" leftSection={<IconFileDescription size={18} />}>
              {t('faults.list.report')}
            </Button>
          ) : null
        }
        filterPanel={{
          id: 'fault-filters',
          buttonLabel: t('faults.list.filters'),
          content: (
            <>
              <StatusFilter list={list} texts="faults" statuses={statusesOfTab} />
              <PlaceFilter
                kind="cluster"
                value={list.filters.clusterId ?? null}
                onChange={(value) => list.setFilter('clusterId', value)}
                rows={rows}
              />
              <PlaceFilter
                kind="asset"
                value={list.filters.assetId ?? null}
                onChange={(value) => list.setFilter('assetId', value)}
                rows={rows}
              />
              <FilterSelect
                list={list}
                filter="faultType"
                label={t('faults.filter.type')}
                placeholder={t('faults.filter.allTypes')}
                searchable={false}
                width={FILTER_WIDTH}
                data={FAULT_TYPES.map((type) => ({ value: type, label: t(`faults.type.${type}`) }))}
              />
              <FilterSelect
                list={list}
                filter="source"
                label={t('faults.filter.source')}
                placeholder={t('faults.filter.allSources')}
                searchable={false}
                width={FILTER_WIDTH}
                data={FAULT_SOURCES.map((source) => ({ value: source, label: t(`faults.source.${source}`) }))}
              />
              <DateRangeFilter list={list} texts="faults" />
              <SortSelect list={list} columns={sortColumns} />
            </>
          ),
        }}
        empty={{
          icon: <IconMessageReport size={32} stroke={1.5} />,
          title: t(`faults.empty.${tab}`),
          hint: t(`faults.emptyHint.${tab}`),
          noMatchTitle: t('faults.list.noMatch'),
          noMatchHint: t('faults.list.noMatchHint'),
        }}
        cardSkeleton={{ count: 4, height: 132 }}
        card={(fault) => (
          <ListCard title={codeLink(fault)} aside={<FaultStatusBadge status={fault.status} />} onOpen={() => open(fault)}>
            <div>
              <AssetCell fault={fault} />
            </div>
            <Text size="xs" c="dimmed">
              {[t(`faults.type.${fault.faultType}`), t(`faults.source.${fault.source}`)].join(' · ')}
            </Text>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <ReporterCell fault={fault} />
              <AgeText value={fault.createdAt} size="xs" />
            </Group>
          </ListCard>
        )}
        table={{
          minWidth: 900,
          columns: 7,
          header: (
            <>
              <SortableHeader column="code" {...sortProps}>
                {t('faults.column.code')}
              </SortableHeader>
              <Table.Th miw={220}>{t('faults.column.asset')}</Table.Th>
              <Table.Th>{t('faults.column.type')}</Table.Th>
              <SortableHeader column="status" {...sortProps}>
                {t('faults.column.status')}
              </SortableHeader>
              <Table.Th>{t('faults.column.source')}</Table.Th>
              <SortableHeader column="reporters" {...sortProps}>
                {t('faults.column.reporter')}
              </SortableHeader>
              <SortableHeader column="createdAt" {...sortProps}>
                {t('faults.column.reported')}
              </SortableHeader>
            </>
          ),
          row: (fault) => (
            <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(fault)}>
              <Table.Td style={SHRINK}>{codeLink(fault)}</Table.Td>
              <Table.Td>
                <AssetCell fault={fault} />
              </Table.Td>
              <Table.Td style={SHRINK}>{t(`faults.type.${fault.faultType}`)}</Table.Td>
              <Table.Td style={SHRINK}>
                <FaultStatusBadge status={fault.status} size="sm" />
              </Table.Td>
              <Table.Td style={SHRINK}>{t(`faults.source.${fault.source}`)}</Table.Td>
              <Table.Td>
                <ReporterCell fault={fault} />
              </Table.Td>
              <Table.Td style={SHRINK}>
                <AgeText value={fault.createdAt} />
              </Table.Td>
            </Table.Tr>
          ),
        }}
      />
    </WorkflowTabs>
  );
}
