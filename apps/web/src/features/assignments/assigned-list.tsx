import { ActionIcon, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconUserShare } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatDate } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListEmpty } from '../../components/data/list-feedback';
import { ListToolbar } from '../../components/data/list-toolbar';
import { ListPaginationFooter } from '../../components/data/pagination-footer';
import { ResponsiveList } from '../../components/data/responsive-list';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { useUrlListState } from '../../components/data/use-url-list-state';
import type { Page } from '../../lib/api';
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
  const compact = useCompactLayout();
  const list = useUrlListState({ filters: ['type'] as const });
  const items = useItems(list.query);
  const rows = items.data?.data ?? [];

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

  const empty =
    !items.isPending && rows.length === 0 ? (
      <ListEmpty
        icon={<IconUserShare size={32} stroke={1.5} />}
        title={list.narrowed ? t('assignments.assigned.noMatch') : t(emptyTitle)}
        description={list.narrowed ? t('assignments.assigned.noMatchHint') : t(emptyHint)}
        onReset={list.narrowed ? list.resetFilters : undefined}
      />
    ) : null;

  return (
    <Stack gap="md">
      <ListToolbar
        search={list.search}
        onSearchChange={list.setSearch}
        searchPlaceholder={t('assignments.assigned.searchPlaceholder')}
        filters={<TypeFilter list={list} />}
      />
      <ResponsiveList
        query={items}
        compact={compact}
        empty={empty}
        cardSkeleton={{ count: 4, height: 100 }}
        cards={rows.map((row) => (
          <ListCard
            key={row._id}
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
        ))}
        tableMinWidth={720}
        columns={5}
        header={
          <>
            <Table.Th>{t('assignments.column.target')}</Table.Th>
            <Table.Th>{t('assignments.column.cluster')}</Table.Th>
            <Table.Th>{t('assignments.column.owner')}</Table.Th>
            <Table.Th>{t('assignments.column.since')}</Table.Th>
            <Table.Th aria-label={t('data.actions')} />
          </>
        }
        rows={rows.map((row) => (
          <Table.Tr key={row._id} style={{ cursor: 'pointer' }} onClick={() => navigate(assignedHref(base, row.target))}>
            <Table.Td>
              <TargetCell target={row.target} href={assignedHref(base, row.target)} />
            </Table.Td>
            <Table.Td>{clusterOf(row.target)}</Table.Td>
            <Table.Td>{row.owner.name}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.assignedAt)}</Table.Td>
            <Table.Td onClick={(event) => event.stopPropagation()}>{openLink(row)}</Table.Td>
          </Table.Tr>
        ))}
      />
      <ListPaginationFooter list={list} meta={items.data?.meta} />
    </Stack>
  );
}
