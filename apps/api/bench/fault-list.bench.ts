// `npm run bench -w apps/api -- fault` (also part of `npm run bench`): the fault list and the public
// portal's submissions against PostgreSQL at scale (issue 8). Seeds 1,000,000 faults across 1,000
// owners, one of them holding 100,000, then measures through the real API with a real session,
// against a bare Fastify + pg ceiling in the same run.
// The budgeted search is a selective one, as the asset list bench's: the code of one of the big
// owner's assets, as its staff would type it from a label, matching a handful of faults. The broad
// search ("Chiller overheating", about 2,500 matches) is still measured and printed, without a budget.
//   BENCH_DATABASE_URL  the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
//                       a database `amp_bench_faults` is (re)created on it and kept for re-runs.
//   BENCH_RESEED=1      drop and seed again even when the data is already there.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedDatabase } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/passwords.js';
import { type Figures, measure, printFigures, startProcess, stop } from './http-bench.js';
import { benchApiEnv, keptBenchDatabase, log, SERVER_URL, withDatabase } from './support.js';

const DB_NAME = 'amp_bench_faults';
const DB_URL = withDatabase(SERVER_URL, DB_NAME);
const API_PORT = 3293;
const CEILING_PORT = 3294;
const OWNER_EMAIL = 'bench.fault.owner@amp.test';
const PASSWORD = 'bench-password-2026';
const TOTAL_FAULTS = 1_000_000;
const OWNERS = 1_000;
const BIG_OWNER_FAULTS = 100_000;
const BIG_OWNER_ASSETS = 20_000;
const OTHER_OWNER_ASSETS = 100;
const WORDS = ['Generator', 'Pump', 'Transformer', 'Chiller', 'Elevator', 'Inverter', 'Boiler', 'Compressor', 'Borehole', 'Solar panel'];
const SYMPTOMS = ['leaking oil', 'will not start', 'tripping', 'overheating', 'noisy bearing', 'no output', 'burnt cable', 'alarm on'];

