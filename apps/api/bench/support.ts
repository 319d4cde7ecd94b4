// Shared by the notification and job benchmarks: a throwaway database, API processes started from
// bench/app-process.ts and driven over IPC, percentiles and the budget lines.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedDatabase } from '../src/db/seed.js';

const ROOT = join(import.meta.dirname, '..');
export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * The environment of the real API (src/server.ts) on a benchmark's database, on 127.0.0.1:port: no
 * demo data, quiet logs, a throwaway data folder, and the per-user rate limit lifted (20 connections
 * through one session go far past it; its check still runs on each request and is measured).
 */
export function benchApiEnv(databaseUrl: string, port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'amp-bench-data-')),
    RATE_LIMIT_PER_USER: String(1e9),
    ...extra,
  };
}

export const log = (line: string) => console.log(line);
/** Wall-clock milliseconds with sub-millisecond resolution, comparable with app-process.ts's. */
export const now = () => performance.timeOrigin + performance.now();
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * A kept database for the benchmarks at scale (`name` on SERVER_URL): true when it already holds at
 * least `rows` rows of `table` (seeded by an earlier run; BENCH_RESEED=1 forces a new seed), else it
 * is created empty again.
 */
export async function keptBenchDatabase(name: string, seeded: { table: string; rows: number }): Promise<boolean> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  let ready = false;
  if (exists && process.env.BENCH_RESEED !== '1') {
    const probe = new pg.Client({ connectionString: withDatabase(SERVER_URL, name) });
    await probe.connect();
    try {
      ready = (await probe.query(`select count(*)::int as n from ${seeded.table}`)).rows[0].n >= seeded.rows;
    } catch {
      ready = false;
    }
    await probe.end();
  }
  if (!ready) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  return ready;
}

/** A fresh database `amp_bench_<prefix>_<random>`, migrated and seeded (roles, no demo data); dropped by drop(). */
export async function createBenchDatabase(prefix: string) {
  const name = `amp_bench_${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = withDatabase(SERVER_URL, name);
  const database = await openDatabase({ url, poolSize: loadConfig().DATABASE_POOL_SIZE });
  await seedDatabase(database.db, { demo: false });
  await database.close();
  return {
    name,
    url,
    async drop() {
      const client = new pg.Client({ connectionString: SERVER_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export interface AppProcess {
  pid: number;
  port: number;
  base: string;
  /** Sends a command to the process (bench/app-process.ts) and waits for its answer. */
  request<T = Record<string, unknown>>(command: Record<string, unknown>, timeoutMs?: number): Promise<T>;
  stop(): Promise<void>;
}

/** The real app in a child process (node --import tsx bench/app-process.ts), listening on 127.0.0.1:port. */
export async function startApp(port: number, env: Record<string, string>): Promise<AppProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/app-process.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = 0;
  const waiting = new Map<number, (message: Record<string, unknown>) => void>();
  child.on('message', (message: Record<string, unknown>) => {
    const id = message.id as number | undefined;
    if (id !== undefined) {
      waiting.get(id)?.(message);
      waiting.delete(id);
    }
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the API process did not start in 60 s')), 60_000);
    child.on('message', (message: { type?: string }) => {
      if (message.type === 'ready') {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the API process exited (${code})`));
    });
  });
  return {
    pid: child.pid!,
    port,
    base: `http://127.0.0.1:${port}`,
    request<T>(command: Record<string, unknown>, timeoutMs = 120_000) {
      const id = next++;
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer to ${String(command.type)} in ${timeoutMs} ms`)), timeoutMs);
        waiting.set(id, (message) => {
          clearTimeout(timer);
          if (message.error) reject(new Error(String(message.error)));
          else resolve(message as T);
        });
        child.send({ ...command, id });
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function percentile(sorted: readonly number[], p: number) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Every budget, printed one per line at the end as `PASS|FAIL name: figure (budget b)`. */
export class Budgets {
  private readonly lines: { ok: boolean; text: string }[] = [];

  check(ok: boolean, name: string, figure: string, budget: string) {
    this.lines.push({ ok, text: `${name}: ${figure} (budget ${budget})` });
  }

  /** Prints them; a missed one (or none at all) makes the process exit with 1. */
  print() {
    log('');
    for (const { ok, text } of this.lines) log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
    if (this.lines.length === 0 || this.lines.some(({ ok }) => !ok)) process.exitCode = 1;
  }
}
