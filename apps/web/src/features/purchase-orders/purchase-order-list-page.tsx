import { PO_TAB_PERMISSION, PO_TAB_STATUSES, PO_TABS, type PoTab } from '@amp/contracts/purchase-order';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconReceipt } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { AgeText } from '../../components/data/age-text';
import { formatNaira } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { ListPage } from '../../components/data/list-page';
import { SortSelect } from '../../components/data/sort-select';
import { SortableHeader } from '../../components/data/sortable-header';
import { useUrlListState } from '../../components/data/use-url-list-state';
import { StatusFilter } from '../../components/data/workflow-filters';
import { WorkflowTabs } from '../../components/data/workflow-tabs';
import { RecordTitle } from '../../components/workflow/record-title';
import { useRecordLinks } from '../../components/workflow/use-record-links';
import { useRouteTab } from '../../components/workflow/use-route-tab';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { PoStatusBadge, SupplyProgress, useRaisesOrders, WarehouseLine } from './po-badges';
import { type PoSummary, usePoCounts, usePoList } from './purchase-orders-api';

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
  const { open, codeLink } = useRecordLinks(
    (order: PoSummary) => `/purchase-order/${order._id}`,
    (code) => t('purchaseOrders.list.open', { code }),
  );
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
    <WorkflowTabs
      texts="purchaseOrders"
      tabs={tabs}
      value={tab}
      onChange={(value) => value !== tab && navigate(`/purchase-order/${value}`)}
      counts={counts.data}
    >
      <ListPage
        list={list}
        query={orders}
        searchPlaceholder={t('purchaseOrders.list.searchPlaceholder')}
        actions={raises ? createButton() : null}
        filterPanel={{
          id: 'purchase-order-filters',
          buttonLabel: t('purchaseOrders.list.filters'),
          openWhenFiltered: true,
          content: (
            <>
              <StatusFilter list={list} texts="purchaseOrders" statuses={PO_TAB_STATUSES[tab]} />
              <SortSelect list={list} columns={sortColumns} />
            </>
          ),
        }}
        empty={{
          icon: <IconReceipt size={32} stroke={1.5} />,
          title: t(`purchaseOrders.empty.${tab}`),
          hint: t(`purchaseOrders.emptyHint.${tab}`),
          noMatchTitle: t('purchaseOrders.list.noMatch'),
          noMatchHint: t('purchaseOrders.list.noMatchHint'),
          action: raises && tab === 'outgoing' ? createButton('light') : undefined,
        }}
        cardSkeleton={{ count: 4, height: 190 }}
        card={(order) => (
          <ListCard
            title={<RecordTitle code={codeLink(order)} title={order.title} />}
            aside={<PoStatusBadge status={order.status} size="sm" />}
            onOpen={() => open(order)}
          >
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('purchaseOrders.list.partyLine', { party: t(`purchaseOrders.party.${other}`), name: order[other].name })}
            </Text>
            <WarehouseLine name={order.warehouse.name} />
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatNaira(order.total)}
              </Text>
              <AgeText value={order.createdAt} size="xs" />
            </Group>
            <SupplyProgress ordered={order.ordered} dispatched={order.dispatched} received={order.received} compact />
          </ListCard>
        )}
        table={{
          minWidth: 900,
          columns: 6,
          header: (
            <>
              <SortableHeader column="code" {...sortProps}>
                {t('purchaseOrders.column.code')}
              </SortableHeader>
              <Table.Th miw={220}>{t('purchaseOrders.column.order')}</Table.Th>
              <Table.Th miw={140}>{t(`purchaseOrders.party.${other}`)}</Table.Th>
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
            <Table.Tr style={{ cursor: 'pointer' }} onClick={() => open(order)}>
              <Table.Td style={SHRINK}>
                <Stack gap={2}>
                  {codeLink(order)}
                  <AgeText value={order.createdAt} size="xs" />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                  {order.title}
                </Text>
                <WarehouseLine name={order.warehouse.name} />
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
            </Table.Tr>
          ),
        }}
      />
    </WorkflowTabs>
  );
}
