import { PO_BUYER_KINDS, type PoStatus } from '@amp/contracts/purchase-order';
import { Group, type MantineColor, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { formatNumber } from '../../components/data/format';
import { StatusBadge } from '../../components/status-badge';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';

/** How a purchase order shows wherever it is listed: its status, how much of it has come, its warehouse; and who may raise one. */

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
        <Progress.Root size="sm" aria-label={words}>
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
