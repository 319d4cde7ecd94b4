import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAsset, createCategory, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';
import { moveStock } from '../warehouse/warehouse.public.js';

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028).
afterEach(() => expectRollupsAgree(t.db));
/** The MRO: its admin (manages every warehouse of it), two store managers of the main store, a keeper who manages none. */
let mro: TestUser;
let storeManager: TestUser;
let storeManager2: TestUser;
let keeper: TestUser;
/** Two technicians (they request), and staff with none of the permissions. */
let tech: TestUser;
let tech2: TestUser;
let plain: TestUser;
/** The owner whose work order the MRO does, and another MRO with its own store. */
let owner: TestUser;
let otherMro: TestUser;
let store: string;
/** A store of the MRO without managers: its requests go to the organisation's keepers. */
let annex: string;
let otherStore: string;
let workOrder: string;
let foreignWorkOrder: string;

type Line = {
  _id: string;
  item: { _id: string; name: string };
  quantity: number;
  available: number;
  status: string;
  priceKobo: number | null;
};
type Mr = {
  _id: string;
  code: string;
  status: string;
  lines: Line[];
  actions: string[];
  issuedKobo: number;
  issued: string;
  workOrder: { _id: string; code: string } | null;
  [key: string]: unknown;
};

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });
const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const fieldErrors = (res: { json(): { errors?: { path: string; message: string }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.path, e.message]));
const ids = (res: { json(): { data: { _id: string }[] } }) => res.json().data.map((r) => r._id);

let itemCounter = 0;
/** An item of a warehouse, written directly, with its opening stock moved in through the ledger. */
async function item(
  warehouseId: string,
  values: { name?: string; quantity?: number; priceKobo?: number | null; reorderLevel?: number } = {},
) {
  const name = values.name ?? `Part ${++itemCounter}`;
  const [row] = await rows<{ id: string }>(sql`
    insert into inventory_items (warehouse_id, organisation_id, name, unit, price_kobo, reorder_level)
    select id, organisation_id, ${name}, 'piece', ${values.priceKobo === undefined ? 150_050 : values.priceKobo}, ${values.reorderLevel ?? null}
      from warehouses where id = ${warehouseId}
    returning id`);
  if (values.quantity) {
    await t.db.transaction((tx) =>
      moveStock(tx, { itemId: row!.id, delta: values.quantity!, kind: 'opening', reason: 'Opening stock', userId: null }),
    );
  }
  return row!.id;
}

async function warehouse(organisationId: string, name: string, managers: string[] = []) {
  const [row] = await rows<{ id: string }>(
    sql`insert into warehouses (organisation_id, name) values (${organisationId}, ${name}) returning id`,
  );
  for (const userId of managers)
    await t.db.execute(sql`insert into warehouse_managers (warehouse_id, user_id) values (${row!.id}, ${userId})`);
  return row!.id;
}

const quantityOf = async (itemId: string) =>
  (await rows<{ quantity: number }>(sql`select quantity from inventory_items where id = ${itemId}`))[0]!.quantity;
const movementsOf = (itemId: string) =>
  rows<{ kind: string; delta: number; source_type: string | null; source_id: string | null; user_id: string | null }>(
    sql`select kind, delta, source_type, source_id, user_id from stock_movements where item_id = ${itemId} order by id`,
  );
const eventsOf = async (user: TestUser, path?: string) =>
  (
    await rows<{ event: string }>(
      sql`select event from notifications where recipient_id = ${user.id} ${path ? sql`and path = ${path}` : sql``} order by created_at, id`,
    )
  ).map((r) => r.event);
/** What the tables of material requests and the ledger hold, to show a refused call wrote nothing. */
const snapshot = () =>
  rows(sql`select (select count(*)::int from material_requests) as requests,
                  (select count(*)::int from material_request_lines) as lines,
                  (select coalesce(json_agg(json_build_object('id', id, 'status', status, 'updated', updated_at) order by id), '[]') from material_requests) as statuses,
                  (select coalesce(json_agg(json_build_object('id', id, 'status', status, 'price', price_kobo) order by id), '[]') from material_request_lines) as line_statuses,
                  (select count(*)::int from stock_movements) as movements,
                  (select coalesce(sum(quantity), 0)::int from inventory_items) as stock,
                  (select coalesce(json_agg(last_value order by organisation_id), '[]') from code_counters where kind = 'material_request') as counters,
                  (select count(*)::int from notifications) as notifications,
                  (select count(*)::int from activities) as activities`);

