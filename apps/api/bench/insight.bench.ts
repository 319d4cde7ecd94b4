// `npm run bench -w apps/api -- insight` (also part of `npm run bench`): dashboards, reports, score
// cards and exports at scale (issue 12). Seeds 1,000 organisations with 1,000,000 work orders,
// 1,000,000 service requests, 300,000 faults, 200,000 purchase orders and 10,000,000 stock movements
// over 24 months, one asset owner holding a tenth of it (100,000 WOs, 100,000 SRs, 30,000 faults,
// 20,000 POs, 1,000,000 movements in its warehouses) with its main MRO receiving two fifths of its
// work, that MRO's technicians a few hundred assignments each, and a big supplier. Then, through the
// real API with real sessions, against a bare Fastify + pg ceiling in the same run:
//   - the dashboards (owner's admin, MRO's admin, a technician, a supplier, super): p95 <= 100 ms each;
//   - the three reports' summaries and first rows pages of every view, and the score cards, as the
//     big owner: p95 <= 300 ms each;
//   - the CSV export of the owner's 1,000,000 movements (every row arrives; the API process's peak
//     memory < 300 MB) and an XLSX export of its 100,000 work orders (rows, memory, time).
// An endpoint that does not answer 200 is a FAIL line, not a crash.
//   BENCH_DATABASE_URL  the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
//                       a database `amp_bench_insight` is (re)created on it and kept for re-runs.
//   BENCH_RESEED=1      drop and seed again even when the data is already there.
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { BACKFILLED_ROLLUPS } from '../src/db/rollup-tables.js';
import { seedDatabase } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/passwords.js';
import { type Figures, measure, printFigures, startProcess, stop } from './http-bench.js';
import { Budgets, benchApiEnv, keptBenchDatabase, log, percentile, SERVER_URL, sleep, withDatabase } from './support.js';

const DB_NAME = 'amp_bench_insight';
const DB_URL = withDatabase(SERVER_URL, DB_NAME);
const API_PORT = 3303;
const CEILING_PORT = 3304;
const PASSWORD = 'bench-password-2026';
const EMAIL = {
  owner: 'bench.insight.owner@amp.test',
  mro: 'bench.insight.mro@amp.test',
  technician: 'bench.insight.tech0@amp.test',
  supplier: 'bench.insight.supplier@amp.test',
  super: 'bench.insight.super@amp.test',
};
/** Asset owners (n = 0 is the big one), providers (n = 0 the big MRO), suppliers (n = 0 the big one); with the platform: 1,000. */
const OWNERS = 500;
const PROVIDERS = 300;
const SUPPLIERS = 199;
const WORK_ORDERS = 1_000_000;
const SERVICE_REQUESTS = 1_000_000;
const PURCHASE_ORDERS = 200_000;
/** Every tenth WO, SR and PO is the big owner's. */
const BIG_SHARE = 10;
const BIG_ASSETS = 5_000;
const ASSETS = 40;
const BIG_CLUSTERS = 200;
const CLUSTERS = 4;
const BIG_FAULTS = 30_000;
const FAULTS = 541;
const TECHNICIANS = 150;
const BIG_WAREHOUSES = 10;
const BIG_ITEMS = 2_000;
const ITEMS = 250;
/** Movements per item: 20,000 x 50 = 1,000,000 for the big owner; 801 warehouses x 250 x 45 = 9,011,250 for the rest. */
const BIG_MOVES = 50;
const MOVES = 45;
const MARKER = 'bench_seed_marker';
const WORDS = ['Generator', 'Pump', 'Transformer', 'Chiller', 'Elevator', 'Inverter', 'Boiler', 'Compressor', 'Borehole', 'Rectifier'];
const CATEGORIES: Record<string, string[]> = {
  Telecommunications: ['Tower', 'Generator', 'Rectifier', 'Battery Bank'],
  'Power & Energy': ['Diesel Generator', 'Solar System', 'Inverter', 'Transformer'],
  'Building & Facilities': ['HVAC', 'Elevator', 'Plumbing', 'Fire Safety'],
  'Healthcare Equipment': ['Imaging', 'Laboratory', 'Patient Monitoring', 'Sterilisation'],
  'Industrial Machinery': ['Pump', 'Compressor', 'Conveyor', 'Boiler'],
  'Vehicles & Fleet': ['Truck', 'Pickup', 'Forklift', 'Bus'],
};
const PARTS = ['Oil filter', 'Air filter', 'Battery', 'Fuse', 'Coolant', 'Gasket', 'Bearing', 'V-belt', 'Contactor', 'Relay'];

/** A deterministic draw 0..99 of an integer expression (different multipliers: independent draws). */
const draw = (expr: string, salt: number) => `((((${expr})::bigint * ${2654435761 + salt * 40503}) >> 7) % 100)`;

type Query = (text: string, values?: unknown[]) => Promise<pg.QueryResult>;