async function seed() {
  const started = performance.now();
  const database = await openDatabase({ url: DB_URL, poolSize: loadConfig().DATABASE_POOL_SIZE });
  await seedDatabase(database.db, { demo: false });
  await database.close();
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  const category = (await q(`insert into categories (name) values ('Power') returning id`)).rows[0].id;
  const role = (await q(`select id from roles where system_key = 'asset_owner'`)).rows[0].id;
  await q(
    `insert into organisations (kind, name, status, is_company)
       select 'asset_owner', 'Fault owner ' || g, 'active', true from generate_series(1, $1) g`,
    [OWNERS],
  );
  const owners = (await q(`select id from organisations where name like 'Fault owner %' order by substring(name from 13)::int`)).rows.map(
    (r) => r.id,
  );
  await q(
    `insert into users (organisation_id, role_id, email, password_hash, first_name, last_name, status, is_org_admin)
       values ($1, $2, $3, $4, 'Bench', 'Owner', 'active', true)`,
    [owners[0], role, OWNER_EMAIL, await hashPassword(PASSWORD)],
  );
  const insertAssets = (owner: string, count: number) =>
    q(
      `insert into assets (organisation_id, asset_code, name, category_id, location_id)
       select $1, 'AS-' || lpad(g::text, 6, '0'), ($3::text[])[1 + g % 10] || ' ' || g, $4, 'LOC-' || (g % 400)
         from generate_series(1, $2) g`,
      [owner, count, WORDS, category],
    );
  await insertAssets(owners[0], BIG_OWNER_ASSETS);
  for (let i = 1; i < OWNERS; i++) await insertAssets(owners[i], OTHER_OWNER_ASSETS);
  log('  assets seeded');
  // Faults: the owner's assets in turn; a fifth open (awaiting the owner), the rest closed, so the
  // partial unique index (one open fault per asset and type) holds: open ones are on distinct assets.
  // Open ones are the newest (each on its own asset: g mod the asset count differs within the last
  // `assets` numbers), as in life; codes are unique by owner and number.
  const insertFaults = (index: number, owner: string, from: number, count: number, total: number) =>
    q(
      `with a as (select array_agg(id order by asset_code) as ids from assets where organisation_id = $1)
       insert into faults (code, organisation_id, asset_id, fault_type, description, status, source, reporter_name,
                           reporter_email, reporters, created_at, updated_at, closed_at)
       select 'FLT-' || upper(lpad(to_hex($6::int * 200000 + g), 8, '0')),
              $1, a.ids[1 + g % array_length(a.ids, 1)],
              case when g % 2 = 0 then 'Repair' else 'Replacement' end,
              ($4::text[])[1 + g % 10] || ' ' || ($5::text[])[1 + g % 8] || ', report ' || g,
              case when open then 'awaiting_owner' when g % 3 = 0 then 'converted' else 'rejected' end,
              (array['portal','staff','provider'])[1 + g % 3],
              'Reporter ' || (g % 5000), 'reporter' || (g % 5000) || '@example.com', 1,
              timestamptz '2025-01-01' + g * interval '5 minutes',
              timestamptz '2025-01-01' + g * interval '5 minutes',
              case when open then null else timestamptz '2025-01-02' + g * interval '5 minutes' end
         from a, generate_series($2::int, $2::int + $3::int - 1) g,
              lateral (select g % 5 = 0 and g > $7::int - array_length(a.ids, 1) as open) o`,
      [owner, from, count, WORDS, SYMPTOMS, index, total],
    );
  for (let start = 1; start <= BIG_OWNER_FAULTS; start += 25_000) await insertFaults(0, owners[0], start, 25_000, BIG_OWNER_FAULTS);
  const rest = TOTAL_FAULTS - BIG_OWNER_FAULTS;
  for (let i = 1; i < OWNERS; i++) {
    const count = Math.floor(rest / (OWNERS - 1)) + (i <= rest % (OWNERS - 1) ? 1 : 0);
    await insertFaults(i, owners[i], 1, count, count);
    if (i % 200 === 0) log(`  ${i} of ${OWNERS - 1} other owners seeded`);
  }
  await q(
    `update assets set open_fault_count = f.n from (select asset_id, count(*) n from faults where status = 'awaiting_owner' group by asset_id) f where assets.id = f.asset_id`,
  );
  await q('vacuum analyze');
  const { rows } = await q('select count(*)::int as n from faults');
  await client.end();
  log(`  seeded ${rows[0].n.toLocaleString('en')} faults in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const budgets: { ok: boolean; text: string }[] = [];
const budget = (ok: boolean, text: string) => budgets.push({ ok, text });

log(`fault benchmark on ${DB_URL.replace(/\/\/[^@]*@/, '//')}`);
if (await keptBenchDatabase(DB_NAME, { table: 'faults', rows: TOTAL_FAULTS }))
  log('  reusing the seeded database (BENCH_RESEED=1 to seed again)');
else await seed();

const meta = new pg.Client({ connectionString: DB_URL });
await meta.connect();
const owner = (await meta.query('select organisation_id from users where email = $1', [OWNER_EMAIL])).rows[0].organisation_id;
// Portal submissions of earlier runs go, with what they left behind (reports, activities,
// notifications, mails and their jobs), so every run measures the same database.
await meta.query(`delete from faults where organisation_id = $1 and created_at > timestamptz '2026-01-01'`, [owner]);
await meta.query(`delete from fault_reports where created_at > timestamptz '2026-01-01'`);
// Seeded faults have one reporter each; earlier runs' "+1"s go.
await meta.query(`update faults set reporters = 1 where organisation_id = $1 and reporters > 1`, [owner]);
for (const table of ['activities', 'notifications', 'mail_outbox']) await meta.query(`delete from ${table}`);
await meta.query(`delete from pgboss.job where name = 'mail.deliver'`);
await meta.query(
  `update assets set open_fault_count = coalesce((select count(*) from faults f where f.asset_id = assets.id and f.status = 'awaiting_owner'), 0) where organisation_id = $1`,
  [owner],
);
await meta.query(`delete from rate_limits`);
await meta.query('delete from sessions');
// The selective search: the code of one of the owner's assets with faults (a handful of matches).
const selectiveTerm = (
  await meta.query(
    `select a.asset_code from assets a join faults f on f.asset_id = a.id
      where a.organisation_id = $1 group by a.asset_code having count(*) between 3 and 10 order by a.asset_code desc limit 1`,
    [owner],
  )
).rows[0].asset_code as string;
const portalAssets = (await meta.query(`select id from assets where organisation_id = $1 order by random() limit 5000`, [owner])).rows.map(
  (r) => r.id,
);
// Vacuumed as a settled database would be (earlier runs' deletions leave dead rows behind).
await meta.query('vacuum analyze faults, fault_reports, rate_limits, activities, notifications, mail_outbox, pgboss.job');
await meta.end();

const api = await startProcess(
  ['src/server.ts'],
  benchApiEnv(DB_URL, API_PORT, {
    // Each portal submission comes from its own address (X-Forwarded-For), as reporters at many poles would.
    TRUST_PROXY: '127.0.0.1',
  }),
  `http://127.0.0.1:${API_PORT}/v2/states`,
);
const ceiling = await startProcess(
  ['bench/ceiling-server.ts'],
  { DATABASE_URL: DB_URL, PORT: String(CEILING_PORT) },
  `http://127.0.0.1:${CEILING_PORT}/faults?owner=${owner}`,
);
try {
  const base = `http://127.0.0.1:${API_PORT}`;
  const login = await fetch(`${base}/v2/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: OWNER_EMAIL, password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const headers = { authorization: `Bearer ${token}` };
  const searchTerm = 'Chiller overheating';
  const first = (await (await fetch(`${base}/v2/fault?tab=all`, { headers })).json()) as { meta: { total: number } };
  const search = (await (await fetch(`${base}/v2/fault?tab=all&search=${encodeURIComponent(searchTerm)}`, { headers })).json()) as {
    meta: { total: number };
  };
  const selective = (await (await fetch(`${base}/v2/fault?tab=all&search=${encodeURIComponent(selectiveTerm)}`, { headers })).json()) as {
    meta: { total: number };
  };
  log(
    `  all tab: ${first.meta.total.toLocaleString('en')} (capped); broad search "${searchTerm}": ${search.meta.total.toLocaleString('en')}; selective search "${selectiveTerm}": ${selective.meta.total.toLocaleString('en')}`,
  );

  const runs: Figures[] = [];
  runs.push(await measure('ceiling: bare Fastify + pg, 20 rows', { url: `http://127.0.0.1:${CEILING_PORT}/faults?owner=${owner}` }));
  runs.push(await measure('first page (open tab)', { url: `${base}/v2/fault`, headers }));
  runs.push(await measure('closed tab', { url: `${base}/v2/fault?tab=closed`, headers }));
  runs.push(await measure('approval tab', { url: `${base}/v2/fault?tab=approval`, headers }));
  runs.push(
    await measure(`search "${selectiveTerm}"`, { url: `${base}/v2/fault?tab=all&search=${encodeURIComponent(selectiveTerm)}`, headers }),
  );
  runs.push(
    await measure('broad search, no budget', {
      url: `${base}/v2/fault?tab=all&search=${encodeURIComponent(searchTerm)}`,
      headers,
    }),
  );
  runs.push(await measure('tab counts', { url: `${base}/v2/fault/counts`, headers }));
  let n = 0;
  runs.push(
    await measure('portal submission, no image', {
      url: `${base}/v2/fault/report/${owner}`,
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            n++;
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
              },
              body: JSON.stringify({
                email: 'passer.by@example.com',
                fullName: 'Passer By',
                phoneNumber: '08031234567',
                asset: portalAssets[n % portalAssets.length],
                faultType: n % 2 === 0 ? 'Repair' : 'Replacement',
                description: `The pump is ${SYMPTOMS[n % 8]} (${randomUUID().slice(0, 8)})`,
              }),
            };
          },
        },
      ],
    }),
  );
  printFigures(runs, log);
  const [, open, closed, approval, searched, , counts, portal] = runs as Figures[];
  budget(open!.p95 <= 50, `fault list: first page p95 ${open!.p95} ms <= 50 ms`);
  budget(closed!.p95 <= 50, `fault list: tab filter (closed) p95 ${closed!.p95} ms <= 50 ms`);
  budget(approval!.p95 <= 50, `fault list: approval tab p95 ${approval!.p95} ms <= 50 ms`);
  budget(searched!.p95 <= 50, `fault list: selective search (an asset's code) p95 ${searched!.p95} ms <= 50 ms`);
  budget(counts!.p95 <= 50, `fault list: tab counts p95 ${counts!.p95} ms <= 50 ms`);
  budget(portal!.p95 <= 100, `fault portal: submissions without an image, 20 connections, p95 ${portal!.p95} ms <= 100 ms`);
  budget(
    runs.every((r) => r.errors === 0),
    'faults: no errors or non-2xx answers',
  );
} finally {
  await stop(api);
  await stop(ceiling);
}

log('');
for (const { ok, text } of budgets) log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
if (budgets.some(({ ok }) => !ok)) process.exitCode = 1;
