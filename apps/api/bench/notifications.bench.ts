// `npm run bench -w apps/api` (also part of the root `npm run bench`): live notifications (issue 7,
// "Measured"). 2,000 users of one organisation, each with a session, open a notification stream
// (GET /v2/notification/stream, read as the web app reads it: a long-lived response whose
// `event: notification` blocks are parsed) to one API process; one write() then notifies all of
// them. Measured: the latency from the commit (write() returned) to each stream's arrival, and the
// memory per open stream. Then a second API process starts, half the streams move to it, and a
// write in the first process notifies everyone: the share that reaches the second one must be 100 %.
//   BENCH_DATABASE_URL  the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
//                       a database `amp_bench_notify_*` is created on it and dropped at the end.
import http from 'node:http';
import pg from 'pg';
import { hashToken, newToken } from '../src/lib/tokens.js';
import { type AppProcess, Budgets, createBenchDatabase, log, now, percentile, sleep, startApp } from './support.js';

const USERS = 2_000;
const PORTS = [3301, 3302] as const;
/** Streams opened at a time, as tabs would reconnect after a deploy. */
const OPEN_CONCURRENCY = 100;
const ARRIVAL_TIMEOUT_MS = 15_000;
const BENCH_TIMEOUT_MS = 170_000;
const LATENCY_BUDGET_MS = 1_000;
const MEMORY_BUDGET_KB = 64;

const budgets = new Budgets();
/** Only this benchmark's sockets: no pooling limit, one connection per stream. */
const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

interface Stream {
  user: number;
  app: AppProcess;
  request: http.ClientRequest;
  /** When the notification with the path awaited arrived, if it has. */
  arrivedAt: number | null;
  awaitedPath: string | null;
  close(): void;
}

/** Opens one stream and resolves once the server has registered it (its first `count` event arrived). */
function openStream(app: AppProcess, user: number, token: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    let open = false;
    const request = http.request(
      `${app.base}/v2/notification/stream`,
      { agent, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream ${user}: HTTP ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!open && block.startsWith('event: count')) {
              open = true;
              resolve(stream);
            } else if (block.startsWith('event: notification') && stream.arrivedAt === null && stream.awaitedPath) {
              const at = now();
              const data = JSON.parse(block.slice(block.indexOf('data: ') + 6)) as { path: string };
              if (data.path === stream.awaitedPath) stream.arrivedAt = at;
            }
          }
        });
        response.on('error', () => {});
      },
    );
    request.on('error', (error) => {
      if (!open) reject(error);
    });
    request.end();
    const stream: Stream = { user, app, request, arrivedAt: null, awaitedPath: null, close: () => request.destroy() };
  });
}

async function openStreams(app: AppProcess, users: number[], tokens: string[]): Promise<Stream[]> {
  const streams: Stream[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: OPEN_CONCURRENCY }, async () => {
      while (next < users.length) {
        const user = users[next++]!;
        streams.push(await openStream(app, user, tokens[user]!));
      }
    }),
  );
  return streams;
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
  streams: number;
}

interface Round {
  committedAt: number;
  writeMs: number;
  latencies: number[];
  delivered: number;
}

