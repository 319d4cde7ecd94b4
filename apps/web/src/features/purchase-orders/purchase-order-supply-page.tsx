import { Button, Center, Group, Loader, Modal, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPackageImport, IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { formatNaira, formatNumber } from '../../components/data/format';
import { IntroListPage } from '../../components/data/intro-list-page';
import { ListError } from '../../components/data/list-feedback';
import { AgeCell, RecordRow } from '../../components/data/record-row';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { useTranslation } from '../../lib/i18n';
import { QuantitiesDialog } from './po-action-dialogs';
import { OrderTitleLines, PoLeadHeaders, PoListCard, SupplyProgress, usePoLinks } from './po-badges';
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

  const { open, codeLink } = usePoLinks();
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
    <IntroListPage
      intro={t('purchaseOrders.supply.intro')}
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
        <PoListCard order={order} party="supplier" actions={receive(order, 'sm')}>
          {waiting(order)}
        </PoListCard>
      )}
      table={{
        minWidth: 960,
        columns: 6,
        header: (
          <>
            <PoLeadHeaders party="supplier" sortProps={sortProps} />
            <Table.Th>{t('purchaseOrders.column.toReceive')}</Table.Th>
            <SortableHeader column="updatedAt" {...sortProps}>
              {t('purchaseOrders.column.lastDelivery')}
            </SortableHeader>
            <Table.Th style={SHRINK}>
              <VisuallyHidden>{t('data.actions')}</VisuallyHidden>
            </Table.Th>
          </>
        ),
        row: (order) => (
          <RecordRow code={codeLink(order)} onOpen={() => open(order)}>
            <Table.Td>
              <OrderTitleLines order={order} />
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
            <AgeCell value={order.updatedAt} />
            <Table.Td style={SHRINK}>{receive(order, 'xs')}</Table.Td>
          </RecordRow>
        ),
      }}
    >
      <ReceiveById id={receiving} opened={opened} onClose={() => setOpened(false)} />
    </IntroListPage>
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
