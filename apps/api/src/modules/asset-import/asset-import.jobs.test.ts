import { randomBytes } from 'node:crypto';
import type { AssetImportJob } from '@amp/contracts/asset-import';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, assetImports, assets, categories, notifications } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { createWarehouse, multipartFile } from '../../test/factories.js';
import { createTestApp, createUser, type TestApp, type TestUser } from '../../test/harness.js';
import { assetImportJobs, failAbandonedImports, runImportJob, uploadKey } from './asset-import.jobs.js';

// An API process without job workers: an upload is stored and queued, and stays so until a
// worker (here: the job's run, called as a worker of another process would) picks it up.
let t: TestApp;
let owner: TestUser;

function upload(fileName: string, content: string) {
  const boundary = '----ampjobs';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return t.app.inject({
    method: 'POST',
    url: '/v2/asset/bulk/add',
    headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function queued(fileName: string, rows: number): Promise<AssetImportJob> {
  const lines = ['name,category', ...Array.from({ length: rows }, (_, i) => `Pump ${i + 1},Water`)];
  const res = await upload(fileName, `${lines.join('\n')}\n`);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data;
}

async function importOf(id: string): Promise<AssetImportJob> {
  const res = await t.app.inject({ method: 'GET', url: `/v2/asset/bulk/${id}`, headers: owner.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** The registered job, run as a worker runs it. */
function runJob(importId: string, retryCount = 0) {
  const job = assetImportJobs(t.app.deps).find((definition) => definition.name === 'asset-import.run')!;
  return job.run({ importId } as never, { id: `test-${importId}`, retryCount, lastAttempt: false });
}

async function counts(importId: string) {
  const [assetRows] = await t.db.select({ value: count() }).from(assets).where(eq(assets.organisationId, owner.organisationId));
  const [activityRows] = await t.db.select({ value: count() }).from(activities).where(eq(activities.subjectId, importId));
  const sent = await t.db
    .select({ event: notifications.event, params: notifications.params })
    .from(notifications)
    .where(and(eq(notifications.recipientId, owner.id), sql`${notifications.path} like ${`%?import=${importId}`}`));
  return { assets: assetRows!.value, activities: activityRows!.value, notifications: sent };
}

async function stored(importId: string): Promise<boolean> {
  const body = await t.app.deps.storage.get(uploadKey(owner.organisationId, importId));
  body?.destroy();
  return body !== undefined;
}

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: 'false' });
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  await t.db.insert(categories).values({ name: 'Water', parentId: null });
});
afterAll(async () => {
  await t?.close();
});

/** How often the table was analysed and vacuumed by hand (autovacuum's own passes are counted apart). */
async function tidyCounts(table: string) {
  await t.db.execute(sql`select pg_stat_clear_snapshot()`);
  const { rows } = (await t.db.execute(
    sql`select analyze_count::int as analyzed, vacuum_count::int as vacuumed from pg_stat_user_tables where relname = ${table}`,
  )) as unknown as { rows: { analyzed: number; vacuumed: number }[] };
  return rows[0]!;
}

describe('asset-import.run', () => {
  it("tidies the written table up once the file is written, so the owner's next list is planned on its rows", async () => {
    const before = await tidyCounts('assets');
    const small = await queued('small.csv', 3);
    await runJob(small._id);
    expect((await importOf(small._id)).status).toBe('succeeded');
    // A few rows: fresh statistics.
    expect(await tidyCounts('assets')).toEqual({ analyzed: before.analyzed + 1, vacuumed: before.vacuumed });
    // A bulk write: the visibility map too, so the first readers do not pay for it.
    const bulk = await queued('bulk.csv', 1_000);
    await runJob(bulk._id);
    expect((await importOf(bulk._id)).status).toBe('succeeded');
    expect(await tidyCounts('assets')).toEqual({ analyzed: before.analyzed + 2, vacuumed: before.vacuumed + 1 });
    const [{ value } = { value: 0 }] = await t.db
      .select({ value: count() })
      .from(assets)
      .where(eq(assets.organisationId, owner.organisationId));
    expect(value).toBeGreaterThanOrEqual(1_003);
  });

  it('queues an upload with its stored file and its job, then runs it on a worker; an interrupted attempt is run again cleanly', async () => {
    const job = await queued('restart.csv', 3);
    expect(job).toMatchObject({ status: 'queued', totalRows: 0, processedRows: 0 });
    expect(await stored(job._id)).toBe(true);
    const { rows } = (await t.db.execute(
      sql`select state, data from pgboss.job where name = 'asset-import.run' and data->>'importId' = ${job._id}`,
    )) as unknown as { rows: { state: string; data: { importId: string } }[] };
    expect(rows).toEqual([{ state: 'created', data: { importId: job._id } }]);
    // No worker here: it waits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await importOf(job._id)).status).toBe('queued');

    // A worker was killed while reading the file: its progress is left behind, nothing was written.
    await t.db.update(assetImports).set({ status: 'reading', totalRows: 3, processedRows: 2 }).where(eq(assetImports.id, job._id));
    const before = await counts(job._id);
    await runJob(job._id, 1);
    expect(await importOf(job._id)).toMatchObject({ status: 'succeeded', totalRows: 3, processedRows: 3, writtenRows: 3 });
    const after = await counts(job._id);
    expect(after.assets).toBe(before.assets + 3);
    expect(after.activities).toBe(1);
    expect(after.notifications).toEqual([{ event: 'import.succeeded', params: { file: 'restart.csv', count: 3 } }]);
    expect(await stored(job._id)).toBe(false);

    // The same job delivered again (its process stopped before pg-boss heard it had finished): nothing is written twice.
    await runJob(job._id, 2);
    expect(await counts(job._id)).toEqual(after);
    expect((await importOf(job._id)).status).toBe('succeeded');
  });

  it('writes once when two runs of one import race', async () => {
    const job = await queued('race.csv', 5);
    const before = await counts(job._id);
    await Promise.all([runJob(job._id), runJob(job._id)]);
    expect(await importOf(job._id)).toMatchObject({ status: 'succeeded', writtenRows: 5 });
    const after = await counts(job._id);
    expect(after.assets).toBe(before.assets + 5);
    expect(after.activities).toBe(1);
    expect(after.notifications).toHaveLength(1);
  });

  it('retries a failure that may pass, and fails the import at the last attempt, telling the author', async () => {
    const job = await queued('flaky.csv', 2);
    const { storage } = t.app.deps;
    const broken: Deps = {
      ...t.app.deps,
      storage: {
        put: (key, body, type) => storage.put(key, body, type),
        get: () => Promise.reject(new Error('storage unreachable')),
        delete: (key) => storage.delete(key),
      },
    };
    await expect(runImportJob(broken, job._id, { lastAttempt: false })).rejects.toThrow('storage unreachable');
    expect(await importOf(job._id)).toMatchObject({ status: 'queued', finishedAt: null });
    expect(await stored(job._id)).toBe(true);
    await expect(runImportJob(broken, job._id, { lastAttempt: true })).rejects.toThrow('storage unreachable');
    expect(await importOf(job._id)).toMatchObject({
      status: 'failed',
      failureMessage: 'Something went wrong on our side. Please try again.',
    });
    expect((await counts(job._id)).notifications).toEqual([
      { event: 'import.failed', params: { file: 'flaky.csv', reason: 'Something went wrong on our side. Please try again.' } },
    ]);
    expect(await stored(job._id)).toBe(false);
  });

  it('fails an import whose upload is gone', async () => {
    const job = await queued('lost.csv', 1);
    await t.app.deps.storage.delete(uploadKey(owner.organisationId, job._id));
    await runJob(job._id);
    expect(await importOf(job._id)).toMatchObject({
      status: 'failed',
      failureMessage: 'The import was interrupted and nothing was written. Please upload the file again',
    });
    expect((await counts(job._id)).notifications).toMatchObject([{ event: 'import.failed' }]);
  });
});

describe('a file that is not a readable spreadsheet', () => {
  /** A zip's signature and random bytes: an XLSX by its first bytes, and nothing else. */
  const corruptXlsx = () => Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), randomBytes(2_000)]);

  /** Each subject's upload route and its caller, as the web sends a file. */
  async function uploadOf(subject: 'asset' | 'pricebook' | 'inventory', content: Buffer) {
    const caller =
      subject === 'asset'
        ? owner
        : subject === 'pricebook'
          ? await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true })
          : await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
    const url =
      subject === 'asset'
        ? '/v2/asset/bulk/add'
        : subject === 'pricebook'
          ? '/v2/pricebook/import'
          : `/v2/warehouse/${await createWarehouse(t, caller)}/import`;
    const body = await multipartFile(content, 'broken.xlsx');
    const res = await t.app.inject({ method: 'POST', url, headers: { ...caller.headers, ...body.headers }, payload: body.payload });
    expect(res.statusCode, res.body).toBe(202);
    const importId = (res.json().data as AssetImportJob)._id;
    const read = async () => {
      const [row] = await t.db.select().from(assetImports).where(eq(assetImports.id, importId));
      return row!;
    };
    return { importId, read };
  }

  for (const subject of ['asset', 'pricebook', 'inventory'] as const) {
    it(`fails the ${subject} import at its first attempt with a clear message, never to be retried`, async () => {
      const { importId, read } = await uploadOf(subject, corruptXlsx());
      // Not the last attempt: a failure that might pass would be thrown for the queue to retry.
      await runJob(importId);
      expect(await read()).toMatchObject({
        status: 'failed',
        failureMessage: 'The file is not a readable spreadsheet. Save it as CSV (UTF-8) or XLSX and try again',
        writtenRows: 0,
      });
      expect(await stored(importId).catch(() => false)).toBe(false);
    });
  }

  it('stops reading a file past the time an import may take, and fails it without a retry', async () => {
    const slow = await createTestApp({ JOB_WORKERS: 'false', IMPORT_MAX_SECONDS: '0.01' });
    try {
      const author = await createUser(slow.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
      await slow.db.insert(categories).values({ name: 'Water', parentId: null });
      const lines = ['name,category', ...Array.from({ length: 20_000 }, (_, i) => `Pump ${i + 1},Water`)];
      const body = await multipartFile(`${lines.join('\n')}\n`, 'huge.csv');
      const res = await slow.app.inject({
        method: 'POST',
        url: '/v2/asset/bulk/add',
        headers: { ...author.headers, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode, res.body).toBe(202);
      const importId = res.json().data._id as string;
      await runImportJob(slow.app.deps, importId, { lastAttempt: false });
      const [row] = await slow.db.select().from(assetImports).where(eq(assetImports.id, importId));
      expect(row).toMatchObject({
        status: 'failed',
        failureMessage: 'The file took too long to read. Split it into smaller files and try again',
        writtenRows: 0,
      });
      const [written] = await slow.db.select({ value: count() }).from(assets).where(eq(assets.organisationId, author.organisationId));
      expect(written!.value).toBe(0);
    } finally {
      await slow.close();
    }
  });
});

describe('asset-import.sweep', () => {
  it('fails an import whose job gave up on an interrupted last attempt, and leaves finished ones alone', async () => {
    const job = await queued('abandoned.csv', 1);
    const done = await queued('done.csv', 1);
    await runJob(done._id);
    // pg-boss failed both jobs on expiry after their last attempt: the first one's process had stopped mid-run.
    await t.db.update(assetImports).set({ status: 'writing' }).where(eq(assetImports.id, job._id));
    await t.db.execute(
      sql`update pgboss.job set state = 'failed' where name = 'asset-import.run' and data->>'importId' in (${job._id}, ${done._id})`,
    );
    const before = await counts(job._id);
    await failAbandonedImports(t.app.deps);
    expect(await importOf(job._id)).toMatchObject({
      status: 'failed',
      failureMessage: 'The import was interrupted and nothing was written. Please upload the file again',
    });
    const after = await counts(job._id);
    expect(after.assets).toBe(before.assets);
    expect(after.notifications).toEqual([
      {
        event: 'import.failed',
        params: { file: 'abandoned.csv', reason: 'The import was interrupted and nothing was written. Please upload the file again' },
      },
    ]);
    expect(await stored(job._id)).toBe(false);
    expect((await importOf(done._id)).status).toBe('succeeded');
    // Run again, it changes nothing.
    await failAbandonedImports(t.app.deps);
    expect((await counts(job._id)).notifications).toHaveLength(1);
  });
});
