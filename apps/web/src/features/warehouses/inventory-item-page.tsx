import { Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DetailPageFrame } from '../../components/data/detail-page-frame';
import { formatDateTime, formatNaira, formatNumber } from '../../components/data/format';
import { NamedRecordHeader } from '../../components/data/named-record-header';
import { useCompactLayout } from '../../components/data/use-compact-layout';
import { DetailCard } from '../../components/workflow/detail-card';
import { DetailSkeleton } from '../../components/workflow/detail-skeleton';
import { Fact } from '../../components/workflow/fact';
import { useTranslation } from '../../lib/i18n';
import { useInventoryItem, useWarehouse } from '../../lib/queries/warehouses';
import { InventoryItemForm } from './inventory-item-form';
import { StockBadge } from './inventory-list';
import { MovementList } from './movement-list';
import { STOCK_ACTION_ICONS, STOCK_ACTIONS, StockDialog } from './stock-dialog';
import { quantityText } from './warehouse-format';
import type { InventoryItem, StockActionKind } from './warehouses-api';

/** /manage-warehouse/item/:id: an inventory item's facts and its movement history, with the movements its managers make. */
export default function InventoryItemPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const item = useInventoryItem(id);
  const warehouseId = item.data?.warehouse._id;
  return (
    <DetailPageFrame
      backTo={warehouseId ? `/manage-warehouse/view/${warehouseId}` : '/manage-warehouse/view'}
      backLabel={item.data ? t('warehouses.item.back', { name: item.data.warehouse.name }) : t('warehouses.detail.back')}
      query={item}
      skeleton={<DetailSkeleton headerHeight={160} />}
      notFoundTitle={t('warehouses.item.notFound')}
      notFoundHint={t('warehouses.item.notFoundHint')}
    >
      {(data) => <ItemView item={data} />}
    </DetailPageFrame>
  );
}

function ItemView({ item }: { item: InventoryItem }) {
  const { t } = useTranslation();
  const compact = useCompactLayout();
  // Whether the reader moves this stock is the warehouse's answer (its managers and the organisation's admins).
  const warehouse = useWarehouse(item.warehouse._id);
  const manages = warehouse.data?.managedByMe ?? false;
  const [moving, setMoving] = useState<StockActionKind | null>(null);
  const [editing, setEditing] = useState(false);
  const details = [item.brand, item.model].filter(Boolean).join(' · ');

  return (
    <>
      <NamedRecordHeader
        name={item.name}
        badge={<StockBadge item={item} />}
        linesGap={4}
        lines={
          <>
            {details ? (
              <Text size="sm" c="dimmed">
                {details}
              </Text>
            ) : null}
            <Anchor component={Link} to={`/manage-warehouse/view/${item.warehouse._id}`} size="sm">
              {item.warehouse.name}
            </Anchor>
          </>
        }
        aside={
          <Stack gap={0} align={compact ? 'flex-start' : 'flex-end'}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('warehouses.item.onHand')}
            </Text>
            <Text fz={28} fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {quantityText(t, item.quantity, item.unit)}
            </Text>
          </Stack>
        }
      >
        {manages ? (
          <Group gap="xs">
            {STOCK_ACTIONS.map((kind) => (
              <Button
                key={kind}
                variant={kind === 'stock-in' ? 'filled' : 'default'}
                leftSection={STOCK_ACTION_ICONS[kind](18)}
                disabled={(kind === 'stock-out' || kind === 'transfer') && item.quantity === 0}
                onClick={() => setMoving(kind)}
              >
                {t(`warehouses.move.${kind}.action`)}
              </Button>
            ))}
            <Button variant="subtle" leftSection={<IconPencil size={18} />} onClick={() => setEditing(true)}>
              {t('warehouses.itemForm.edit')}
            </Button>
          </Group>
        ) : null}
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" verticalSpacing="sm">
          <Fact label={t('warehouses.inventory.reorderLevel')}>{item.reorderLevel === null ? null : formatNumber(item.reorderLevel)}</Fact>
          <Fact label={t('warehouses.inventory.price')}>{item.price ? formatNaira(item.price) : null}</Fact>
          <Fact label={t('warehouses.field.unit')}>{item.unit}</Fact>
          <Fact label={t('warehouses.item.pricebookItem')}>{item.pricebookItem?.name}</Fact>
          <Fact label={t('warehouses.inventory.updated')}>{formatDateTime(item.updatedAt)}</Fact>
        </SimpleGrid>
        {item.description ? (
          <Fact label={t('warehouses.field.description')}>
            <span style={{ whiteSpace: 'pre-line' }}>{item.description}</span>
          </Fact>
        ) : null}
      </NamedRecordHeader>
      <DetailCard title={t('warehouses.item.history')}>
        <MovementList scope="item" id={item._id} canReverse={manages} />
      </DetailCard>
      <StockDialog target={moving ? { item, kind: moving } : null} onClose={() => setMoving(null)} />
      <InventoryItemForm warehouseId={item.warehouse._id} item={item} opened={editing} onClose={() => setEditing(false)} />
    </>
  );
}
