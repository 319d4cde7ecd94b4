// `npm run bench -w apps/api -- stock` (also part of `npm run bench`): the stock ledger (issue 11).
// Seeds one MRO warehouse holding 100,000 items and 10,000,000 movements (100 an item), then, through
// the real API with a real session and against a bare Fastify + pg ceiling in the same run:
//   - the inventory list (first page, a search, the low filter) and the movement histories (an
//     item's, the warehouse's): p95 <= 50 ms each;
//   - 1,000 parallel stock-outs of 1 on an item holding 500: exactly 500 succeed and 500 get 409,
//     the item ends at 0 with exactly 500 movements; the time they took;
//   - crash safety: 20 times, the API is killed with SIGKILL under a load of stock movements; each
//     time the ledger balances (every item's quantity = the sum of its movements) and every
//     movement the API acknowledged is in the database.
//   BENCH_DATABASE_URL  the server to use (default postgres://postgres@127.0.0.1:5432/postgres);
//                       a database `amp_bench_stock` is (re)created on it and kept for re-runs.
//   BENCH_RESEED=1      drop and seed again even when the data is already there.
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { seedDatabase } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/passwords.js';
import { type Figures, measure, printFigures, startProcess, stop } from './http-bench.js';
import { benchApiEnv, keptBenchDatabase, log, SERVER_URL, sleep, withDatabase } from './support.js';

const DB_NAME = 'amp_bench_stock';
const DB_URL = withDatabase(SERVER_URL, DB_NAME);
const API_PORT = 3301;
const CEILING_PORT = 3302;
const EMAIL = 'bench.stock@amp.test';
const PASSWORD = 'bench-password-2026';
const ITEMS = 100_000;
const MOVEMENTS_PER_ITEM = 100;
const PARALLEL = 1_000;
const HOLDING = 500;
const CRASHES = 20;
const WORDS = ['Oil filter', 'Air filter', 'Battery', 'Fuse', 'Coolant', 'Gasket', 'Bearing', 'V-belt', 'Contactor', 'Relay'];

const budgets: { ok: boolean; text: string }[] = [];
const budget = (ok: boolean, text: string) => budgets.push({ ok, text });

