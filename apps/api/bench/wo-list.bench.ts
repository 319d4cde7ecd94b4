// `npm run bench -w apps/api -- wo` (also part of `npm run bench`): work order lists and approvals at
// scale (issue 10). Seeds 1,000,000 work orders of 200 owners to 100 MROs, one owner holding 100,000,
// with its approval levels and the steps of those awaiting approval; measures that owner's Outgoing
// list and an approver's Approval Requests through the real API with real sessions, against a bare
// Fastify + pg ceiling in the same run; then 1,000 approvals of distinct work orders at once.
//   BENCH_DATABASE_URL  the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
//                       a database `amp_bench_wos` is (re)created on it and kept for re-runs.
//   BENCH_RESEED=1      drop and seed again even when the data is already there.
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedDatabase } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/passwords.js';
import { type Figures, measure, printFigures, startProcess, stop } from './http-bench.js';
import { benchApiEnv, keptBenchDatabase, log, SERVER_URL, withDatabase } from './support.js';

const DB_NAME = 'amp_bench_wos';
const DB_URL = withDatabase(SERVER_URL, DB_NAME);
const API_PORT = 3297;
const CEILING_PORT = 3298;
const OWNER_EMAIL = 'bench.wo.owner@amp.test';
const APPROVER_EMAIL = 'bench.wo.approver@amp.test';
const PASSWORD = 'bench-password-2026';
const TOTAL = 1_000_000;
const OWNERS = 200;
const PROVIDERS = 100;
const ASSETS_PER_OWNER = 50;
/** Every tenth work order is the big owner's: 100,000. */
const BIG_SHARE = 10;
/** The big owner's work orders awaiting its first level (the approver's "Awaiting Approval"), kept out of the approval run. */
const AWAITING = 5_000;
/** Approved at once by the approval run: distinct work orders, each awaiting its first level. */
const CONCURRENT_APPROVALS = 1_000;
const WORDS = ['Generator', 'Pump', 'Transformer', 'Chiller', 'Elevator', 'Inverter', 'Boiler', 'Compressor', 'Borehole', 'Rectifier'];
const OPEN = ['sent', 'accepted', 'assigned', 'in_progress', 'in_progress', 'on_hold', 'completed', 'draft', 'certified', 'closed'];

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
    `insert into organisations (kind, name, status, is_company) select 'asset_owner', 'WO owner ' || g, 'active', true from generate_series(1, $1) g`,
    [OWNERS],
  );
  await q(
    `insert into organisations (kind, name, status, is_company) select 'mro', 'WO provider ' || g, 'active', true from generate_series(1, $1) g`,
    [PROVIDERS],
  );
  const hash = await hashPassword(PASSWORD);
  await q(
    `insert into users (organisation_id, role_id, email, password_hash, first_name, last_name, status, is_org_admin, notify_email)
       select o.id, case when o.kind = 'mro' then $1::uuid else $2::uuid end,
              case when o.name = 'WO owner 1' then $3 else 'admin.' || replace(lower(o.name), ' ', '.') || '@amp.test' end,
              $4, 'Bench', 'Admin', 'active', true, false
         from organisations o where o.name like 'WO owner %' or o.name like 'WO provider %'`,
    [mroRole, ownerRole, OWNER_EMAIL, hash],
  );
  // The big owner's approver (Head O&M): the owner's system role holds approveWO.
  await q(
    `insert into users (organisation_id, role_id, email, password_hash, first_name, last_name, status, is_org_admin, notify_email)
       select id, $1, $2, $3, 'Bench', 'Approver', 'active', false, false from organisations where name = 'WO owner 1'`,
    [ownerRole, APPROVER_EMAIL, hash],
  );
  await q(`create temporary table owner_index as
             select id, row_number() over (order by substring(name from 10)::int) - 1 as n from organisations where name like 'WO owner %'`);
  await q(`create temporary table provider_index as
             select id, row_number() over (order by substring(name from 13)::int) - 1 as n from organisations where name like 'WO provider %'`);
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
  // The big owner's levels: Head O&M (its approver) up to 100,000, GM (its admin) up to 1,000,000.
  await q(`insert into approval_levels (organisation_id, document_type, name, position, max_kobo)
             select o.id, 'wo', l.name, l.position, l.max from organisations o,
                    (values ('Head O&M', 1, 10000000::bigint), ('GM', 2, 100000000::bigint)) l(name, position, max)
              where o.name = 'WO owner 1'`);
  await q(
    `insert into approval_level_members (level_id, user_id)
             select l.id, u.id from approval_levels l join users u on u.organisation_id = l.organisation_id
              where (l.position = 1 and u.email = $1) or (l.position = 2 and u.email = $2)`,
    [APPROVER_EMAIL, OWNER_EMAIL],
  );
  // The counters' trigger is left out of the bulk load; the counters are filled from the rows afterwards.
  await q(`set session_replication_role = replica`);
  // Work order g: owner g mod 200 (the big one for every tenth), its asset, a provider, a code per
  // owner, a status; the big owner's first AWAITING + CONCURRENT_APPROVALS (its newest) await Head O&M.
  for (let from = 1; from <= TOTAL; from += 100_000) {
    await q(
      `insert into work_orders (code, organisation_id, provider_id, receiver_type, asset_id, title, description, subject_label, priority, status,
                                total_kobo, approval_round, approval_needed, submitted_at, sent_at, created_by, created_at, updated_at)
       select 'WO-' || lpad(g::text, 7, '0'), o.id, p.id, 'MRO', a.id,
              ($3::text[])[1 + (g / 10) % 10] || ' overhaul ' || g, 'Planned work, order ' || g, a.label,
              (array['low','medium','high','critical'])[1 + g % 4],
              s.status, 15000000 + (g % 100) * 10000, case when s.status = 'draft' then 0 else 1 end,
              s.status <> 'draft', case when s.status <> 'draft' then t.at end,
              case when s.status not in ('draft', 'pending_approval') then t.at end, null, t.at, t.at
         from generate_series($1::int, $1::int + $2::int - 1) g
         join owner_index o on o.n = case when g % ${BIG_SHARE} = 0 then 0 else 1 + g % ${OWNERS - 1} end
         join provider_index p on p.n = g % ${PROVIDERS}
         join asset_index a on a.owner_n = o.n and a.k = (g / ${OWNERS}) % ${ASSETS_PER_OWNER}
         cross join lateral (select case when g % ${BIG_SHARE} = 0 and g > ${TOTAL - (AWAITING + CONCURRENT_APPROVALS) * BIG_SHARE}
                                         then 'pending_approval' else ($4::text[])[1 + (g / 7) % 10] end as status) s
         cross join lateral (select timestamptz '2025-06-01' + g * interval '20 seconds' as at) t`,
      [from, Math.min(100_000, TOTAL - from + 1), WORDS, OPEN],
    );
    log(`  ${Math.min(from + 99_999, TOTAL).toLocaleString('en')} work orders seeded`);
  }
  await q(`insert into approval_steps (document_type, document_id, organisation_id, round, position, level_id, name, max_kobo, approver_ids, status, asked_at)
             select 'wo', w.id, w.organisation_id, 1, l.position, l.id, l.name, l.max_kobo,
                    array(select m.user_id from approval_level_members m where m.level_id = l.id),
                    case when l.position = 1 then 'pending' else 'waiting' end, case when l.position = 1 then w.submitted_at end
               from work_orders w join approval_levels l on l.organisation_id = w.organisation_id
              where w.status = 'pending_approval'`);
  await q(`set session_replication_role = origin`);
  await q(`insert into work_order_counts (organisation_id, side, status, total)
             select organisation_id, 'owner', status, count(*) from work_orders group by 1, 3
             union all select provider_id, 'provider', status, count(*) from work_orders where sent_at is not null group by 1, 3`);
  await q('vacuum analyze');
  await client.end();
  log(`  seeded ${TOTAL.toLocaleString('en')} work orders in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const budgets: { ok: boolean; text: string }[] = [];
const budget = (ok: boolean, text: string) => budgets.push({ ok, text });

log(`work order benchmark on ${DB_URL.replace(/\/\/[^@]*@/, '//')}`);
if (await keptBenchDatabase(DB_NAME, { table: 'work_orders', rows: TOTAL }))
  log('  reusing the seeded database (BENCH_RESEED=1 to seed again)');
else await seed();
// A kept database takes the migrations added since it was seeded.
await (await openDatabase({ url: DB_URL, poolSize: 1 })).close();

const meta = new pg.Client({ connectionString: DB_URL });
await meta.connect();
const owner = (await meta.query('select organisation_id from users where email = $1', [OWNER_EMAIL])).rows[0].organisation_id;
// Every run measures the same database: the approvals of earlier runs are undone (the newest
// CONCURRENT_APPROVALS awaiting work orders are the run's: each costs NGN 150,000 or more, so
// both levels apply), with their effects.
const runIds: string[] = (
  await meta.query(
    `select id from work_orders where organisation_id = $1 and status = 'pending_approval' order by created_at desc, id desc limit $2`,
    [owner, CONCURRENT_APPROVALS],
  )
).rows.map((row: { id: string }) => row.id);
await meta.query(`update work_orders set status = 'pending_approval', sent_at = null where id = any($1::uuid[])`, [runIds]);
// (Later steps first: one step of a document is pending at a time, checked row by row.)
await meta.query(
  `update approval_steps set status = 'waiting', decided_by = null, decided_at = null, asked_at = null
                   where document_id = any($1::uuid[]) and position > 1`,
  [runIds],
);
await meta.query(
  `update approval_steps set status = 'pending', decided_by = null, decided_at = null
                   where document_id = any($1::uuid[]) and position = 1`,
  [runIds],
);
await meta.query(`delete from work_order_counts`);
await meta.query(`insert into work_order_counts (organisation_id, side, status, total)
             select organisation_id, 'owner', status, count(*) from work_orders group by 1, 3
             union all select provider_id, 'provider', status, count(*) from work_orders where sent_at is not null group by 1, 3`);
// The seed writes its steps without triggers: the approvers' counters are filled from them.
await meta.query(`delete from approval_awaiting_counts`);
await meta.query(`insert into approval_awaiting_counts (user_id, document_type, total)
             select u, document_type, count(*) from approval_steps, unnest(approver_ids) u where status = 'pending' group by 1, 2`);
for (const table of ['activities', 'notifications', 'mail_outbox', 'sessions', 'rate_limits']) await meta.query(`delete from ${table}`);
if ((await meta.query(`select to_regclass('pgboss.job') is not null as ok`)).rows[0].ok) {
  await meta.query(`delete from pgboss.job where name = 'mail.deliver'`);
}
await meta.query('vacuum analyze work_orders, approval_steps, activities, notifications');
await meta.end();

const api = await startProcess(
  ['src/server.ts'],
  benchApiEnv(DB_URL, API_PORT, {
    JOB_WORKERS: 'false',
  }),
  `http://127.0.0.1:${API_PORT}/v2/states`,
);
const ceiling = await startProcess(
  ['bench/ceiling-server.ts'],
  { DATABASE_URL: DB_URL, PORT: String(CEILING_PORT) },
  `http://127.0.0.1:${CEILING_PORT}/work-orders?owner=${owner}`,
);
try {
  const base = `http://127.0.0.1:${API_PORT}`;
  const session = async (email: string) => {
    const login = await fetch(`${base}/v2/account/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    return { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
  };
  const headers = await session(OWNER_EMAIL);
  const approver = await session(APPROVER_EMAIL);
  const meta = async (path: string, h = headers) =>
    ((await (await fetch(`${base}${path}`, { headers: h })).json()) as { meta: { total: number; totalIsLowerBound?: boolean } }).meta;
  const urls = {
    first: '/v2/wo?tab=outgoing',
    status: '/v2/wo?tab=outgoing&status=on_hold',
    search: `/v2/wo?tab=outgoing&search=${encodeURIComponent('WO-000123')}`,
    approvals: '/v2/wo/sent/approval?view=awaiting',
  };
  const [outgoing, held, searched] = await Promise.all([meta(urls.first), meta(urls.status), meta(urls.search)]);
  const awaiting = await meta(urls.approvals, approver);
  log(
    `  outgoing: ${outgoing.total.toLocaleString('en')}; on hold: ${held.total.toLocaleString('en')}; search "WO-000123": ${searched.total}; awaiting the approver: ${awaiting.total.toLocaleString('en')}${awaiting.totalIsLowerBound ? '+' : ''}`,
  );
  const runs: Figures[] = [];
  runs.push(await measure('ceiling: bare Fastify + pg, 20 rows', { url: `http://127.0.0.1:${CEILING_PORT}/work-orders?owner=${owner}` }));
  runs.push(await measure('outgoing, first page', { url: `${base}${urls.first}`, headers }));
  runs.push(await measure('outgoing, status filter (on hold)', { url: `${base}${urls.status}`, headers }));
  runs.push(await measure('search "WO-000123"', { url: `${base}${urls.search}`, headers }));
  runs.push(await measure('approval requests, awaiting', { url: `${base}${urls.approvals}`, headers: approver }));
  runs.push(await measure('list counts', { url: `${base}/v2/wo/counts`, headers }));
  printFigures(runs, log);
  const [, first, status, search, approvals, counts] = runs as Figures[];
  budget(first!.p95 <= 50, `work orders: outgoing first page p95 ${first!.p95} ms <= 50 ms`);
  budget(status!.p95 <= 50, `work orders: outgoing with a status filter p95 ${status!.p95} ms <= 50 ms`);
  budget(search!.p95 <= 50, `work orders: search (a code) p95 ${search!.p95} ms <= 50 ms`);
  budget(approvals!.p95 <= 50, `work orders: Approval Requests p95 ${approvals!.p95} ms <= 50 ms`);
  budget(counts!.p95 <= 50, `work orders: list counts p95 ${counts!.p95} ms <= 50 ms`);
  budget(
    runs.every((r) => r.errors === 0),
    'work orders: no errors or non-2xx answers',
  );

  // 1,000 approvals of distinct work orders at once, by their Head O&M.
  const started = performance.now();
  const answers = await Promise.all(
    runIds.map((id) =>
      fetch(`${base}/v2/wo/approve/${id}`, {
        method: 'POST',
        headers: { ...approver, 'content-type': 'application/json' },
        body: JSON.stringify({ approve: true }),
      }).then((response) => response.status),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const check = new pg.Client({ connectionString: DB_URL });
  await check.connect();
  const steps = (
    await check.query(
      `select count(*) filter (where position = 1 and status = 'approved')::int as approved,
              count(*) filter (where position = 2 and status = 'pending')::int as asked
         from approval_steps where document_id = any($1::uuid[])`,
      [runIds],
    )
  ).rows[0];
  await check.end();
  const ok = answers.filter((status) => status === 200).length;
  log(
    `\n  ${CONCURRENT_APPROVALS} concurrent approvals: ${ok} answered 200 in ${seconds.toFixed(2)} s (${Math.round(CONCURRENT_APPROVALS / seconds)}/s); steps approved ${steps.approved}, next levels asked ${steps.asked}`,
  );
  budget(
    ok === CONCURRENT_APPROVALS && steps.approved === CONCURRENT_APPROVALS && steps.asked === CONCURRENT_APPROVALS,
    `work orders: ${CONCURRENT_APPROVALS} concurrent approvals of distinct work orders, none lost and none doubled (${ok} ok, ${steps.approved} approved, ${steps.asked} next asked)`,
  );
} finally {
  await stop(api);
  await stop(ceiling);
}

log('');
for (const { ok, text } of budgets) log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
if (budgets.some(({ ok }) => !ok)) process.exitCode = 1;