/** One write in `from` notifying every user; waits for the streams to receive it. */
async function notifyAll(from: AppProcess, streams: Stream[], userIds: string[], path: string): Promise<Round> {
  for (const stream of streams) {
    stream.arrivedAt = null;
    stream.awaitedPath = path;
  }
  const { startedAt, committedAt } = await from.request<{ startedAt: number; committedAt: number }>({
    type: 'notify',
    users: userIds,
    path,
  });
  const deadline = Date.now() + ARRIVAL_TIMEOUT_MS;
  while (streams.some((s) => s.arrivedAt === null) && Date.now() < deadline) await sleep(20);
  const latencies = streams
    .filter((s) => s.arrivedAt !== null)
    .map((s) => s.arrivedAt! - committedAt)
    .sort((a, b) => a - b);
  return { committedAt, writeMs: committedAt - startedAt, latencies, delivered: latencies.length };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const summary = (round: Round, of: number) =>
  `${round.delivered} of ${of} delivered; after the commit p50 ${ms(percentile(round.latencies, 50))}, p95 ${ms(percentile(round.latencies, 95))}, max ${ms(round.latencies.at(-1) ?? Number.NaN)} (the write itself ${ms(round.writeMs)})`;

log(`live notifications benchmark: ${USERS.toLocaleString('en')} streams`);
const database = await createBenchDatabase('notify');
const apps: AppProcess[] = [];
const streams: Stream[] = [];
let finished = false;
async function cleanUp() {
  for (const stream of streams) stream.close();
  agent.destroy();
  await Promise.all(apps.map((app) => app.stop()));
  await database.drop();
}
const watchdog = setTimeout(async () => {
  if (finished) return;
  log(`\nFAIL live notifications: did not finish in ${BENCH_TIMEOUT_MS / 1000} s (budget ${BENCH_TIMEOUT_MS / 1000} s)`);
  await cleanUp().catch(() => {});
  process.exit(1);
}, BENCH_TIMEOUT_MS);

try {
  // One organisation, 2,000 active users with a session each. E-mail for notifications is off, so
  // this measures the live path alone (bench/jobs.bench.ts measures mail).
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const organisation = (
    await client.query(
      `insert into organisations (kind, name, status, is_company) values ('mro', 'Bench provider', 'active', true) returning id`,
    )
  ).rows[0].id as string;
  const role = (await client.query(`select id from roles where system_key = 'mro'`)).rows[0].id as string;
  const userIds = (
    await client.query(
      `insert into users (organisation_id, role_id, email, first_name, last_name, status, is_org_admin, notify_email)
         select $1, $2, 'bench.user.' || g || '@amp.test', 'Bench', 'User ' || g, 'active', false, false
           from generate_series(0, $3 - 1) g
         order by g
       returning id`,
      [organisation, role, USERS],
    )
  ).rows.map((row) => row.id as string);
  const tokens = userIds.map(() => newToken());
  await client.query(
    `insert into sessions (user_id, token_hash, expires_at) select u, h, now() + interval '1 day' from unnest($1::uuid[], $2::text[]) as s(u, h)`,
    [userIds, tokens.map(hashToken)],
  );
  await client.query('vacuum analyze');
  await client.end();
  log(`  ${userIds.length} users with sessions in ${database.name}`);

  const env = {
    DATABASE_URL: database.url,
    // 2,000 streams from one address: the general request limit must not refuse them.
    RATE_LIMIT_PER_USER: String(1e9),
    RATE_LIMIT_PER_IP: String(1e9),
  };
  const a = await startApp(PORTS[0], env);
  apps.push(a);
  const everyone = userIds.map((_, i) => i);

  // Warm-up: the stream route's code and the pooled connections, then the memory baseline.
  for (const stream of await openStreams(a, everyone.slice(0, 100), tokens)) stream.close();
  await sleep(1000);
  const before = await a.request<Memory>({ type: 'memory' });
  const openStarted = performance.now();
  streams.push(...(await openStreams(a, everyone, tokens)));
  const openSeconds = (performance.now() - openStarted) / 1000;
  await sleep(500);
  const after = await a.request<Memory>({ type: 'memory' });
  const perStreamKb = (after.rss - before.rss) / 1024 / USERS;
  const heapPerStreamKb = (after.heapUsed - before.heapUsed) / 1024 / USERS;
  log(`  ${after.streams} streams open on one process in ${openSeconds.toFixed(1)} s`);
  log(
    `  memory: RSS ${(before.rss / 2 ** 20).toFixed(0)} -> ${(after.rss / 2 ** 20).toFixed(0)} MB, ${perStreamKb.toFixed(1)} KB per stream (JS heap ${heapPerStreamKb.toFixed(1)} KB of it)`,
  );

  const one = await notifyAll(a, streams, userIds, '/bench/one-process');
  log(`  one process: ${summary(one, USERS)}`);
  budgets.check(one.delivered === USERS, 'live notifications: delivered on one process', `${one.delivered} of ${USERS}`, `all ${USERS}`);
  const p95 = percentile(one.latencies, 95);
  budgets.check(
    p95 <= LATENCY_BUDGET_MS,
    'live notifications: p95 from commit to arrival, 2,000 streams',
    ms(p95),
    `<= ${LATENCY_BUDGET_MS} ms`,
  );
  budgets.check(
    perStreamKb <= MEMORY_BUDGET_KB,
    'live notifications: memory per open stream (RSS)',
    `${perStreamKb.toFixed(1)} KB`,
    `<= ${MEMORY_BUDGET_KB} KB`,
  );

  // Two processes: the second half of the streams move to a second API process; the first notifies.
  const b = await startApp(PORTS[1], env);
  apps.push(b);
  const moving = streams.splice(USERS / 2);
  for (const stream of moving) stream.close();
  streams.push(...(await openStreams(b, everyone.slice(USERS / 2), tokens)));
  await sleep(500);
  const [onA, onB] = [await a.request<Memory>({ type: 'memory' }), await b.request<Memory>({ type: 'memory' })];
  log(`  two processes: ${onA.streams} streams on the first, ${onB.streams} on the second`);
  const two = await notifyAll(a, streams, userIds, '/bench/two-processes');
  const across = streams.filter((s) => s.app === b);
  const deliveredAcross = across.filter((s) => s.arrivedAt !== null).length;
  const acrossLatencies = across
    .filter((s) => s.arrivedAt !== null)
    .map((s) => s.arrivedAt! - two.committedAt)
    .sort((x, y) => x - y);
  log(`  two processes, written in the first: ${summary(two, USERS)}`);
  log(
    `  to the second process: ${deliveredAcross} of ${across.length}; p50 ${ms(percentile(acrossLatencies, 50))}, p95 ${ms(percentile(acrossLatencies, 95))}`,
  );
  const share = (100 * deliveredAcross) / across.length;
  budgets.check(
    deliveredAcross === across.length && onB.streams === across.length,
    'live notifications: share delivered across processes',
    `${share.toFixed(1)} % (${deliveredAcross} of ${across.length})`,
    '100 %',
  );
} catch (error) {
  log(`  error: ${(error as Error).stack ?? error}`);
  budgets.check(false, 'live notifications: benchmark ran', 'failed', 'no error');
} finally {
  finished = true;
  clearTimeout(watchdog);
  await cleanUp();
}
budgets.print();
