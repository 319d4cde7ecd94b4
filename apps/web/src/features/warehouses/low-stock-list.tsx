import { PO_BUYER_KINDS } from '@amp/contracts/purchase-order';
import { Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle, IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useWarehouseItems } from '../../lib/queries/warehouses';
import { ItemName, StockBadge } from './inventory-list';
import { quantityText } from './warehouse-format';
import type { InventoryItem, Warehouse } from './warehouses-api';

/**
 * The items at or under their reorder level. A buyer's staff who raise purchase orders pick some
 * (across pages) and start one for this warehouse with those items (the purchase order form fills
 * the lines from them).
 */
export function LowStockList({ warehouse }: { warehouse: Warehouse }) {
  const { t } = useTranslation();
  const { can, user } = useAuth();
  const navigate = useNavigate();
  const list = useUrlListState({ sort: 'quantity', order: 'asc' });
  const items = useWarehouseItems(warehouse._id, { ...list.query, stock: 'low' });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const buys = can('managePO') && (PO_BUYER_KINDS as readonly string[]).includes(user?.organisation.kind ?? '');
  const rows = items.data?.data ?? [];
  const allChosen = rows.length > 0 && rows.every((item) => chosen.has(item._id));
  const someChosen = rows.some((item) => chosen.has(item._id));

  const toggle = (id: string) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const togglePage = () =>
    setChosen((current) => {
      const next = new Set(current);
      for (const item of rows) {
        if (allChosen) next.delete(item._id);
        else next.add(item._id);
      }
      return next;
    });
  const start = () => navigate(`/purchase-order/new?warehouse=${warehouse._id}&items=${[...chosen].join(',')}`);

  const checkbox = (item: InventoryItem) =>
    buys ? (
      <Checkbox
        aria-label={t('warehouses.low.choose', { name: item.name })}
        checked={chosen.has(item._id)}
        onChange={() => toggle(item._id)}
        onClick={(event) => event.stopPropagation()}
      />
    ) : null;
  const shortBy = (item: InventoryItem) =>
    item.reorderLevel === null ? null : t('warehouses.low.level', { level: formatNumber(item.reorderLevel) });

  return (
    <ListPage
      list={list}
      query={items}
      searchPlaceholder={t('warehouses.inventory.searchPlaceholder')}
      actions={
        buys ? (
          <Button leftSection={<IconShoppingCart size={18} />} disabled={chosen.size === 0} onClick={start}>
            {chosen.size > 0 ? t('warehouses.low.startCount', { count: chosen.size }) : t('warehouses.low.start')}
          </Button>
        ) : null
      }
      above={
        <Text size="sm" c="dimmed">
          {buys ? t('warehouses.low.hintBuyer') : t('warehouses.low.hint')}
        </Text>
      }
      empty={{
        icon: <IconAlertTriangle size={32} stroke={1.5} />,
        title: t('warehouses.low.empty'),
        hint: t('warehouses.low.emptyHint'),
        noMatchTitle: t('warehouses.inventory.noMatch'),
        noMatchHint: t('warehouses.inventory.noMatchHint'),
      }}
      cardSkeleton={{ count: 4, height: 80 }}
      card={(item) => (
        <ListCard
          title={
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {checkbox(item)}
              <ItemName item={item} />
            </Group>
          }
          aside={
            <Stack gap={2} align="flex-end">
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {quantityText(t, item.quantity, item.unit)}
              </Text>
              <StockBadge item={item} />
            </Stack>
          }
          onOpen={buys ? () => toggle(item._id) : undefined}
        >
          {shortBy(item) ? (
            <Text size="xs" c="dimmed">
              {shortBy(item)}
            </Text>
          ) : null}
        </ListCard>
      )}
      table={{
        minWidth: 640,
        columns: buys ? 4 : 3,
        header: (
          <>
            {buys ? (
              <Table.Th w={40}>
                <Checkbox
                  aria-label={t('warehouses.low.chooseAll')}
                  checked={allChosen}
                  indeterminate={someChosen && !allChosen}
                  onChange={togglePage}
                />
              </Table.Th>
            ) : null}
            <Table.Th>{t('warehouses.inventory.item')}</Table.Th>
            <Table.Th>{t('warehouses.inventory.quantity')}</Table.Th>
            <Table.Th>{t('warehouses.inventory.reorderLevel')}</Table.Th>
          </>
        ),
        row: (item) => (
          <Table.Tr bg={chosen.has(item._id) ? 'var(--mantine-primary-color-light)' : undefined}>
            {buys ? <Table.Td>{checkbox(item)}</Table.Td> : null}
            <Table.Td>
              <ItemName item={item} />
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="nowrap">
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {quantityText(t, item.quantity, item.unit)}
                </Text>
                <StockBadge item={item} />
              </Group>
            </Table.Td>
            <Table.Td>{item.reorderLevel === null ? '–' : formatNumber(item.reorderLevel)}</Table.Td>
          </Table.Tr>
        ),
      }}
    />
  );
}
