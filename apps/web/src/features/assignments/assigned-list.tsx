import { ActionIcon, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconUserShare } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { useUrlListState } from '../../components/data/use-url-list-state';
import type { Page } from '../../lib/api';
import { useTranslation } from '../../lib/i18n';
import { OfflineNote } from '../../offline/cache/offline-note';
import { type AssignedBase, assignedHref, clusterOf, TargetCell, TypeFilter } from './assignment-parts';
import type { AssignedItem, ListQuery } from './assignments-api';

interface AssignedListProps {
  /** Where the rows open. */
  base: AssignedBase;
  /** useProviderAssigned or useTechnicianAssigned. */
  useItems(query: ListQuery): UseQueryResult<Page<AssignedItem>>;
  /** Text keys of the empty list. */
  emptyTitle: string;
  emptyHint: string;
}

/** What a provider (or one of its technicians) holds: assets and whole clusters with their owners. */
export function AssignedList({ base, useItems, emptyTitle, emptyHint }: AssignedListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useUrlListState({ filters: ['type'] as const });
  const items = useItems(list.query);

  const openLink = (row: AssignedItem) => (
    <Tooltip label={t('assignments.action.open')}>
      <ActionIcon
        variant="subtle"
        size="lg"
        component={Link}
        to={assignedHref(base, row.target)}
        aria-label={t('assignments.action.openNamed', { name: row.target.name })}
      >
        <IconChevronRight size={18} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <ListPage
      list={list}
      query={items}
      above={<OfflineNote query={items} />}
      searchPlaceholder={t('assignments.assigned.searchPlaceholder')}
      filters={<TypeFilter list={list} />}
      empty={{
        icon: <IconUserShare size={32} stroke={1.5} />,
        title: t(emptyTitle),
        hint: t(emptyHint),
        noMatchTitle: t('assignments.assigned.noMatch'),
        noMatchHint: t('assignments.assigned.noMatchHint'),
      }}
      cardSkeleton={{ count: 4, height: 100 }}
      card={(row) => (
        <ListCard
          title={<TargetCell target={row.target} href={assignedHref(base, row.target)} />}
          onOpen={() => navigate(assignedHref(base, row.target))}
        >
          <Text size="sm">{t('assignments.assigned.fromOwner', { owner: row.owner.name })}</Text>
          <Text size="xs" c="dimmed">
            {[
              row.target.type === 'asset' && row.target.cluster ? clusterOf(row.target) : null,
              t('assignments.since', { date: formatDate(row.assignedAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </ListCard>
      )}
      table={{
        minWidth: 720,
        columns: 5,
        header: (
          <>
            <Table.Th>{t('assignments.column.target')}</Table.Th>
            <Table.Th>{t('assignments.column.cluster')}</Table.Th>
            <Table.Th>{t('assignments.column.owner')}</Table.Th>
            <Table.Th>{t('assignments.column.since')}</Table.Th>
            <Table.Th aria-label={t('data.actions')} />
          </>
        ),
        row: (row) => (
          <Table.Tr style={{ cursor: 'pointer' }} onClick={() => navigate(assignedHref(base, row.target))}>
            <Table.Td>
              <TargetCell target={row.target} href={assignedHref(base, row.target)} />
            </Table.Td>
            <Table.Td>{clusterOf(row.target)}</Table.Td>
            <Table.Td>{row.owner.name}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.assignedAt)}</Table.Td>
            <Table.Td onClick={(event) => event.stopPropagation()}>{openLink(row)}</Table.Td>
          </Table.Tr>
        ),
      }}
    />
  );
}
