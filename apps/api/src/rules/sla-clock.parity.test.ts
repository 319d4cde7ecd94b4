import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { at, H, SENT, SLA_CLOCK_CASES } from './sla-clock.cases.js';
import { lateDeadlineSql, slaClock, slaClockSql } from './sla-clock.js';

// The SLA clock's SQL form on PostgreSQL (or PGlite) over the evaluator's case table: every case
// answers what slaClock() answers (decision 0028). Migration 0040's deadline functions, which the
// reports' indexes are built on, are held to the same cases.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface SqlAnswer {
  i: number;
  state: string | null;
  elapsed_ms: number;
  remaining_ms: number;
  due_at: Date | string;
  stopped_on_time: boolean | null;
  running_late: boolean;
  late_now: boolean;
  late_now_unpaused: boolean | null;
  unpaused_state: string | null;
}

const column = (name: string): SQL => sql.raw(`c.${name}`);

/** Every case as a row of a VALUES table, with the SQL form's answers. */
async function sqlAnswers(): Promise<SqlAnswer[]> {
  const rows = SLA_CLOCK_CASES.map(
    (c, i) =>
      sql`(${i}::int, ${c.target}::int, ${SENT.toISOString()}::timestamptz, ${c.stopped === undefined ? null : at(c.stopped).toISOString()}::timestamptz,
        ${(c.pausedHours ?? 0) * H}::bigint, ${c.pausedSince === undefined ? null : at(c.pausedSince).toISOString()}::timestamptz, ${at(c.now).toISOString()}::timestamptz)`,
  );
  const clockColumns = {
    targetHours: column('target'),
    startedAt: column('started'),
    stoppedAt: column('stopped'),
    pausedMs: column('paused_ms'),
    pausedSince: column('paused_since'),
    now: column('now'),
  };
  const clock = slaClockSql(clockColumns);
  // The work orders' form: no pause under way (the cases without one).
  const unpausedColumns = { ...clockColumns, pausedSince: undefined };
  const unpaused = slaClockSql(unpausedColumns);
  const result = await t.db.execute(sql`
    select c.i, ${clock.state} as state, ${clock.elapsedSeconds} * 1000 as elapsed_ms, ${clock.remainingSeconds} * 1000 as remaining_ms,
      ${clock.dueAt} as due_at, ${clock.stoppedOnTime} as stopped_on_time, ${clock.runningLate} as running_late,
      c.now > ${lateDeadlineSql(clockColumns)} as late_now,
      case when c.paused_since is null then c.now > ${lateDeadlineSql(unpausedColumns)} end as late_now_unpaused,
      case when c.paused_since is null then ${unpaused.state} end as unpaused_state
    from (values ${sql.join(rows, sql`, `)}) as c(i, target, started, stopped, paused_ms, paused_since, now)
    order by c.i`);
  return (result as unknown as { rows: SqlAnswer[] }).rows;
}

describe('the SLA clock in SQL', () => {
  let answers: SqlAnswer[];
  beforeAll(async () => {
    answers = await sqlAnswers();
  });

  it.each(SLA_CLOCK_CASES.map((c, i) => ({ ...c, i })))('$name', (c) => {
    const expected = slaClock({
      targetHours: c.target,
      startedAt: SENT,
      stoppedAt: c.stopped === undefined ? null : at(c.stopped),
      pausedMs: (c.pausedHours ?? 0) * H,
      pausedSince: c.pausedSince === undefined ? null : at(c.pausedSince),
      now: at(c.now),
    });
    const answer = answers[c.i];
    expect(answer?.state).toBe(expected.state);
    expect(Number(answer?.elapsed_ms)).toBeCloseTo(expected.elapsedMs, 3);
    expect(Number(answer?.remaining_ms)).toBeCloseTo(expected.remainingMs, 3);
    expect(new Date(answer?.due_at ?? 0).getTime()).toBe(expected.dueAt.getTime());
    // The reports' verdicts: a stopped clock on time or late; a running one late once breached.
    expect(answer?.stopped_on_time).toBe(expected.stopped ? expected.state !== 'breached' : null);
    expect(answer?.running_late).toBe(!expected.stopped && expected.state === 'breached');
    // Migration 0040's deadline: a running clock is late exactly when it is breached.
    if (!expected.stopped) {
      expect(answer?.late_now).toBe(expected.state === 'breached');
      if (c.pausedSince === undefined) expect(answer?.late_now_unpaused).toBe(expected.state === 'breached');
    }
    if (c.pausedSince === undefined) expect(answer?.unpaused_state).toBe(expected.state);
  });

  it('a clock with no target, or not started, is in no state', async () => {
    const clock = slaClockSql({ targetHours: sql`c.target`, startedAt: sql`c.started`, stoppedAt: sql`null::timestamptz` });
    const result = await t.db.execute(sql`
      select ${clock.state} as state, ${clock.isIn('on_time')} as on_time, ${clock.isIn('breached')} as breached
      from (values (null::int, now()), (4, null::timestamptz)) as c(target, started)`);
    for (const row of (result as unknown as { rows: { state: string | null; on_time: boolean; breached: boolean }[] }).rows) {
      expect(row.state).toBeNull();
      expect(row.on_time).toBe(false);
      expect(row.breached).toBe(false);
    }
  });
});
