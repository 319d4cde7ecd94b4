import { Button, Center, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconPackageImport, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { AgeText } from '../../components/data/age-text';
import { formatNaira, formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListError } from '../../components/data/list-feedback';
import { ListPage } from '../../components/data/list-page';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { RecordTitle } from '../../components/workflow/record-title';
import { useRecordLinks } from '../../components/workflow/use-record-links';
import { useTranslation } from '../../lib/i18n';
import { QuantitiesDialog } from './po-action-dialogs';
import { PoStatusBadge, SupplyProgress, WarehouseLine } from './po-badges';
import { type PoSummary, usePoList, usePurchaseOrder } from './purchase-orders-api';

const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;

/**
 * /purchase-order/confirmation/supply: the buyer's orders whose supplier has dispatched goods not
 * yet received, the oldest delivery first to hand; each opens the receipt form right here.
 */
export default function PurchaseOrderSupplyPage() {
  const { t } = useTranslation();
  const list = useUrlListState({ sort: 'updatedAt', order: 'asc' });
  const orders = usePoList({ ...list.query, tab: 'outgoing', toReceive: 'true' });
  const [receiving, setReceiving] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);

  const { open, codeLink } = useRecordLinks(
    (order: PoSummary) => `/purchase-order/${order._id}`,
    (code) => t('purchaseOrders.list.open', { code }),
  );
  const receive = (order: PoSummary, size: 'xs' | 'sm') => (
    <Button
      size={size}
      color="teal"
      leftSection={<IconPackageImport size={16} />}
      aria-label={t('purchaseOrders.supply.receiveOne', { code: order.code })}
      onClick={(event) => {
        event.stopPropagation();
        setReceiving(order._id);
        setOpened(true);
      }}
    >
      {t('purchaseOrders.action.receive')}
    </Button>
  );
  const waiting = (order: PoSummary) => (
    <Group gap={4} wrap="nowrap">
      <IconTruckDelivery size={16} stroke={1.5} aria-hidden style={{ color: 'var(--mantine-color-blue-6)', flexShrink: 0 }} />
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {t('purchaseOrders.supply.waiting', {
          count: order.dispatched - order.received,
          value: formatNumber(order.dispatched - order.received),
        })}
      </Text>
    </Group>
  );
  const sortColumns = [
    { column: 'updatedAt', label: t('purchaseOrders.column.updated') },
    { column: 'createdAt', label: t('purchaseOrders.column.created') },
    { column: 'code', label: t('purchaseOrders.column.code') },
    { column: 'total', label: t('purchaseOrders.column.total') },
  ];
  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('purchaseOrders.supply.intro')}
      </Text>
      <ListPage
        list={list}
        query={orders}
        searchPlaceholder={t('purchaseOrders.list.searchPlaceholder')}
        filters={<SortSelect list={list} columns={sortColumns} />}
        empty={{
          icon: <IconPackageImport size={32} stroke={1.5} />,
          title: t('purchaseOrders.supply.empty'),
          hint: t('purchaseOrders.supply.emptyHint'),
          noMatchTitle: t('purchaseOrders.list.noMatch'),
          noMatchHint: t('purchaseOrders.list.noMatchHint'),
        }}
        cardSkeleton={{ count: 3, height: 200 }}
        card={(order) => (
          <ListCard
            title={<RecordTitle code={codeLink(order)} title={order.title} />}
            aside={<PoStatusBadge status={order.status} size="sm" />}
            onOpen={() => open(order)}
            actions={receive(order, 'sm')}
          >
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('purchaseOrders.list.partyLine', { party: t('purchaseOrders.party.supplier'), name: order.supplier.name })}
            </Text>
            <WarehouseLine name={order.warehouse.name} />
            {waiting(order)}
            <SupplyProgress ordered={order.ordered} dispatched={order.dispatched} received={order.received} compact />
          </ListCard>
        )}
        table={{
          minWidth: 960,
          columns: 6,
          header: (
            <>
              <SortableHeader column="code" {...sortProps}>
                {t('purchaseOrders.column.code')}
              </SortableHeader>
              <Table.Th miw={220}>{t('purchaseOrders.column.order')}</Table.Th>
              <Table.Th miw={140}>{t('purchaseOrders.party.supplier')}</Table.Th>
              <Table.Th>{t('purchaseOrders.column.toReceive')}</Table.Th>
              <SortableHeader column="updatedAt" {...sortProps}>
                {t('purchaseOrders.column.lastDelivery')}
              </SortableHeader>
              <Table.Th style={SHRINK} />
            </>
          ),
          row: (order) => (
            <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(order)}>
              <Table.Td style={SHRINK}>{codeLink(order)}</Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {order.title}
                </Text>
                <WarehouseLine name={order.warehouse.name} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {order.supplier.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatNaira(order.total)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Stack gap={4}>
                  {waiting(order)}
                  <SupplyProgress ordered={order.ordered} dispatched={order.dispatched} received={order.received} />
                </Stack>
              </Table.Td>
              <Table.Td style={SHRINK}>
                <AgeText value={order.updatedAt} />
              </Table.Td>
              <Table.Td style={SHRINK}>{receive(order, 'xs')}</Table.Td>
            </Table.Tr>
          ),
        }}
      >
        <ReceiveById id={receiving} opened={opened} onClose={() => setOpened(false)} />
      </ListPage>
    </Stack>
  );
}

/** The receipt form of an order chosen in the list, once its lines are read. */
function ReceiveById({ id, opened, onClose }: { id: string | null; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const order = usePurchaseOrder(id ?? '');
  if (order.data) return <QuantitiesDialog key={order.data._id} order={order.data} kind="receive" opened={opened} onClose={onClose} />;
  return (
    <Modal
      opened={opened && id !== null}
      onClose={onClose}
      title={t('purchaseOrders.action.receive')}
      closeButtonProps={{ 'aria-label': t('data.close') }}
    >
      {order.isError ? (
        <ListError error={order.error} onRetry={() => order.refetch()} />
      ) : (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      )}
    </Modal>
  );
}
