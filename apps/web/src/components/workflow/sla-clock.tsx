import type { SlaClockAnswer } from '@amp/contracts/service-request';
import type { SlaClockState } from '@amp/contracts/sla-clock';
import { Badge, Group, type MantineColor, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconPlayerPauseFilled } from '@tabler/icons-react';
import { i18n, type TFunction, useTranslation } from '../../lib/i18n';
import { formatDateTime } from '../data/format';
import type { RequestOrOrderTexts } from './request-or-order-texts';
import { WHOLE_WORD_BADGE_STYLES } from './whole-word-badge';

/**
 * A request's or a work order's SLA clocks (response and resolution), in the words of its own
 * namespace. Only a request's resolution clock pauses (while an observation awaits the owner).
 */

type Size = 'xs' | 'sm' | 'md' | 'lg';

export const SLA_STATE_COLORS: Record<SlaClockState, MantineColor> = { on_time: 'teal', due_soon: 'orange', breached: 'red' };

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
function formatDuration(ms: number): string {
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

/** What a badge needs of a clock (a list of the caller's work carries only these). */
type BadgeClock = Pick<SlaClockAnswer, 'state' | 'stopped' | 'paused'>;

/** The clock's state in a word: a stopped clock was met or breached; a running one is on time, due soon or breached. */
function stateLabel(clock: BadgeClock, t: TFunction, texts: RequestOrOrderTexts): string {
  if (clock.stopped) return t(clock.state === 'breached' ? `${texts}.sla.breached` : `${texts}.sla.met`);
  return t(`${texts}.sla.${clock.state}`);
}

/** What is left of the clock, or how far past it is, as a short phrase. */
function remainingText(clock: SlaClockAnswer, t: TFunction, texts: RequestOrOrderTexts): string {
  const duration = formatDuration(clock.remainingMs);
  if (clock.stopped) return t(clock.remainingMs < 0 ? `${texts}.sla.late` : `${texts}.sla.spare`, { duration });
  return t(clock.remainingMs < 0 ? `${texts}.sla.overdue` : `${texts}.sla.left`, { duration });
}

/** One clock's state as a badge; a paused clock shows a pause sign. */
export function SlaStateBadge({ clock, texts, size = 'sm' }: { clock: BadgeClock; texts: RequestOrOrderTexts; size?: Size }) {
  const { t } = useTranslation();
  const label = stateLabel(clock, t, texts);
  return (
    <Badge
      color={SLA_STATE_COLORS[clock.state]}
      c={clock.state === 'due_soon' ? '#b33d0c' : undefined}
      variant="light"
      size={size}
      leftSection={clock.paused ? <IconPlayerPauseFilled size={10} aria-hidden /> : undefined}
      title={clock.paused ? t(`${texts}.sla.paused`) : undefined}
      styles={WHOLE_WORD_BADGE_STYLES}
    >
      {clock.paused ? `${label} · ${t(`${texts}.sla.pausedShort`)}` : label}
    </Badge>
  );
}

interface SlaClockSummaryProps {
  clock: SlaClockAnswer | null;
  texts: RequestOrOrderTexts;
  /** The state and the time side by side (a phone card) rather than one over the other. */
  inline?: boolean;
}

/** A list row's clock: its state and the time left (or overdue); none without an SLA, or before it runs. */
export function SlaClockSummary({ clock, texts, inline = false }: SlaClockSummaryProps) {
  const { t } = useTranslation();
  if (!clock) {
    return (
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t(`${texts}.sla.none`)}
      </Text>
    );
  }
  const remaining = (
    <Text size="xs" c={clock.remainingMs < 0 ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
      {remainingText(clock, t, texts)}
    </Text>
  );
  return inline ? (
    <Group gap={6} wrap="nowrap">
      <SlaStateBadge clock={clock} texts={texts} />
      {remaining}
    </Group>
  ) : (
    <Stack gap={2} align="flex-start">
      <SlaStateBadge clock={clock} texts={texts} />
      {remaining}
    </Stack>
  );
}

interface SlaClockPanelProps {
  kind: 'response' | 'resolution';
  clock: SlaClockAnswer | null;
  texts: RequestOrOrderTexts;
  /** Why there is no clock (not sent yet, or not for this request). */
  notRunning: string;
  /** Why the clock is paused, shown while it is. */
  pausedNote?: string;
}

/** One SLA clock in full: its target, state, due time, time left or overdue, how much of it is used, and why it is paused. */
export function SlaClockPanel({ kind, clock, texts, notRunning, pausedNote }: SlaClockPanelProps) {
  const { t } = useTranslation();
  const title = t(`${texts}.clock.${kind}`);
  if (!clock) {
    return (
      <Paper withBorder radius="sm" p="sm">
        <Text fw={600} size="sm">
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {notRunning}
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
          <SlaStateBadge clock={clock} texts={texts} />
        </Group>
        <Text size="xs" c="dimmed">
          {t(`${texts}.clock.target`, { count: clock.targetHours })}
        </Text>
        <Progress
          value={used}
          color={SLA_STATE_COLORS[clock.state]}
          size="sm"
          aria-label={t(`${texts}.clock.used`, { title })}
          striped={clock.paused}
        />
        <Text size="sm" fw={500} c={clock.remainingMs < 0 ? 'red.8' : undefined}>
          {clock.stopped
            ? t(`${texts}.clock.stopped.${kind}`, { duration: formatDuration(clock.elapsedMs) })
            : remainingText(clock, t, texts)}
        </Text>
        <Text size="xs" c="dimmed">
          {t(clock.stopped ? `${texts}.clock.wasDue` : `${texts}.clock.due`, { time: formatDateTime(clock.dueAt) })}
          {clock.stopped ? ` · ${remainingText(clock, t, texts)}` : null}
        </Text>
        {clock.paused && pausedNote ? (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconPlayerPauseFilled size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
            <Text size="xs">{pausedNote}</Text>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
