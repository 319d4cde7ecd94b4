import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Database, type Db, openDatabase } from '../db/client.js';
import { seedDatabase } from '../db/seed.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** Another app on the same database, as a second API process would be (closed with this one). */
  startAnother(env?: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh, migrated database: a throwaway PostgreSQL database when
 * TEST_DATABASE_URL is set (CI), otherwise PGlite in memory.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** `logStream` receives the log lines (set LOG_LEVEL in env); without it the app logs nothing. */
  options: {
    logStream?: { write(line: string): void };
    /** Told of every statement the app sends (db/client.ts onQuery). */
    onQuery?: (text: string, params: readonly unknown[]) => void;
  } = {},
): Promise<TestApp> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let url: string | undefined;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const { Client } = await import('pg');
    const name = `amp_test_${randomBytes(6).toString('hex')}`;
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(adminUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dropDatabase = async () => {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  // Uploaded files go to a throwaway directory of this app.
  const dataDir = env.DATA_DIR ? undefined : mkdtempSync(join(tmpdir(), 'amp-test-'));
  const configEnv: Record<string, string> = {
    NODE_ENV: 'test',
    PUBLIC_URL: 'http://amp.test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    // Idle workers look for jobs twice a second (jobs queued by a request start at once anyway).
    JOB_POLL_SECONDS: '0.5',
    // The general request limit stays out of the way of tests that send many requests as one user
    // or from one address; plugins/request-limit.test.ts sets small ones to test it.
    RATE_LIMIT_PER_USER: '1000000',
    RATE_LIMIT_PER_IP: '1000000',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    ...env,
  };
  const config = loadConfig(configEnv);
  const database = await openDatabase({
    url,
    dataDir: 'memory://',
    poolSize: config.DATABASE_POOL_SIZE,
    ...(options.onQuery ? { onQuery: options.onQuery } : {}),
  });
  await seedDatabase(database.db, { demo: false });
  const app = await buildApp({ config, database, ...(options.logStream ? { logStream: options.logStream } : { logger: false }) });
  await app.ready();
  const others: FastifyInstance[] = [];
  return {
    app,
    db: database.db,
    database,
    async startAnother(extraEnv = {}) {
      const other = await buildApp({ config: loadConfig({ ...configEnv, ...extraEnv }), database, logger: false });
      await other.ready();
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      await database.close();
      await dropDatabase();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// The factories live in factories.ts; these names stay importable from here for tests written before it.
export { createUser, type TestUser } from './factories.js';
