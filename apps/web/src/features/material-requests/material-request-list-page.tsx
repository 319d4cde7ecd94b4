import { MR_STATUSES, MR_TABS, type MrTab } from '@amp/contracts/material-request';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPackageExport, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CodeText } from '../../components/code-text';
import { AgeText } from '../../components/data/age-text';
import { FilterSelect } from '../../components/data/filter-select';
import { formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { AgeCell, RecordRow } from '../../components/data/record-row';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { FILTER_WIDTH, StatusFilter } from '../../components/data/workflow-filters';
import { WorkflowListPage } from '../../components/data/workflow-list-page';
import { MrStatusBadge } from '../../components/workflow/mr-status-badge';
import { useRecordLinks } from '../../components/workflow/use-record-links';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useOutbox } from '../../offline/outbox/outbox';
import { PendingNotice } from '../../offline/outbox/pending-notice';
import {
  type MaterialRequestSummary,
  useMaterialRequestCounts,
  useMaterialRequestList,
  useWarehouseOptions,
} from './material-requests-api';

const FILTERS = ['status', 'warehouse'] as const;
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;
const NUMERIC = { ...SHRINK, textAlign: 'right' } as const;

/** The statuses each tab can hold: To decide holds pending requests only, Decided none of them. */
const TAB_STATUSES: Record<MrTab, readonly string[]> = {
  mine: MR_STATUSES,
  incoming: ['pending'],
  decided: MR_STATUSES.filter((status) => status !== 'pending'),
};

/**
 * /material-request: what I asked for (Mine), what the warehouses I manage are asked (To decide,
 * with its count) and what has been decided; the tab, search, filters, sorting and pages in the URL.
 */
export default function MaterialRequestListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useAuth();
  const [params] = useSearchParams();
  // Only a warehouse's managers are asked to decide.
  const tabs = MR_TABS.filter((tab) => tab !== 'incoming' || can('manageWarehouse'));
  const asked = params.get('tab');
  const tab: MrTab = tabs.find((value) => value === asked) ?? (can('manageWarehouse') ? 'incoming' : 'mine');
  const list = useUrlListState({ filters: FILTERS, sort: 'createdAt', order: 'desc' });
  const requests = useMaterialRequestList({ ...list.query, tab });
  const counts = useMaterialRequestCounts();
  const pending = useOutbox().entries.filter((entry) => entry.kind === 'mr.create');
  const warehouses = useWarehouseOptions();
  const warehouseOptions = (warehouses.data?.data ?? []).map((warehouse) => ({ value: warehouse._id, label: warehouse.name }));

  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const { open, codeLink } = useRecordLinks(
    (request: MaterialRequestSummary) => `/material-request/${request._id}`,
    (code) => t('materialRequests.list.open', { code }),
  );
  const lineCount = (request: MaterialRequestSummary) => t('materialRequests.list.lines', { count: request.lineCount });
  const createButton = (variant: 'filled' | 'light') => (
    <Button component={Link} to="/material-request/new" variant={variant} leftSection={<IconPlus size={18} />}>
      {t('materialRequests.list.create')}
    </Button>
  );

  const sortColumns = [
    { column: 'createdAt', label: t('materialRequests.column.created') },
    { column: 'code', label: t('materialRequests.column.code') },
    { column: 'status', label: t('materialRequests.column.status') },
  ];

  const page = (
    <WorkflowListPage
      texts="materialRequests"
      tabs={tabs}
      tab={tab}
      // Another tab is another list: its own filters and pages.
      onTabChange={(value) => value !== tab && navigate(`/material-request?tab=${value}`)}
      counts={counts.data}
      urgentTab="incoming"
      list={list}
      query={requests}
      actions={createButton('filled')}
      filterPanelId="material-request-filters"
      filters={
        <>
          {TAB_STATUSES[tab].length > 1 ? <StatusFilter list={list} texts="materialRequests" statuses={TAB_STATUSES[tab]} /> : null}
          {warehouseOptions.length > 1 || list.filters.warehouse ? (
            <FilterSelect
              list={list}
              filter="warehouse"
              label={t('materialRequests.filter.warehouse')}
              placeholder={t('materialRequests.filter.allWarehouses')}
              width={FILTER_WIDTH}
              data={warehouseOptions}
            />
          ) : null}
          <SortSelect list={list} columns={sortColumns} />
        </>
      }
      emptyIcon={<IconPackageExport size={32} stroke={1.5} />}
      emptyAction={tab === 'mine' ? createButton('light') : undefined}
      cardSkeleton={{ count: 4, height: 120 }}
      card={(request) => (
        <ListCard title={codeLink(request)} aside={<MrStatusBadge status={request.status} size="sm" />} onOpen={() => open(request)}>
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {t('materialRequests.list.from', { warehouse: request.warehouse.name })}
          </Text>
          {request.workOrder ? (
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('materialRequests.list.forWorkOrder')} <CodeText size="xs">{request.workOrder.code}</CodeText> · {request.workOrder.title}
            </Text>
          ) : null}
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {request.requestedBy.name} · {lineCount(request)}
            </Text>
            <AgeText value={request.createdAt} size="xs" />
          </Group>
        </ListCard>
      )}
      table={{
        minWidth: 860,
        columns: 7,
        header: (
          <>
            <SortableHeader column="code" {...sortProps}>
              {t('materialRequests.column.code')}
            </SortableHeader>
            <Table.Th miw={160}>{t('materialRequests.column.warehouse')}</Table.Th>
            <Table.Th miw={180}>{t('materialRequests.column.workOrder')}</Table.Th>
            <Table.Th miw={140}>{t('materialRequests.column.requester')}</Table.Th>
            <Table.Th style={NUMERIC}>{t('materialRequests.column.lines')}</Table.Th>
            <SortableHeader column="status" {...sortProps}>
              {t('materialRequests.column.status')}
            </SortableHeader>
            <SortableHeader column="createdAt" {...sortProps}>
              {t('materialRequests.column.age')}
            </SortableHeader>
          </>
        ),
        row: (request) => (
          <RecordRow code={codeLink(request)} onOpen={() => open(request)}>
            <Table.Td>
              <Text size="sm">{request.warehouse.name}</Text>
            </Table.Td>
            <Table.Td>
              {request.workOrder ? (
                <Stack gap={0}>
                  <CodeText size="sm">{request.workOrder.code}</CodeText>
                  <Text size="xs" c="dimmed" lineClamp={1} style={{ overflowWrap: 'anywhere' }}>
                    {request.workOrder.title}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed">
                  –
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Text size="sm">{request.requestedBy.name}</Text>
            </Table.Td>
            <Table.Td style={NUMERIC}>
              <Text size="sm">{formatNumber(request.lineCount)}</Text>
            </Table.Td>
            <Table.Td style={SHRINK}>
              <MrStatusBadge status={request.status} size="sm" />
            </Table.Td>
            <AgeCell value={request.createdAt} />
          </RecordRow>
        ),
      }}
    />
  );
  // Requests made offline and not sent yet stand above the lists.
  if (pending.length === 0) return page;
  return (
    <Stack gap="md">
      <PendingNotice entries={pending} />
      {page}
    </Stack>
  );
}
