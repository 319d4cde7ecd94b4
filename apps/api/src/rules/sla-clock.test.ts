import { describe, expect, it } from 'vitest';
import { at, H, SENT, SLA_CLOCK_CASES } from './sla-clock.cases.js';
import { slaClock } from './sla-clock.js';

// The SLA clock's evaluator (packages/contracts/src/sla-clock.ts) over the shared case table.

describe('the SLA clock', () => {
  it.each(SLA_CLOCK_CASES)('$name', (c) => {
    const clock = slaClock({
      targetHours: c.target,
      startedAt: SENT,
      stoppedAt: c.stopped === undefined ? null : at(c.stopped),
      pausedMs: (c.pausedHours ?? 0) * H,
      pausedSince: c.pausedSince === undefined ? null : at(c.pausedSince),
      now: at(c.now),
    });
    expect({
      state: clock.state,
      stopped: clock.stopped,
      paused: clock.paused,
      elapsed: clock.elapsedMs / H,
      remaining: clock.remainingMs / H,
      due: (clock.dueAt.getTime() - SENT.getTime()) / H,
    }).toEqual(c.expect);
  });
});
