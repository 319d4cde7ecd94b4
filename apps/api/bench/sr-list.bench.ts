// `npm run bench -w apps/api -- sr` (also part of `npm run bench`): service request lists and the
// SLA job at scale (issue 9). Seeds 1,000,000 open service requests from 200 owners to 100 MROs, one
// of which receives 100,000; measures that provider's Incoming list through the real API with a real
// session against a bare Fastify + pg ceiling in the same run; then runs the SLA job over the
// 1,000,000 open requests with 1% past their resolution time.
//   BENCH_DATABASE_URL  the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
//                       a database `amp_bench_srs` is (re)created on it and kept for re-runs.
//   BENCH_RESEED=1      drop and seed again even when the data is already there.
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedDatabase } from '../src/db/seed.js';
import type { Deps } from '../src/deps.js';
import { hashPassword } from '../src/lib/passwords.js';
import { tellSlaNotices } from '../src/modules/service-request/service-request.jobs.js';
import { JobQueue } from '../src/plugins/jobs.js';
import { type Figures, measure, printFigures, startProcess, stop } from './http-bench.js';
import { benchApiEnv, keptBenchDatabase, log, SERVER_URL, withDatabase } from './support.js';

const DB_NAME = 'amp_bench_srs';
const DB_URL = withDatabase(SERVER_URL, DB_NAME);
const API_PORT = 3295;
const CEILING_PORT = 3296;
const PROVIDER_EMAIL = 'bench.sr.provider@amp.test';
const PASSWORD = 'bench-password-2026';
const TOTAL = 1_000_000;
const OWNERS = 200;
const PROVIDERS = 100;
const ASSETS_PER_OWNER = 50;
/** Every tenth request goes to the big provider: 100,000. */
const BIG_SHARE = 10;
/** One request in a hundred is past its resolution time when the SLA job runs. */
const OVERDUE_EVERY = 100;
const WORDS = ['Generator', 'Pump', 'Transformer', 'Chiller', 'Elevator', 'Inverter', 'Boiler', 'Compressor', 'Borehole', 'Rectifier'];
const SYMPTOMS = ['leaking oil', 'will not start', 'tripping', 'overheating', 'noisy bearing', 'no output', 'burnt cable', 'alarm on'];
const OPEN = ['sent', 'accepted', 'assigned', 'assigned', 'assigned', 'observed', 'resolved', 'assigned', 'accepted', 'assigned'];

