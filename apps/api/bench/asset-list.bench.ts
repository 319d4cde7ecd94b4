// `npm run bench -w apps/api` (also part of the root `npm run bench`): the asset list and the bulk
// import against PostgreSQL at scale (issue 3). Seeds 1,000,000 assets across 1,000 owners, one of
// them holding 100,000 in 500 clusters, then measures through the real API with a real session.
//   BENCH_DATABASE_URL  the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
//                       a database `amp_bench` is (re)created on it and kept for re-runs.
//   BENCH_RESEED=1      drop and seed again even when the data is already there.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { assets, clusters, codeCounters, organisations, users } from '../src/db/schema/index.js';
import { seedDatabase } from '../src/db/seed.js';
import { tidyUpAfterBulkWrite } from '../src/db/tidy-up.js';
import { hashPassword } from '../src/lib/passwords.js';
import { type Figures, measure, startProcess, stop } from './http-bench.js';
import { benchApiEnv, keptBenchDatabase, log, SERVER_URL, withDatabase } from './support.js';

const DB_NAME = 'amp_bench';
const DB_URL = withDatabase(SERVER_URL, DB_NAME);
const API_PORT = 3291;
const CEILING_PORT = 3292;
const BIG_OWNER_EMAIL = 'bench.owner@amp.test';
const IMPORT_OWNER_EMAIL = 'bench.importer@amp.test';
const PASSWORD = 'bench-password-2026';
const TOTAL_ASSETS = 1_000_000;
const OWNERS = 1_000;
const BIG_OWNER_ASSETS = 100_000;
const BIG_OWNER_CLUSTERS = 500;
const IMPORT_ROWS = 100_000;
const WORDS = ['Generator', 'Pump', 'Transformer', 'Chiller', 'Elevator', 'Inverter', 'Boiler', 'Compressor', 'Borehole', 'Solar panel'];

