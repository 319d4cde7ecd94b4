import { WO_APPROVAL_STATES } from '@amp/contracts/work-order';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { APPROVAL_CASES } from './approval-state.cases.js';
import { approvalIsSql, approvalOf } from './approval-state.js';

// The approval state's SQL form on PostgreSQL (or PGlite) over the evaluator's case table: each
// state's filter selects exactly the cases approvalOf() puts in it (decision 0028).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the approval state in SQL', () => {
  it.each(WO_APPROVAL_STATES)('%s selects the cases approvalOf puts there', async (state) => {
    const rows = APPROVAL_CASES.map(
      ({ facts }, i) =>
        sql`(${i}::int, ${facts.status}::text, ${facts.approvalNeeded}::boolean, ${facts.sentAt?.toISOString() ?? null}::timestamptz, ${facts.rejected}::boolean)`,
    );
    const where = approvalIsSql(
      { status: sql`c.status`, approvalNeeded: sql`c.approval_needed`, sentAt: sql`c.sent_at`, rejected: sql`c.rejected` },
      state,
    );
    const result = await t.db.execute(sql`select c.i from (values ${sql.join(rows, sql`, `)})
      as c(i, status, approval_needed, sent_at, rejected) where ${where} order by c.i`);
    const selected = (result as unknown as { rows: { i: number }[] }).rows.map((row) => row.i);
    const expected = APPROVAL_CASES.flatMap((c, i) => (approvalOf(c.facts) === state ? [i] : []));
    expect(expected.length).toBeGreaterThan(0);
    expect(selected).toEqual(expected);
  });
});
