import { DUE_SOON_SHARE, type SlaClockState } from '@amp/contracts/sla-clock';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * The SLA clock, once: the evaluator (contracts, so the web computes the same clock) and its SQL
 * form, side by side. Every SQL that works out a clock (the lists' SLA filter, the reports' hours
 * and verdicts, the score card's verdicts) builds it here; sla-clock.parity.test.ts runs this SQL
 * over the evaluator's case table on PostgreSQL and asserts the same answers (decision 0028).
 */
export {
  dueSoonWindowMs,
  SLA_CLOCK_STATES,
  type SlaClock,
  type SlaClockInput,
  type SlaClockState,
  slaClock,
} from '@amp/contracts/sla-clock';

const HOUR_SECONDS = 3600;

/** A clock's columns (or any SQL giving them), as SlaClockInput names them; `now` defaults to now(). */
export interface SlaClockColumns {
  /** The target in hours; null: no SLA, the clock is in no state. */
  targetHours: SQLWrapper;
  /** When it started; null: not started, in no state. */
  startedAt: SQLWrapper;
  /** When it stopped (null while it runs). */
  stoppedAt: SQLWrapper;
  /** Time paused in pauses that ended, in ms (a clock never paused: 0). */
  pausedMs?: SQLWrapper;
  /** The pause under way (a clock never paused now: left out). */
  pausedSince?: SQLWrapper;
  now?: SQLWrapper;
}

/**
 * slaClock() in SQL, in float8 seconds (date_part, not extract: numeric arithmetic over an
 * organisation's orders cost seconds, see score-card.repository.ts). Each expression mirrors one
 * line of the evaluator.
 */
export function slaClockSql(clock: SlaClockColumns) {
  const now = clock.now ?? sql`now()`;
  const pausedMs = clock.pausedMs ?? sql`0`;
  const target = sql`(${clock.targetHours}::float8 * ${HOUR_SECONDS})`;
  /** The time that counted from the start to `end`: paused time left out, a current pause cut at `end` and at the start. */
  const elapsedSecondsAt = (end: SQLWrapper): SQL => {
    const currentPause = clock.pausedSince
      ? sql`case when ${clock.pausedSince} is null then 0::float8
          else greatest(0::float8, date_part('epoch', ${end} - greatest(${clock.pausedSince}, ${clock.startedAt}))) end`
      : sql`0::float8`;
    // greatest() skips nulls: a clock not started counts null, not 0.
    return sql`case when ${clock.startedAt} is null then null::float8
      else greatest(0::float8, date_part('epoch', ${end} - ${clock.startedAt}) - greatest(0::float8, ${pausedMs}::float8 / 1000) - ${currentPause}) end`;
  };
  const end = sql`coalesce(${clock.stoppedAt}, ${now})`;
  const elapsedSeconds = elapsedSecondsAt(end);
  const remainingSeconds = sql`(${target} - ${elapsedSeconds})`;
  const dueSoonWindowSeconds = sql`greatest(${target} * ${sql.raw(String(DUE_SOON_SHARE))}, least(${HOUR_SECONDS}::float8, ${target}))`;
  /** The clock has a target and has started: it is in a state. */
  const timed = sql`(${clock.targetHours} is not null and ${clock.startedAt} is not null)`;
  const state = sql<SlaClockState | null>`case when not ${timed} then null
      when ${remainingSeconds} < 0 then 'breached'
      when ${clock.stoppedAt} is null and ${remainingSeconds} <= ${dueSoonWindowSeconds} then 'due_soon'
      else 'on_time' end`;
  return {
    timed,
    elapsedSecondsAt,
    elapsedSeconds,
    remainingSeconds,
    dueSoonWindowSeconds,
    state,
    dueAt: sql`(${end} + ${remainingSeconds} * interval '1 second')`,
    /** The clock is in this state now (a clock in no state is in none). */
    isIn: (wanted: SlaClockState): SQL => sql`(${timed} and ${state} = ${wanted})`,
    /** Stopped within its target (true), late (false); null while it runs or with no target. */
    stoppedOnTime: sql`case when not ${timed} or ${clock.stoppedAt} is null then null
      else ${elapsedSecondsAt(clock.stoppedAt)} <= ${target} end`,
    /** Running and already past its target (late now). */
    runningLate: sql`(${timed} and ${clock.stoppedAt} is null and ${elapsedSecondsAt(now)} > ${target})`,
  };
}

/**
 * When a running clock turns late, as an instant: migration 0040's functions (the reports' partial
 * indexes are on these expressions, so the reads must call them as they are). While a pause runs it
 * is -infinity (late for good) or infinity (never, until the pause ends). The parity test holds them
 * to slaClock(): late exactly when its state is breached.
 */
export function lateDeadlineSql(clock: Pick<SlaClockColumns, 'targetHours' | 'startedAt' | 'pausedMs' | 'pausedSince'>): SQL {
  if (clock.pausedSince)
    return sql`report_request_resolution_deadline(${clock.startedAt}, ${clock.targetHours}, ${clock.pausedMs ?? sql`0`}, ${clock.pausedSince})`;
  return sql`report_clock_deadline(${clock.startedAt}, ${clock.targetHours}, ${clock.pausedMs ?? sql`0`})`;
}
