// One API process for the notification and job benchmarks: the real app (buildApp) on DATABASE_URL,
// listening on 127.0.0.1:PORT, configured from the environment like src/server.ts. The benchmark
// drives it over IPC, so the writes it measures run inside this process's own write path (and wake
// its own workers) as a request would:
//   { type: 'memory' }                    garbage-collect (node --expose-gc), answer memory figures
//   { type: 'notify', users, path }        one write() with fx.notify to these users
//   { type: 'mail', run, count, perWrite } `count` mails through write() + fx.mail, `perWrite` a write
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Db, openDatabase, type Tx } from '../src/db/client.js';
import { write } from '../src/lib/write.js';

type Command =
  | { type: 'memory'; id: number }
  | { type: 'notify'; id: number; users: string[]; path: string }
  | { type: 'mail'; id: number; run: string; count: number; perWrite: number; to: string };

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between processes of one machine. */
const now = () => performance.timeOrigin + performance.now();
const reply = (message: object) => process.send?.(message);

const dataDir = mkdtempSync(join(tmpdir(), 'amp-bench-app-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, WEB_DIST: '/nonexistent' });
const database = await openDatabase({ url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
const app = await buildApp({ config, database });
const actor = { userId: null, organisationId: null };

/**
 * The same database handle, noting when a transaction's work is done and its COMMIT goes out. That
 * is the commit time of the latency figures: when write() returns is later by the commit's round
 * trip and by whatever this process's event loop does first (delivering those very notifications
 * to its own streams, as the LISTEN connection may be read before the COMMIT's answer).
 */
function timed(db: Db, onCommit: (at: number) => void): Db {
  return Object.create(db, {
    transaction: {
      value: (work: (tx: Tx) => Promise<unknown>, options?: never) =>
        db.transaction(async (tx) => {
          const value = await work(tx);
          onCommit(now());
          return value;
        }, options),
    },
  }) as Db;
}

process.on('message', async (command: Command) => {
  try {
    if (command.type === 'memory') {
      for (let i = 0; i < 3; i++) global.gc?.();
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      reply({ id: command.id, rss, heapUsed, external, arrayBuffers, streams: app.deps.live.size });
    } else if (command.type === 'notify') {
      const startedAt = now();
      let committedAt = 0;
      await write({ ...app.deps, db: timed(app.deps.db, (at) => (committedAt = at)) }, actor, async (_tx, fx) => {
        fx.notify({
          event: 'sla.created',
          to: { users: command.users },
          params: { owner: 'Bench Towers Ltd', title: 'Generator upkeep' },
          path: command.path,
        });
      });
      reply({ id: command.id, startedAt, committedAt, returnedAt: now() });
    } else if (command.type === 'mail') {
      const startedAt = now();
      for (let from = 0; from < command.count; from += command.perWrite) {
        const to = Math.min(command.count, from + command.perWrite);
        await write(app.deps, actor, async (_tx, fx) => {
          // The sequence number in the subject identifies the outbox row: the sink counts each one.
          for (let n = from; n < to; n++)
            fx.mail({ to: command.to, subject: `bench mail ${command.run}#${n}`, text: `Bench mail number ${n}.` });
        });
      }
      reply({ id: command.id, startedAt, enqueuedAt: now() });
    }
  } catch (error) {
    reply({ id: command.id, error: String((error as Error).stack ?? error) });
  }
});

const stop = async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The benchmark's end (or crash) closes the IPC channel: never outlive it.
process.on('disconnect', stop);

await app.listen({ port: config.PORT, host: '127.0.0.1' });
reply({ type: 'ready', pid: process.pid });
