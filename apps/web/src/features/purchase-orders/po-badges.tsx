import { PO_BUYER_KINDS, type PoStatus } from '@amp/contracts/purchase-order';
import { Group, type MantineColor, Progress, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { formatNumber } from '../../components/data/format';
import { ListCard } from '../../components/data/list-card';
import { SortableHeader } from '../../components/data/sortable-header';
import { StatusBadge } from '../../components/status-badge';
import { RecordTitle } from '../../components/workflow/record-title';
import { useRecordLinks } from '../../components/workflow/use-record-links';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import type { PoSummary } from './purchase-orders-api';

/** How a purchase order shows wherever it is listed: its status, how much of it has come, its warehouse, its links; and who may raise one. */

export const PO_STATUS_COLORS: Record<PoStatus, MantineColor> = {
  draft: 'gray',
  pending_approval: 'orange',
  sent: 'blue',
  accepted: 'cyan',
  partly_received: 'indigo',
  declined: 'red',
  closed: 'green',
  cancelled: 'dark',
};

export function PoStatusBadge({ status, size }: { status: PoStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <StatusBadge color={PO_STATUS_COLORS[status] ?? 'gray'} label={t(`purchaseOrders.status.${status}`)} size={size} />;
}

interface Quantities {
  ordered: number;
  dispatched: number;
  received: number;
}

const percent = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);

/**
 * How much of an order has come: received (green) and dispatched but not yet received (blue) over
 * what was ordered, with the figures in words beside it.
 */
export function SupplyProgress({ ordered, dispatched, received, compact = false }: Quantities & { compact?: boolean }) {
  const { t } = useTranslation();
  // Before the supplier has dispatched anything there is no progress to draw, only what was ordered.
  if (dispatched === 0) {
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('purchaseOrders.progress.nothingYet', { ordered: formatNumber(ordered) })}
      </Text>
    );
  }
  const words = t('purchaseOrders.progress.summary', {
    dispatched: formatNumber(dispatched),
    received: formatNumber(received),
    ordered: formatNumber(ordered),
  });
  return (
    <Stack gap={4} miw={compact ? undefined : 150}>
      <Tooltip label={words}>
        {/* A picture of the figures written beside it: screen readers read those, not unnamed bars. */}
        <Progress.Root size="sm" aria-hidden>
          <Progress.Section value={percent(received, ordered)} color="teal" />
          <Progress.Section value={percent(dispatched - received, ordered)} color="blue.4" />
        </Progress.Root>
      </Tooltip>
      <Group gap={8} wrap="wrap">
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('purchaseOrders.progress.dispatched', { value: formatNumber(dispatched), ordered: formatNumber(ordered) })}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('purchaseOrders.progress.received', { value: formatNumber(received), ordered: formatNumber(ordered) })}
        </Text>
      </Group>
    </Stack>
  );
}

/** Whether the reader's organisation buys (owners, MROs, IMOs) and they may raise an order. */
export function useRaisesOrders(): boolean {
  const { can, user } = useAuth();
  return Boolean(user && (PO_BUYER_KINDS as readonly string[]).includes(user.organisation.kind) && can('managePO'));
}

/** The warehouse the goods go to, with its icon. */
export function WarehouseLine({ name }: { name: string }) {
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <IconBuildingWarehouse
        size={14}
        stroke={1.5}
        aria-hidden
        style={{ flexShrink: 0, marginTop: 2, color: 'var(--mantine-color-dimmed)' }}
      />
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
    </Group>
  );
}

/** An order list's ways into its orders: a click on its row or card, and its code as the link. */
export function usePoLinks() {
  const { t } = useTranslation();
  return useRecordLinks(
    (order: PoSummary) => `/purchase-order/${order._id}`,
    (code) => t('purchaseOrders.list.open', { code }),
  );
}

/**
 * An order as a list card: its code and title, its status, the organisation across (its supplier, or
 * its buyer) and its warehouse, then the list's own lines, and how much of it has come.
 */
export function PoListCard({
  order,
  party,
  actions,
  children,
}: {
  order: PoSummary;
  party: 'supplier' | 'buyer';
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { open, codeLink } = usePoLinks();
  return (
    <ListCard
      title={<RecordTitle code={codeLink(order)} title={order.title} />}
      aside={<PoStatusBadge status={order.status} size="sm" />}
      onOpen={() => open(order)}
      actions={actions}
    >
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t('purchaseOrders.list.partyLine', { party: t(`purchaseOrders.party.${party}`), name: order[party].name })}
      </Text>
      <WarehouseLine name={order.warehouse.name} />
      {children}
      <SupplyProgress ordered={order.ordered} dispatched={order.dispatched} received={order.received} compact />
    </ListCard>
  );
}

/** An order's title over its warehouse, in a list's row. */
export function OrderTitleLines({ order }: { order: PoSummary }) {
  return (
    <>
      <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {order.title}
      </Text>
      <WarehouseLine name={order.warehouse.name} />
    </>
  );
}

/** The heads of an order list's first columns: its code (sortable), the order, the organisation across. */
export function PoLeadHeaders({
  party,
  sortProps,
}: {
  party: 'supplier' | 'buyer';
  sortProps: Omit<ComponentProps<typeof SortableHeader>, 'column' | 'children'>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SortableHeader column="code" {...sortProps}>
        {t('purchaseOrders.column.code')}
      </SortableHeader>
      <Table.Th miw={220}>{t('purchaseOrders.column.order')}</Table.Th>
      <Table.Th miw={140}>{t(`purchaseOrders.party.${party}`)}</Table.Th>
    </>
  );
}
