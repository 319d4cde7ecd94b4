/**
 * The SLA clock's case table: one row per case, times in hours after the clock started. The
 * evaluator's test (sla-clock.test.ts) and the SQL form's parity test (sla-clock.parity.test.ts)
 * both run it, so the two forms answer the same cases (decision 0028).
 */

export const SENT = new Date('2026-11-23T08:00:00.000Z');
export const at = (hours: number) => new Date(SENT.getTime() + hours * 3_600_000);
export const H = 3_600_000;

export interface SlaClockCase {
  name: string;
  target: number;
  now: number;
  stopped?: number;
  pausedHours?: number;
  pausedSince?: number;
  expect: { state: string; stopped: boolean; paused: boolean; elapsed: number; remaining: number; due: number };
}

export const SLA_CLOCK_CASES: SlaClockCase[] = [
  {
    name: 'just sent',
    target: 24,
    now: 0,
    expect: { state: 'on_time', stopped: false, paused: false, elapsed: 0, remaining: 24, due: 24 },
  },
  {
    name: 'half way',
    target: 24,
    now: 12,
    expect: { state: 'on_time', stopped: false, paused: false, elapsed: 12, remaining: 12, due: 24 },
  },
  // The last fifth of 24 h is 4.8 h.
  {
    name: 'just before the last fifth',
    target: 24,
    now: 19,
    expect: { state: 'on_time', stopped: false, paused: false, elapsed: 19, remaining: 5, due: 24 },
  },
  {
    name: 'in the last fifth',
    target: 24,
    now: 20,
    expect: { state: 'due_soon', stopped: false, paused: false, elapsed: 20, remaining: 4, due: 24 },
  },
  {
    name: 'exactly at the target',
    target: 24,
    now: 24,
    expect: { state: 'due_soon', stopped: false, paused: false, elapsed: 24, remaining: 0, due: 24 },
  },
  {
    name: 'past the target',
    target: 24,
    now: 25,
    expect: { state: 'breached', stopped: false, paused: false, elapsed: 25, remaining: -1, due: 24 },
  },
  // A short target is due soon for its last hour, not its last fifth (12 minutes).
  {
    name: 'short target, last hour',
    target: 4,
    now: 3.5,
    expect: { state: 'due_soon', stopped: false, paused: false, elapsed: 3.5, remaining: 0.5, due: 4 },
  },
  {
    name: 'one-hour target is due soon at once',
    target: 1,
    now: 0,
    expect: { state: 'due_soon', stopped: false, paused: false, elapsed: 0, remaining: 1, due: 1 },
  },
  {
    name: 'stopped in time',
    target: 4,
    now: 30,
    stopped: 3,
    expect: { state: 'on_time', stopped: true, paused: false, elapsed: 3, remaining: 1, due: 4 },
  },
  {
    name: 'stopped in its last hour stays on time',
    target: 4,
    now: 30,
    stopped: 3.9,
    expect: { state: 'on_time', stopped: true, paused: false, elapsed: 3.9, remaining: 0.1, due: 4 },
  },
  {
    name: 'stopped late',
    target: 4,
    now: 30,
    stopped: 6,
    expect: { state: 'breached', stopped: true, paused: false, elapsed: 6, remaining: -2, due: 4 },
  },
  // Pauses: the time waiting on the owner does not count, and the due time moves with it.
  {
    name: 'after a pause of 10 h',
    target: 24,
    now: 30,
    pausedHours: 10,
    expect: { state: 'due_soon', stopped: false, paused: false, elapsed: 20, remaining: 4, due: 34 },
  },
  {
    name: 'paused now, since hour 20',
    target: 24,
    now: 40,
    pausedSince: 20,
    expect: { state: 'due_soon', stopped: false, paused: true, elapsed: 20, remaining: 4, due: 44 },
  },
  {
    name: 'paused before the breach is not breached while paused',
    target: 24,
    now: 100,
    pausedSince: 23,
    expect: { state: 'due_soon', stopped: false, paused: true, elapsed: 23, remaining: 1, due: 101 },
  },
  {
    name: 'ended and current pauses together',
    target: 24,
    now: 40,
    pausedHours: 5,
    pausedSince: 35,
    expect: { state: 'breached', stopped: false, paused: true, elapsed: 30, remaining: -6, due: 34 },
  },
  {
    name: 'breached, then paused: stays breached',
    target: 8,
    now: 20,
    pausedSince: 10,
    expect: { state: 'breached', stopped: false, paused: true, elapsed: 10, remaining: -2, due: 18 },
  },
  {
    name: 'closed while paused: the pause ends at the close',
    target: 24,
    now: 50,
    stopped: 30,
    pausedSince: 20,
    expect: { state: 'on_time', stopped: true, paused: false, elapsed: 20, remaining: 4, due: 34 },
  },
  {
    name: 'a pause said to start before the clock counts from the start',
    target: 24,
    now: 10,
    pausedSince: -5,
    expect: { state: 'on_time', stopped: false, paused: true, elapsed: 0, remaining: 24, due: 34 },
  },
  {
    name: 'stopped exactly at the target is on time',
    target: 4,
    now: 30,
    stopped: 4,
    expect: { state: 'on_time', stopped: true, paused: false, elapsed: 4, remaining: 0, due: 4 },
  },
  // Inconsistent rows count nothing rather than negative time.
  {
    name: 'paused longer than the time since the start counts nothing',
    target: 24,
    now: 5,
    pausedHours: 10,
    expect: { state: 'on_time', stopped: false, paused: false, elapsed: 0, remaining: 24, due: 29 },
  },
  {
    name: 'stopped before it started counts nothing',
    target: 8,
    now: 10,
    stopped: -1,
    expect: { state: 'on_time', stopped: true, paused: false, elapsed: 0, remaining: 8, due: 7 },
  },
];