const request = async (by: TestUser, payload: object): Promise<Mr> => {
  const res = await post(by, '/v2/material-request/create', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
const detail = async (user: TestUser, id: string): Promise<Mr> => {
  const res = await get(user, `/v2/material-request/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const act = async (user: TestUser, path: string, id: string, payload?: object): Promise<Mr> => {
  const res = await post(user, `/v2/material-request/${path}/${id}`, payload);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: 'false' });
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true, firstName: 'Musa' });
  const keepers = ['manageWarehouse', 'viewWarehouse'];
  storeManager = await createUser(t.db, { organisationId: mro.organisationId, permissions: keepers, firstName: 'Sade' });
  storeManager2 = await createUser(t.db, { organisationId: mro.organisationId, permissions: keepers, firstName: 'Segun' });
  keeper = await createUser(t.db, { organisationId: mro.organisationId, permissions: keepers, firstName: 'Kemi' });
  tech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician', firstName: 'Tunde' });
  tech2 = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician', firstName: 'Bola' });
  plain = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['viewAsset'] });
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true, firstName: 'Olu' });
  otherMro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  store = await warehouse(mro.organisationId, 'Main store', [storeManager.id, storeManager2.id]);
  annex = await warehouse(mro.organisationId, 'Annex');
  otherStore = await warehouse(otherMro.organisationId, 'Elsewhere', [otherMro.id]);

  // The owner's work order, sent to the MRO (no approval levels), accepted and assigned to tech.
  const categoryId = await createCategory(t.db);
  const pump = await createAsset(t, owner, { categoryId, name: 'Borehole pump' });
  const raise = async (provider: string) => {
    const res = await post(owner, '/v2/wo/create', {
      title: 'Overhaul the pump',
      description: 'Replace the seals.',
      priority: 'high',
      receiverType: 'MRO',
      provider,
      asset: pump,
      lines: [{ name: 'Works', price: '1000', quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  };
  workOrder = await raise(mro.organisationId);
  expect((await post(mro, `/v2/wo/sent/accept/${workOrder}`)).statusCode).toBe(200);
  expect((await post(mro, `/v2/wo/assign/${workOrder}`, { users: [tech.id] })).statusCode).toBe(200);
  foreignWorkOrder = await raise(otherMro.organisationId);
});

afterAll(async () => {
  await t.close();
});

// The ledger's invariant after every scenario: every item holds exactly the sum of its movements.
afterEach(async () => {
  const broken = await rows(sql`
    select i.id, i.quantity, coalesce(sum(m.delta), 0)::int as sum
      from inventory_items i left join stock_movements m on m.item_id = i.id
     group by i.id having i.quantity <> coalesce(sum(m.delta), 0)`);
  expect(broken).toEqual([]);
  const belowZero = await rows(sql`select id from inventory_items where quantity < 0`);
  expect(belowZero).toEqual([]);
});

describe('access', () => {
  it('answers 401 without a session on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string][] = [
      ['GET', '/v2/material-request'],
      ['GET', '/v2/material-request/counts'],
      ['GET', `/v2/material-request/${id}`],
      ['POST', '/v2/material-request/create'],
      ['POST', `/v2/material-request/accept/${id}`],
      ['POST', `/v2/material-request/reject/${id}`],
      ['POST', `/v2/material-request/cancel/${id}`],
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses staff without the permissions (403), and decisions to anyone but the warehouse’s managers, writing nothing', async () => {
    const bolt = await item(store, { quantity: 10 });
    const mr = await request(tech, { warehouse: store, lines: [{ item: bolt, quantity: 1 }] });
    const before = await snapshot();
    for (const [method, url] of [
      ['GET', '/v2/material-request'],
      ['GET', '/v2/material-request/counts'],
      ['GET', `/v2/material-request/${mr._id}`],
      ['POST', '/v2/material-request/create'],
      ['POST', `/v2/material-request/accept/${mr._id}`],
      ['POST', `/v2/material-request/reject/${mr._id}`],
      ['POST', `/v2/material-request/cancel/${mr._id}`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: plain.headers, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // A technician requests, never decides (the route's permission).
    expect((await post(tech, `/v2/material-request/accept/${mr._id}`)).statusCode).toBe(403);
    expect((await post(tech2, `/v2/material-request/reject/${mr._id}`, { reason: 'No' })).statusCode).toBe(403);
    // A keeper of the organisation sees it but manages another store: 403 with the reason.
    const notManager = await post(keeper, `/v2/material-request/accept/${mr._id}`);
    expect(notManager.statusCode).toBe(403);
    expect(notManager.json().message).toBe('Only the managers of this warehouse can do this');
    expect((await post(keeper, `/v2/material-request/reject/${mr._id}`, { reason: 'Not ours' })).statusCode).toBe(403);
    expect((await detail(keeper, mr._id)).actions).toEqual([]);
    // Only the requester withdraws it: a manager cannot.
    expect((await post(storeManager, `/v2/material-request/cancel/${mr._id}`)).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('answers another tenant’s request, or another technician’s, as not found (404), writing nothing', async () => {
    const foreignItem = await item(otherStore, { quantity: 5 });
    const foreign = await request(otherMro, { warehouse: otherStore, lines: [{ item: foreignItem, quantity: 1 }] });
    const bolt = await item(store, { quantity: 5 });
    const techs = await request(tech, { warehouse: store, lines: [{ item: bolt, quantity: 1 }] });
    const before = await snapshot();
    for (const user of [mro, storeManager, tech]) {
      expect((await get(user, `/v2/material-request/${foreign._id}`)).statusCode).toBe(404);
    }
    expect((await post(mro, `/v2/material-request/accept/${foreign._id}`)).statusCode).toBe(404);
    expect((await post(storeManager, `/v2/material-request/reject/${foreign._id}`, { reason: 'Not ours' })).statusCode).toBe(404);
    expect((await post(mro, `/v2/material-request/cancel/${foreign._id}`)).statusCode).toBe(404);
    // A technician sees their own requests only.
    expect((await get(tech2, `/v2/material-request/${techs._id}`)).statusCode).toBe(404);
    const cancel = await post(tech2, `/v2/material-request/cancel/${techs._id}`);
    expect(cancel.statusCode).toBe(404);
    expect(cancel.json().message).toBe('The requested material request is not found');
    // Nor do the lists show them.
    expect(ids(await get(mro, '/v2/material-request?tab=decided&pageSize=100'))).not.toContain(foreign._id);
    expect(ids(await get(tech2, '/v2/material-request?tab=mine'))).not.toContain(techs._id);
    expect(await snapshot()).toEqual(before);
  });
});

describe('creating a request', () => {
  it('answers bad input with the catalogue’s texts and writes nothing', async () => {
    const bolt = await item(store, { quantity: 5 });
    const nut = await item(store, { quantity: 5 });
    const annexItem = await item(annex, { quantity: 5 });
    const foreignItem = await item(otherStore, { quantity: 5 });
    const before = await snapshot();
    const cases: [object, Record<string, string>][] = [
      [{}, { warehouse: 'Warehouse is required', lines: 'Lines is not valid' }],
      [{ warehouse: store, lines: [] }, { lines: 'Lines is required' }],
      [{ warehouse: store, lines: [{ item: bolt, quantity: 0 }] }, { 'lines.0.quantity': 'Quantity is not valid' }],
      [{ warehouse: store, lines: [{ item: bolt, quantity: 1.5 }] }, { 'lines.0.quantity': 'Quantity is not valid' }],
      [
        {
          warehouse: store,
          lines: [
            { item: bolt, quantity: 1 },
            { item: bolt, quantity: 2 },
          ],
        },
        { lines: 'Each item may appear only once' },
      ],
      // Another organisation's warehouse is not one the caller can ask.
      [{ warehouse: otherStore, lines: [{ item: foreignItem, quantity: 1 }] }, { warehouse: 'Warehouse is not valid' }],
      // Items of another warehouse, of the caller's organisation or not.
      [
        {
          warehouse: store,
          lines: [
            { item: nut, quantity: 1 },
            { item: annexItem, quantity: 1 },
            { item: foreignItem, quantity: 1 },
          ],
        },
        { 'lines.1.item': 'Item is not valid', 'lines.2.item': 'Item is not valid' },
      ],
      // A work order of another provider, and one the technician does not work on.
      [
        { warehouse: store, workOrder: foreignWorkOrder, lines: [{ item: bolt, quantity: 1 }] },
        { workOrder: 'Choose a work order you are working on' },
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await post(tech, '/v2/material-request/create', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fieldErrors(res)).toEqual(errors);
    }
    const unassigned = await post(tech2, '/v2/material-request/create', {
      warehouse: store,
      workOrder,
      lines: [{ item: bolt, quantity: 1 }],
    });
    expect(unassigned.statusCode).toBe(400);
    expect(fieldErrors(unassigned)).toEqual({ workOrder: 'Choose a work order you are working on' });
    expect(await snapshot()).toEqual(before);
  });

  it('numbers requests per organisation and tells the store’s managers (or, without any, its keepers)', async () => {
    const bolt = await item(store, { quantity: 5 });
    const annexItem = await item(annex, { quantity: 5 });
    const first = await request(tech, { warehouse: store, note: 'For the pump', lines: [{ item: bolt, quantity: 2 }] });
    const second = await request(tech2, { warehouse: annex, lines: [{ item: annexItem, quantity: 1 }] });
    const [a, b] = [Number(first.code.slice(3)), Number(second.code.slice(3))];
    expect(first.code).toMatch(/^MR-\d{6}$/);
    expect(b).toBe(a + 1);
    // A new organisation counts on its own.
    const newcomer = await createUser(t.db, { kind: 'imo', roleKey: 'imo', isOrgAdmin: true });
    const itsStore = await warehouse(newcomer.organisationId, 'Main store');
    const itsItem = await item(itsStore, { quantity: 5 });
    expect((await request(newcomer, { warehouse: itsStore, lines: [{ item: itsItem, quantity: 1 }] })).code).toBe('MR-000001');
    expect(first).toMatchObject({
      status: 'pending',
      warehouse: { _id: store, name: 'Main store' },
      requestedBy: { _id: tech.id, name: 'Tunde User' },
      note: 'For the pump',
      workOrder: null,
      issuedKobo: 0,
      issued: '0.00',
      actions: ['cancel'],
    });
    expect(first.lines).toMatchObject([{ item: { _id: bolt }, quantity: 2, available: 5, status: 'pending', priceKobo: null }]);
    const path = (id: string) => `/material-request/${id}`;
    expect(await eventsOf(storeManager, path(first._id))).toEqual(['material_request.created']);
    expect(await eventsOf(storeManager2, path(first._id))).toEqual(['material_request.created']);
    expect(await eventsOf(keeper, path(first._id))).toEqual([]);
    expect(await eventsOf(mro, path(first._id))).toEqual([]);
    // The annex has no managers: its organisation's admins and keepers hear of it.
    expect(await eventsOf(keeper, path(second._id))).toEqual(['material_request.created']);
    expect(await eventsOf(mro, path(second._id))).toEqual(['material_request.created']);
    expect(await eventsOf(storeManager, path(second._id))).toEqual(['material_request.created']);
    expect(await eventsOf(tech, path(second._id))).toEqual([]);
    const [params] = await rows<{ params: Record<string, unknown> }>(
      sql`select params from notifications where recipient_id = ${storeManager.id} and path = ${path(first._id)}`,
    );
    expect(params!.params).toEqual({ requester: 'Tunde User', count: 1, warehouse: 'Main store', code: first.code });
    const [activity] = await rows<{ action: string; user_id: string }>(
      sql`select action, user_id from activities where subject_type = 'material_request' and subject_id = ${first._id}`,
    );
    expect(activity).toEqual({ action: 'material_request.created', user_id: tech.id });
  });
});

describe('deciding', () => {
  it('walks a request for a work order: one line accepted, the other rejected, the stock issued and counted on the work order', async () => {
    const filter = await item(store, { name: 'Oil filter', quantity: 10, priceKobo: 250_075 });
    const seal = await item(store, { name: 'Seal kit', quantity: 4, priceKobo: 99_900 });
    const created = await request(tech, {
      warehouse: store,
      workOrder,
      note: 'Pump overhaul',
      lines: [
        { item: filter, quantity: 3 },
        { item: seal, quantity: 2 },
      ],
    });
    const id = created._id;
    expect(created.workOrder).toMatchObject({ _id: workOrder, code: expect.stringMatching(/^WO-/) });
    const [lineA, lineB] = created.lines;
    expect((await detail(storeManager, id)).actions).toEqual(['accept', 'reject']);
    expect(ids(await get(storeManager, '/v2/material-request?tab=incoming&pageSize=100'))).toContain(id);
    const counts = await get(storeManager, '/v2/material-request/counts');
    expect(counts.json().data.incoming).toBeGreaterThanOrEqual(1);

    // Line A accepted: the stock goes out at once, the request waits on line B.
    const partly = await act(storeManager, 'accept', id, { lines: [lineA!._id] });
    expect(partly.status).toBe('pending');
    expect(partly.lines.map((l) => [l.item.name, l.status, l.priceKobo, l.available])).toEqual([
      ['Oil filter', 'accepted', 250_075, 7],
      ['Seal kit', 'pending', null, 4],
    ]);
    expect(partly).toMatchObject({ issuedKobo: 750_225, issued: '7502.25', actions: ['accept', 'reject'] });
    expect(await quantityOf(filter)).toBe(7);
    const movements = await movementsOf(filter);
    expect(movements.slice(1)).toEqual([
      { kind: 'issue', delta: -3, source_type: 'material_request', source_id: id, user_id: storeManager.id },
    ]);
    const [line] = await rows<{ movement_id: string; decided_by: string }>(
      sql`select movement_id, decided_by from material_request_lines where id = ${lineA!._id}`,
    );
    expect(line!.decided_by).toBe(storeManager.id);
    expect(line!.movement_id).not.toBeNull();
    // With a line decided, the requester can no longer withdraw it.
    expect((await detail(tech, id)).actions).toEqual([]);
    const late = await post(tech, `/v2/material-request/cancel/${id}`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This line has already been decided');
    // Line A again: already decided.
    const again = await post(storeManager2, `/v2/material-request/accept/${id}`, { lines: [lineA!._id] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This line has already been decided');

    // Line B rejected (the pending one, by default): partly accepted.
    const decided = await act(storeManager2, 'reject', id, { reason: 'Out of this model' });
    expect(decided.status).toBe('partly_accepted');
    expect(decided.lines[1]).toMatchObject({
      _id: lineB!._id,
      status: 'rejected',
      reason: 'Out of this model',
      decidedBy: { _id: storeManager2.id },
    });
    expect(decided.actions).toEqual([]);
    expect(await quantityOf(seal)).toBe(4);
    expect(await movementsOf(seal)).toHaveLength(1);
    // Decided: no more decisions.
    const stale = await post(storeManager, `/v2/material-request/reject/${id}`, { reason: 'Again' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('This record is now partly accepted, so this step no longer applies. Reload to see what changed.');

    // The work order counts what was issued for it.
    const wo = (await get(mro, `/v2/wo/${workOrder}`)).json().data;
    expect(wo).toMatchObject({ materialsKobo: 750_225, materials: '7502.25' });
    // What it cost: the approved lines and the parts issued, on the page and in the list.
    expect(wo.actualKobo).toBe(wo.totalKobo + 750_225);
    const listed = (await get(mro, '/v2/wo?tab=incoming&pageSize=100')).json().data.find((row: { _id: string }) => row._id === workOrder);
    expect(listed).toMatchObject({ totalKobo: wo.totalKobo, actualKobo: wo.totalKobo + 750_225 });
    expect(wo.materialRequests).toEqual([{ _id: id, code: created.code, status: 'partly_accepted' }]);
    // The owner sees the cost and the MRO's requests for its work order, as the MRO does: it reads them, it does not decide them.
    const ownerView = (await get(owner, `/v2/wo/${workOrder}`)).json().data;
    expect(ownerView).toMatchObject({ materialsKobo: 750_225, actualKobo: wo.actualKobo, materialRequests: wo.materialRequests });
    expect((await get(owner, `/v2/material-request/${id}`)).statusCode).toBe(200);
    expect((await post(owner, `/v2/material-request/reject/${id}`, { reason: 'Not mine to decide' })).statusCode).toBe(403);

    // The requester heard of both decisions; the lists moved it.
    expect(await eventsOf(tech, `/material-request/${id}`)).toEqual(['material_request.decided', 'material_request.decided']);
    const decisions = await rows<{ params: Record<string, unknown> }>(
      sql`select params from notifications where recipient_id = ${tech.id} and event = 'material_request.decided' and path = ${`/material-request/${id}`} order by created_at, id`,
    );
    expect(decisions.map((d) => d.params)).toEqual([
      { code: created.code, decision: 'accepted in part', manager: 'Sade User', subject: 'accepted_in_part' },
      { code: created.code, decision: 'partly accepted', manager: 'Segun User', subject: 'partly_accepted' },
    ]);
    expect(ids(await get(storeManager, '/v2/material-request?tab=incoming&pageSize=100'))).not.toContain(id);
    expect(ids(await get(tech, '/v2/material-request?tab=decided&pageSize=100'))).toContain(id);
    const actions = await rows<{ action: string }>(
      sql`select action from activities where subject_type = 'material_request' and subject_id = ${id} order by created_at, id`,
    );
    expect(actions.map((a) => a.action)).toEqual(['material_request.created', 'material_request.accepted', 'material_request.rejected']);
  });

  it('refuses a request short of stock on any line with 409 and what is available, changing nothing', async () => {
    const gasket = await item(store, { name: 'Gasket', quantity: 5 });
    const belt = await item(store, { name: 'Fan belt', quantity: 2 });
    const mr = await request(tech, {
      warehouse: store,
      lines: [
        { item: gasket, quantity: 1 },
        { item: belt, quantity: 3 },
      ],
    });
    const before = await snapshot();
    const res = await post(storeManager, `/v2/material-request/accept/${mr._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough stock of Fan belt: 2 available');
    expect(await snapshot()).toEqual(before);
    expect(await quantityOf(gasket)).toBe(5);
    expect((await detail(storeManager, mr._id)).lines.map((l) => l.status)).toEqual(['pending', 'pending']);
    // The line that fits can still be accepted alone, and the other rejected: partly accepted.
    await act(storeManager, 'accept', mr._id, { lines: [mr.lines[0]!._id] });
    const after = await act(storeManager, 'reject', mr._id, { reason: 'Not enough belts', lines: [mr.lines[1]!._id] });
    expect(after.status).toBe('partly_accepted');
    expect(await quantityOf(gasket)).toBe(4);
    expect(await quantityOf(belt)).toBe(2);
  });

  it('accepts every pending line when none is named, and rejects a whole request', async () => {
    const a = await item(store, { quantity: 3 });
    const b = await item(store, { quantity: 3 });
    const all = await request(tech, {
      warehouse: store,
      lines: [
        { item: a, quantity: 3 },
        { item: b, quantity: 1 },
      ],
    });
    expect((await act(storeManager, 'accept', all._id)).status).toBe('accepted');
    expect([await quantityOf(a), await quantityOf(b)]).toEqual([0, 2]);
    const none = await request(tech, { warehouse: store, lines: [{ item: b, quantity: 1 }] });
    const rejected = await act(storeManager, 'reject', none._id, { reason: 'Not for this job' });
    expect(rejected.status).toBe('rejected');
    expect(await quantityOf(b)).toBe(2);
    expect(await eventsOf(tech, `/material-request/${none._id}`)).toEqual(['material_request.decided']);
  });

  it('answers bad decisions with 400 and writes nothing', async () => {
    const a = await item(store, { quantity: 3 });
    const mr = await request(tech, { warehouse: store, lines: [{ item: a, quantity: 1 }] });
    const other = await request(tech, { warehouse: store, lines: [{ item: a, quantity: 1 }] });
    const before = await snapshot();
    const stranger = await post(storeManager, `/v2/material-request/accept/${mr._id}`, { lines: [other.lines[0]!._id] });
    expect(stranger.statusCode).toBe(400);
    expect(fieldErrors(stranger)).toEqual({ 'lines.0': 'Line is not valid' });
    const malformed = await post(storeManager, `/v2/material-request/accept/${mr._id}`, { lines: ['nope'] });
    expect(malformed.statusCode).toBe(400);
    const noReason = await post(storeManager, `/v2/material-request/reject/${mr._id}`, {});
    expect(noReason.statusCode).toBe(400);
    expect(fieldErrors(noReason)).toEqual({ reason: 'Reason is required' });
    const badId = await get(storeManager, '/v2/material-request/not-an-id');
    expect(badId.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('lets one of two managers accepting the same request at once win; the other gets 409', async () => {
    const a = await item(store, { quantity: 10 });
    const b = await item(store, { quantity: 10 });
    const mr = await request(tech, {
      warehouse: store,
      lines: [
        { item: a, quantity: 4 },
        { item: b, quantity: 4 },
      ],
    });
    const [first, second] = await Promise.all([
      post(storeManager, `/v2/material-request/accept/${mr._id}`),
      post(storeManager2, `/v2/material-request/accept/${mr._id}`),
    ]);
    expect([first.statusCode, second.statusCode].sort(), `${first.body} ${second.body}`).toEqual([200, 409]);
    expect([await quantityOf(a), await quantityOf(b)]).toEqual([6, 6]);
    const issued = await rows<{ n: number }>(
      sql`select count(*)::int as n from stock_movements where source_type = 'material_request' and source_id = ${mr._id}`,
    );
    expect(issued).toEqual([{ n: 2 }]);
    expect(await eventsOf(tech, `/material-request/${mr._id}`)).toEqual(['material_request.decided']);
  });

  it('tells the store’s managers once when an issue takes an item to its reorder level', async () => {
    const hose = await item(store, { name: 'Hose', quantity: 6, reorderLevel: 3 });
    const path = `/manage-warehouse/view/${store}?stock=low`;
    const lowOf = (user: TestUser) =>
      rows<{ n: number }>(
        sql`select count(*)::int as n from notifications where recipient_id = ${user.id} and event = 'stock.low' and path = ${path}`,
      );
    const [beforeA] = await lowOf(storeManager);
    const first = await request(tech, { warehouse: store, lines: [{ item: hose, quantity: 3 }] });
    await act(storeManager, 'accept', first._id);
    expect(await quantityOf(hose)).toBe(3);
    expect((await lowOf(storeManager))[0]!.n).toBe(beforeA!.n + 1);
    expect((await lowOf(storeManager2))[0]!.n).toBeGreaterThanOrEqual(1);
    // Further below the level: not again.
    const second = await request(tech, { warehouse: store, lines: [{ item: hose, quantity: 1 }] });
    await act(storeManager, 'accept', second._id);
    expect((await lowOf(storeManager))[0]!.n).toBe(beforeA!.n + 1);
  });
});

describe('cancelling', () => {
  it('lets the requester withdraw a pending request, after which nobody decides it', async () => {
    const a = await item(store, { quantity: 3 });
    const mr = await request(tech, { warehouse: store, lines: [{ item: a, quantity: 1 }] });
    const cancelled = await act(tech, 'cancel', mr._id);
    expect(cancelled).toMatchObject({ status: 'cancelled', actions: [] });
    const accept = await post(storeManager, `/v2/material-request/accept/${mr._id}`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().message).toBe('This record is now cancelled, so this step no longer applies. Reload to see what changed.');
    expect((await post(tech, `/v2/material-request/cancel/${mr._id}`)).statusCode).toBe(409);
    expect(await quantityOf(a)).toBe(3);
    const [activity] = await rows<{ action: string }>(
      sql`select action from activities where subject_id = ${mr._id} and action = 'material_request.cancelled'`,
    );
    expect(activity).toEqual({ action: 'material_request.cancelled' });
  });
});

describe('lists', () => {
  it('answers each tab with search, filters, sorting and pages', async () => {
    const lister = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician', firstName: 'Lara' });
    const a = await item(annex, { quantity: 50 });
    const made: Mr[] = [];
    for (const note of ['Alpha job', 'Beta job', 'Gamma job'])
      made.push(await request(lister, { warehouse: annex, note, lines: [{ item: a, quantity: 1 }] }));
    made.push(
      await request(lister, {
        warehouse: store,
        workOrder: undefined,
        note: 'Delta',
        lines: [{ item: await item(store, { quantity: 1 }), quantity: 1 }],
      }),
    );
    await act(mro, 'accept', made[0]!._id);
    const mine = await get(lister, '/v2/material-request?tab=mine');
    expect(mine.statusCode, mine.body).toBe(200);
    // Newest first by default.
    expect(ids(mine)).toEqual(made.map((m) => m._id).reverse());
    expect(mine.json().meta).toEqual({ page: 1, pageSize: 20, total: 4, pageCount: 1 });
    expect(mine.json().data[3]).toMatchObject({ lineCount: 1, status: 'accepted', issuedKobo: 150_050, requestedBy: { _id: lister.id } });
    expect(ids(await get(lister, '/v2/material-request?tab=mine&search=beta'))).toEqual([made[1]!._id]);
    expect(ids(await get(lister, `/v2/material-request?tab=mine&search=${made[2]!.code}`))).toEqual([made[2]!._id]);
    expect(ids(await get(lister, '/v2/material-request?tab=mine&status=accepted'))).toEqual([made[0]!._id]);
    expect(ids(await get(lister, `/v2/material-request?tab=mine&warehouse=${store}`))).toEqual([made[3]!._id]);
    expect(ids(await get(lister, `/v2/material-request?tab=mine&workOrder=${workOrder}`))).toEqual([]);
    expect(ids(await get(lister, '/v2/material-request?tab=mine&sort=code&order=asc'))).toEqual(made.map((m) => m._id));
    const page2 = await get(lister, '/v2/material-request?tab=mine&sort=code&pageSize=3&page=2');
    expect(ids(page2)).toEqual([made[3]!._id]);
    expect(page2.json().meta).toEqual({ page: 2, pageSize: 3, total: 4, pageCount: 2 });
    expect(ids(await get(lister, '/v2/material-request?tab=decided'))).toEqual([made[0]!._id]);
    // Incoming: the pending requests of the warehouses the caller manages (the admin manages them all).
    expect(ids(await get(lister, '/v2/material-request?tab=incoming'))).toEqual([]);
    const adminIncoming = ids(await get(mro, '/v2/material-request?tab=incoming&pageSize=100'));
    expect(adminIncoming).toEqual(expect.arrayContaining([made[1]!._id, made[2]!._id, made[3]!._id]));
    expect(adminIncoming).not.toContain(made[0]!._id);
    const managerIncoming = ids(await get(storeManager, '/v2/material-request?tab=incoming&pageSize=100'));
    expect(managerIncoming).toContain(made[3]!._id);
    expect(managerIncoming).not.toContain(made[1]!._id);
    expect((await get(lister, '/v2/material-request/counts')).json().data).toEqual({ mine: 3, incoming: 0 });
    expect((await get(lister, '/v2/material-request?tab=other')).statusCode).toBe(400);
  });
});
