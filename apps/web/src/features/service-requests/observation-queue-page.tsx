import type { SrSummary } from '@amp/contracts/service-request';
import { Badge, Button, Group, ScrollArea, Stack, Table, Tabs, Text, VisuallyHidden } from '@mantine/core';
import { IconClipboardCheck, IconPencil, IconSend } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { CodeText } from '../../components/code-text';
import { formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { RecordCodeLink } from '../../components/data/record-code-link';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { useServiceRequestList } from '../../lib/queries/service-requests';
import { SlaClockSummary, SrPriorityBadge } from './sr-badges';

/** The two queues: requests waiting for an observation (a rejected one sends a request back here), and those whose observation awaits the owner. */
const QUEUES = ['assigned', 'observed'] as const;
type Queue = (typeof QUEUES)[number];

const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;

/**
 * /service-request/observation: the requests assigned to the caller (a provider's manager: to its
 * staff) that wait for an observation, and those whose observation awaits the owner, which can still
 * be corrected. Due first.
 */
export default function ObservationQueuePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const list = useUrlListState({ sort: 'dueAt', order: 'asc' });
  const requested = params.get('queue') as Queue | null;
  const queue: Queue = requested && QUEUES.includes(requested) ? requested : 'assigned';
  const requests = useServiceRequestList({ ...list.query, tab: 'incoming', status: queue });
  // Each queue's size, for its tab.
  const assignedCount = useServiceRequestList({ tab: 'incoming', status: 'assigned', pageSize: 1 });
  const observedCount = useServiceRequestList({ tab: 'incoming', status: 'observed', pageSize: 1 });
  const counts: Record<Queue, number | undefined> = {
    assigned: assignedCount.data?.meta.total,
    observed: observedCount.data?.meta.total,
  };
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };

  const changeQueue = (value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value && value !== 'assigned') next.set('queue', value);
      else next.delete('queue');
      next.delete('page');
      return next;
    });

  const codeLink = (request: SrSummary) => (
    <RecordCodeLink
      to={`/service-request/view/${request._id}`}
      code={request.code}
      label={t('srForms.queue.openRequest', { code: request.code })}
    />
  );
  const action = (request: SrSummary, fullWidth = false) => (
    <Button
      component={Link}
      to={`/service-request/observation/new/${request._id}`}
      size="xs"
      variant={queue === 'assigned' ? 'filled' : 'light'}
      fullWidth={fullWidth}
      leftSection={queue === 'assigned' ? <IconSend size={14} /> : <IconPencil size={14} />}
      aria-label={t(queue === 'assigned' ? 'srForms.queue.submitFor' : 'srForms.queue.correctFor', { code: request.code })}
    >
      {t(queue === 'assigned' ? 'srForms.queue.submit' : 'srForms.queue.correct')}
    </Button>
  );

  const sortColumns = [
    { column: 'dueAt', label: t('srForms.queue.column.due') },
    { column: 'priority', label: t('srForms.queue.column.priority') },
    { column: 'createdAt', label: t('srForms.queue.column.sent') },
    { column: 'code', label: t('srForms.queue.column.code') },
  ];

  return (
    <Stack gap="md">
      <ScrollArea type="never" offsetScrollbars={false}>
        <Tabs value={queue} onChange={changeQueue} keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {QUEUES.map((value) => (
              <Tabs.Tab
                key={value}
                value={value}
                style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
                rightSection={
                  counts[value] !== undefined ? (
                    <Badge
                      size="sm"
                      variant={value === queue ? 'filled' : 'light'}
                      color={value === 'assigned' && (counts[value] ?? 0) > 0 ? 'orange' : 'gray'}
                    >
                      {formatNumber(counts[value] ?? 0)}
                    </Badge>
                  ) : null
                }
              >
                {t(`srForms.queue.tab.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      </ScrollArea>
      <Text size="sm" c="dimmed">
        {t(`srForms.queue.hint.${queue}`)}
      </Text>
      <ListPage
        list={list}
        query={requests}
        searchPlaceholder={t('srForms.queue.searchPlaceholder')}
        filters={<SortSelect list={list} columns={sortColumns} />}
        empty={{
          icon: <IconClipboardCheck size={32} stroke={1.5} />,
          title: t(`srForms.queue.empty.${queue}`),
          hint: t(`srForms.queue.emptyHint.${queue}`),
          noMatchTitle: t('srForms.noMatch'),
          noMatchHint: t('srForms.noMatchHint'),
        }}
        cardSkeleton={{ count: 3, height: 170 }}
        card={(request) => (
          <ListCard
            title={codeLink(request)}
            aside={<SrPriorityBadge priority={request.priority} size="sm" />}
            actions={action(request, true)}
          >
            <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {request.title}
            </Text>
            <Target request={request} />
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed">
                {request.owner.name}
              </Text>
              <SlaClockSummary clock={request.resolution} inline />
            </Group>
          </ListCard>
        )}
        table={{
          minWidth: 960,
          columns: 6,
          header: (
            <>
              <SortableHeader column="code" {...sortProps}>
                {t('srForms.queue.column.request')}
              </SortableHeader>
              <Table.Th miw={200}>{t('srForms.queue.column.asset')}</Table.Th>
              <Table.Th>{t('srForms.queue.column.owner')}</Table.Th>
              <SortableHeader column="priority" {...sortProps}>
                {t('srForms.queue.column.priority')}
              </SortableHeader>
              <SortableHeader column="dueAt" {...sortProps}>
                {t('srForms.queue.column.due')}
              </SortableHeader>
              <Table.Th style={SHRINK}>
                <VisuallyHidden>{t('data.actions')}</VisuallyHidden>
              </Table.Th>
            </>
          ),
          row: (request) => (
            <Table.Tr>
              <Table.Td miw={220}>
                <Stack gap={2}>
                  {codeLink(request)}
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {request.title}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Target request={request} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{request.owner.name}</Text>
              </Table.Td>
              <Table.Td style={SHRINK}>
                <SrPriorityBadge priority={request.priority} size="sm" />
              </Table.Td>
              <Table.Td style={SHRINK}>
                <SlaClockSummary clock={request.resolution} />
              </Table.Td>
              <Table.Td style={SHRINK}>{action(request)}</Table.Td>
            </Table.Tr>
          ),
        }}
      />
    </Stack>
  );
}

/** The asset (with its cluster) or the whole cluster the request is about. */
function Target({ request }: { request: SrSummary }) {
  const { t } = useTranslation();
  if (request.asset) {
    return (
      <div>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {request.asset.name}{' '}
          <CodeText fz="xs" c="dimmed">
            {request.asset.assetID}
          </CodeText>
        </Text>
        {request.cluster ? (
          <Text size="xs" c="dimmed">
            {request.cluster.name}
          </Text>
        ) : null}
      </div>
    );
  }
  return request.cluster ? (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {t('srForms.observation.wholeCluster', { name: request.cluster.name })}
    </Text>
  ) : null;
}
