import type { PermissionRule } from '@amp/contracts/permissions';
import { FINISHED_SR_STATUSES, OPEN_SR_STATUSES, SR_TABS, type SrSummary, type SrTab } from '@amp/contracts/service-request';
import { Group, Stack, Table, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useLocation, useNavigate } from 'react-router';
import { AgeText } from '../../components/data/age-text';
import { ListCard } from '../../components/data/list-card';
import { otherPartyOf, PartyFilter } from '../../components/data/party-filter';
import { AgeCell, RecordRow } from '../../components/data/record-row';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { SubjectLine } from '../../components/data/subject-line';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { PriorityFilter, SlaFilter, StatusFilter } from '../../components/data/workflow-filters';
import { WorkflowListPage } from '../../components/data/workflow-list-page';
import { useRecordLinks } from '../../components/workflow/use-record-links';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useServiceRequestCounts, useServiceRequestList } from '../../lib/queries/service-requests';
import { OfflineNote } from '../../offline/cache/offline-note';
import { SlaClockSummary, SrPriorityBadge, SrStatusBadge } from './sr-badges';

const FILTERS = ['status', 'priority', 'sla', 'partyId'] as const;
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;

/** Each list's menu permission (docs/product.md#side-menu): a tab shows only to those who may open its page. */
const TAB_RULES: Record<SrTab, PermissionRule> = {
  outgoing: 'viewOutgoingSR',
  incoming: 'viewIncomingSR',
  completed: 'viewCompletedSR',
};

/** /service-request/outgoing, /incoming and /completed: one page, its tab from the route; search, filters, sorting and pages in the URL. */
export default function ServiceRequestListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { can, user } = useAuth();
  const tab: SrTab = SR_TABS.find((value) => pathname.replace(/\/+$/, '').endsWith(`/${value}`)) ?? 'outgoing';
  const list = useUrlListState({ filters: FILTERS, sort: 'createdAt', order: 'desc' });
  const requests = useServiceRequestList({ ...list.query, tab });
  const counts = useServiceRequestCounts();
  const rows = requests.data?.data ?? [];
  const other = otherPartyOf(tab, user?.organisation.kind);
  const tabs = SR_TABS.filter((value) => can(TAB_RULES[value]));

  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const { open, codeLink } = useRecordLinks(
    (request: SrSummary) => `/service-request/view/${request._id}`,
    (code) => t('serviceRequests.list.open', { code }),
  );
  const subjectLine = (request: SrSummary) => (
    <SubjectLine asset={request.asset} cluster={request.cluster} clusterText={(name) => t('serviceRequests.subject.cluster', { name })} />
  );

  const sortColumns = [
    { column: 'createdAt', label: t('serviceRequests.column.sent') },
    { column: 'updatedAt', label: t('serviceRequests.column.updated') },
    { column: 'code', label: t('serviceRequests.column.code') },
    { column: 'priority', label: t('serviceRequests.column.priority') },
    { column: 'status', label: t('serviceRequests.column.status') },
    { column: 'dueAt', label: t('serviceRequests.column.due') },
  ];

  return (
    <Stack gap="sm">
      <OfflineNote query={requests} />
      <WorkflowListPage
        texts="serviceRequests"
        tabs={tabs}
        tab={tab}
        onTabChange={(value) => value !== tab && navigate(`/service-request/${value}`)}
        counts={counts.data}
        list={list}
        query={requests}
        filterPanelId="service-request-filters"
        filters={
          <>
            <StatusFilter list={list} texts="serviceRequests" statuses={tab === 'completed' ? FINISHED_SR_STATUSES : OPEN_SR_STATUSES} />
            <PriorityFilter list={list} texts="serviceRequests" />
            <SlaFilter list={list} texts="serviceRequests" finished={tab === 'completed'} />
            <PartyFilter
              list={list}
              texts="serviceRequests"
              side={other}
              searchProviders={other === 'provider' && can(['manageAsset', 'viewAsset', 'viewSR', 'manageWO'])}
              rows={rows}
            />
            <SortSelect list={list} columns={sortColumns} />
          </>
        }
        emptyIcon={<IconClipboardList size={32} stroke={1.5} />}
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
            {subjectLine(request)}
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
            <RecordRow code={codeLink(request)} onOpen={() => open(request)}>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {request.title}
                </Text>
                {subjectLine(request)}
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
              <AgeCell value={request.createdAt} />
            </RecordRow>
          ),
        }}
      />
    </Stack>
  );
}