/** Drops the tables' secondary indexes (not those behind constraints) for a bulk load, and builds them again after it. */
async function withoutIndexes(q: Query, tables: string[], load: () => Promise<void>) {
  const { rows } = await q(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i
      where i.indrelid = any($1::regclass[]) and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const { name } of rows) await q(`drop index ${name}`);
  await load();
  const started = performance.now();
  for (const { def } of rows) await q(def);
  log(`    ${rows.length} indexes of ${tables.join(', ')} built in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

async function seed() {
  const started = performance.now();
  const step = async (what: string, work: () => Promise<unknown>) => {
    const t = performance.now();
    await work();
    log(`  ${what}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const database = await openDatabase({ url: DB_URL, poolSize: loadConfig().DATABASE_POOL_SIZE });
  await seedDatabase(database.db, { demo: false });
  await database.close();
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  const q: Query = (text, values) => client.query(text, values);
  await q(`set maintenance_work_mem = '1GB'`);
  await q(`set synchronous_commit = off`);
  await q(`set work_mem = '256MB'`);
  // Every trigger (counts, ledger guards, recalls, deadlines, foreign keys) is off during the bulk
  // load; the kept counts are rebuilt from the rows at the end, as the triggers would have kept them.
  await q(`set session_replication_role = replica`);
  await q(`create temporary table params as select date_trunc('hour', now()) as base`);
  const role = async (key: string) => (await q(`select id from roles where system_key = $1`, [key])).rows[0].id as string;
  const roles = {
    owner: await role('asset_owner'),
    mro: await role('mro'),
    imo: await role('imo'),
    ext: await role('external_technician'),
    technician: await role('technician'),
    supplier: await role('supplier'),
    super: await role('super_admin'),
  };
  const hash = await hashPassword(PASSWORD);

  await step('organisations, users, categories, clusters, assets', async () => {
    const states = (await q(`select alias from states order by alias`)).rows.map((r) => r.alias as string);
    await q(`insert into organisations (kind, name, status, is_company, state, created_at)
             values ('platform', 'Insight platform', 'active', true, 'lagos', now() - interval '3 years')`);
    await q(
      `insert into organisations (kind, name, status, is_company, state, created_at)
         select 'asset_owner', 'Insight owner ' || n, 'active', true, ($2::text[])[1 + n % array_length($2::text[], 1)],
                now() - interval '3 years' + n * interval '1 hour'
           from generate_series(0, $1 - 1) n`,
      [OWNERS, states],
    );
    await q(
      `insert into organisations (kind, name, status, is_company, state, created_at)
         select case when n < 200 then 'mro' when n < 260 then 'imo' else 'external_technician' end,
                'Insight provider ' || n, 'active', n < 260, ($2::text[])[1 + n % array_length($2::text[], 1)],
                now() - interval '3 years' + n * interval '1 hour'
           from generate_series(0, $1 - 1) n`,
      [PROVIDERS, states],
    );
    await q(
      `insert into organisations (kind, name, status, is_company, state, created_at)
         select 'supplier', 'Insight supplier ' || n, 'active', true, ($2::text[])[1 + n % array_length($2::text[], 1)],
                now() - interval '3 years' + n * interval '1 hour'
           from generate_series(0, $1 - 1) n`,
      [SUPPLIERS, states],
    );
    await q(`create temporary table owner_index as
               select id, substring(name from 15)::int as n from organisations where name like 'Insight owner %'`);
    await q(`create temporary table provider_index as
               select id, kind, substring(name from 18)::int as n,
                      case kind when 'mro' then 'MRO' when 'imo' then 'IMO' else 'EXT. TECHNICIAN' end as receiver
                 from organisations where name like 'Insight provider %'`);
    await q(`create temporary table supplier_index as
               select id, substring(name from 18)::int as n from organisations where name like 'Insight supplier %'`);
    for (const t of ['owner_index', 'provider_index', 'supplier_index']) await q(`create unique index on ${t} (n)`);
    // One admin per organisation; the big ones' with the benchmark's addresses; the super admin.
    await q(
      `insert into users (organisation_id, role_id, email, password_hash, first_name, last_name, status, is_org_admin, notify_email, created_at)
         select o.id,
                case o.kind when 'asset_owner' then $1::uuid when 'mro' then $2::uuid when 'imo' then $3::uuid
                            when 'external_technician' then $4::uuid when 'supplier' then $5::uuid else $6::uuid end,
                case o.name when 'Insight owner 0' then $7 when 'Insight provider 0' then $8 when 'Insight supplier 0' then $9
                            when 'Insight platform' then $10 else 'admin.' || replace(lower(o.name), ' ', '.') || '@amp.test' end,
                $11, 'Bench', 'Admin', 'active', true, false, o.created_at
           from organisations o where o.name like 'Insight %'`,
      [
        roles.owner,
        roles.mro,
        roles.imo,
        roles.ext,
        roles.supplier,
        roles.super,
        EMAIL.owner,
        EMAIL.mro,
        EMAIL.supplier,
        EMAIL.super,
        hash,
      ],
    );
    // The big MRO's technicians (bench.insight.tech0 is the one measured).
    await q(
      `insert into users (organisation_id, role_id, email, password_hash, first_name, last_name, status, is_org_admin, notify_email)
         select p.id, $1, 'bench.insight.tech' || s.t || '@amp.test', $2, 'Tech', 'Nician ' || s.t, 'active', false, false
           from provider_index p, generate_series(0, $3 - 1) s(t) where p.n = 0`,
      [roles.technician, hash, TECHNICIANS],
    );
    await q(`create temporary table tech_index as
               select id, substring(email from 19 for position('@' in email) - 19)::int as n from users where email like 'bench.insight.tech%'`);
    await q(`create unique index on tech_index (n)`);
    await q(`create temporary table admin_index as
               select u.organisation_id as org, u.id from users u where u.is_org_admin and u.email like '%@amp.test'`);
    await q(`create unique index on admin_index (org)`);
    // Categories with sub-categories.
    for (const [name, subs] of Object.entries(CATEGORIES)) {
      const parent = (await q(`insert into categories (name) values ($1) returning id`, [name])).rows[0].id;
      await q(`insert into categories (name, parent_id) select unnest($1::text[]), $2`, [subs, parent]);
    }
    await q(`create temporary table category_index as
               select row_number() over (order by c.name, s.name) - 1 as n, c.id as parent_id, s.id as sub_id
                 from categories c join categories s on s.parent_id = c.id where c.parent_id is null`);
    await q(
      `insert into clusters (organisation_id, cluster_code, name, state, lga, address, created_at)
         select o.id, 'CL-' || lpad(c::text, 6, '0'), 'Site ' || o.n || '-' || c, ($1::text[])[1 + (o.n * 13 + c) % array_length($1::text[], 1)],
                null, c || ' Bench Road', now() - interval '3 years'
           from owner_index o cross join lateral generate_series(0, case when o.n = 0 then $2::int else $3::int end - 1) c`,
      [states, BIG_CLUSTERS, CLUSTERS],
    );
    await q(`create temporary table cluster_index as
               select c.id, o.n as owner_n, substring(c.cluster_code from 4)::int as k, c.state
                 from clusters c join owner_index o on o.id = c.organisation_id`);
    await q(`create unique index on cluster_index (owner_n, k)`);
    // Assets: 85% active, 7% faulty, 5% under maintenance, 3% decommissioned; warranties spread
    // around today (some expiring within 90 days).
    await q(
      `insert into assets (organisation_id, asset_code, name, cluster_id, category_id, sub_category_id, brand, model, serial_number,
                           installation_date, warranty_expiry, status, purchase_cost_kobo, created_at, updated_at)
         select o.id, 'AS-' || lpad(s.k::text, 6, '0'), ($1::text[])[1 + s.k % 10] || ' ' || s.k, cl.id, cat.parent_id, cat.sub_id,
                'Brand ' || (s.k % 30), 'M-' || (s.k % 200), 'SN' || o.n || '-' || s.k,
                (now() - interval '1100 days' + (s.k % 900) * interval '1 day')::date,
                (now() - interval '400 days' + (s.k * 7 % 1500) * interval '1 day')::date,
                case when ${draw('s.k + o.n', 1)} < 85 then 'active' when ${draw('s.k + o.n', 1)} < 92 then 'faulty'
                     when ${draw('s.k + o.n', 1)} < 97 then 'under_maintenance' else 'decommissioned' end,
                (50000 + (s.k * 37 % 5000) * 1000)::bigint * 100, now() - interval '1100 days' + (s.k % 900) * interval '1 day', now()
           from owner_index o
           cross join lateral generate_series(0, case when o.n = 0 then $2::int else $3::int end - 1) s(k)
           join cluster_index cl on cl.owner_n = o.n and cl.k = s.k % case when o.n = 0 then $4::int else $5::int end
           join category_index cat on cat.n = s.k % (select count(*) from category_index)`,
      [WORDS, BIG_ASSETS, ASSETS, BIG_CLUSTERS, CLUSTERS],
    );
    await q(`create temporary table asset_index as
               select a.id, o.n as owner_n, substring(a.asset_code from 4)::int as k, a.name || ' ' || a.asset_code as label,
                      a.cluster_id, cl.state
                 from assets a join owner_index o on o.id = a.organisation_id left join clusters cl on cl.id = a.cluster_id`);
    await q(`create unique index on asset_index (owner_n, k)`);
  });

  await withoutIndexes(q, ['faults', 'work_orders', 'service_requests', 'purchase_orders', 'stock_movements'], async () => {
    // Faults, per owner in time order: the newest (at most two per asset, one per type: the open
    // ones are unique per asset and type) open, the rest closed, 60% of those converted.
    await step(`faults (${(BIG_FAULTS + FAULTS * (OWNERS - 1)).toLocaleString('en')})`, () =>
      q(
        `insert into faults (code, organisation_id, asset_id, cluster_id, fault_type, description, state, status, source,
                             reporter_user_id, reporter_organisation_id, provider_id, reporter_name, reporter_email, reporters,
                             converted_type, created_at, updated_at, closed_at)
         select 'FLT-' || lpad(upper(to_hex(o.n * 100000 + f.n)), 8, '0'), o.id, a.id, a.cluster_id,
                case when (f.n / x.assets) % 2 = 0 then 'Repair' else 'Replacement' end,
                ($1::text[])[1 + f.n % 10] || ' reported faulty, report ' || f.n, a.state, s.status, src.source,
                case when src.source = 'provider' and pr.n = 0 then t.id end,
                case when src.source = 'provider' then pr.id end,
                pr.id, case when src.source = 'portal' then 'Passer-by ' || f.n else 'Bench Reporter' end,
                'reporter' || f.n || '@example.test', 1 + f.n % 3 / 2,
                case when s.status = 'converted' then 'work_order' end,
                at.at, at.at, case when s.status in ('rejected', 'converted') then at.at + interval '2 days' end
           from owner_index o
           cross join lateral (select case when o.n = 0 then $2::int else $3::int end as count,
                                      case when o.n = 0 then $4::int else $5::int end as assets) x
           cross join lateral generate_series(0, x.count - 1) f(n)
           join asset_index a on a.owner_n = o.n and a.k = f.n % x.assets
           join provider_index pr on pr.n = case when o.n = 0 and f.n % 10 < 4 then 0
                                                  when o.n = 0 then 1 + (f.n * 7) % ${PROVIDERS - 1} else (o.n * 7 + f.n % 3) % ${PROVIDERS} end
           left join tech_index t on t.n = f.n % ${TECHNICIANS}
           cross join lateral (select case when f.n % 10 < 4 then 'portal' when f.n % 10 < 7 then 'staff' else 'provider' end as source) src
           cross join lateral (select (select base from params) - interval '730 days' + (f.n + 0.5) / x.count * interval '730 days' as at) at
           cross join lateral (select case
                  when f.n >= x.count - least(2 * x.assets, x.count / 12) then
                    case when ${draw('f.n', 2)} < 70 then 'awaiting_owner' when ${draw('f.n', 2)} < 90 then 'awaiting_provider' else 'returned' end
                  when f.n % 10 < 6 then 'converted' else 'rejected' end as status) s`,
        [WORDS, BIG_FAULTS, FAULTS, BIG_ASSETS, ASSETS],
      ),
    );
    await q(`create temporary table fault_index as
               select f.id, o.n as owner_n, row_number() over (partition by f.organisation_id order by f.created_at, f.id) - 1 as k,
                      substring(a.asset_code from 4)::int as asset_k, f.created_at
                 from faults f join owner_index o on o.id = f.organisation_id join assets a on a.id = f.asset_id
                where f.status = 'converted'`);
    await q(`create unique index on fault_index (owner_n, k)`);

    // Work orders: g's owner is the big one for every tenth, else one of the other 499; its provider
    // the big MRO for 40% of the big owner's (and 1/300 of the others'); one in six of each owner's
    // comes from one of its converted faults (on that asset, three hours after it). The status
    // depends on the age: older orders are mostly finished.
    for (let from = 1; from <= WORK_ORDERS; from += 100_000) {
      const size = Math.min(100_000, WORK_ORDERS - from + 1);
      await step(`work orders ${from.toLocaleString('en')}-${(from + size - 1).toLocaleString('en')}`, () =>
        q(
          `insert into work_orders (code, organisation_id, provider_id, receiver_type, asset_id, fault_id, title, description, subject_label,
                                    priority, status, due_date, total_kobo, used_total_kobo, approval_round, approval_needed,
                                    response_hours, resolution_hours, sla_title, submitted_at, sent_at, accepted_at, completed_at, closed_at,
                                    decline_reason, unsatisfactory_count, time_spent_hours, owner_certified_at, provider_certified_at,
                                    rating, rated_at, created_at, updated_at)
           select 'WO-' || lpad(g::text, 7, '0'), o.id, p.id, p.receiver, a.id, fi.id,
                  ($3::text[])[1 + (g / 10) % 10] || ' overhaul ' || g, 'Planned work, order ' || g, a.label,
                  pri.priority, s.status, (c.at + interval '14 days')::date, v.total,
                  case when s.done then v.total * 95 / 100 else 0 end,
                  case when s.status = 'draft' then 0 else 1 end, case when s.status <> 'draft' then v.total > 100000000 end,
                  sla.response, sla.resolution, case when sla.response is not null then 'SLA ' || pri.priority end,
                  case when s.status <> 'draft' then c.at + interval '30 minutes' end, tm.sent,
                  case when s.accepted then tm.sent + coalesce(sla.response, 4) * interval '1 hour' * ${draw('g', 4)} / 80.0 end,
                  case when s.done then tm.sent + coalesce(sla.resolution, 48) * interval '1 hour' * (30 + ${draw('g', 5)}) / 100.0 end,
                  case when s.status = 'closed' then tm.sent + coalesce(sla.resolution, 48) * interval '1 hour' * (30 + ${draw('g', 5)}) / 100.0 + interval '2 days'
                       when s.status = 'ended' then tm.sent + interval '5 days' end,
                  case when s.status = 'declined' then 'No capacity in the area' end,
                  case when s.done and ${draw('g', 6)} < 3 then 1 else 0 end,
                  case when s.done then 2 + (g % 40) / 4.0 end,
                  case when s.status in ('owner_certified', 'certified', 'closed') then tm.sent + interval '3 days' end,
                  case when s.status in ('provider_certified', 'certified', 'closed') then tm.sent + interval '3 days' end,
                  r.rating, case when r.rating is not null then tm.sent + interval '4 days' end,
                  c.at, c.at
             from generate_series($1::int, $1::int + $2::int - 1) g
             cross join lateral (select case when g % ${BIG_SHARE} = 0 then 0 else 1 + g % ${OWNERS - 1} end as owner_n,
                                        case when g % ${BIG_SHARE} = 0 then g / ${BIG_SHARE} else g / ${OWNERS - 1} end as m) x
             join owner_index o on o.n = x.owner_n
             join provider_index p on p.n = case when x.owner_n = 0 and (g / 10) % 10 < 4 then 0
                                                  when x.owner_n = 0 then 1 + (g / 10 * 7) % ${PROVIDERS - 1} else g % ${PROVIDERS} end
             left join fault_index fi on x.m % 6 = 0 and fi.owner_n = x.owner_n and fi.k = x.m / 6
             join asset_index a on a.owner_n = x.owner_n
                               and a.k = coalesce(fi.asset_k, (g / 7) % case when x.owner_n = 0 then ${BIG_ASSETS} else ${ASSETS} end)
             cross join lateral (select coalesce(fi.created_at + interval '3 hours',
                                                 (select base from params) - interval '730 days' + g * (interval '730 days' / ${WORK_ORDERS})) as at) c
             cross join lateral (select (array['low','medium','high','critical'])[1 + g % 4] as priority) pri
             cross join lateral (select case when g % 10 = 3 then null::int else (array[24, 8, 4, 2])[1 + g % 4] end as response,
                                        case when g % 10 = 3 then null::int else (array[96, 48, 24, 12])[1 + g % 4] end as resolution) sla
             cross join lateral (select (2000000 + power((g::bigint * 7919) % 1000, 2) * 200)::bigint as total) v
             cross join lateral (select case when c.at < (select base from params) - interval '45 days' then
                      case when ${draw('g', 3)} < 70 then 'closed' when ${draw('g', 3)} < 78 then 'certified' when ${draw('g', 3)} < 82 then 'ended'
                           when ${draw('g', 3)} < 86 then 'declined' when ${draw('g', 3)} < 90 then 'completed' when ${draw('g', 3)} < 93 then 'owner_certified'
                           when ${draw('g', 3)} < 95 then 'provider_certified' when ${draw('g', 3)} < 97 then 'in_progress'
                           when ${draw('g', 3)} < 98 then 'on_hold' else 'draft' end
                    else
                      case when ${draw('g', 3)} < 8 then 'draft' when ${draw('g', 3)} < 15 then 'pending_approval' when ${draw('g', 3)} < 27 then 'sent'
                           when ${draw('g', 3)} < 37 then 'accepted' when ${draw('g', 3)} < 52 then 'assigned' when ${draw('g', 3)} < 70 then 'in_progress'
                           when ${draw('g', 3)} < 75 then 'on_hold' when ${draw('g', 3)} < 85 then 'completed' when ${draw('g', 3)} < 88 then 'owner_certified'
                           when ${draw('g', 3)} < 92 then 'certified' when ${draw('g', 3)} < 98 then 'closed' else 'declined' end
                    end as status) s0
             cross join lateral (select s0.status,
                                        s0.status in ('accepted','assigned','in_progress','on_hold','completed','owner_certified','provider_certified','certified','closed','ended') as accepted,
                                        s0.status in ('completed','owner_certified','provider_certified','certified','closed') as done) s
             cross join lateral (select case when s.status not in ('draft', 'pending_approval')
                                             then c.at + interval '30 minutes' + case when v.total > 100000000 then interval '20 hours' else interval '0' end end as sent) tm
             cross join lateral (select case when s.status in ('certified', 'closed') and ${draw('g', 7)} < 75 then
                                          case when ${draw('g', 8)} < 5 then 1 + g % 2 else least(5, 3 + (${draw('g', 8)} + p.n) % 3) end end::smallint as rating) r`,
          [from, size, WORDS],
        ),
      );
    }
    await step('faults converted into work orders: their links', () =>
      q(`update faults f set converted_id = w.id from work_orders w where w.fault_id = f.id`),
    );

    for (let from = 1; from <= SERVICE_REQUESTS; from += 100_000) {
      const size = Math.min(100_000, SERVICE_REQUESTS - from + 1);
      await step(`service requests ${from.toLocaleString('en')}-${(from + size - 1).toLocaleString('en')}`, () =>
        q(
          `insert into service_requests (code, organisation_id, provider_id, receiver_type, asset_id, title, description, subject_label, priority,
                                         status, response_hours, resolution_hours, sla_title, sent_at, accepted_at, closed_at, decline_reason,
                                         last_activity_at, created_at, updated_at)
           select 'SR-' || lpad(g::text, 7, '0'), o.id, p.id, p.receiver, a.id,
                  ($3::text[])[1 + (g / 10) % 10] || ' ' || ($4::text[])[1 + g % 8], 'Reported by the site team, request ' || g, a.label,
                  pri.priority, s.status, sla.response, sla.resolution, case when sla.response is not null then 'SLA ' || pri.priority end,
                  c.at, tm.accepted, tm.closed, case when s.status = 'declined' then 'Outside our coverage' end,
                  coalesce(tm.closed, tm.accepted, c.at), c.at, coalesce(tm.closed, tm.accepted, c.at)
             from generate_series($1::int, $1::int + $2::int - 1) g
             cross join lateral (select case when g % ${BIG_SHARE} = 0 then 0 else 1 + g % ${OWNERS - 1} end as owner_n) x
             join owner_index o on o.n = x.owner_n
             join provider_index p on p.n = case when x.owner_n = 0 and (g / 10) % 10 < 4 then 0
                                                  when x.owner_n = 0 then 1 + (g / 10 * 7) % ${PROVIDERS - 1} else g % ${PROVIDERS} end
             join asset_index a on a.owner_n = x.owner_n and a.k = (g / 7) % case when x.owner_n = 0 then ${BIG_ASSETS} else ${ASSETS} end
             cross join lateral (select (select base from params) - interval '730 days' + g * (interval '730 days' / ${SERVICE_REQUESTS}) as at) c
             cross join lateral (select (array['low','medium','high','critical'])[1 + g % 4] as priority) pri
             cross join lateral (select case when g % 10 = 3 then null::int else (array[24, 8, 4, 2])[1 + g % 4] end as response,
                                        case when g % 10 = 3 then null::int else (array[96, 48, 24, 12])[1 + g % 4] end as resolution) sla
             cross join lateral (select case when c.at < (select base from params) - interval '45 days' then
                      case when ${draw('g', 9)} < 85 then 'closed' when ${draw('g', 9)} < 90 then 'declined' when ${draw('g', 9)} < 94 then 'resolved'
                           when ${draw('g', 9)} < 96 then 'observed' when ${draw('g', 9)} < 98 then 'assigned' else 'accepted' end
                    else
                      case when ${draw('g', 9)} < 15 then 'sent' when ${draw('g', 9)} < 30 then 'accepted' when ${draw('g', 9)} < 60 then 'assigned'
                           when ${draw('g', 9)} < 70 then 'observed' when ${draw('g', 9)} < 80 then 'resolved' when ${draw('g', 9)} < 95 then 'closed'
                           else 'declined' end
                    end as status) s
             cross join lateral (select case when s.status not in ('sent', 'declined')
                                             then c.at + coalesce(sla.response, 4) * interval '1 hour' * ${draw('g', 10)} / 80.0 end as accepted,
                                        case when s.status = 'closed' then c.at + coalesce(sla.resolution, 48) * interval '1 hour' * (30 + ${draw('g', 11)}) / 100.0
                                             when s.status = 'declined' then c.at + interval '2 hours' end as closed) tm`,
          [
            from,
            size,
            WORDS,
            ['leaking oil', 'will not start', 'tripping', 'overheating', 'noisy bearing', 'no output', 'burnt cable', 'alarm on'],
          ],
        ),
      );
    }

    // Warehouses: ten for the big owner, one for every other owner and provider (the buyers) and supplier.
    await step('warehouses and items', async () => {
      await q(
        `insert into warehouses (organisation_id, name, state, address, created_at)
           select o.id, case when o.kind = 'asset_owner' and o.name = 'Insight owner 0' then 'Store ' || w else o.name || ' store' end,
                  o.state, w || ' Depot Street', now() - interval '3 years'
             from organisations o
             cross join lateral generate_series(1, case when o.name = 'Insight owner 0' then $1::int else 1 end) w
            where o.kind in ('asset_owner', 'mro', 'imo', 'external_technician', 'supplier') and o.name like 'Insight %'`,
        [BIG_WAREHOUSES],
      );
      // The buyers' warehouses, numbered: the big owner's 0-9, then one per other owner and provider.
      await q(`create temporary table warehouse_index as
                 select w.id, w.organisation_id, o.kind, row_number() over (order by o.name <> 'Insight owner 0', o.name, w.name) - 1 as n
                   from warehouses w join organisations o on o.id = w.organisation_id where o.kind <> 'supplier'`);
      await q(`create unique index on warehouse_index (n)`);
      await q(`create temporary table buyer_index as
                 select organisation_id as id, min(n) as first, row_number() over (order by min(n)) - 1 as n
                   from warehouse_index group by organisation_id`);
      await q(`create unique index on buyer_index (n)`);
      await q(
        `insert into inventory_items (warehouse_id, organisation_id, name, brand, model, unit, price_kobo, reorder_level, quantity, created_at, updated_at)
           select w.id, w.organisation_id, ($1::text[])[1 + i % 10] || ' ' || lpad(i::text, 5, '0'), 'Brand ' || (i % 40), 'M-' || i, 'piece',
                  (500 + (i * 97) % 50000) * 100, case when i % 20 = 0 then 600 else 10 end, 0, now() - interval '2 years', now()
             from warehouse_index w cross join lateral generate_series(0, case when w.n < $2 then $3::int else $4::int end - 1) i`,
        [PARTS, BIG_WAREHOUSES, BIG_ITEMS, ITEMS],
      );
      await q(
        `create temporary table item_index as
                 select i.id, i.warehouse_id, i.organisation_id, w.n < $1 as big, row_number() over (order by w.n, i.name) as n
                   from inventory_items i join warehouse_index w on w.id = i.warehouse_id`,
        [BIG_WAREHOUSES],
      );
    });

    // The big owner's material requests (each for one of its work orders): its issues point at them.
    await step('material requests', async () => {
      await q(
        `insert into material_requests (organisation_id, code, warehouse_id, work_order_id, requested_by, note, status, created_at, updated_at)
           select w.organisation_id, 'MR-' || lpad(k::text, 6, '0'), w.id, wo.id, ad.id, 'Parts for the job', 'accepted', wo.created_at, wo.created_at
             from generate_series(0, 1999) k
             join warehouse_index w on w.n = k % ${BIG_WAREHOUSES}
             join admin_index ad on ad.org = w.organisation_id
             join work_orders wo on wo.code = 'WO-' || lpad(((k * 47 % 10000) * 10 + 10)::text, 7, '0')`,
      );
      await q(`create temporary table mr_index as
                 select id, substring(code from 4)::int as k from material_requests where code like 'MR-%'`);
      await q(`create unique index on mr_index (k)`);
    });

    // Movements: an opening of 500, then out and in of a few units in turn (the big owner's outs
    // are issues against its material requests), spread over 24 months, inserted in time order.
    for (let k = 1; k <= BIG_MOVES; k++) {
      const t = performance.now();
      await q(
        `insert into stock_movements (item_id, warehouse_id, organisation_id, kind, delta, balance_after, reason, source_type, source_id, created_at)
           select i.id, i.warehouse_id, i.organisation_id, m.kind,
                  case when ${k} = 1 then 500 when ${k} % 2 = 0 then -(1 + i.n % 5) else 1 + i.n % 5 end,
                  case when ${k} % 2 = 0 then 500 - (1 + i.n % 5) else 500 end,
                  case m.kind when 'opening' then 'Opening stock' when 'issue' then 'Issued to a work order'
                              when 'stock_out' then 'Used on site' else 'Restocked' end,
                  case when m.kind = 'issue' then 'material_request' end, mr.id::text,
                  (select base from params) - interval '730 days' + (${k} - 1) * interval '730 days' / case when i.big then ${BIG_MOVES} else ${MOVES} end
                    + (i.n % 86400) * interval '1 second'
             from item_index i
             cross join lateral (select case when ${k} = 1 then 'opening' when ${k} % 2 = 1 then 'stock_in'
                                             when i.big and ${k} % 6 = 2 then 'issue' else 'stock_out' end as kind) m
             left join mr_index mr on m.kind = 'issue' and mr.k = (i.n * 7 + ${k}) % 2000
            where ${k} <= case when i.big then ${BIG_MOVES} else ${MOVES} end
            order by i.n`,
      );
      if (k % 5 === 0) log(`  movements round ${k}/${BIG_MOVES}: ${((performance.now() - t) / 1000).toFixed(1)} s`);
    }
    await q(
      `update inventory_items i set quantity = case when (case when ii.big then ${BIG_MOVES} else ${MOVES} end) % 2 = 0 then 500 - (1 + ii.n % 5) else 500 end
         from item_index ii where ii.id = i.id`,
    );
    await q(`update inventory_items set low_since = now() - interval '3 days' where quantity <= reorder_level`);

    // Purchase orders: every tenth the big owner's (a fifth of those to the big supplier), the rest
    // bought by the other owners and the providers; two lines each, supplied as the status says.
    for (let from = 1; from <= PURCHASE_ORDERS; from += 100_000) {
      const size = Math.min(100_000, PURCHASE_ORDERS - from + 1);
      await step(`purchase orders ${from.toLocaleString('en')}-${(from + size - 1).toLocaleString('en')}`, () =>
        q(
          `insert into purchase_orders (organisation_id, supplier_id, warehouse_id, code, title, status, total_kobo, approval_round,
                                        submitted_at, sent_at, accepted_at, closed_at, decline_reason, created_at, updated_at)
           select b.id, sp.id, w.id, 'PO-' || lpad(g::text, 7, '0'), ($3::text[])[1 + g % 10] || ' restock ' || g, s.status,
                  (1 + g % 10) * (500 + (g * 97) % 50000) * 100 + (1 + g % 4) * (2000 + (g * 31) % 20000) * 100,
                  case when s.status = 'draft' then 0 else 1 end,
                  case when s.status <> 'draft' then c.at + interval '1 hour' end,
                  case when s.status not in ('draft', 'pending_approval') and not (s.status = 'cancelled' and g % 2 = 0) then c.at + interval '6 hours' end,
                  case when s.status in ('accepted', 'partly_received', 'closed') then c.at + interval '1 day' end,
                  case when s.status in ('closed', 'declined', 'cancelled') then c.at + interval '9 days' end,
                  case when s.status = 'declined' then 'Out of stock' end, c.at, c.at
             from generate_series($1::int, $1::int + $2::int - 1) g
             join buyer_index b on b.n = case when g % ${BIG_SHARE} = 0 then 0 else 1 + g % ((select count(*) from buyer_index) - 1) end
             join warehouse_index w on w.n = b.first + case when b.n = 0 then (g / 10) % ${BIG_WAREHOUSES} else 0 end
             join supplier_index sp on sp.n = case when b.n = 0 and (g / 10) % 5 = 0 then 0
                                                   when b.n = 0 then 1 + (g / 10) % ${SUPPLIERS - 1} else g % ${SUPPLIERS} end
             cross join lateral (select (select base from params) - interval '730 days' + g * (interval '730 days' / ${PURCHASE_ORDERS}) as at) c
             cross join lateral (select case when c.at < (select base from params) - interval '45 days' then
                      case when ${draw('g', 12)} < 75 then 'closed' when ${draw('g', 12)} < 80 then 'declined' when ${draw('g', 12)} < 88 then 'cancelled'
                           when ${draw('g', 12)} < 92 then 'partly_received' when ${draw('g', 12)} < 97 then 'accepted' else 'sent' end
                    else
                      case when ${draw('g', 12)} < 10 then 'draft' when ${draw('g', 12)} < 20 then 'pending_approval' when ${draw('g', 12)} < 40 then 'sent'
                           when ${draw('g', 12)} < 65 then 'accepted' when ${draw('g', 12)} < 80 then 'partly_received' when ${draw('g', 12)} < 92 then 'closed'
                           when ${draw('g', 12)} < 96 then 'declined' else 'cancelled' end
                    end as status) s`,
          [from, size, PARTS],
        ),
      );
    }
    await step('purchase order lines', () =>
      q(
        `insert into purchase_order_lines (order_id, position, free, name, unit, quantity, unit_price_kobo, dispatched, received)
           select po.id, l.position, true, l.name, 'piece', l.quantity, l.price,
                  case when po.status in ('closed', 'partly_received') or (po.status = 'accepted' and g % 3 = 0) then l.quantity else 0 end,
                  case when po.status = 'closed' then l.quantity when po.status = 'partly_received' then l.quantity / 2 else 0 end
             from purchase_orders po
             cross join lateral (select substring(po.code from 4)::int as g) x
             cross join lateral (values (1, 'Part A' || (g % 10), 1 + g % 10, ((500 + (g * 97) % 50000) * 100)::bigint),
                                        (2, 'Part B' || (g % 4), 1 + g % 4, ((2000 + (g * 31) % 20000) * 100)::bigint)) l(position, name, quantity, price)`,
      ),
    );
  });

  // Statistics first: the statements below join the big tables (without them the recall lookups
  // intersect bitmaps of 70,000 closed orders per fault).
  await step('analyze', () => q('analyze'));
  await step('assignments, approvals, recalls', async () => {
    // The big MRO's technicians: each WO and SR of its past acceptance goes to one of them.
    await q(`insert into work_order_assignees (work_order_id, user_id, assigned_at)
               select w.id, t.id, w.accepted_at + interval '1 hour' from work_orders w
                 join provider_index p on p.id = w.provider_id and p.n = 0
                 join tech_index t on t.n = abs(hashtext(w.id::text)) % ${TECHNICIANS}
                where w.status in ('assigned','in_progress','on_hold','completed','owner_certified','provider_certified','certified','closed')`);
    await q(`insert into service_request_assignees (service_request_id, user_id, assigned_at)
               select s.id, t.id, s.accepted_at + interval '1 hour' from service_requests s
                 join provider_index p on p.id = s.provider_id and p.n = 0
                 join tech_index t on t.n = abs(hashtext(s.id::text)) % ${TECHNICIANS}
                where s.status in ('assigned','observed','resolved','closed')`);
    // The big owner's two work order levels; its orders above NGN 1,000,000 went through both.
    await q(`insert into approval_levels (organisation_id, document_type, name, position, max_kobo)
               select o.id, 'wo', l.name, l.position, l.max from owner_index o,
                      (values ('Head O&M', 1, 500000000::bigint), ('GM', 2, 100000000000::bigint)) l(name, position, max)
                where o.n = 0`);
    await q(`insert into approval_level_members (level_id, user_id)
               select l.id, a.id from approval_levels l join admin_index a on a.org = l.organisation_id`);
    await q(`insert into approval_steps (document_type, document_id, organisation_id, round, position, level_id, name, max_kobo, approver_ids,
                                         status, asked_at, decided_at, decided_by, created_at)
               select 'wo', w.id, w.organisation_id, 1, l.position, l.id, l.name, l.max_kobo, array[a.id],
                      case when w.status <> 'pending_approval' then 'approved' when l.position = 1 then 'pending' else 'waiting' end,
                      case when l.position = 1 then w.submitted_at when w.status <> 'pending_approval' then w.submitted_at + interval '6 hours' end,
                      case when w.status = 'pending_approval' then null when l.position = 1 then w.submitted_at + interval '6 hours' else w.sent_at end,
                      case when w.status <> 'pending_approval' then a.id end, w.submitted_at
                 from work_orders w
                 join owner_index o on o.id = w.organisation_id and o.n = 0
                 join approval_levels l on l.organisation_id = w.organisation_id
                 join admin_index a on a.org = w.organisation_id
                where w.approval_needed`);
    // A fault within the owner's recall days of a closed work order on its asset is its recall (the
    // faults_recall trigger's rule). The owners keep 3 days (a saved work order configuration): with
    // 20 to 45 orders an asset in two years, the default 30 would make most faults recalls.
    await q(`insert into configurations (organisation_id, type, settings)
               select id, 'wo', '{"type":"wo","codePrefix":"WO","reminderHours":24,"escalationHours":48,"recallDays":3}'::jsonb
                 from owner_index`);
    await q(`insert into work_order_recalls (fault_id, work_order_id, created_at)
               select f.id, r.id, f.created_at from faults f
               cross join lateral (select w.id from work_orders w
                                    where w.asset_id = f.asset_id and w.organisation_id = f.organisation_id and w.status = 'closed'
                                      and w.closed_at >= f.created_at - interval '3 days' and w.closed_at <= f.created_at
                                    order by w.closed_at desc, w.id desc limit 1) r`);
  });

  await q(`set session_replication_role = origin`);
  await step('kept counts rebuilt from the rows', () => rebuildCounts(q));
  await step('vacuum analyze', () => q('vacuum analyze'));
  const seconds = (performance.now() - started) / 1000;
  await q(`create table ${MARKER} (seeded_at timestamptz not null default now(), seconds numeric not null)`);
  await q(`insert into ${MARKER} (seconds) values ($1)`, [seconds.toFixed(0)]);
  await client.end();
  log(`  seeded in ${seconds.toFixed(0)} s`);
}

/**
 * The summary rows the triggers keep, from the rows (the bulk load ran without triggers). The
 * dashboard's counts (dashboard_counts, when its migration is in) are filled by that migration's own
 * backfill statement, so they follow its definitions exactly.
 */
/** The rollups a migration backfills from the rows; rebuilt after the bulk load by that backfill. */
const ROLLUPS: readonly string[] = BACKFILLED_ROLLUPS;

async function rebuildCounts(q: Query) {
  await q(`delete from service_request_counts`);
  await q(`insert into service_request_counts (organisation_id, side, status, total)
             select organisation_id, 'owner', status, count(*) from service_requests group by 1, 3
             union all select provider_id, 'provider', status, count(*) from service_requests group by 1, 3`);
  await q(`delete from work_order_counts`);
  await q(`insert into work_order_counts (organisation_id, side, status, total)
             select organisation_id, 'owner', status, count(*) from work_orders group by 1, 3
             union all select provider_id, 'provider', status, count(*) from work_orders where sent_at is not null group by 1, 3`);
  await q(`delete from organisation_fault_counts`);
  await q(`insert into organisation_fault_counts (organisation_id, status, total)
             select organisation_id, status, count(*) from faults group by 1, 2`);
  await q(`delete from approval_awaiting_counts`);
  await q(`insert into approval_awaiting_counts (user_id, document_type, total)
             select u, document_type, count(*) from approval_steps, unnest(approver_ids) u where status = 'pending' group by 1, 2`);
  await q(`delete from organisation_asset_counts`);
  await q(`insert into organisation_asset_counts (organisation_id, total) select organisation_id, count(*) from assets group by 1`);
  await q(
    `update clusters c set asset_count = a.n from (select cluster_id, count(*)::int as n from assets group by 1) a where a.cluster_id = c.id`,
  );
  await q(`update assets a set open_fault_count = f.n
             from (select asset_id, count(*)::int as n from faults where status in ('awaiting_provider', 'returned', 'awaiting_owner') group by 1) f
            where f.asset_id = a.id`);
  await q(`delete from warehouse_stock_counts`);
  await q(`insert into warehouse_stock_counts (warehouse_id, items, low, out_of_stock, movements)
             select w.id, coalesce(i.items, 0), coalesce(i.low, 0), coalesce(i.out, 0), coalesce(m.n, 0)
               from warehouses w
               left join (select warehouse_id, count(*) as items, count(*) filter (where low_since is not null) as low,
                                 count(*) filter (where quantity = 0) as out from inventory_items group by 1) i on i.warehouse_id = w.id
               left join (select warehouse_id, count(*) as n from stock_movements group by 1) m on m.warehouse_id = w.id`);
  // Each warehouse's stock value (migration 0039), when that column is in.
  if (
    (
      await q(
        `select count(*)::int as n from information_schema.columns where table_name = 'warehouse_stock_counts' and column_name = 'value_kobo'`,
      )
    ).rows[0].n
  )
    await q(`update warehouse_stock_counts sc set value_kobo = v.value
               from (select warehouse_id, sum(quantity::numeric * coalesce(price_kobo, 0)) as value from inventory_items group by 1) v
              where v.warehouse_id = sc.warehouse_id`);
  // Each work order's recalls (migration 0036's count), before the score card sums that add them up.
  if ((await q(`select to_regclass('score_card_sums') is not null as ok`)).rows[0].ok)
    await q(`update work_orders w set recall_count = r.n
               from (select work_order_id, count(*)::int as n from work_order_recalls group by 1) r where r.work_order_id = w.id`);
  await rebuildDashboardCounts(q);
}

/**
 * Every rollup a migration keeps by trigger and backfills with a top-level INSERT, rebuilt from the
 * rows by that backfill (the bulk load ran without triggers), so it follows the migration exactly.
 */
async function rebuildDashboardCounts(q: Query): Promise<boolean> {
  const dir = join(import.meta.dirname, '../src/db/migrations');
  const { readdirSync } = await import('node:fs');
  const backfills = new Map<string, { file: string; statements: string[] }>();
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    for (const raw of readFileSync(join(dir, file), 'utf8').split('--> statement-breakpoint')) {
      const statement = raw.trim().replace(/^(--[^\n]*\n\s*)+/, '');
      const table = /^insert\s+into\s+"?([a-z_]+)"?\s*\(/i.exec(statement)?.[1];
      if (!table || !/^\s*select\b/im.test(statement)) continue;
      const entry = backfills.get(table);
      // A later migration that backfills the same table again replaces the earlier backfill.
      if (entry && entry.file !== file) backfills.delete(table);
      const current = backfills.get(table) ?? { file, statements: [] };
      current.statements.push(statement);
      backfills.set(table, current);
    }
  }
  const rollups = [...backfills.entries()].filter(([table]) => ROLLUPS.includes(table));
  for (const [table, { file, statements }] of rollups) {
    await q(`delete from ${table}`);
    for (const statement of statements) await q(statement);
    log(`  ${table} rebuilt by the backfill of ${file}`);
  }
  return rollups.some(([table]) => table === 'dashboard_counts');
}

interface KeptSummary {
  figures: { key: string; value: number | null }[];
  charts: { key: string; categories: string[]; series: { key: string; data: (number | null)[] }[] }[];
}

/** What differs between two summaries: the figures and charts by key, a month chart on the months both show. */
function keptDifferences(kept: KeptSummary, live: KeptSummary): string[] {
  const wrong: string[] = [];
  for (const figure of kept.figures) if (figure.value !== live.figures.find((one) => one.key === figure.key)?.value) wrong.push(figure.key);
  for (const chart of kept.charts) {
    const other = live.charts.find((one) => one.key === chart.key);
    const same = chart.categories.every((category, i) => {
      const j = chart.key.endsWith('ByMonth') ? (other?.categories.indexOf(category) ?? -1) : i;
      return (
        other?.categories[j] === category &&
        chart.series.every((series, s) => other.series[s]?.key === series.key && other.series[s]?.data[j] === series.data[i])
      );
    });
    if (!same || (!chart.key.endsWith('ByMonth') && other?.categories.length !== chart.categories.length)) wrong.push(chart.key);
  }
  return wrong;
}

const budgets = new Budgets();

log(`insight benchmark on ${DB_URL.replace(/\/\/[^@]*@/, '//')}`);
if (await keptBenchDatabase(DB_NAME, { table: MARKER, rows: 1 })) {
  const marker = new pg.Client({ connectionString: DB_URL });
  await marker.connect();
  const { seeded_at, seconds } = (await marker.query(`select seeded_at, seconds from ${MARKER}`)).rows[0];
  await marker.end();
  log(`  reusing the database seeded ${new Date(seeded_at).toISOString()} in ${seconds} s (BENCH_RESEED=1 to seed again)`);
} else await seed();

// A kept database takes the migrations added since it was seeded (each rollup backfills itself),
// then a vacuum, as autovacuum would give a live database: the new indexes' visibility for index-only scans.
{
  const migrations = new pg.Client({ connectionString: DB_URL });
  await migrations.connect();
  const applied = async () => (await migrations.query(`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0].n as number;
  const before = await applied();
  await (await openDatabase({ url: DB_URL, poolSize: 1 })).close();
  if ((await applied()) !== before) {
    await migrations.query('vacuum analyze');
    log('  migrations applied since the seed, then vacuum analyze');
  }
  await migrations.end();
}

const meta = new pg.Client({ connectionString: DB_URL });
await meta.connect();
const ids = Object.fromEntries(
  (
    await meta.query(
      `select o.name, o.id from organisations o where o.name in ('Insight owner 0', 'Insight provider 0', 'Insight supplier 0')`,
    )
  ).rows.map((row: { name: string; id: string }) => [row.name, row.id]),
) as Record<string, string>;
const owner = ids['Insight owner 0']!;
const mro = ids['Insight provider 0']!;
const supplier = ids['Insight supplier 0']!;
for (const table of ['activities', 'notifications', 'mail_outbox', 'sessions', 'rate_limits']) await meta.query(`delete from ${table}`);
const volume = (
  await meta.query(
    `select (select count(*) from work_orders)::int as wo, (select count(*) from work_orders where organisation_id = $1)::int as owner_wo,
            (select count(*) from work_orders where provider_id = $2)::int as mro_wo,
            (select count(*) from service_requests where organisation_id = $1)::int as owner_sr,
            (select count(*) from faults)::int as faults, (select count(*) from purchase_orders)::int as po,
            (select count(*) from purchase_orders where organisation_id = $1)::int as owner_po,
            (select count(*) from purchase_orders where supplier_id = $3)::int as supplier_po,
            (select count(*) from stock_movements where organisation_id = $1)::int as owner_moves,
            (select count(*) from work_order_assignees a join users u on u.id = a.user_id where u.email = $4)::int
              + (select count(*) from service_request_assignees a join users u on u.id = a.user_id where u.email = $4)::int as tech`,
    [owner, mro, supplier, EMAIL.technician],
  )
).rows[0];
log(
  `  data: ${volume.wo.toLocaleString('en')} WOs (big owner ${volume.owner_wo.toLocaleString('en')}, its MRO receives ${volume.mro_wo.toLocaleString('en')}), big owner ${volume.owner_sr.toLocaleString('en')} SRs, ${volume.faults.toLocaleString('en')} faults, ${volume.po.toLocaleString('en')} POs (big owner ${volume.owner_po.toLocaleString('en')}, big supplier ${volume.supplier_po.toLocaleString('en')}), big owner's movements ${volume.owner_moves.toLocaleString('en')}, technician's assignments ${volume.tech}`,
);
// The dashboard's kept counts against a direct count per status and month, for a few organisations and sides.
if ((await meta.query(`select to_regclass('dashboard_counts') is not null as ok`)).rows[0].ok) {
  const columns = (await meta.query(`select column_name from information_schema.columns where table_name = 'dashboard_counts'`)).rows.map(
    (r: { column_name: string }) => r.column_name,
  );
  if (['organisation_id', 'side', 'subject', 'status', 'total'].every((c) => columns.includes(c))) {
    const checks = [
      [
        'big owner, its WOs',
        'wo',
        'owner',
        owner,
        `select status || ' ' || date_trunc('month', created_at at time zone 'UTC')::date as status, count(*)::int as n from work_orders where organisation_id = $1 group by 1`,
      ],
      [
        'big MRO, WOs received (once sent)',
        'wo',
        'provider',
        mro,
        `select status || ' ' || date_trunc('month', created_at at time zone 'UTC')::date as status, count(*)::int as n from work_orders where provider_id = $1 and sent_at is not null group by 1`,
      ],
      [
        'big owner, its SRs',
        'sr',
        'owner',
        owner,
        `select status || ' ' || date_trunc('month', created_at at time zone 'UTC')::date as status, count(*)::int as n from service_requests where organisation_id = $1 group by 1`,
      ],
      [
        'big owner, its faults',
        'fault',
        'owner',
        owner,
        `select status || ' ' || date_trunc('month', created_at at time zone 'UTC')::date as status, count(*)::int as n from faults where organisation_id = $1 group by 1`,
      ],
      [
        'big owner, its POs',
        'po',
        'buyer',
        owner,
        `select status || ' ' || date_trunc('month', created_at at time zone 'UTC')::date as status, count(*)::int as n from purchase_orders where organisation_id = $1 group by 1`,
      ],
      [
        'big supplier, POs received (once sent)',
        'po',
        'supplier',
        supplier,
        `select status || ' ' || date_trunc('month', created_at at time zone 'UTC')::date as status, count(*)::int as n from purchase_orders where supplier_id = $1 and sent_at is not null group by 1`,
      ],
    ] as const;
    let off = 0;
    for (const [name, subject, side, org, direct] of checks) {
      const kept = new Map(
        (
          await meta.query(
            `select status || ' ' || month as status, sum(total)::int as n from dashboard_counts
              where organisation_id = $1 and side = $2 and subject = $3 group by 1`,
            [org, side, subject],
          )
        ).rows.map((r: { status: string; n: number }) => [r.status, r.n]),
      );
      const rows = (await meta.query(direct, [org])).rows as { status: string; n: number }[];
      const counted = new Set(rows.map((r) => r.status));
      const wrong = [
        ...rows.filter((r) => (kept.get(r.status) ?? 0) !== r.n),
        ...[...kept].filter(([key, n]) => n !== 0 && !counted.has(key)).map(([status]) => ({ status, n: 0 })),
      ];
      const total = rows.reduce((sum, r) => sum + r.n, 0);
      log(
        `  dashboard_counts, ${name}: ${total.toLocaleString('en')} rows, ${wrong.length === 0 ? 'equal' : `${wrong.length} (status, month) pairs differ`}`,
      );
      if (wrong.length > 0) {
        off++;
        for (const r of wrong) log(`    ${r.status}: kept ${kept.get(r.status) ?? 0}, counted ${r.n}`);
      }
    }
    budgets.check(off === 0, 'insight: dashboard_counts equal a direct count', `${checks.length - off}/${checks.length} equal`, 'all');
  } else log(`  dashboard_counts has columns ${columns.join(', ')}: not checked`);
} else budgets.check(false, 'insight: dashboard_counts', 'the table is missing (migration not in yet)', 'present and equal to a count');
await meta.query('analyze');
await meta.end();

const apiEnv = benchApiEnv(DB_URL, API_PORT, {
  RATE_LIMIT_PER_IP: String(1e9),
  JOB_WORKERS: 'false',
});
const base = `http://127.0.0.1:${API_PORT}`;
const startApi = () => startProcess(['src/server.ts'], apiEnv, `${base}/v2/states`);

async function session(email: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/v2/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`signing in as ${email}: ${login.status} ${await login.text()}`);
  return { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

/** The peak resident memory of a process (VmHWM, kB -> MB), and its current one (VmRSS). */
function memoryOf(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? Number.NaN);
  return { hwm: kb('VmHWM') / 1024, rss: kb('VmRSS') / 1024 };
}

let api: ChildProcess = await startApi();
const ceiling = await startProcess(
  ['bench/ceiling-server.ts'],
  { DATABASE_URL: DB_URL, PORT: String(CEILING_PORT) },
  `http://127.0.0.1:${CEILING_PORT}/work-orders?owner=${owner}`,
);
try {
  const as = {
    owner: await session(EMAIL.owner),
    mro: await session(EMAIL.mro),
    technician: await session(EMAIL.technician),
    supplier: await session(EMAIL.supplier),
    super: await session(EMAIL.super),
  };
  // The SR/WO summary of the whole business reads the kept rollups (migration 0040), rebuilt here by
  // its backfill: it must say what the same report read from the orders says (a range spanning all).
  {
    const summaryOf = async (headers: Record<string, string>, query: string) =>
      ((await (await fetch(`${base}/v2/report/sr-wo/summary${query}`, { headers })).json()) as { data: KeptSummary }).data;
    const differ: string[] = [];
    for (const [name, headers] of [
      ['big owner', as.owner],
      ['big MRO', as.mro],
      ['platform', as.super],
    ] as const) {
      const kept = await summaryOf(headers, '');
      const live = await summaryOf(headers, '?from=2000-01-01&to=2099-12-31');
      const wrong = keptDifferences(kept, live);
      log(`  sr-wo summary kept vs live, ${name}: ${wrong.length === 0 ? 'equal' : `differ in ${wrong.join(', ')}`}`);
      differ.push(...wrong.map((what) => `${name} ${what}`));
    }
    budgets.check(
      differ.length === 0,
      'insight: SR/WO summary kept = read live',
      differ.length === 0 ? 'equal' : differ.join('; '),
      'equal',
    );
  }
  const plan: { name: string; url: string; headers: Record<string, string>; budget: number }[] = [
    { name: "dashboard: big owner's admin", url: '/v2/activities/dashboard/sr-wo', headers: as.owner, budget: 100 },
    { name: "dashboard: big MRO's admin", url: '/v2/activities/dashboard/sr-wo', headers: as.mro, budget: 100 },
    { name: "dashboard: the MRO's technician", url: '/v2/activities/dashboard/sr-wo', headers: as.technician, budget: 100 },
    { name: 'dashboard: big supplier', url: '/v2/dashboard-supplier', headers: as.supplier, budget: 100 },
    { name: 'dashboard: super admin', url: '/v2/dashboard-sa', headers: as.super, budget: 100 },
    { name: 'asset report: summary', url: '/v2/report/asset/summary', headers: as.owner, budget: 300 },
    { name: 'asset report: rows (assets)', url: '/v2/report/asset/rows?view=assets', headers: as.owner, budget: 300 },
    { name: 'sr-wo report: summary', url: '/v2/report/sr-wo/summary', headers: as.owner, budget: 300 },
    { name: 'sr-wo report: rows (default)', url: '/v2/report/sr-wo/rows', headers: as.owner, budget: 300 },
    { name: 'sr-wo report: rows (service-requests)', url: '/v2/report/sr-wo/rows?view=service-requests', headers: as.owner, budget: 300 },
    { name: 'warehouse report: summary', url: '/v2/report/warehouse/summary', headers: as.owner, budget: 300 },
    { name: 'warehouse report: rows (default)', url: '/v2/report/warehouse/rows', headers: as.owner, budget: 300 },
    { name: 'warehouse report: rows (movements)', url: '/v2/report/warehouse/rows?view=movements', headers: as.owner, budget: 300 },
    { name: 'score cards: the list', url: '/v2/score-card/all/list', headers: as.owner, budget: 300 },
    { name: "score card: the big MRO's", url: `/v2/score-card/${mro}`, headers: as.owner, budget: 300 },
  ];
  const runs: Figures[] = [
    await measure('ceiling: bare Fastify + pg, 20 rows', { url: `http://127.0.0.1:${CEILING_PORT}/work-orders?owner=${owner}` }),
    // No budget: what any signed-in call costs here (the session's check, the plugins), beside the dashboards.
    await measure('signed-in floor: GET /v2/account/me', { url: `${base}/v2/account/me`, headers: as.owner }),
  ];
  for (const item of plan) {
    // One request first: what it answers; then how long it takes alone (up to twenty in a row, 15 s at most).
    const probe = await fetch(`${base}${item.url}`, { headers: item.headers });
    const text = await probe.text();
    if (probe.status !== 200) {
      log(`  ${item.url}: ${probe.status} ${text.slice(0, 160)}`);
      budgets.check(false, `insight: ${item.name}`, `answered ${probe.status}`, `200 with p95 <= ${item.budget} ms`);
      continue;
    }
    const alone: number[] = [];
    const aloneStarted = performance.now();
    for (let i = 0; i < 20 && performance.now() - aloneStarted < 15_000; i++) {
      const t = performance.now();
      await (await fetch(`${base}${item.url}`, { headers: item.headers })).arrayBuffer();
      alone.push(performance.now() - t);
    }
    alone.sort((a, b) => a - b);
    const total = (JSON.parse(text) as { meta?: { total?: number } }).meta?.total;
    log(
      `  ${item.url}: 200, ${text.length.toLocaleString('en')} bytes${total === undefined ? '' : `, total ${total.toLocaleString('en')}`}; alone (${alone.length} in a row) p50 ${percentile(alone, 50).toFixed(1)} ms, max ${alone.at(-1)!.toFixed(1)} ms`,
    );
    // Alone already over the budget: twenty connections would only queue behind it (and leave the
    // database busy for the next measurement), so the load run is skipped and the budget missed.
    if (percentile(alone, 50) > item.budget) {
      budgets.check(
        false,
        `insight: ${item.name}`,
        `alone p50 ${percentile(alone, 50).toFixed(0)} ms, p95 ${percentile(alone, 95).toFixed(0)} ms over ${alone.length} requests in a row (not run at 20 connections)`,
        `p95 <= ${item.budget} ms`,
      );
      continue;
    }
    const figures = await measure(item.name, { url: `${base}${item.url}`, headers: item.headers });
    runs.push(figures);
    budgets.check(
      figures.p95 <= item.budget && figures.errors === 0,
      `insight: ${item.name}`,
      `p95 ${figures.p95.toFixed(1)} ms (alone p50 ${percentile(alone, 50).toFixed(0)} ms), ${figures.errors} errors`,
      `p95 <= ${item.budget} ms`,
    );
  }
  printFigures(runs, log);

  // The exports, each from a fresh API process, so its peak memory (VmHWM) is the export's.
  const exports = [
    {
      name: "CSV of the big owner's movements",
      url: '/v2/report/warehouse/export?view=movements&format=csv',
      rows: volume.owner_moves as number,
      format: 'csv',
    },
    {
      name: "XLSX of the big owner's work orders",
      url: '/v2/report/sr-wo/export?view=work-orders&format=xlsx',
      rows: volume.owner_wo as number,
      format: 'xlsx',
    },
  ] as const;
  for (const file of exports) {
    await stop(api);
    api = await startApi();
    const headers = await session(EMAIL.owner);
    await sleep(1000);
    const before = memoryOf(api.pid!);
    let peak = before.rss;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, memoryOf(api.pid!).rss);
      } catch {
        // the process is gone
      }
    }, 50);
    const started = performance.now();
    const dir = mkdtempSync(join(tmpdir(), 'amp-bench-export-'));
    const path = join(dir, `export.${file.format}`);
    let status = 0;
    let rows = 0;
    let bytes = 0;
    let problem = '';
    let last = 10;
    try {
      // Eight minutes at most: a slower export is a miss, not a hang.
      const response = await fetch(`${base}${file.url}`, { headers, signal: AbortSignal.timeout(480_000) });
      status = response.status;
      if (status !== 200 || !response.body) problem = (await response.text()).slice(0, 160);
      else if (file.format === 'csv') {
        // Counted as it streams: one line per row (the data has no line breaks inside a cell).
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) rows++;
          last = chunk.at(-1) ?? last;
        }
        if (bytes > 0 && last !== 10) rows++;
      } else {
        await pipeline(Readable.fromWeb(response.body as never), createWriteStream(path));
        bytes = statSync(path).size;
      }
    } catch (error) {
      problem = String(error);
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const hwm = memoryOf(api.pid!).hwm;
    if (file.format === 'xlsx' && status === 200 && !problem) {
      // Read back streaming, counting the rows of the first sheet.
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {});
      for await (const sheet of reader) {
        for await (const _row of sheet) rows++;
        break;
      }
    }
    rmSync(dir, { recursive: true, force: true });
    if (status !== 200 || problem) {
      log(`  ${file.url}: ${status} ${problem}`);
      budgets.check(false, `insight: ${file.name}`, `answered ${status}`, `200, ${file.rows.toLocaleString('en')} rows + header`);
      continue;
    }
    log(
      `  ${file.url}: ${rows.toLocaleString('en')} lines, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s; API process memory before ${before.rss.toFixed(0)} MB, peak sampled ${peak.toFixed(0)} MB, VmHWM ${hwm.toFixed(0)} MB`,
    );
    budgets.check(
      rows === file.rows + 1,
      `insight: ${file.name}: every row`,
      `${rows.toLocaleString('en')} lines received`,
      `${file.rows.toLocaleString('en')} rows + header`,
    );
    // The issue budgets the 1,000,000-row CSV; the XLSX (zipped, so exceljs holds more per row) is measured for the record.
    if (file.format === 'csv')
      budgets.check(
        hwm < 300,
        `insight: ${file.name}: API peak memory`,
        `VmHWM ${hwm.toFixed(0)} MB in ${seconds.toFixed(1)} s`,
        '< 300 MB',
      );
    else log(`  ${file.name}: API peak memory VmHWM ${hwm.toFixed(0)} MB in ${seconds.toFixed(1)} s (no budget)`);
  }
} finally {
  await stop(api);
  await stop(ceiling);
}

budgets.print();
