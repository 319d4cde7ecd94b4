import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconBuildingWarehouse, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatNaira, formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useWarehouses } from '../../lib/queries/warehouses';
import { WarehouseForm } from './warehouse-form';
import type { Warehouse } from './warehouses-api';

/** Where it is: "LGA, State", or a dash. */
function placeOf(warehouse: Warehouse): string {
  return [warehouse.lga, warehouse.state?.state].filter(Boolean).join(', ') || '–';
}

function ManagerNames({ warehouse }: { warehouse: Warehouse }) {
  const { t } = useTranslation();
  if (warehouse.managers.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('warehouses.detail.noManagers')}
      </Text>
    );
  return (
    <Text size="sm" lineClamp={2}>
      {warehouse.managers.map((manager) => manager.name).join(', ')}
    </Text>
  );
}

/** The items at or under their level, a link to them; none says nothing on a card and 0 in the table. */
function LowStockCount({ warehouse, quiet = false }: { warehouse: Warehouse; quiet?: boolean }) {
  const { t } = useTranslation();
  if (warehouse.lowStockCount === 0) return quiet ? null : <Text size="sm">0</Text>;
  return (
    <Anchor component={Link} to={`/manage-warehouse/view/${warehouse._id}?tab=low`} onClick={(event) => event.stopPropagation()}>
      <Badge color="orange" variant="light" style={{ cursor: 'pointer' }}>
        {t('warehouses.list.lowCount', { count: warehouse.lowStockCount, number: formatNumber(warehouse.lowStockCount) })}
      </Badge>
    </Anchor>
  );
}

/**
 * /manage-warehouse/view: the organisation's warehouses with where they are, who manages them,
 * how many items they hold, how many are low and what the stock is worth; searchable, sortable and
 * paged in the URL. Holders of manageWarehouse add warehouses; a warehouse's managers change it.
 */
export default function WarehouseListPage() {
  const { t } = useTranslation();
  const { can } = useAuth();
  const navigate = useNavigate();
  const list = useUrlListState({ sort: 'name', order: 'asc' });
  const warehouses = useWarehouses(list.query);
  // The form: closed, open for a new warehouse (null), or for one to change.
  const [editing, setEditing] = useState<Warehouse | null | undefined>(undefined);
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const open = (warehouse: Warehouse) => navigate(`/manage-warehouse/view/${warehouse._id}`);

  const addButton = can('manageWarehouse') ? (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
      {t('warehouses.list.add')}
    </Button>
  ) : null;
  const editButton = (warehouse: Warehouse) =>
    warehouse.managedByMe ? (
      <Tooltip label={t('warehouses.action.edit')}>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label={t('warehouses.action.editNamed', { name: warehouse.name })}
          onClick={(event) => {
            event.stopPropagation();
            setEditing(warehouse);
          }}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
    ) : null;
  const nameLink = (warehouse: Warehouse) => (
    <Anchor component={Link} to={`/manage-warehouse/view/${warehouse._id}`} fw={600} size="sm" onClick={(event) => event.stopPropagation()}>
      {warehouse.name}
    </Anchor>
  );

  return (
    <ListPage
      list={list}
      query={warehouses}
      searchPlaceholder={t('warehouses.list.searchPlaceholder')}
      filters={
        <SortSelect
          list={list}
          columns={[
            { column: 'name', label: t('warehouses.column.name') },
            { column: 'createdAt', label: t('warehouses.column.created') },
          ]}
        />
      }
      actions={addButton}
      empty={{
        icon: <IconBuildingWarehouse size={32} stroke={1.5} />,
        title: t('warehouses.list.empty'),
        hint: can('manageWarehouse') ? t('warehouses.list.emptyHint') : undefined,
        noMatchTitle: t('warehouses.list.noMatch'),
        noMatchHint: t('warehouses.list.noMatchHint'),
        action: addButton,
      }}
      cardSkeleton={{ count: 4, height: 120 }}
      card={(warehouse) => (
        <ListCard
          title={
            <Stack gap={0}>
              {nameLink(warehouse)}
              <Text size="xs" c="dimmed">
                {placeOf(warehouse)}
              </Text>
            </Stack>
          }
          aside={
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(warehouse.value)}
            </Text>
          }
          actions={editButton(warehouse)}
          onOpen={() => open(warehouse)}
        >
          <Group gap="xs">
            <Text size="sm">
              {t('warehouses.list.itemCount', { count: warehouse.itemCount, number: formatNumber(warehouse.itemCount) })}
            </Text>
            <LowStockCount warehouse={warehouse} quiet />
          </Group>
          <ManagerNames warehouse={warehouse} />
        </ListCard>
      )}
      table={{
        minWidth: 900,
        columns: 7,
        header: (
          <>
            <SortableHeader column="name" {...sortProps}>
              {t('warehouses.column.name')}
            </SortableHeader>
            <Table.Th>{t('warehouses.column.place')}</Table.Th>
            <Table.Th>{t('warehouses.column.managers')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('warehouses.column.items')}</Table.Th>
            <Table.Th>{t('warehouses.column.lowStock')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('warehouses.column.value')}</Table.Th>
            <Table.Th>{t('data.actions')}</Table.Th>
          </>
        ),
        row: (warehouse) => (
          <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(warehouse)}>
            <Table.Td>{nameLink(warehouse)}</Table.Td>
            <Table.Td>{placeOf(warehouse)}</Table.Td>
            <Table.Td maw={260}>
              <ManagerNames warehouse={warehouse} />
            </Table.Td>
            <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>{formatNumber(warehouse.itemCount)}</Table.Td>
            <Table.Td>
              <LowStockCount warehouse={warehouse} />
            </Table.Td>
            <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>{formatNaira(warehouse.value)}</Table.Td>
            <Table.Td>{editButton(warehouse)}</Table.Td>
          </Table.Tr>
        ),
      }}
    >
      <WarehouseForm
        warehouse={editing ?? null}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          if (!editing) open(saved);
        }}
      />
    </ListPage>
  );
}
