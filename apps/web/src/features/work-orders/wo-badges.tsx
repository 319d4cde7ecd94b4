import type { SlaClockAnswer, SrPriority } from '@amp/contracts/service-request';
import type { WoApprovalState, WoStatus } from '@amp/contracts/work-order';
import { Badge, type MantineColor, Rating, Text } from '@mantine/core';
import { StatusBadge } from '../../components/status-badge';
import { PRIORITY_COLORS, PriorityBadge } from '../../components/workflow/priority-badge';
import { SlaClockPanel, SlaClockSummary } from '../../components/workflow/sla-clock';
import { WHOLE_WORD_BADGE_STYLES } from '../../components/workflow/whole-word-badge';
import { i18n, useTranslation } from '../../lib/i18n';

/** The words and colours of a work order wherever it is shown: its status, priority, approval, SLA clocks and rating. */

type Size = 'xs' | 'sm' | 'md' | 'lg';

export const WO_STATUS_COLORS: Record<WoStatus, MantineColor> = {
  draft: 'gray',
  pending_approval: 'orange',
  sent: 'blue',
  accepted: 'cyan',
  declined: 'red',
  assigned: 'indigo',
  in_progress: 'violet',
  on_hold: 'grape',
  completed: 'teal',
  owner_certified: 'lime',
  provider_certified: 'lime',
  certified: 'green',
  closed: 'gray',
  ended: 'dark',
};

export const WO_PRIORITY_COLORS = PRIORITY_COLORS;

const APPROVAL_COLORS: Record<WoApprovalState, MantineColor> = {
  none: 'gray',
  pending: 'orange',
  approved: 'teal',
  rejected: 'red',
};

export function WoStatusBadge({ status, size }: { status: WoStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <StatusBadge color={WO_STATUS_COLORS[status] ?? 'gray'} label={t(`workOrders.status.${status}`)} size={size} />;
}

export function WoPriorityBadge({ priority, size }: { priority: SrPriority; size?: Size }) {
  return <PriorityBadge priority={priority} texts="workOrders" size={size} />;
}

/** Where the work order stands with its approvals; none needed shows as quiet text. */
export function WoApprovalBadge({ approval, size = 'sm' }: { approval: WoApprovalState; size?: Size }) {
  const { t } = useTranslation();
  if (approval === 'none') {
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('workOrders.approval.none')}
      </Text>
    );
  }
  return (
    <Badge
      variant="outline"
      color={APPROVAL_COLORS[approval]}
      c={approval === 'pending' ? '#b33d0c' : undefined}
      size={size}
      styles={WHOLE_WORD_BADGE_STYLES}
    >
      {t(`workOrders.approval.${approval}`)}
    </Badge>
  );
}

/**
 * A list row's SLA clock: the resolution clock once it runs (the response clock before it is
 * accepted shows the same way); none before it is sent, or without an SLA.
 */
export function WoSlaSummary({ clock, inline }: { clock: SlaClockAnswer | null; inline?: boolean }) {
  return <SlaClockSummary clock={clock} texts="workOrders" inline={inline} />;
}

/** One of a work order's clocks in full; neither runs before the work order is sent. */
export function WoClockPanel({ kind, clock }: { kind: 'response' | 'resolution'; clock: SlaClockAnswer | null }) {
  const { t } = useTranslation();
  return <SlaClockPanel kind={kind} clock={clock} texts="workOrders" notRunning={t('workOrders.clock.notRunning')} />;
}

/** A rating as read-only stars, with its value for screen readers. */
export function RatingStars({ value, size = 'sm' }: { value: number; size?: Size }) {
  const { t } = useTranslation();
  return (
    <Rating
      value={value}
      fractions={2}
      readOnly
      size={size}
      // Read-only stars are one picture to a screen reader: a label needs a role to be announced.
      role="img"
      aria-label={t('workOrders.rating.stars', { value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value) })}
    />
  );
}