async function seed() {
  const started = performance.now();
  const database = await openDatabase({ url: DB_URL, poolSize: loadConfig().DATABASE_POOL_SIZE });
  await seedDatabase(database.db, { demo: false });
  await database.close();
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  const passwordHash = await hashPassword(PASSWORD);
  const categoryIds = (
    await q(`insert into categories (name) select unnest($1::text[]) returning id`, [['Power', 'Water', 'HVAC', 'Lifts', 'Security']])
  ).rows.map((r) => r.id);
  const role = (await q(`select id from roles where system_key = 'asset_owner'`)).rows[0].id;
  // Owner 1 is the big one; owner 1001 is an empty one for the import.
  await q(
    `insert into organisations (kind, name, status, is_company, created_at)
       select 'asset_owner', 'Bench owner ' || g, 'active', true, now() - g * interval '1 second' from generate_series(1, $1) g`,
    [OWNERS + 1],
  );
  const owners = (await q(`select id from organisations where name like 'Bench owner %' order by substring(name from 13)::int`)).rows.map(
    (r) => r.id,
  );
  await q(
    `insert into users (organisation_id, role_id, email, password_hash, first_name, last_name, status, is_org_admin)
       values ($1, $3, $4, $5, 'Bench', 'Owner', 'active', true), ($2, $3, $6, $5, 'Bench', 'Importer', 'active', true)`,
    [owners[0], owners[OWNERS], role, BIG_OWNER_EMAIL, passwordHash, IMPORT_OWNER_EMAIL],
  );
  // Clusters: 500 for the big owner, 5 for each other owner, 10 for the importer.
  await q(
    `insert into clusters (organisation_id, cluster_code, name, state, lga)
       select $1, 'CL-' || lpad(g::text, 6, '0'), 'Site ' || g, 'lagos', 'Ikeja' from generate_series(1, $2) g`,
    [owners[0], BIG_OWNER_CLUSTERS],
  );
  await q(
    `insert into clusters (organisation_id, cluster_code, name, state)
       select o.id, 'CL-' || lpad(g::text, 6, '0'), 'Site ' || g, 'abuja'
         from unnest($1::uuid[]) as o(id), generate_series(1, 5) g`,
    [owners.slice(1, OWNERS)],
  );
  await q(
    `insert into clusters (organisation_id, cluster_code, name, state)
       select $1, 'IMP-' || g, 'Import site ' || g, 'kano' from generate_series(1, 10) g`,
    [owners[OWNERS]],
  );
  const insertAssets = async (owner: string, from: number, count: number) =>
    q(
      `with c as (select array_agg(id order by cluster_code) as ids from clusters where organisation_id = $1)
       insert into assets (organisation_id, asset_code, name, cluster_id, location_id, location_name, category_id, status,
                           purchase_cost_kobo, serial_number, created_at)
       select $1, 'AS-' || lpad(g::text, 6, '0'),
              ($4::text[])[1 + g % 10] || ' ' || g,
              c.ids[1 + g % array_length(c.ids, 1)],
              'LOC-' || (g % 400), 'Block ' || (g % 60),
              ($5::uuid[])[1 + g % 5],
              (array['active','active','active','faulty','under_maintenance'])[1 + g % 5],
              (g % 1000) * 150000 + 50, 'SN' || g,
              timestamptz '2026-01-01' + g * interval '37 seconds'
         from c, generate_series($2::int, $2::int + $3::int - 1) g`,
      [owner, from, count, WORDS, categoryIds],
    );
  for (let start = 1; start <= BIG_OWNER_ASSETS; start += 25_000) await insertAssets(owners[0], start, 25_000);
  log(`  big owner: ${BIG_OWNER_ASSETS.toLocaleString('en')} assets in ${BIG_OWNER_CLUSTERS} clusters`);
  // The other 900,000 across 999 owners: 900 each, and one more for the first 900 of them.
  const rest = TOTAL_ASSETS - BIG_OWNER_ASSETS;
  const per = Math.floor(rest / (OWNERS - 1));
  let extra = rest - per * (OWNERS - 1);
  for (let i = 1; i < OWNERS; i++) {
    const n = per + (extra > 0 ? 1 : 0);
    if (extra > 0) extra--;
    await insertAssets(owners[i], 1, n);
    if (i % 200 === 0) log(`  ${i} of ${OWNERS - 1} other owners seeded`);
  }
  await q(
    `insert into code_counters (organisation_id, kind, last_value)
       select organisation_id, 'asset', count(*) from assets group by organisation_id
     on conflict (organisation_id, kind) do update set last_value = excluded.last_value`,
  );
  const { rows } = await q('select count(*)::int as n from assets');
  await client.end();
  // What the product does after a bulk write (an import, the seed), and nothing more: the first
  // measurements below are what an owner meets right after it.
  const tidy = await openDatabase({ url: DB_URL, poolSize: 1 });
  await tidyUpAfterBulkWrite(tidy.db, [organisations, users, clusters, assets, codeCounters], rows[0].n);
  await tidy.close();
  log(`  seeded ${rows[0].n.toLocaleString('en')} assets in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

interface ImportState {
  status: string;
  writtenRows?: number;
  errorCount?: number;
  failureMessage?: string | null;
}

interface ListAnswer {
  data: unknown[];
  meta: { total: number; pageCount: number };
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/v2/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function importCsv(base: string, token: string, pid: number) {
  const dir = mkdtempSync(join(tmpdir(), 'amp-bench-import-'));
  const file = join(dir, 'assets.csv');
  const lines = [
    'assetID,name,clusterID,locationID,locationName,category,subCategory,brand,model,serialNumber,installationDate,warrantyExpiry,status,purchaseCost,description',
  ];
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    lines.push(
      `IMP-${i},${WORDS[i % 10]} ${i},IMP-${1 + (i % 10)},L-${i % 300},Wing ${i % 20},${['Power', 'Water', 'HVAC', 'Lifts', 'Security'][i % 5]},,Acme,M${i % 7},S-${i},2024-0${1 + (i % 9)}-15,2029-01-31,${i % 9 === 0 ? 'Faulty' : 'Active'},${(i % 5000) * 37}.25,Imported row ${i}`,
    );
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  const bytes = readFileSync(file);
  const started = performance.now();
  let peak = peakRssMb(pid);
  const sampler = setInterval(() => {
    peak = Math.max(peak, peakRssMb(pid));
  }, 50);
  try {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'text/csv' }), 'assets.csv');
    const res = await fetch(`${base}/v2/asset/bulk/add`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    if (res.status !== 202 && res.status !== 201) throw new Error(`import upload failed: ${res.status} ${await res.text()}`);
    const job = ((await res.json()) as { data: { _id: string } }).data;
    for (;;) {
      const poll = await fetch(`${base}/v2/asset/bulk/${job._id}`, { headers: { authorization: `Bearer ${token}` } });
      const state = ((await poll.json()) as { data: ImportState }).data;
      if (state.status === 'succeeded' || state.status === 'failed') {
        const seconds = (performance.now() - started) / 1000;
        return { seconds, peak, state, mb: bytes.length / 1024 / 1024 };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    clearInterval(sampler);
    rmSync(dir, { recursive: true, force: true });
  }
}

const fmt = (n: number, digits = 1) => n.toFixed(digits).padStart(8);
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
/** Every budget, printed one per line at the end; a missed one makes the process exit with 1. */
const budgets: { ok: boolean; text: string }[] = [];
const budget = (ok: boolean, text: string) => budgets.push({ ok, text });

log(`asset list benchmark on ${DB_URL.replace(/\/\/[^@]*@/, '//')}`);
if (await keptBenchDatabase(DB_NAME, { table: 'assets', rows: TOTAL_ASSETS }))
  log('  reusing the seeded database (BENCH_RESEED=1 to seed again)');
else await seed();

const meta = new pg.Client({ connectionString: DB_URL });
await meta.connect();
const bigOwner = (await meta.query('select organisation_id from users where email = $1', [BIG_OWNER_EMAIL])).rows[0].organisation_id;
const cluster = (await meta.query(`select id from clusters where organisation_id = $1 and cluster_code = 'CL-000250'`, [bigOwner])).rows[0]
  .id;
// A clean slate for the import, so re-runs measure the same work.
const importer = (await meta.query('select organisation_id from users where email = $1', [IMPORT_OWNER_EMAIL])).rows[0].organisation_id;
await meta.query('delete from assets where organisation_id = $1', [importer]);
await meta.query(`delete from code_counters where organisation_id = $1`, [importer]);
await meta.query('delete from sessions');
// The deleted rows would otherwise be vacuumed by autovacuum in the middle of the measurements.
await meta.query('vacuum analyze assets');
await meta.end();

const api = await startProcess(['src/server.ts'], benchApiEnv(DB_URL, API_PORT), `http://127.0.0.1:${API_PORT}/v2/states`);
const ceiling = await startProcess(
  ['bench/ceiling-server.ts'],
  { DATABASE_URL: DB_URL, PORT: String(CEILING_PORT) },
  `http://127.0.0.1:${CEILING_PORT}/assets?owner=${bigOwner}`,
);
try {
  const base = `http://127.0.0.1:${API_PORT}`;
  const token = await login(base, BIG_OWNER_EMAIL);
  const auth = { authorization: `Bearer ${token}` };
  const searchTerm = 'Chiller 4242';
  const sample = (await (
    await fetch(`${base}/v2/asset/created?search=${encodeURIComponent(searchTerm)}`, { headers: auth })
  ).json()) as ListAnswer;
  const firstPage = (await (await fetch(`${base}/v2/asset/created`, { headers: auth })).json()) as ListAnswer;
  log(
    `  first page: ${firstPage.data.length} rows of ${firstPage.meta.total.toLocaleString('en')} (${firstPage.meta.pageCount} pages); search "${searchTerm}": ${sample.meta.total} matches`,
  );

  const runs: Figures[] = [];
  runs.push(await measure('ceiling: bare Fastify + pg, 20 rows', { url: `http://127.0.0.1:${CEILING_PORT}/assets?owner=${bigOwner}` }));
  runs.push(await measure('first page', { url: `${base}/v2/asset/created`, headers: auth }));
  runs.push(await measure('page 2,000', { url: `${base}/v2/asset/created?page=2000`, headers: auth }));
  runs.push(
    await measure(`search "${searchTerm}"`, { url: `${base}/v2/asset/created?search=${encodeURIComponent(searchTerm)}`, headers: auth }),
  );
  runs.push(await measure('cluster filter', { url: `${base}/v2/asset/created?clusterId=${cluster}`, headers: auth }));

  const top = runs[0]!.rps;
  log('\n  route                                   req/s   p50 ms   p95 ms   p99 ms   of ceiling  errors');
  for (const r of runs)
    log(`  ${r.name.padEnd(36)}${fmt(r.rps, 0)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.p99)}   ${fmt((100 * r.rps) / top, 0)} %  ${r.errors}`);
  const [, first, deep, search, byCluster] = runs as [Figures, Figures, Figures, Figures, Figures];
  budget(first.p95 <= 50, `asset list: first page p95 ${first.p95} ms <= 50 ms`);
  budget(search.p95 <= 50, `asset list: search p95 ${search.p95} ms <= 50 ms`);
  budget(byCluster.p95 <= 50, `asset list: cluster filter p95 ${byCluster.p95} ms <= 50 ms`);
  budget(deep.p95 <= 150, `asset list: page 2,000 p95 ${deep.p95} ms <= 150 ms`);
  budget(first.rps >= 0.3 * top, `asset list: first page throughput ${((100 * first.rps) / top).toFixed(0)} % of the ceiling >= 30 %`);
  budget(
    runs.every((r) => r.errors === 0),
    'asset list: no errors or non-2xx answers',
  );

  const importToken = await login(base, IMPORT_OWNER_EMAIL);
  const imported = await importCsv(base, importToken, api.pid!);
  log(
    `\n  bulk import: ${IMPORT_ROWS.toLocaleString('en')} rows (${imported.mb.toFixed(1)} MB CSV) ${imported.state.status}, ${imported.state.writtenRows ?? '?'} written`,
  );
  budget(
    imported.state.status === 'succeeded' && imported.seconds <= 60,
    `bulk import: ${imported.state.status} end to end in ${imported.seconds.toFixed(1)} s <= 60 s`,
  );
  budget(imported.peak < 500, `bulk import: API process peak RSS ${imported.peak.toFixed(0)} MB < 500 MB`);

  // The lists an owner opens right after a large import (the importer's 100,000 new rows, the big
  // owner's beside them), and the same a minute later: both states meet the list budgets.
  const importAuth = { authorization: `Bearer ${importToken}` };
  const afterImport = async (when: string) => [
    await measure(`${when}: importer first page`, { url: `${base}/v2/asset/created`, headers: importAuth }),
    await measure(`${when}: importer page 2,000`, { url: `${base}/v2/asset/created?page=2000`, headers: importAuth }),
    await measure(`${when}: big owner first page`, { url: `${base}/v2/asset/created`, headers: auth }),
  ];
  const right = await afterImport('right after import');
  await new Promise((resolve) => setTimeout(resolve, 60_000));
  const later = await afterImport('a minute later');
  const ceilingAgain = await measure('ceiling again', { url: `http://127.0.0.1:${CEILING_PORT}/assets?owner=${bigOwner}` });
  log('\n  after the import                        req/s   p50 ms   p95 ms   p99 ms   of ceiling  errors');
  for (const r of [...right, ...later, ceilingAgain])
    log(
      `  ${r.name.padEnd(36)}${fmt(r.rps, 0)} ${fmt(r.p50)} ${fmt(r.p95)} ${fmt(r.p99)}   ${fmt((100 * r.rps) / ceilingAgain.rps, 0)} %  ${r.errors}`,
    );
  for (const [first, deep, big] of [right, later] as [Figures, Figures, Figures][]) {
    const when = first.name.split(':')[0];
    budget(first.p95 <= 50, `${when}: importer first page p95 ${first.p95} ms <= 50 ms`);
    budget(deep.p95 <= 150, `${when}: importer page 2,000 p95 ${deep.p95} ms <= 150 ms`);
    budget(big.p95 <= 50, `${when}: big owner first page p95 ${big.p95} ms <= 50 ms`);
    budget(
      first.rps >= 0.3 * ceilingAgain.rps,
      `${when}: importer first page ${((100 * first.rps) / ceilingAgain.rps).toFixed(0)} % of the ceiling >= 30 %`,
    );
    budget(first.errors + deep.errors + big.errors === 0, `${when}: no errors or non-2xx answers`);
  }
} finally {
  await stop(api);
  await stop(ceiling);
}

log('');
for (const { ok, text } of budgets) log(`${verdict(ok)} ${text}`);
if (budgets.some(({ ok }) => !ok)) process.exitCode = 1;
