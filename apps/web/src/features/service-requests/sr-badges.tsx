import type { ObservationStatus, ObservationType, SlaClockAnswer, SrPriority, SrStatus } from '@amp/contracts/service-request';
import type { SlaClockState } from '@amp/contracts/sla-clock';
import { Badge, Group, type MantineColor, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPauseFilled } from '@tabler/icons-react';
import { formatDateTime } from '../../components/data/format';
import { StatusBadge } from '../../components/status-badge';
import { i18n, type TFunction, useTranslation } from '../../lib/i18n';

/**
 * The words and colours of a service request wherever it is shown: its status, its priority, its
 * SLA clocks and its observations. Shared by the request pages and the observation pages.
 */

type Size = 'xs' | 'sm' | 'md' | 'lg';

export const SR_STATUS_COLORS: Record<SrStatus, MantineColor> = {
  sent: 'blue',
  accepted: 'cyan',
  declined: 'red',
  assigned: 'indigo',
  observed: 'orange',
  resolved: 'teal',
  closed: 'gray',
};

export const SR_PRIORITY_COLORS: Record<SrPriority, MantineColor> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  critical: 'red',
};

export const SLA_STATE_COLORS: Record<SlaClockState, MantineColor> = {
  on_time: 'teal',
  due_soon: 'orange',
  breached: 'red',
};

export const OBSERVATION_STATUS_COLORS: Record<ObservationStatus, MantineColor> = {
  submitted: 'orange',
  accepted: 'teal',
  rejected: 'red',
  superseded: 'gray',
};

export function SrStatusBadge({ status, size }: { status: SrStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return <StatusBadge color={SR_STATUS_COLORS[status] ?? 'gray'} label={t(`serviceRequests.status.${status}`)} size={size} />;
}

/** The priority as a dot badge, so it never reads as a second status beside the status badge. */
export function SrPriorityBadge({ priority, size }: { priority: SrPriority; size?: Size }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="dot"
      color={SR_PRIORITY_COLORS[priority] ?? 'gray'}
      size={size}
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {t(`serviceRequests.priority.${priority}`)}
    </Badge>
  );
}

export function ObservationStatusBadge({ status, size }: { status: ObservationStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation();
  return (
    <StatusBadge color={OBSERVATION_STATUS_COLORS[status] ?? 'gray'} label={t(`serviceRequests.observationStatus.${status}`)} size={size} />
  );
}

/** Okay or Not Okay (SPEC.md 9), green or red. */
export function ObservationTypeBadge({ type, size }: { type: ObservationType; size?: Size }) {
  const { t } = useTranslation();
  return (
    <Badge variant="filled" color={type === 'okay' ? 'teal.8' : 'red.8'} size={size} styles={{ root: { flexShrink: 0 } }}>
      {t(`serviceRequests.observationType.${type}`)}
    </Badge>
  );
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function unit(value: number, name: 'day' | 'hour' | 'minute'): string {
  return new Intl.NumberFormat(i18n.language, { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
}

/**
 * A length of time in its two largest units, in the reader's language ("2 days 3 hr", "5 Std. 20 Min.");
 * the sign is left to the sentence around it ("… left", "… overdue").
 */
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

/** The clock's state in a word: a stopped clock was met or breached; a running one is on time, due soon or breached. */
export function slaStateLabel(clock: SlaClockAnswer, t: TFunction): string {
  if (clock.stopped) return t(clock.state === 'breached' ? 'serviceRequests.sla.breached' : 'serviceRequests.sla.met');
  return t(`serviceRequests.sla.${clock.state}`);
}

/** What is left of the clock, or how far past it is, as a short phrase. */
export function slaRemainingText(clock: SlaClockAnswer, t: TFunction): string {
  const duration = formatDuration(clock.remainingMs);
  if (clock.stopped) {
    return clock.remainingMs < 0 ? t('serviceRequests.sla.late', { duration }) : t('serviceRequests.sla.spare', { duration });
  }
  return clock.remainingMs < 0 ? t('serviceRequests.sla.overdue', { duration }) : t('serviceRequests.sla.left', { duration });
}

/** One clock's state as a badge; a paused clock shows a pause sign. */
export function SlaStateBadge({ clock, size = 'sm' }: { clock: SlaClockAnswer; size?: Size }) {
  const { t } = useTranslation();
  const label = slaStateLabel(clock, t);
  return (
    <Badge
      color={SLA_STATE_COLORS[clock.state]}
      c={clock.state === 'due_soon' ? '#b33d0c' : undefined}
      variant="light"
      size={size}
      leftSection={clock.paused ? <IconPlayerPauseFilled size={10} aria-hidden /> : undefined}
      title={clock.paused ? t('serviceRequests.sla.paused') : undefined}
      styles={{ root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {clock.paused ? `${label} · ${t('serviceRequests.sla.pausedShort')}` : label}
    </Badge>
  );
}

/**
 * The resolution clock of a list row: its state and the time left (or overdue) under it; a
 * request without an SLA says so. `inline` puts the two side by side (a phone card).
 */
export function SlaClockSummary({ clock, inline = false }: { clock: SlaClockAnswer | null; inline?: boolean }) {
  const { t } = useTranslation();
  if (!clock) {
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('serviceRequests.sla.none')}
      </Text>
    );
  }
  const remaining = (
    <Text size="xs" c={clock.remainingMs < 0 ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
      {slaRemainingText(clock, t)}
    </Text>
  );
  return inline ? (
    <Group gap={6} wrap="nowrap">
      <SlaStateBadge clock={clock} />
      {remaining}
    </Group>
  ) : (
    <Stack gap={2} align="flex-start">
      <SlaStateBadge clock={clock} />
      {remaining}
    </Stack>
  );
}

interface SlaClockPanelProps {
  kind: 'response' | 'resolution';
  clock: SlaClockAnswer | null;
  /** The reader is the owner, the party the paused clock waits on ("awaiting your decision"). */
  ownerSide: boolean;
}

/** One SLA clock in full: its target, state, due time, time left or overdue, how much of it is used, and why it is paused. */
export function SlaClockPanel({ kind, clock, ownerSide }: SlaClockPanelProps) {
  const { t } = useTranslation();
  const title = t(`serviceRequests.clock.${kind}`);
  if (!clock) {
    return (
      <Paper withBorder radius="sm" p="sm">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {t('serviceRequests.sla.noClock')}
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
          <SlaStateBadge clock={clock} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('serviceRequests.clock.target', { count: clock.targetHours })}
        </Text>
        <Progress
          value={used}
          color={SLA_STATE_COLORS[clock.state]}
          size="sm"
          aria-label={t('serviceRequests.clock.used', { title })}
          striped={clock.paused}
        />
        <Text size="sm" fw={500} c={clock.remainingMs < 0 ? 'red.8' : undefined}>
          {clock.stopped
            ? t(`serviceRequests.clock.stopped.${kind}`, { duration: formatDuration(clock.elapsedMs) })
            : slaRemainingText(clock, t)}
        </Text>
        <Text size="xs" c="dimmed">
          {clock.stopped
            ? t('serviceRequests.clock.wasDue', { time: formatDateTime(clock.dueAt) })
            : t('serviceRequests.clock.due', { time: formatDateTime(clock.dueAt) })}
          {clock.stopped ? ` · ${slaRemainingText(clock, t)}` : null}
        </Text>
        {clock.paused ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconPlayerPauseFilled size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
            <Text size="xs">{t(ownerSide ? 'serviceRequests.clock.pausedOwner' : 'serviceRequests.clock.pausedOther')}</Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
