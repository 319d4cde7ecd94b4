import { PO_TAB_PERMISSION, PO_TAB_STATUSES, PO_TABS, type PoTab } from '@amp/contracts/purchase-order';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { AgeText } from '../../components/data/age-text';
import { formatNaira } from '../../components/data/format';
import { RecordRow } from '../../components/data/record-row';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { StatusFilter } from '../../components/data/workflow-filters';
import { WorkflowListPage } from '../../components/data/workflow-list-page';
import { useRouteTab } from '../../components/workflow/use-route-tab';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { OrderTitleLines, PoLeadHeaders, PoListCard, PoStatusBadge, SupplyProgress, usePoLinks, useRaisesOrders } from './po-badges';
import { usePoCounts, usePoList } from './purchase-orders-api';

const FILTERS = ['status'] as const;
const SHRINK = { width: '1%', whiteSpace: 'nowrap' } as const;
const NUMERIC = { ...SHRINK, textAlign: 'right' } as const;

/** The organisation across the table: the supplier on the buyer's lists, the buyer on the supplier's. */
function otherPartyOf(tab: PoTab, supplier: boolean): 'supplier' | 'buyer' {
  if (tab === 'outgoing') return 'supplier';
  if (tab === 'incoming') return 'buyer';
  return supplier ? 'buyer' : 'supplier';
}

/**
 * /purchase-order/outgoing, /incoming and /completed: one page, its tab from the route, with the
 * tabs' counts; search, the status filter, sorting and pages in the URL.
 */
export default function PurchaseOrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can, user } = useAuth();
  const tab = useRouteTab<PoTab>(PO_TABS, 'outgoing');
  const list = useUrlListState({ filters: FILTERS, sort: 'createdAt', order: 'desc' });
  const orders = usePoList({ ...list.query, tab });
  const counts = usePoCounts();
  const other = otherPartyOf(tab, user?.organisation.kind === 'supplier');
  const tabs = PO_TABS.filter((value) => can(PO_TAB_PERMISSION[value]));
  const raises = useRaisesOrders();

  const sortProps = { sort: list.sort, order: list.order, onSort: list.toggleSort };
  const { open, codeLink } = usePoLinks();
  const sortColumns = [
    { column: 'createdAt', label: t('purchaseOrders.column.created') },
    { column: 'updatedAt', label: t('purchaseOrders.column.updated') },
    { column: 'code', label: t('purchaseOrders.column.code') },
    { column: 'total', label: t('purchaseOrders.column.total') },
    { column: 'status', label: t('purchaseOrders.column.status') },
  ];
  const createButton = (variant?: 'light') => (
    <Button component={Link} to="/purchase-order/new" variant={variant} leftSection={<IconPlus size={18} />}>
      {t('purchaseOrders.list.create')}
    </Button>
  );

  return (
    <WorkflowListPage
      texts="purchaseOrders"
      tabs={tabs}
      tab={tab}
      onTabChange={(value) => value !== tab && navigate(`/purchase-order/${value}`)}
      counts={counts.data}
      list={list}
      query={orders}
      actions={raises ? createButton() : null}
      filterPanelId="purchase-order-filters"
      filters={
        <>
          <StatusFilter list={list} texts="purchaseOrders" statuses={PO_TAB_STATUSES[tab]} />
          <SortSelect list={list} columns={sortColumns} />
        </>
      }
      emptyIcon={<IconReceipt size={32} stroke={1.5} />}
      emptyAction={raises && tab === 'outgoing' ? createButton('light') : undefined}
      cardSkeleton={{ count: 4, height: 190 }}
      card={(order) => (
        <PoListCard order={order} party={other}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatNaira(order.total)}
            </Text>
            <AgeText value={order.createdAt} size="xs" />
          </Group>
        </PoListCard>
      )}
      table={{
        minWidth: 900,
        columns: 6,
        header: (
          <>
            <PoLeadHeaders party={other} sortProps={sortProps} />
            <SortableHeader column="total" {...sortProps}>
              {t('purchaseOrders.column.total')}
            </SortableHeader>
            <Table.Th>{t('purchaseOrders.column.supply')}</Table.Th>
            <SortableHeader column="status" {...sortProps}>
              {t('purchaseOrders.column.status')}
            </SortableHeader>
          </>
        ),
        row: (order) => (
          <RecordRow
            code={
              <Stack gap={2}>
                {codeLink(order)}
                <AgeText value={order.createdAt} size="xs" />
              </Stack>
            }
            onOpen={() => open(order)}
          >
            <Table.Td>
              <OrderTitleLines order={order} />
            </Table.Td>
            <Table.Td>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {order[other].name}
              </Text>
            </Table.Td>
            <Table.Td style={NUMERIC}>
              <Text size="sm" fw={500}>
                {formatNaira(order.total)}
              </Text>
            </Table.Td>
            <Table.Td>
              <SupplyProgress ordered={order.ordered} dispatched={order.dispatched} received={order.received} />
            </Table.Td>
            <Table.Td style={SHRINK}>
              <PoStatusBadge status={order.status} size="sm" />
            </Table.Td>
          </RecordRow>
        ),
      }}
    />
  );
}
