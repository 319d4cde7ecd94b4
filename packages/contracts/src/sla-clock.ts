/**
 * The SLA clocks of a service request (issue 9), as one pure function the API, the lists, the
 * reports and the web all use. A request copies its SLA's targets when it is sent; then:
 * - the response clock runs from sent to accepted;
 * - the resolution clock runs from sent to the owner's close, paused while the request waits on
 *   the owner (an observation awaiting its decision).
 * The request stores the timestamps and the paused time; the state is computed, never stored, so
 * it is right at any instant. (The breach job stores only that it has told the parties.)
 * Its SQL form, beside it for the API: apps/api/src/rules/sla-clock.ts (decision 0028).
 */

export const SLA_CLOCK_STATES = ['on_time', 'due_soon', 'breached'] as const;
export type SlaClockState = (typeof SLA_CLOCK_STATES)[number];

/** A running clock is due soon in the last fifth of its target (at least its last hour). */
export const DUE_SOON_SHARE = 0.2;
const HOUR_MS = 3_600_000;

export interface SlaClockInput {
  /** The target, in hours (the SLA's response or resolution hours, copied into the request). */
  targetHours: number;
  /** When the clock started (the request was sent). */
  startedAt: Date;
  /** When it stopped (accepted, for the response clock; closed, for the resolution clock); null while it runs. */
  stoppedAt: Date | null;
  /** Time spent paused in pauses that have ended, in milliseconds. */
  pausedMs: number;
  /** The start of the pause under way, if the clock is paused now. */
  pausedSince: Date | null;
  now: Date;
}

export interface SlaClock {
  state: SlaClockState;
  /** The clock is stopped: its state is final (on time, or breached if it stopped late). */
  stopped: boolean;
  /** The clock is paused now (waiting on the owner). */
  paused: boolean;
  /** The time that counted, in milliseconds (paused time left out). */
  elapsedMs: number;
  /** What is left of the target (negative once it is over). */
  remainingMs: number;
  /**
   * When the target is reached if the clock keeps running from now (for a stopped clock: when it
   * was due). While paused, it moves with the pause.
   */
  dueAt: Date;
}

/**
 * How long before its end a running clock counts as due soon: the last fifth of the target, and
 * at least the last hour (all of a target of an hour or less). The breach job's warning instants
 * are written with the same rule in SQL (service-request.repository.ts).
 */
export function dueSoonWindowMs(targetHours: number): number {
  const targetMs = targetHours * HOUR_MS;
  return Math.max(targetMs * DUE_SOON_SHARE, Math.min(HOUR_MS, targetMs));
}

/** The state of one SLA clock at `now`. */
export function slaClock(input: SlaClockInput): SlaClock {
  const targetMs = input.targetHours * HOUR_MS;
  const end = input.stoppedAt ?? input.now;
  // A pause cannot count beyond the clock's end, nor start before the clock did.
  const pauseStart = input.pausedSince ? Math.max(input.pausedSince.getTime(), input.startedAt.getTime()) : null;
  const currentPauseMs = pauseStart === null ? 0 : Math.max(0, end.getTime() - pauseStart);
  const pausedMs = Math.max(0, input.pausedMs) + currentPauseMs;
  const elapsedMs = Math.max(0, end.getTime() - input.startedAt.getTime() - pausedMs);
  const remainingMs = targetMs - elapsedMs;
  const stopped = input.stoppedAt !== null;
  const paused = !stopped && input.pausedSince !== null;
  const dueSoonMs = dueSoonWindowMs(input.targetHours);
  const state: SlaClockState = remainingMs < 0 ? 'breached' : !stopped && remainingMs <= dueSoonMs ? 'due_soon' : 'on_time';
  return {
    state,
    stopped,
    paused,
    elapsedMs,
    remainingMs,
    dueAt: new Date(end.getTime() + remainingMs),
  };
}
