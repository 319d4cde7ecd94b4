import { hostname } from 'node:os';
import { HEALTH_COMPONENTS } from '@amp/contracts/health';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { HealthCheck } from './health.service.js';

let t: TestApp;
const log = { warn: () => {} } as never;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const health = (app: FastifyInstance = t.app) => app.inject({ url: '/v2/health' });

/** A database handle whose every query fails as an unreachable server's would. */
function unreachableDb(): Db {
  const refuse = () => Promise.reject(new Error('connect ECONNREFUSED 10.0.0.7:5432 (db-primary.internal)'));
  return new Proxy({} as Db, { get: () => refuse });
}

/** Runs `body` on a transaction that is rolled back, so what it writes is seen by no worker and no other test. */
async function inRolledBack(body: (tx: Db) => Promise<void>) {
  const undone = new Error('undo');
  await t.db
    .transaction(async (tx) => {
      await body(tx);
      throw undone;
    })
    .catch((error) => {
      if (error !== undone) throw error;
    });
}

/** A queue no worker takes, with one job due `minutes` ago. */
async function jobWaiting(tx: Db, name: string, minutes: number) {
  await tx.execute(sql`select pgboss.create_queue(${name}, '{"policy":"standard"}'::json)`);
  await tx.execute(sql`insert into pgboss.job (name, data, start_after) values (${name}, '{}', now() - make_interval(mins => ${minutes}))`);
}

async function mails(tx: Db, counts: { sent?: number; failed?: number; retrying?: number; pending?: number }) {
  const rows = Object.entries(counts).flatMap(([status, n]) =>
    Array.from({ length: n }, (_, i) => ({ to: `r${i}@example.com`, subject: 'Hello', text: 'Hi', status: status as never, attempts: 1 })),
  );
  if (rows.length) await tx.insert(mailOutbox).values(rows);
}

describe('GET /v2/health', () => {
  it('answers anyone, without a session, that every part is operational on a fresh app', async () => {
    const res = await health();
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      status: 'operational',
      components: { api: 'operational', database: 'operational', jobs: 'operational', mail: 'operational' },
    });
    expect(Date.now() - Date.parse(data.checkedAt)).toBeLessThan(60_000);
    // Under the general request limit, like every /v2 call.
    expect(res.headers['ratelimit-limit']).toBeDefined();
  });

  it('answers only the declared fields, naming no version, host, queue, count or error', async () => {
    const res = await health();
    const body = res.json();
    expect(Object.keys(body)).toEqual(['data']);
    expect(Object.keys(body.data).sort()).toEqual(['checkedAt', 'components', 'status']);
    expect(Object.keys(body.data.components).sort()).toEqual([...HEALTH_COMPONENTS].sort());
    for (const value of Object.values(body.data.components)) expect(['operational', 'degraded', 'down']).toContain(value);
    for (const secret of ['pgboss', 'mail.deliver', 'postgres', 'pglite', 'version', hostname(), 'error', 'stack']) {
      expect(res.body.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('reuses its answer for ten seconds, without asking the database again', async () => {
    const first = await health();
    const { db } = t.app.deps;
    t.app.deps.db = unreachableDb();
    try {
      const again = await health();
      expect(again.json()).toEqual(first.json());
      expect(again.headers['cache-control']).toBe('public, max-age=10');
    } finally {
      t.app.deps.db = db;
    }
  });

  it('reports the database, and what depends on it, down when it cannot be reached, without failing or telling why', async () => {
    // Another process: its answer is not yet cached.
    const other = await t.startAnother();
    const { db } = other.deps;
    other.deps.db = unreachableDb();
    try {
      const res = await health(other);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        status: 'down',
        components: { api: 'operational', database: 'down', jobs: 'down', mail: 'down' },
      });
      expect(res.body).not.toMatch(/ECONNREFUSED|10\.0\.0\.7|internal|5432/);
    } finally {
      other.deps.db = db;
    }
  });
});

describe('the health check', () => {
  it('checks again once its answer is ten seconds old, and callers meanwhile share one check', async () => {
    let queries = 0;
    const execute = t.db.execute.bind(t.db);
    const counting = new Proxy(t.db, {
      get: (target, key) => {
        if (key !== 'execute') return Reflect.get(target, key);
        return (query: Parameters<typeof execute>[0]) => {
          queries++;
          return execute(query);
        };
      },
    });
    let now = Date.parse('2026-11-24T10:00:00Z');
    const check = new HealthCheck(() => counting, log, { now: () => now });
    const [a, b] = await Promise.all([check.current(), check.current()]);
    expect(b).toBe(a);
    expect(queries).toBe(3);
    now += 9_999;
    expect(await check.current()).toBe(a);
    expect(queries).toBe(3);
    now += 1;
    const fresh = await check.current();
    expect(queries).toBe(6);
    expect(fresh.checkedAt).toBe('2026-11-24T10:00:10.000Z');
  });

  it('reports a database that does not answer in time as down', async () => {
    const hanging = new Proxy({} as Db, { get: () => () => new Promise(() => {}) });
    const check = new HealthCheck(() => hanging, log, { timeoutMs: 50 });
    expect(await check.current()).toMatchObject({ status: 'down', components: { database: 'down', jobs: 'down', mail: 'down' } });
  });

  it('reports the job queue degraded when work waits past its start for minutes, and down after half an hour', async () => {
    await inRolledBack(async (tx) => {
      await jobWaiting(tx, 'health.idle', 2);
      expect((await new HealthCheck(() => tx, log).current()).components.jobs).toBe('operational');
    });
    await inRolledBack(async (tx) => {
      await jobWaiting(tx, 'health.idle', 10);
      const result = await new HealthCheck(() => tx, log).current();
      expect(result).toMatchObject({ status: 'degraded', components: { database: 'operational', jobs: 'degraded', mail: 'operational' } });
    });
    await inRolledBack(async (tx) => {
      await jobWaiting(tx, 'health.idle', 45);
      expect((await new HealthCheck(() => tx, log).current()).components.jobs).toBe('down');
    });
  });

  it('reports mail delivery degraded when mail waits to be sent, apart from other work', async () => {
    await inRolledBack(async (tx) => {
      await tx.execute(sql`insert into pgboss.job (name, data, start_after) values ('mail.deliver', '{}', now() - interval '10 minutes')`);
      const result = await new HealthCheck(() => tx, log).current();
      expect(result.components).toMatchObject({ jobs: 'operational', mail: 'degraded' });
    });
  });

  it('reports mail delivery by the last hour’s tried mails: a bounce is nothing, many failing is degraded, none sent is down', async () => {
    const mailOf = async (counts: Parameters<typeof mails>[1]) => {
      let status = '';
      await inRolledBack(async (tx) => {
        // Only this hour's mails count.
        await tx.update(mailOutbox).set({ createdAt: sql`now() - interval '2 hours'` });
        await mails(tx, counts);
        status = (await new HealthCheck(() => tx, log).current()).components.mail;
      });
      return status;
    };
    expect(await mailOf({ sent: 40, failed: 1 })).toBe('operational');
    // Kept in the outbox with no mail server configured: never tried, not failing.
    expect(await mailOf({ pending: 20 })).toBe('operational');
    expect(await mailOf({ sent: 6, retrying: 2, failed: 1 })).toBe('degraded');
    expect(await mailOf({ failed: 1 })).toBe('degraded');
    expect(await mailOf({ retrying: 2, failed: 2 })).toBe('down');
  });
});
