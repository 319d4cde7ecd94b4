// `npm run bench -w apps/api` (also part of the root `npm run bench`): the job queue (issue 7,
// "Measured"). One API process with its job workers and SMTP_URL pointing to a local SMTP sink in
// this process; 10,000 mails go into the outbox through the write path (write() + fx.mail, 100 a
// write, each with its `mail.deliver` job) while the workers drain them. Measured: mails per second
// from the first enqueue to the 10,000th mail received, the mails lost (never received) and the
// mails sent twice (each carries its own sequence number in the subject).
//   BENCH_DATABASE_URL  the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
//                       a database `amp_bench_jobs_*` is created on it and dropped at the end.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { type AppProcess, Budgets, createBenchDatabase, log, now, sleep, startApp } from './support.js';

const MAILS = 10_000;
const WARM_UP_MAILS = 200;
const PER_WRITE = 100;
const PORT = 3303;
const RATE_BUDGET = 500;
const DRAIN_TIMEOUT_MS = 120_000;
/** After the last mail: time for a late duplicate (a retried job) to show up. */
const SETTLE_MS = 3_000;
const BENCH_TIMEOUT_MS = 170_000;

const budgets = new Budgets();

/** Received mails by run and sequence number, and when each first arrived. */
const received = new Map<string, Map<number, number>>();
const firstArrival = new Map<string, number[]>();
let unreadable = 0;

function record(subject: string | undefined) {
  const match = subject && /bench mail (\w+)#(\d+)/.exec(subject);
  if (!match) {
    unreadable++;
    return;
  }
  const [, run, n] = match as unknown as [string, string, string];
  let counts = received.get(run!);
  if (!counts) {
    counts = new Map();
    received.set(run!, counts);
    firstArrival.set(run!, []);
  }
  const seen = counts.get(Number(n)) ?? 0;
  counts.set(Number(n), seen + 1);
  if (seen === 0) firstArrival.get(run!)!.push(now());
}

/** A real SMTP server doing as little as it can: it reads each message's Subject and counts it. */
async function startSink() {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const headerEnd = text.indexOf('\r\n\r\n');
        record(/^Subject: (.*)$/im.exec(headerEnd >= 0 ? text.slice(0, headerEnd) : text)?.[1]);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** User and system CPU seconds a process has used so far (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds used so far by the PostgreSQL backends serving this database, when PostgreSQL runs on this machine. */
async function databaseCpu(url: string, name: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
  await client.end();
  const seconds = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      seconds.set(pid, cpuSeconds(pid));
    } catch {
      // not on this machine, or already gone
    }
  }
  return seconds;
}

async function waitForMails(run: string, count: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while ((received.get(run)?.size ?? 0) < count && Date.now() < deadline) await sleep(20);
  return received.get(run)?.size ?? 0;
}

log(`job queue benchmark: ${MAILS.toLocaleString('en')} mails to a local SMTP sink`);
const database = await createBenchDatabase('jobs');
const sink = await startSink();
let app: AppProcess | null = null;
let finished = false;
async function cleanUp() {
  await app?.stop();
  await sink.close();
  await database.drop();
}
const watchdog = setTimeout(async () => {
  if (finished) return;
  log(`\nFAIL job queue: did not finish in ${BENCH_TIMEOUT_MS / 1000} s (budget ${BENCH_TIMEOUT_MS / 1000} s)`);
  await cleanUp().catch(() => {});
  process.exit(1);
}, BENCH_TIMEOUT_MS);

try {
  app = await startApp(PORT, { DATABASE_URL: database.url, SMTP_URL: sink.url, JOB_WORKERS: 'true' });

  // Warm-up: the SMTP pool's connections, the queue's statements, the JIT. Not counted.
  await app.request({ type: 'mail', run: 'warm', count: WARM_UP_MAILS, perWrite: PER_WRITE, to: 'warm@amp.test' });
  if ((await waitForMails('warm', WARM_UP_MAILS, 30_000)) < WARM_UP_MAILS) throw new Error('the warm-up mails did not arrive');

  const cpuBefore = [cpuSeconds(app.pid), process.cpuUsage(), await databaseCpu(database.url, database.name)] as const;
  const enqueued = await app.request<{ startedAt: number; enqueuedAt: number }>({
    type: 'mail',
    run: 'main',
    count: MAILS,
    perWrite: PER_WRITE,
    to: 'someone@amp.test',
  });
  log(
    `  enqueued ${MAILS.toLocaleString('en')} mails in ${MAILS / PER_WRITE} writes in ${((enqueued.enqueuedAt - enqueued.startedAt) / 1000).toFixed(1)} s`,
  );
  const got = await waitForMails('main', MAILS, Math.max(0, DRAIN_TIMEOUT_MS - (now() - enqueued.startedAt)));
  const arrivals = firstArrival.get('main') ?? [];
  const lastAt = arrivals.at(-1) ?? now();
  const seconds = (lastAt - enqueued.startedAt) / 1000;
  const rate = got / seconds;
  log(
    `  received ${got.toLocaleString('en')} distinct mails in ${seconds.toFixed(1)} s after the first enqueue: ${rate.toFixed(0)} mails/s`,
  );
  // CPU time spent meanwhile, which a busy shared machine does not inflate as it does wall time.
  const apiCpu = cpuSeconds(app.pid) - cpuBefore[0];
  const sinkCpu = process.cpuUsage(cpuBefore[1]);
  const databaseAfter = await databaseCpu(database.url, database.name);
  let postgresCpu = 0;
  for (const [pid, seconds] of databaseAfter) postgresCpu += seconds - (cpuBefore[2].get(pid) ?? 0);
  log(
    `  CPU per mail: API process ${((1000 * apiCpu) / got).toFixed(2)} ms, PostgreSQL ${databaseAfter.size > 0 ? `${((1000 * postgresCpu) / got).toFixed(2)} ms` : 'n/a'}, SMTP sink ${((sinkCpu.user + sinkCpu.system) / 1000 / got).toFixed(2)} ms`,
  );

  await sleep(SETTLE_MS);
  const counts = [...(received.get('main')?.values() ?? [])];
  const duplicates = counts.reduce((sum, n) => sum + n - 1, 0);
  const lost = MAILS - (received.get('main')?.size ?? 0);

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const outbox = (
    await client.query(`select status, count(*)::int as n from mail_outbox where "to" = 'someone@amp.test' group by 1 order by 1`)
  ).rows;
  const jobStates = (
    await client.query(`select state, count(*)::int as n from pgboss.job where name = 'mail.deliver' group by 1 order by 1`)
  ).rows;
  await client.end();
  log(
    `  outbox: ${outbox.map((r) => `${r.n} ${r.status}`).join(', ')}; mail.deliver jobs: ${jobStates.map((r) => `${r.n} ${r.state}`).join(', ')}`,
  );
  if (unreadable > 0) log(`  ${unreadable} mails without a readable subject`);

  budgets.check(rate >= RATE_BUDGET, 'job queue: mails drained to SMTP', `${rate.toFixed(0)} per second`, `>= ${RATE_BUDGET} per second`);
  budgets.check(lost === 0, 'job queue: mails lost', `${lost} of ${MAILS.toLocaleString('en')}`, '0');
  budgets.check(duplicates === 0, 'job queue: mails sent twice', String(duplicates), '0');
} catch (error) {
  log(`  error: ${(error as Error).stack ?? error}`);
  budgets.check(false, 'job queue: benchmark ran', 'failed', 'no error');
} finally {
  finished = true;
  clearTimeout(watchdog);
  await cleanUp();
}
budgets.print();
