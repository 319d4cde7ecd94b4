import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { defineJob, JobQueue } from './jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function scheduled(): Promise<string[]> {
  const result = await t.db.execute(sql`select name from pgboss.schedule order by name`);
  return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
}

/** Another API process's queue on the same database, with these jobs. */
async function startQueue(...definitions: ReturnType<typeof defineJob>[]) {
  const queue = new JobQueue(t.database, t.app.log, { workers: true, pollingIntervalSeconds: 0.5 });
  for (const definition of definitions) queue.define(definition);
  await queue.start();
  await queue.stop();
}

const sweep = (name: string) => defineJob({ name: name as never, run: async () => {}, schedule: { cron: '*/5 * * * *', timeZone: 'UTC' } });

describe('the job queue', () => {
  it('keeps the schedules of the jobs it defines and drops the rest (a renamed or removed job)', async () => {
    // Every process runs the same jobs: the schedules a starting process does not define are gone
    // from the code (here the app's own, which this stand-in process does not define).
    await startQueue(sweep('test.old-sweep'));
    expect(await scheduled()).toEqual(['test.old-sweep']);
    await startQueue(sweep('test.new-sweep'));
    expect(await scheduled()).toEqual(['test.new-sweep']);
  });
});
