// The ceiling of the list benchmarks: bare Fastify routes with node-postgres returning the first 20
// rows of the same table for the same owner, without a session, a count or joins.
import Fastify from 'fastify';
import pg from 'pg';
import { loadConfig } from '../src/config.js';

// The same pool size as the API's (DATABASE_POOL_SIZE), so the two are compared like for like.
const config = loadConfig();
const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_SIZE });
const app = Fastify({ logger: false });
app.get('/assets', async (request) => {
  const { owner } = request.query as { owner: string };
  const { rows } = await pool.query(
    `select id, asset_code, name, cluster_id, location_id, location_name, status, purchase_cost_kobo, created_at
       from assets where organisation_id = $1 order by created_at desc, id desc limit 20`,
    [owner],
  );
  return { data: rows };
});
// The fault list's ceiling (fault-list.bench.ts): the owner's newest 20 faults, nothing else.
app.get('/faults', async (request) => {
  const { owner } = request.query as { owner: string };
  const { rows } = await pool.query(
    `select id, code, status, fault_type, asset_id, source, reporter_name, reporters, created_at
       from faults where organisation_id = $1 order by created_at desc, id desc limit 20`,
    [owner],
  );
  return { data: rows };
});
// The service request list's ceiling (sr-list.bench.ts): the provider's newest 20 requests, nothing else.
app.get('/service-requests', async (request) => {
  const { provider } = request.query as { provider: string };
  const { rows } = await pool.query(
    `select id, code, title, status, priority, organisation_id, asset_id, sent_at, created_at
       from service_requests where provider_id = $1 order by created_at desc, id desc limit 20`,
    [provider],
  );
  return { data: rows };
});
// The work order list's ceiling (wo-list.bench.ts): the owner's newest 20 open work orders, nothing else.
app.get('/work-orders', async (request) => {
  const { owner } = request.query as { owner: string };
  const { rows } = await pool.query(
    `select id, code, title, status, priority, provider_id, asset_id, total_kobo, created_at
       from work_orders where organisation_id = $1 order by created_at desc, id desc limit 20`,
    [owner],
  );
  return { data: rows };
});
// The stock benchmark's ceiling (stock.bench.ts): a warehouse's first 20 items by name, nothing else.
app.get('/inventory', async (request) => {
  const { warehouse } = request.query as { warehouse: string };
  const { rows } = await pool.query(
    `select id, name, brand, model, unit, quantity, price_kobo, reorder_level, updated_at
       from inventory_items where warehouse_id = $1 order by lower(name), id limit 20`,
    [warehouse],
  );
  return { data: rows };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
