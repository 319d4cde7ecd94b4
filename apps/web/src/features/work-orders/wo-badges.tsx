import type { SlaClockAnswer, SrPriority } from '@amp/contracts/service-request';
import type { SlaClockState } from '@amp/contracts/sla-clock';
import type { WoApprovalState, WoStatus } from '@amp/contracts/work-order';
import { Badge, Group, type MantineColor, Paper, Progress, Rating, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../components/data/format';
import { StatusBadge } from '../../components/status-badge';
import { i18n, type TFunction, useTranslation } from '../../lib/i18n';

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

export const WO_PRIORITY_COLORS: Record<SrPriority, MantineColor> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  critical: 'red',
};

const APPROVAL_COLORS: Record<WoApprovalState, MantineColor> = {
  none: 'gray',
  pending: 'orange',
  approved: 'teal',
  rejected: 'red',
};

const SLA_COLORS: Record<SlaClockState, MantineColor> = { on_time: 'teal', due_soon: 'orange', breached: 'red' };

export function WoStatusBadge({ status, size }: { status: WoStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <StatusBadge color={WO_STATUS_COLORS[status] ?? 'gray'} label={t(`workOrders.status.${status}`)} size={size} />;
}

/** The priority as a dot badge, so it never reads as a second status beside the status badge. */
export function WoPriorityBadge({ priority, size }: { priority: SrPriority; size?: Size }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="dot"
      color={WO_PRIORITY_COLORS[priority] ?? 'gray'}
      size={size}
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {t(`workOrders.priority.${priority}`)}
    </Badge>
  );
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
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {t(`workOrders.approval.${approval}`)}
    </Badge>
  );
}

/** A calendar day (YYYY-MM-DD, as a due date is sent) in the reader's language, the same day in every time zone. */
export function formatDay(day: string | null | undefined): string {
  if (!day) return '–';
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return '–';
  return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function unit(value: number, name: 'day' | 'hour' | 'minute'): string {
  return new Intl.NumberFormat(i18n.language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
}

/** A length of time in its two largest units, in the reader's language ("2 days 3 hr"); the sign is the sentence's. */
export function formatDuration(ms: number): string {
  const total = Math.abs(ms);
  if (total >= DAY) {
    const days = Math.floor(total / DAY);
    const hours = Math.floor((total % DAY) / HOUR);
    return hours > 0 ? `${unit(days, 'day')} ${unit(hours, 'hour')}` : unit(days, 'day');
  }
  if (total >= HOUR) {
    const hours = Math.floor(total / HOUR);
    const minutes = Math.floor((total % HOUR) / MINUTE);
    return minutes > 0 ? `${unit(hours, 'hour')} ${unit(minutes, 'minute')}` : unit(hours, 'hour');
  }
  return unit(Math.floor(total / MINUTE), 'minute');
}

function stateLabel(clock: SlaClockAnswer, t: TFunction): string {
  if (clock.stopped) return t(clock.state === 'breached' ? 'workOrders.sla.breached' : 'workOrders.sla.met');
  return t(`workOrders.sla.${clock.state}`);
}

function remainingText(clock: SlaClockAnswer, t: TFunction): string {
  const duration = formatDuration(clock.remainingMs);
  if (clock.stopped) return t(clock.remainingMs < 0 ? 'workOrders.sla.late' : 'workOrders.sla.spare', { duration });
  return t(clock.remainingMs < 0 ? 'workOrders.sla.overdue' : 'workOrders.sla.left', { duration });
}

export function SlaBadge({ clock, size = 'sm' }: { clock: SlaClockAnswer; size?: Size }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={SLA_COLORS[clock.state]}
      c={clock.state === 'due_soon' ? '#b33d0c' : undefined}
      variant="light"
      size={size}
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {stateLabel(clock, t)}
    </Badge>
  );
}

/**
 * A list row's SLA clock: the resolution clock once it runs (the response clock before it is
 * accepted shows the same way); none before it is sent, or without an SLA.
 */
export function WoSlaSummary({ clock, inline = false }: { clock: SlaClockAnswer | null; inline?: boolean }) {
  const { t } = useTranslation();
  if (!clock) {
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('workOrders.sla.none')}
      </Text>
    );
  }
  const remaining = (
    <Text size="xs" c={clock.remainingMs < 0 ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
      {remainingText(clock, t)}
    </Text>
  );
  return inline ? (
    <Group gap={6} wrap="nowrap">
      <SlaBadge clock={clock} />
      {remaining}
    </Group>
  ) : (
    <Stack gap={2} align="flex-start">
      <SlaBadge clock={clock} />
      {remaining}
    </Stack>
  );
}

/** One SLA clock in full: its target, state, due time, what is left or overdue, and how much is used. */
export function WoClockPanel({ kind, clock }: { kind: 'response' | 'resolution'; clock: SlaClockAnswer | null }) {
  const { t } = useTranslation();
  const title = t(`workOrders.clock.${kind}`);
  if (!clock) {
    return (
      <Paper withBorder radius="sm" p="sm">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {t('workOrders.clock.notRunning')}
        </Text>
      </Paper>
    );
  }
  const targetMs = clock.targetHours * HOUR;
  const used = targetMs > 0 ? Math.min(100, (clock.elapsedMs / targetMs) * 100) : 100;
  return (
    <Paper withBorder radius="sm" p="sm" aria-label={title} component="section">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text fw={600} size="sm">
            {title}
          </Text>
          <SlaBadge clock={clock} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('workOrders.clock.target', { count: clock.targetHours })}
        </Text>
        <Progress value={used} color={SLA_COLORS[clock.state]} size="sm" aria-label={t('workOrders.clock.used', { title })} />
        <Text size="sm" fw={500} c={clock.remainingMs < 0 ? 'red.8' : undefined}>
          {clock.stopped ? t(`workOrders.clock.stopped.${kind}`, { duration: formatDuration(clock.elapsedMs) }) : remainingText(clock, t)}
        </Text>
        <Text size="xs" c="dimmed">
          {t(clock.stopped ? 'workOrders.clock.wasDue' : 'workOrders.clock.due', { time: formatDateTime(clock.dueAt) })}
          {clock.stopped ? ` · ${remainingText(clock, t)}` : null}
        </Text>
      </Stack>
    </Paper>
  );
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
      aria-label={t('workOrders.rating.stars', { value: new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value) })}
    />
  );
}