async function seed() {
  const started = performance.now();
  const database = await openDatabase({ url: DB_URL, poolSize: loadConfig().DATABASE_POOL_SIZE });
  await seedDatabase(database.db, { demo: false });
  await database.close();
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  const category = (await q(`insert into categories (name) values ('Power') returning id`)).rows[0].id;
  const ownerRole = (await q(`select id from roles where system_key = 'asset_owner'`)).rows[0].id;
  const mroRole = (await q(`select id from roles where system_key = 'mro'`)).rows[0].id;
  await q(
    `insert into organisations (kind, name, status, is_company)
       select 'asset_owner', 'SR owner ' || g, 'active', true from generate_series(1, $1) g`,
    [OWNERS],
  );
  await q(
    `insert into organisations (kind, name, status, is_company)
       select 'mro', 'SR provider ' || g, 'active', true from generate_series(1, $1) g`,
    [PROVIDERS],
  );
  const hash = await hashPassword(PASSWORD);
  // One admin per organisation (who the SLA job tells); the big provider's is the benchmark's session.
  await q(
    `insert into users (organisation_id, role_id, email, password_hash, first_name, last_name, status, is_org_admin, notify_email)
       select o.id, case when o.kind = 'mro' then $1::uuid else $2::uuid end,
              case when o.name = 'SR provider 1' then $3 else 'admin.' || replace(lower(o.name), ' ', '.') || '@amp.test' end,
              $4, 'Bench', 'Admin', 'active', true, false
         from organisations o where o.name like 'SR owner %' or o.name like 'SR provider %'`,
    [mroRole, ownerRole, PROVIDER_EMAIL, hash],
  );
  await q(`create temporary table owner_index as
             select id, row_number() over (order by substring(name from 10)::int) - 1 as n from organisations where name like 'SR owner %'`);
  await q(`create temporary table provider_index as
             select id, row_number() over (order by substring(name from 13)::int) - 1 as n from organisations where name like 'SR provider %'`);
  await q(
    `insert into assets (organisation_id, asset_code, name, category_id)
       select o.id, 'AS-' || lpad(k::text, 4, '0'), ($2::text[])[1 + k % 10] || ' ' || k, $1
         from owner_index o, generate_series(0, $3 - 1) k`,
    [category, WORDS, ASSETS_PER_OWNER],
  );
  await q(`create temporary table asset_index as
             select a.id, a.name || ' ' || a.asset_code as label, o.n as owner_n, substring(a.asset_code from 4)::int as k
               from assets a join owner_index o on o.id = a.organisation_id`);
  await q('create index on asset_index (owner_n, k)');
  // The counters' trigger is left out of the bulk load (a million deferred row triggers); the
  // counters are filled from the rows afterwards, as migration 0019 would keep them.
  await q(`set session_replication_role = replica`);
  // Request g: owner g mod 200, its asset (g / 200) mod 50; the big provider for every tenth, else
  // one of the 99 others; a code per owner (SR-<number within the owner>); an open status; the
  // clocks of a 4 h / 48 h SLA, due weeks ahead (so re-runs of a kept database find the same
  // ones due) except 1% of the resolution clocks, already past.
  for (let from = 1; from <= TOTAL; from += 100_000) {
    await q(
      `insert into service_requests (code, organisation_id, provider_id, receiver_type, asset_id, title, description, subject_label, priority, status,
                                     response_hours, resolution_hours, sent_at, accepted_at, last_activity_at, created_at, updated_at)
       select 'SR-' || lpad((g / ${OWNERS} + 1)::text, 6, '0'), o.id, p.id, 'MRO', a.id,
              ($3::text[])[1 + (g / 10) % 10] || ' ' || ($4::text[])[1 + g % 8],
              'Reported by the site team, request ' || g, a.label,
              (array['low','medium','high','critical'])[1 + g % 4],
              s.status, 4, 48, t.sent, case when s.status = 'sent' then null else t.sent + interval '1 hour' end,
              t.sent, t.sent, t.sent
         from generate_series($1::int, $1::int + $2::int - 1) g
         join owner_index o on o.n = g % ${OWNERS}
         join provider_index p on p.n = case when g % ${BIG_SHARE} = 0 then 0 else 1 + g % ${PROVIDERS - 1} end
         join asset_index a on a.owner_n = g % ${OWNERS} and a.k = (g / ${OWNERS}) % ${ASSETS_PER_OWNER}
         cross join lateral (select ($5::text[])[1 + (g / 7) % 10] as status) s
         cross join lateral (select timestamptz '2026-01-01' + g * interval '20 seconds' as sent) t`,
      [from, Math.min(100_000, TOTAL - from + 1), WORDS, SYMPTOMS, OPEN],
    );
    log(`  ${Math.min(from + 99_999, TOTAL).toLocaleString('en')} requests seeded`);
  }
  // The SLA job's deadlines: weeks ahead (so re-runs of a kept database find the same ones due),
  // except 1% of the resolution clocks, already past (their "almost over" given); none while an
  // observation waits (paused); a response clock only while the request waits to be accepted.
  await q(`insert into service_request_deadlines (service_request_id, notice, due_at, told_at)
             select id, n.notice,
                    case when n.notice = 'resolution_breached' and overdue then now() - interval '1 minute'
                         when n.notice = 'resolution_due_soon' and overdue then now() - interval '10 hours'
                         else now() + interval '40 days' + (abs(hashtext(id::text)) % 1000) * interval '1 minute' end,
                    case when n.notice = 'resolution_due_soon' and overdue then now() - interval '10 hours' end
               from (select id, status, (substring(description from 36)::int / ${OVERDUE_EVERY}) % ${OVERDUE_EVERY} = 0 as overdue
                       from service_requests where status <> 'observed') sr
               cross join lateral (values ('resolution_due_soon'), ('resolution_breached'), ('response_due_soon'), ('response_breached')) n(notice)
              where n.notice like 'resolution%' or sr.status = 'sent'`);
  log('  deadlines seeded');
  await q(`set session_replication_role = origin`);
  await q(`insert into service_request_counts (organisation_id, side, status, total)
             select organisation_id, 'owner', status, count(*) from service_requests group by 1, 3
             union all select provider_id, 'provider', status, count(*) from service_requests group by 1, 3`);
  await q('vacuum analyze');
  await client.end();
  log(`  seeded ${TOTAL.toLocaleString('en')} service requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const budgets: { ok: boolean; text: string }[] = [];
const budget = (ok: boolean, text: string) => budgets.push({ ok, text });

log(`service request benchmark on ${DB_URL.replace(/\/\/[^@]*@/, '//')}`);
if (await keptBenchDatabase(DB_NAME, { table: 'service_requests', rows: TOTAL }))
  log('  reusing the seeded database (BENCH_RESEED=1 to seed again)');
else await seed();

const meta = new pg.Client({ connectionString: DB_URL });
await meta.connect();
const provider = (await meta.query('select organisation_id from users where email = $1', [PROVIDER_EMAIL])).rows[0].organisation_id;
// Every run measures the same database: the SLA job's marks of earlier runs are undone.
await meta.query(`update service_request_deadlines set told_at = null where notice = 'resolution_breached' and told_at is not null`);
for (const table of ['activities', 'notifications', 'mail_outbox', 'sessions', 'rate_limits']) await meta.query(`delete from ${table}`);
// The queue's tables exist once an API process has started on the database.
if ((await meta.query(`select to_regclass('pgboss.job') is not null as ok`)).rows[0].ok) {
  await meta.query(`delete from pgboss.job where name = 'mail.deliver'`);
}
await meta.query('vacuum analyze service_requests, service_request_deadlines, activities, notifications');
const selectiveTerm = 'SR-000123';
await meta.end();

const api = await startProcess(
  ['src/server.ts'],
  benchApiEnv(DB_URL, API_PORT, {
    // The API's own SLA job must not run during the measurement: the benchmark runs it below.
    JOB_WORKERS: 'false',
  }),
  `http://127.0.0.1:${API_PORT}/v2/states`,
);
const ceiling = await startProcess(
  ['bench/ceiling-server.ts'],
  { DATABASE_URL: DB_URL, PORT: String(CEILING_PORT) },
  `http://127.0.0.1:${CEILING_PORT}/service-requests?provider=${provider}`,
);
try {
  const base = `http://127.0.0.1:${API_PORT}`;
  const login = await fetch(`${base}/v2/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: PROVIDER_EMAIL, password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const total = async (query: string) =>
    ((await (await fetch(`${base}/v2/sr?${query}`, { headers })).json()) as { meta: { total: number; totalIsLowerBound?: boolean } }).meta;
  const urls = {
    first: 'tab=incoming',
    status: 'tab=incoming&status=observed',
    search: `tab=incoming&search=${encodeURIComponent(selectiveTerm)}`,
    broad: `tab=incoming&search=${encodeURIComponent('Chiller')}`,
  };
  const counted = await Promise.all(Object.values(urls).map(total));
  log(
    `  incoming: ${counted[0]!.total.toLocaleString('en')}${counted[0]!.totalIsLowerBound ? '+' : ''}; observed: ${counted[1]!.total.toLocaleString('en')}${counted[1]!.totalIsLowerBound ? '+' : ''}; search "${selectiveTerm}": ${counted[2]!.total}; broad search: ${counted[3]!.total.toLocaleString('en')}${counted[3]!.totalIsLowerBound ? '+' : ''}`,
  );
  const runs: Figures[] = [];
  runs.push(
    await measure('ceiling: bare Fastify + pg, 20 rows', { url: `http://127.0.0.1:${CEILING_PORT}/service-requests?provider=${provider}` }),
  );
  runs.push(await measure('incoming, first page', { url: `${base}/v2/sr?${urls.first}`, headers }));
  runs.push(await measure('incoming, status filter (observed)', { url: `${base}/v2/sr?${urls.status}`, headers }));
  runs.push(await measure(`search "${selectiveTerm}"`, { url: `${base}/v2/sr?${urls.search}`, headers }));
  runs.push(await measure('broad search, no budget', { url: `${base}/v2/sr?${urls.broad}`, headers }));
  runs.push(await measure('list counts', { url: `${base}/v2/sr/counts`, headers }));
  printFigures(runs, log);
  const [, first, status, searched, , counts] = runs as Figures[];
  budget(first!.p95 <= 50, `service requests: incoming first page p95 ${first!.p95} ms <= 50 ms`);
  budget(status!.p95 <= 50, `service requests: incoming with a status filter p95 ${status!.p95} ms <= 50 ms`);
  budget(searched!.p95 <= 50, `service requests: search (a request code) p95 ${searched!.p95} ms <= 50 ms`);
  budget(counts!.p95 <= 50, `service requests: list counts p95 ${counts!.p95} ms <= 50 ms`);
  budget(
    runs.every((r) => r.errors === 0),
    'service requests: no errors or non-2xx answers',
  );
} finally {
  await stop(api);
  await stop(ceiling);
}

// The SLA job, in this process, over the 1,000,000 open requests: 1% of them past their resolution time.
{
  const config = loadConfig({ ...process.env, DATABASE_URL: DB_URL });
  const database = await openDatabase({ url: DB_URL, poolSize: config.DATABASE_POOL_SIZE });
  // Only warnings and errors of the queue are worth a line here.
  const quiet = () => {};
  const logger = {
    level: 'warn',
    trace: quiet,
    debug: quiet,
    info: quiet,
    warn: console.warn,
    error: console.error,
    fatal: console.error,
    silent: quiet,
  };
  const jobs = new JobQueue(database, { ...logger, child: () => logger } as unknown as FastifyBaseLogger, {
    workers: false,
    pollingIntervalSeconds: 60,
  });
  await jobs.start();
  try {
    const started = performance.now();
    const told = await tellSlaNotices({ db: database.db, config, jobs } as unknown as Deps);
    const seconds = (performance.now() - started) / 1000;
    const client = new pg.Client({ connectionString: DB_URL });
    await client.connect();
    const notices = (await client.query('select count(*)::int as n from notifications')).rows[0].n;
    const again = await tellSlaNotices({ db: database.db, config, jobs } as unknown as Deps);
    await client.end();
    log(
      `\n  SLA job: ${told.toLocaleString('en')} breaches marked in ${seconds.toFixed(2)} s (${notices} notifications); a second run marked ${again}`,
    );
    budget(seconds <= 2, `SLA job: ${told.toLocaleString('en')} breaches among 1,000,000 open requests in ${seconds.toFixed(2)} s <= 2 s`);
    budget(told === overdue() - countObserved() && again === 0, 'SLA job: each overdue request marked once');
  } finally {
    await jobs.stop();
    await database.close();
  }
}

/** The requests seeded past their resolution time (1%). */
function overdue() {
  let n = 0;
  for (let g = 1; g <= TOTAL; g++) if (Math.floor(g / OVERDUE_EVERY) % OVERDUE_EVERY === 0) n++;
  return n;
}

/** The overdue requests that are paused (observed) have no resolution instant: the job skips them. */
function countObserved() {
  let n = 0;
  for (let g = 1; g <= TOTAL; g++)
    if (Math.floor(g / OVERDUE_EVERY) % OVERDUE_EVERY === 0 && OPEN[Math.floor(g / 7) % 10] === 'observed') n++;
  return n;
}

log('');
for (const { ok, text } of budgets) log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
if (budgets.some(({ ok }) => !ok)) process.exitCode = 1;