async function seed() {
  const started = performance.now();
  const database = await openDatabase({ url: DB_URL, poolSize: loadConfig().DATABASE_POOL_SIZE });
  await seedDatabase(database.db, { demo: false });
  await database.close();
  const client = new pg.Client({ connectionString: DB_URL });
  await client.connect();
  const q = (text: string, values?: unknown[]) => client.query(text, values);
  const mroRole = (await q(`select id from roles where system_key = 'mro'`)).rows[0].id;
  const org = (
    await q(`insert into organisations (kind, name, status, is_company) values ('mro', 'Stock bench MRO', 'active', true) returning id`)
  ).rows[0].id;
  await q(
    `insert into users (organisation_id, role_id, email, password_hash, first_name, last_name, status, is_org_admin, notify_email)
     values ($1, $2, $3, $4, 'Bench', 'Storekeeper', 'active', true, false)`,
    [org, mroRole, EMAIL, await hashPassword(PASSWORD)],
  );
  const warehouse = (
    await q(`insert into warehouses (organisation_id, name, state) values ($1, 'Bench central store', 'lagos') returning id`, [org])
  ).rows[0].id;
  // A second warehouse of the organisation: the crash rounds transfer into it.
  await q(`insert into warehouses (organisation_id, name, state) values ($1, 'Bench field store', 'lagos')`, [org]);
  // The warehouses' counts triggers are off during the load (ten million deferred events on one
  // counts row) and the counts are taken once at the end.
  const COUNT_TRIGGERS = [
    ['inventory_items', 'inventory_items_counts_insert_delete'],
    ['inventory_items', 'inventory_items_counts_update'],
    ['stock_movements', 'stock_movements_counts'],
    ['inventory_items', 'inventory_items_value_insert_delete'],
    ['inventory_items', 'inventory_items_value_update'],
    // The warehouse report's rollups of the ledger (migrations 0034, 0035): rebuilt at the end by
    // their migration's own backfill, as the counts are.
    ['stock_movements', 'stock_movements_report_rollup'],
  ];
  for (const [table, trigger] of COUNT_TRIGGERS) await q(`alter table ${table} disable trigger ${trigger}`);
  log(`  seeding ${ITEMS.toLocaleString('en')} items...`);
  await q(
    `insert into inventory_items (warehouse_id, organisation_id, name, brand, model, unit, price_kobo, reorder_level, quantity)
       select $1, $2, ($3::text[])[1 + g % 10] || ' ' || lpad(g::text, 6, '0'), 'Brand ' || (g % 50), 'M-' || g, 'piece',
              (1000 + g % 97 * 1000), case when g % 20 = 0 then 1000 else 10 end, 0
         from generate_series(1, $4) g`,
    [warehouse, org, WORDS, ITEMS],
  );
  // Ten million movements, 100 an item: an opening of 1,000, then -1 and +1 in turn; inserted in
  // time order across the items, with the indexes dropped during the load and built after it.
  log(`  seeding ${(ITEMS * MOVEMENTS_PER_ITEM).toLocaleString('en')} movements...`);
  await q(`drop index stock_movements_item_idx`);
  await q(`drop index stock_movements_warehouse_idx`);
  await q(
    `create temporary table bench_items as select id, row_number() over (order by id) as n from inventory_items where warehouse_id = $1`,
    [warehouse],
  );
  for (let k = 1; k <= MOVEMENTS_PER_ITEM; k++) {
    await q(
      `insert into stock_movements (item_id, warehouse_id, organisation_id, kind, delta, balance_after, reason, created_at)
         select i.id, $1, $2, $3, $4, $5, $6, now() - make_interval(hours => ${MOVEMENTS_PER_ITEM - k}) + make_interval(secs => i.n / 1000.0)
           from bench_items i order by i.n`,
      [
        warehouse,
        org,
        k === 1 ? 'opening' : k % 2 === 0 ? 'stock_out' : 'stock_in',
        k === 1 ? 1000 : k % 2 === 0 ? -1 : 1,
        k % 2 === 0 ? 999 : 1000,
        k === 1 ? 'Opening stock' : 'Bench movement',
      ],
    );
    if (k % 20 === 0) log(`    ${(k * ITEMS).toLocaleString('en')} movements`);
  }
  await q(`create index stock_movements_item_idx on stock_movements (item_id, id desc)`);
  await q(`create index stock_movements_warehouse_idx on stock_movements (warehouse_id, id desc)`);
  await q(
    `update inventory_items set quantity = ${MOVEMENTS_PER_ITEM % 2 === 0 ? 999 : 1000}, updated_at = now() where warehouse_id = $1`,
    [warehouse],
  );
  await q(`update inventory_items set low_since = now() where warehouse_id = $1 and quantity <= reorder_level`, [warehouse]);
  for (const [table, trigger] of COUNT_TRIGGERS) await q(`alter table ${table} enable trigger ${trigger}`);
  await q(
    `update warehouse_stock_counts c
        set items = (select count(*) from inventory_items i where i.warehouse_id = c.warehouse_id),
            low = (select count(*) from inventory_items i where i.warehouse_id = c.warehouse_id and i.low_since is not null),
            out_of_stock = (select count(*) from inventory_items i where i.warehouse_id = c.warehouse_id and i.quantity = 0),
            movements = (select count(*) from stock_movements m where m.warehouse_id = c.warehouse_id),
            value_kobo = (select coalesce(sum(i.quantity::numeric * coalesce(i.price_kobo, 0)), 0) from inventory_items i
                           where i.warehouse_id = c.warehouse_id)
      where c.warehouse_id in (select id from warehouses where organisation_id = $1)`,
    [org],
  );
  for (const table of ['stock_movement_months', 'stock_item_consumption', 'stock_work_order_consumption']) await q(`delete from ${table}`);
  for (const statement of readFileSync(join(import.meta.dirname, '../src/db/migrations/0034_report_rollups.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .map((part) => part.trim().replace(/^(--[^\n]*\n\s*)+/, ''))
    .filter((part) => /^insert\s+into\s+stock_/i.test(part)))
    await q(statement);
  await q('vacuum analyze inventory_items, stock_movements, warehouse_stock_counts');
  await client.end();
  log(`  seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

if (await keptBenchDatabase(DB_NAME, { table: 'stock_movements', rows: ITEMS * MOVEMENTS_PER_ITEM }))
  log('  reusing the seeded database (BENCH_RESEED=1 to seed again)');
else await seed();
// Migrations the kept database may lack, and fresh statistics after them.
await (await openDatabase({ url: DB_URL, poolSize: 1 })).close();

const meta = new pg.Client({ connectionString: DB_URL });
await meta.connect();
const [central, field] = (
  await meta.query(`select id from warehouses where name like 'Bench % store' order by name = 'Bench central store' desc`)
).rows.map((row: { id: string }) => row.id as string);
const someItem = (
  await meta.query(`select id from inventory_items where warehouse_id = $1 order by lower(name) limit 1 offset 5000`, [central])
).rows[0].id as string;
// What earlier runs added (the parallel item, the crash rounds' items) goes, so each run starts alike.
await meta.query(`delete from inventory_items where warehouse_id = $1 or name like 'Bench run %'`, [field]);
await meta.query(`delete from inventory_items where name like 'Bench run %'`);
for (const table of ['activities', 'notifications', 'mail_outbox', 'sessions', 'rate_limits']) await meta.query(`delete from ${table}`);
await meta.query('vacuum analyze inventory_items, warehouse_stock_counts');
await meta.end();

const apiEnv = benchApiEnv(DB_URL, API_PORT, {
  JOB_WORKERS: 'false',
});
const base = `http://127.0.0.1:${API_PORT}`;
const startApi = () => startProcess(['src/server.ts'], apiEnv, `${base}/v2/states`);

async function signIn() {
  const login = await fetch(`${base}/v2/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  const body = (await login.json()) as { data: { accessToken: string } };
  return { authorization: `Bearer ${body.data.accessToken}` };
}

async function post(path: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> | null };
}

async function newItem(headers: Record<string, string>, warehouse: string, name: string, quantity: number) {
  const made = await post(`/v2/warehouse/${warehouse}/item`, headers, { name, unit: 'piece', price: '1500', quantity });
  if (made.status !== 201 && made.status !== 200) throw new Error(`making ${name}: ${made.status} ${JSON.stringify(made.body)}`);
  return (made.body as { data: { _id: string } }).data._id;
}

let api: ChildProcess = await startApi();
const ceiling = await startProcess(
  ['bench/ceiling-server.ts'],
  { DATABASE_URL: DB_URL, PORT: String(CEILING_PORT) },
  `http://127.0.0.1:${CEILING_PORT}/inventory?warehouse=${central}`,
);
try {
  const headers = await signIn();
  const urls = {
    first: `/v2/warehouse/${central}/items`,
    search: `/v2/warehouse/${central}/items?search=${encodeURIComponent('Gasket 0421')}`,
    low: `/v2/warehouse/${central}/items?stock=low`,
    itemHistory: `/v2/warehouse/item/${someItem}/movements`,
    warehouseHistory: `/v2/warehouse/${central}/movements`,
  };
  for (const url of Object.values(urls)) {
    const response = await fetch(`${base}${url}`, { headers });
    const body = (await response.json()) as { meta?: { total: number; totalIsLowerBound?: boolean } };
    log(`  ${url}: ${response.status}, total ${body.meta?.total?.toLocaleString('en')}${body.meta?.totalIsLowerBound ? '+' : ''}`);
  }
  const runs: Figures[] = [];
  runs.push(
    await measure('ceiling: bare Fastify + pg, 20 rows', { url: `http://127.0.0.1:${CEILING_PORT}/inventory?warehouse=${central}` }),
  );
  runs.push(await measure('inventory, first page', { url: `${base}${urls.first}`, headers }));
  runs.push(await measure('inventory, search', { url: `${base}${urls.search}`, headers }));
  runs.push(await measure('inventory, low stock', { url: `${base}${urls.low}`, headers }));
  runs.push(await measure("an item's movements", { url: `${base}${urls.itemHistory}`, headers }));
  runs.push(await measure("the warehouse's movements", { url: `${base}${urls.warehouseHistory}`, headers }));
  printFigures(runs, log);
  const [, first, search, low, itemHistory, warehouseHistory] = runs as Figures[];
  budget(first!.p95 <= 50, `stock: inventory first page p95 ${first!.p95} ms <= 50 ms`);
  budget(search!.p95 <= 50, `stock: inventory search p95 ${search!.p95} ms <= 50 ms`);
  budget(low!.p95 <= 50, `stock: inventory low-stock filter p95 ${low!.p95} ms <= 50 ms`);
  budget(itemHistory!.p95 <= 50, `stock: an item's movement history p95 ${itemHistory!.p95} ms <= 50 ms`);
  budget(warehouseHistory!.p95 <= 50, `stock: the warehouse's movement history p95 ${warehouseHistory!.p95} ms <= 50 ms`);
  budget(
    runs.every((r) => r.errors === 0),
    'stock: no errors or non-2xx answers',
  );

  // 1,000 parallel stock-outs of 1 on an item holding 500.
  const contested = await newItem(headers, central, `Bench run parallel ${Date.now()}`, HOLDING);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: PARALLEL }, () =>
      post(`/v2/warehouse/item/${contested}/stock-out`, headers, { quantity: 1, reason: 'Parallel stock-out' }).then((r) => r.status),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const check = new pg.Client({ connectionString: DB_URL });
  await check.connect();
  const after = (
    await check.query(
      `select i.quantity, (select count(*)::int from stock_movements m where m.item_id = i.id and m.kind = 'stock_out') as outs,
              (select coalesce(sum(delta), 0)::int from stock_movements m where m.item_id = i.id) as total
         from inventory_items i where i.id = $1`,
      [contested],
    )
  ).rows[0];
  const ok = statuses.filter((s) => s === 200).length;
  const refused = statuses.filter((s) => s === 409).length;
  log(
    `\n  ${PARALLEL} parallel stock-outs of 1 on an item holding ${HOLDING}: ${ok} answered 200, ${refused} answered 409 in ${seconds.toFixed(2)} s (${Math.round(PARALLEL / seconds)}/s); quantity now ${after.quantity}, ${after.outs} stock-out movements, movements sum to ${after.total}`,
  );
  budget(
    ok === HOLDING && refused === PARALLEL - HOLDING && after.quantity === 0 && after.outs === HOLDING && after.total === 0,
    `stock: ${PARALLEL} parallel stock-outs of 1 on ${HOLDING} units: exactly ${HOLDING} succeed (${ok}), ${PARALLEL - HOLDING} refused (${refused}), final 0 (${after.quantity}), ${HOLDING} movements (${after.outs}); ${seconds.toFixed(2)} s`,
  );

  // Crash safety: SIGKILL under a load of movements, 20 times.
  const crashItems: string[] = [];
  for (let i = 0; i < 8; i++) crashItems.push(await newItem(headers, central, `Bench run crash ${i} ${Date.now()}`, 1000));
  let balanced = 0;
  let complete = 0;
  let acknowledged = 0;
  for (let round = 1; round <= CRASHES; round++) {
    const session = await signIn();
    const acks: number[] = [];
    let running = true;
    const worker = async (w: number) => {
      for (let n = 0; running; n++) {
        const item = crashItems[(w + n) % crashItems.length]!;
        const kind = n % 3;
        const path =
          kind === 0
            ? `/v2/warehouse/item/${item}/stock-in`
            : kind === 1
              ? `/v2/warehouse/item/${item}/stock-out`
              : `/v2/warehouse/item/${item}/transfer`;
        const body =
          kind === 2 ? { quantity: 1, reason: 'Crash round transfer', toWarehouse: field } : { quantity: 1, reason: 'Crash round' };
        try {
          const answer = await post(path, session, body);
          if (answer.status === 200) {
            const movements = (answer.body as { data: { movements: { _id: string }[] } }).data.movements;
            for (const m of movements) acks.push(Number(m._id));
          }
        } catch {
          // the process died under this request: it was never acknowledged
          return;
        }
      }
    };
    const workers = Array.from({ length: 16 }, (_, w) => worker(w));
    await sleep(700 + Math.floor(Math.random() * 600));
    api.kill('SIGKILL');
    await new Promise((resolve) => api.once('exit', resolve));
    running = false;
    await Promise.all(workers);
    const ledger = (
      await check.query(
        `select count(*)::int as wrong from inventory_items i
          where i.organisation_id = (select organisation_id from warehouses where id = $1)
            and (i.name like 'Bench run crash %' or i.warehouse_id = $2)
            and i.quantity <> (select coalesce(sum(delta), 0) from stock_movements m where m.item_id = i.id)`,
        [central, field],
      )
    ).rows[0].wrong as number;
    const present =
      acks.length === 0
        ? 0
        : ((await check.query(`select count(*)::int as n from stock_movements where id = any($1::bigint[])`, [acks])).rows[0].n as number);
    acknowledged += acks.length;
    if (ledger === 0) balanced++;
    if (present === acks.length) complete++;
    log(`  crash ${String(round).padStart(2)}: ${acks.length} movements acknowledged, ${present} present; items off balance: ${ledger}`);
    api = await startApi();
  }
  // The warehouses' kept totals (migration 0030) against a count of their rows, after all the kills.
  const countsOff = (
    await check.query(
      `select count(*)::int as wrong from warehouse_stock_counts c
        where c.warehouse_id in ($1, $2)
          and (c.items, c.low, c.out_of_stock, c.movements) is distinct from (
               (select count(*) from inventory_items i where i.warehouse_id = c.warehouse_id),
               (select count(*) from inventory_items i where i.warehouse_id = c.warehouse_id and i.low_since is not null),
               (select count(*) from inventory_items i where i.warehouse_id = c.warehouse_id and i.quantity = 0),
               (select count(*) from stock_movements m where m.warehouse_id = c.warehouse_id))`,
      [central, field],
    )
  ).rows[0].wrong as number;
  log(`  after ${CRASHES} kills, warehouses whose kept totals differ from their rows: ${countsOff}`);
  budget(countsOff === 0, `stock: after ${CRASHES} SIGKILLs the warehouses' kept totals equal their rows (${countsOff} off)`);
  await check.end();
  budget(
    balanced === CRASHES && complete === CRASHES,
    `stock: ${CRASHES} SIGKILLs under load: the ledger balanced ${balanced}/${CRASHES} times, every acknowledged movement present ${complete}/${CRASHES} times (${acknowledged} acknowledged)`,
  );
} finally {
  await stop(api);
  await stop(ceiling);
}

log('');
for (const { ok, text } of budgets) log(`${ok ? 'PASS' : 'FAIL'} ${text}`);
if (budgets.some(({ ok }) => !ok)) process.exitCode = 1;
