import { INVENTORY_STOCK_FILTERS } from '@amp/contracts/warehouse';
import { ActionIcon, Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPackages, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatNaira, formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { useWarehouseItems } from '../../lib/queries/warehouses';
import { InventoryItemForm } from './inventory-item-form';
import { STOCK_ACTION_ICONS, STOCK_ACTIONS, StockDialog } from './stock-dialog';
import { quantityText } from './warehouse-format';
import type { InventoryItem, StockActionKind, Warehouse } from './warehouses-api';

/** "Out of stock" at zero, "Low" at or under the reorder level; nothing otherwise. */
export function StockBadge({ item }: { item: Pick<InventoryItem, 'quantity' | 'low'> }) {
  const { t } = useTranslation();
  if (item.quantity === 0)
    return (
      <Badge color="red" variant="light" size="sm" styles={{ label: { overflow: 'visible' } }}>
        {t('warehouses.stock.outBadge')}
      </Badge>
    );
  if (item.low)
    return (
      <Badge color="orange" variant="light" size="sm" styles={{ label: { overflow: 'visible' } }}>
        {t('warehouses.stock.lowBadge')}
      </Badge>
    );
  return null;
}

/** The item's name (a link to its page) over its brand and model. */
export function ItemName({ item }: { item: InventoryItem }) {
  const details = [item.brand, item.model].filter(Boolean).join(' · ');
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={`/manage-warehouse/item/${item._id}`} fw={500} size="sm" onClick={(event) => event.stopPropagation()}>
        {item.name}
      </Anchor>
      {details ? (
        <Text size="xs" c="dimmed">
          {details}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The movement buttons of an item (and its Edit), for the reader who manages its warehouse. */
export function ItemActions({ item, onMove, onEdit }: { item: InventoryItem; onMove(kind: StockActionKind): void; onEdit?(): void }) {
  const { t } = useTranslation();
  return (
    <Group gap={2} wrap="nowrap">
      {STOCK_ACTIONS.map((kind) => (
        <Tooltip key={kind} label={t(`warehouses.move.${kind}.action`)}>
          <ActionIcon
            variant="subtle"
            size="lg"
            // Nothing to take out of an empty shelf; a count or stock-in still makes sense.
            disabled={(kind === 'stock-out' || kind === 'transfer') && item.quantity === 0}
            aria-label={t(`warehouses.move.${kind}.actionNamed`, { name: item.name })}
            onClick={() => onMove(kind)}
          >
            {STOCK_ACTION_ICONS[kind](18)}
          </ActionIcon>
        </Tooltip>
      ))}
      {onEdit ? (
        <Tooltip label={t('warehouses.itemForm.edit')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t('warehouses.itemForm.editNamed', { name: item.name })}
            onClick={onEdit}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}

/**
 * A warehouse's inventory: search, All / Low / Out of stock, sorting and pages, all in the URL
 * (`?stock=low` opens it on the low items, as notifications link). Its managers move stock from
 * each row and add items.
 */
export function InventoryList({ warehouse }: { warehouse: Warehouse }) {
  const { t } = useTranslation();
  const list = useUrlListState({ filters: ['stock'] as const, sort: 'name', order: 'asc' });
  const items = useWarehouseItems(warehouse._id, list.query);
  const [moving, setMoving] = useState<{ item: InventoryItem; kind: StockActionKind } | null>(null);
  // The item form: closed, open for a new item (null), or for an item to change.
  const [editing, setEditing] = useState<InventoryItem | null | undefined>(undefined);
  const manages = warehouse.managedByMe;
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const sortColumns = [
    { column: 'name', label: t('warehouses.inventory.item') },
    { column: 'quantity', label: t('warehouses.inventory.quantity') },
    { column: 'price', label: t('warehouses.inventory.price') },
    { column: 'updatedAt', label: t('warehouses.inventory.updated') },
  ];

  const actions = (item: InventoryItem) =>
    manages ? <ItemActions item={item} onMove={(kind) => setMoving({ item, kind })} onEdit={() => setEditing(item)} /> : null;
  const addButton = manages ? (
    <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
      {t('warehouses.inventory.add')}
    </Button>
  ) : null;

  return (
    <ListPage
      list={list}
      query={items}
      searchPlaceholder={t('warehouses.inventory.searchPlaceholder')}
      filters={
        <>
          <SegmentedControl
            aria-label={t('warehouses.inventory.stockFilter')}
            w={{ base: '100%', xs: 'auto' }}
            data={INVENTORY_STOCK_FILTERS.map((stock) => ({ value: stock, label: t(`warehouses.stock.${stock}`) }))}
            value={list.filters.stock ?? 'all'}
            onChange={(value) => list.setFilter('stock', value === 'all' ? null : value)}
          />
          <SortSelect list={list} columns={sortColumns} />
        </>
      }
      actions={addButton}
      empty={{
        icon: <IconPackages size={32} stroke={1.5} />,
        title: t('warehouses.inventory.empty'),
        hint: manages ? t('warehouses.inventory.emptyHint') : undefined,
        noMatchTitle: t('warehouses.inventory.noMatch'),
        noMatchHint: t('warehouses.inventory.noMatchHint'),
        action: addButton,
      }}
      cardSkeleton={{ count: 5, height: 110 }}
      card={(item) => (
        <ListCard
          title={<ItemName item={item} />}
          aside={
            <Stack gap={2} align="flex-end">
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {quantityText(t, item.quantity, item.unit)}
              </Text>
              <StockBadge item={item} />
            </Stack>
          }
          actions={actions(item)}
        >
          <Text size="xs" c="dimmed">
            {[
              item.reorderLevel === null ? null : t('warehouses.inventory.reorderAt', { level: formatNumber(item.reorderLevel) }),
              item.price ? formatNaira(item.price) : null,
              t('warehouses.inventory.updatedOn', { date: formatDate(item.updatedAt) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </ListCard>
      )}
      table={{
        minWidth: 900,
        columns: manages ? 6 : 5,
        header: (
          <>
            <SortableHeader column="name" {...sortProps}>
              {t('warehouses.inventory.item')}
            </SortableHeader>
            <SortableHeader column="quantity" {...sortProps}>
              {t('warehouses.inventory.quantity')}
            </SortableHeader>
            <Table.Th style={{ whiteSpace: 'nowrap' }}>{t('warehouses.inventory.reorderLevel')}</Table.Th>
            <SortableHeader column="price" {...sortProps}>
              {t('warehouses.inventory.price')}
            </SortableHeader>
            <SortableHeader column="updatedAt" {...sortProps}>
              {t('warehouses.inventory.updated')}
            </SortableHeader>
            {manages ? <Table.Th>{t('data.actions')}</Table.Th> : null}
          </>
        ),
        row: (item) => (
          <Table.Tr>
            <Table.Td>
              <ItemName item={item} />
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                  {quantityText(t, item.quantity, item.unit)}
                </Text>
                <StockBadge item={item} />
              </Group>
            </Table.Td>
            <Table.Td style={{ fontVariantNumeric: 'tabular-nums' }}>
              {item.reorderLevel === null ? '–' : formatNumber(item.reorderLevel)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatNaira(item.price)}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(item.updatedAt)}</Table.Td>
            {manages ? <Table.Td>{actions(item)}</Table.Td> : null}
          </Table.Tr>
        ),
      }}
    >
      <StockDialog target={moving} onClose={() => setMoving(null)} />
      <InventoryItemForm
        warehouseId={warehouse._id}
        item={editing ?? null}
        opened={editing !== undefined}
        onClose={() => setEditing(undefined)}
      />
    </ListPage>
  );
}
