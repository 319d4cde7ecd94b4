import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisation, createPricebookItem, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';
import { expectLedgerBalanced } from '../../test/stock-ledger.js';
import { itemFor, moveStock } from '../warehouse/warehouse.public.js';

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028).
afterEach(() => expectRollupsAgree(t.db));
/** The buyer (an MRO)'s admin: raises orders and receives them, approves none (it is no level's member). */
let buyer: TestUser;
/** Head of Stores' two approvers, and the GM. */
let headStores: TestUser;
let headStores2: TestUser;
let gm: TestUser;
/** Buyer staff who only receive supplies, and one who holds nothing of purchase orders. */
let receiver: TestUser;
let clerk: TestUser;
/** The supplier's admin and its staff member who handles incoming orders. */
let supplier: TestUser;
let supplierDesk: TestUser;
let otherSupplier: TestUser;
/** Another buyer (an asset owner), without approval levels: its orders go straight to the supplier. */
let otherBuyer: TestUser;
let pendingSupplierId: string;
let mainStore: string;
let annexStore: string;
let otherStore: string;
/** The supplier's pricebook: a seal kit (SKF S-1) at 1,250.25 and a bearing at 60,000. */
let sealKit: string;
let bearing: string;
let foreignItem: string;
/** The main store's seal kit, holding 5 before any order. */
let storedSeals: string;

type Line = { _id: string; name: string; quantity: number; dispatched: number; received: number; unitPriceKobo: number; free: boolean };
type Po = {
  _id: string;
  code: string;
  status: string;
  totalKobo: number;
  total: string;
  ordered: number;
  dispatched: number;
  received: number;
  lines: Line[];
  steps: { _id: string; name: string; status: string; decidedBy: { _id: string } | null; reason: string | null }[];
  deliveries: { note: string | null; lines: { line: string; quantity: number }[]; by: { _id: string } | null }[];
  receipts: { warehouse: { _id: string }; lines: { line: string; quantity: number }[] }[];
  timeline: { action: string; description: string }[];
  actions: string[];
  parties: string[];
  [key: string]: unknown;
};

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });
const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const put = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: user.headers, payload });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const countOf = async (table: string) => (await rows<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
/** What a refused write must leave as it was: every table a purchase order writes to. */
const footprint = async () => ({
  orders: await countOf('purchase_orders'),
  lines: await rows(sql`select id, quantity, dispatched, received from purchase_order_lines order by id`),
  supplies: await countOf('purchase_order_supplies'),
  movements: await countOf('stock_movements'),
  items: await rows(sql`select id, quantity from inventory_items order by id`),
  steps: await rows(sql`select id, status from approval_steps order by id`),
  counters: await rows(sql`select organisation_id, kind, last_value from code_counters order by organisation_id, kind`),
  activities: await countOf('activities'),
  notifications: await countOf('notifications'),
});
const eventsOf = async (user: TestUser, path: string) =>
  (
    await rows<{ event: string }>(
      sql`select event from notifications where recipient_id = ${user.id} and path = ${path} order by created_at, id`,
    )
  ).map((r) => r.event);
const pathOf = (id: string) => `/purchase-order/${id}`;
const detail = async (user: TestUser, id: string): Promise<Po> => {
  const res = await get(user, `/v2/purchase-order/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const ids = (res: { json(): { data: { _id: string }[] } }) => res.json().data.map((r) => r._id);
const fieldErrors = (res: { json(): { errors?: { path: string; message: string }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.path, e.message]));
const stockOf = async (itemId: string) =>
  (await rows<{ quantity: number }>(sql`select quantity from inventory_items where id = ${itemId}`))[0]!.quantity;
const itemsIn = async (warehouseId: string) =>
  rows<{ id: string; name: string; brand: string | null; model: string | null; quantity: number; price_kobo: number | null }>(
    sql`select id, name, brand, model, quantity, price_kobo::int from inventory_items where warehouse_id = ${warehouseId} order by name`,
  );

/** Seal kits and bearings: 5 x 1,250.25 + 2 x 60,000 = 126,251.25 NGN, above Head of Stores' 100,000: the GM too. */
const bigLines = () => [
  { pricebookItem: sealKit, quantity: 5 },
  { pricebookItem: bearing, quantity: 2 },
];
/** Within Head of Stores' level. */
const smallLines = () => [{ pricebookItem: sealKit, quantity: 4 }];
const form = (extra: Record<string, unknown> = {}) => ({
  supplier: supplier.organisationId,
  warehouse: mainStore,
  title: 'Seals and bearings for the pumps',
  note: 'Deliver to the back gate',
  lines: smallLines(),
  ...extra,
});
/** The body of PUT /v2/purchase-order/update/{id}. */
const changes = (extra: Record<string, unknown> = {}) => {
  const { supplier: _, ...rest } = form();
  return { ...rest, ...extra };
};
const raise = async (extra: Record<string, unknown> = {}, by: TestUser = buyer): Promise<Po> => {
  const res = await post(by, '/v2/purchase-order/create', form(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
/** A workflow step that must succeed; the order as it now is. */
const act = async (user: TestUser, path: string, id: string, payload?: object): Promise<Po> => {
  const res = await post(user, `/v2/purchase-order/${path}/${id}`, payload);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json().data;
};
const approve = (user: TestUser, id: string) => act(user, 'approve', id, { approve: true });
/** An order of 4 seal kits approved by Head of Stores and accepted by the supplier. */
const acceptedOrder = async (extra: Record<string, unknown> = {}) => {
  const created = await raise(extra);
  await approve(headStores, created._id);
  return act(supplier, 'sent/accept', created._id);
};
const lineOf = (order: Po, name: string) => order.lines.find((line) => line.name === name)!;

async function insertWarehouse(organisationId: string, name: string): Promise<string> {
  return (
    await rows<{ id: string }>(sql`insert into warehouses (organisation_id, name) values (${organisationId}, ${name}) returning id`)
  )[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: 'false' });
  buyer = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true, firstName: 'Musa' });
  const approver = ['approvePO', 'managePO', 'viewOutgoingPO', 'viewCompletedPO'];
  headStores = await createUser(t.db, { organisationId: buyer.organisationId, permissions: approver, firstName: 'Hauwa' });
  headStores2 = await createUser(t.db, { organisationId: buyer.organisationId, permissions: ['approvePO'], firstName: 'Halima' });
  gm = await createUser(t.db, { organisationId: buyer.organisationId, permissions: ['approvePO'], firstName: 'Gbenga' });
  receiver = await createUser(t.db, { organisationId: buyer.organisationId, permissions: ['confirmSupply'], firstName: 'Rita' });
  clerk = await createUser(t.db, { organisationId: buyer.organisationId, permissions: ['viewWarehouse'] });
  const supplierOrg = await createOrganisation(t.db, { kind: 'supplier', name: 'Lagos Bearings and Seals Ltd' });
  await t.db.execute(
    sql`update organisations set address = '12 Creek Road', state = 'Lagos', lga = 'Apapa', telephone = '08031234567', email = 'sales@lbs.example'
         where id = ${supplierOrg.id}`,
  );
  supplier = await createUser(t.db, { organisationId: supplierOrg.id, roleKey: 'supplier', isOrgAdmin: true, firstName: 'Sade' });
  supplierDesk = await createUser(t.db, {
    organisationId: supplier.organisationId,
    permissions: ['managePO', 'viewIncomingPO', 'viewCompletedPO'],
    firstName: 'Dayo',
  });
  const otherSupplierOrg = await createOrganisation(t.db, { kind: 'supplier', name: 'Kano Valves Ltd' });
  otherSupplier = await createUser(t.db, { organisationId: otherSupplierOrg.id, roleKey: 'supplier', isOrgAdmin: true });
  otherBuyer = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  pendingSupplierId = (await createUser(t.db, { kind: 'supplier', roleKey: 'supplier', isOrgAdmin: true })).organisationId;
  await t.db.execute(sql`update organisations set status = 'pending' where id = ${pendingSupplierId}`);
  mainStore = await insertWarehouse(buyer.organisationId, 'Main store');
  await t.db.execute(sql`update warehouses set address = '4 Wharf Road' where id = ${mainStore}`);
  annexStore = await insertWarehouse(buyer.organisationId, 'Annex store');
  otherStore = await insertWarehouse(otherBuyer.organisationId, 'Other store');
  sealKit = await createPricebookItem(t, supplier, { name: 'Seal kit', price: '1250.25', kind: 'spare_part', brand: 'SKF', model: 'S-1' });
  bearing = await createPricebookItem(t, supplier, { name: 'Bearing', price: '60000', kind: 'spare_part', unit: 'piece' });
  foreignItem = await createPricebookItem(t, otherSupplier, { name: 'Someone else’s valve', price: '10', kind: 'product' });
  // The main store already holds 5 of the same seal kit (its name, brand and model, in other case).
  storedSeals = await t.db.transaction(async (tx) => {
    const itemId = await itemFor(
      tx,
      { id: mainStore, organisationId: buyer.organisationId },
      { name: 'SEAL KIT', brand: 'skf', model: 's-1' },
    );
    await moveStock(tx, { itemId, delta: 5, kind: 'opening', reason: 'Opening stock', userId: buyer.id });
    return itemId;
  });
  for (const level of [
    { name: 'Head of Stores', maxAmount: '100000', order: 1, approvers: [headStores.id, headStores2.id] },
    { name: 'GM', maxAmount: '1000000', order: 2, approvers: [gm.id] },
  ]) {
    const res = await post(buyer, '/v2/approval/create/po', level);
    expect(res.statusCode, res.body).toBe(201);
  }
});

afterEach(async () => {
  await expectLedgerBalanced(t.db);
});

afterAll(async () => {
  await t.close();
});

describe('access', () => {
  it('answers 401 without a session on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string][] = [
      ['GET', '/v2/purchase-order'],
      ['GET', '/v2/purchase-order/counts'],
      ['GET', '/v2/purchase-order/suppliers'],
      ['GET', `/v2/purchase-order/${id}`],
      ['GET', `/v2/purchase-order/close/${id}`],
      ['POST', '/v2/purchase-order/create'],
      ['PUT', `/v2/purchase-order/update/${id}`],
      ...['submit', 'approve', 'cancel', 'sent/accept', 'sent/decline', 'dispatch', 'confirmation/supply', 'close'].map(
        (path): [string, string] => ['POST', `/v2/purchase-order/${path}/${id}`],
      ),
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses staff without the permission of a route (403), writing nothing', async () => {
    const before = await footprint();
    const id = (await raise({ submit: false }))._id;
    const after = await footprint();
    expect((await post(clerk, '/v2/purchase-order/create', form())).statusCode).toBe(403);
    expect((await get(clerk, '/v2/purchase-order')).statusCode).toBe(403);
    expect((await get(clerk, '/v2/purchase-order/suppliers')).statusCode).toBe(403);
    expect((await get(clerk, `/v2/purchase-order/${id}`)).statusCode).toBe(403);
    expect((await post(clerk, `/v2/purchase-order/submit/${id}`)).statusCode).toBe(403);
    expect((await post(receiver, `/v2/purchase-order/approve/${id}`, { approve: true })).statusCode).toBe(403);
    expect((await post(buyer, `/v2/purchase-order/sent/accept/${id}`)).statusCode).toBe(403);
    expect((await post(buyer, `/v2/purchase-order/dispatch/${id}`, { lines: [] })).statusCode).toBe(403);
    expect((await post(supplier, `/v2/purchase-order/confirmation/supply/${id}`, { lines: [] })).statusCode).toBe(403);
    // A supplier holds managePO for its menu only: it buys nothing.
    expect((await post(supplier, '/v2/purchase-order/create', form())).statusCode).toBe(403);
    expect((await get(supplier, '/v2/purchase-order/suppliers')).statusCode).toBe(403);
    // One who only receives may not change or submit it (the workflow's permission).
    expect((await post(receiver, `/v2/purchase-order/submit/${id}`)).statusCode).toBe(403);
    expect(await footprint()).toEqual(after);
    expect(after.orders).toBe(before.orders + 1);
  });

  it('shows nobody else an order: another tenant gets 404 on every route, the supplier too while it is not sent', async () => {
    const draft = await raise({ submit: false });
    const pending = await raise({ lines: bigLines() });
    const before = await footprint();
    for (const order of [draft, pending]) {
      const id = order._id;
      const line = order.lines[0]!._id;
      // What each may call (the route's permission); the order itself is not found.
      const buyerCalls: [string, string, object | undefined][] = [
        ['GET', `/v2/purchase-order/${id}`, undefined],
        ['GET', `/v2/purchase-order/close/${id}`, undefined],
        ['PUT', `/v2/purchase-order/update/${id}`, changes({ warehouse: otherStore })],
        ['POST', `/v2/purchase-order/submit/${id}`, undefined],
        ['POST', `/v2/purchase-order/approve/${id}`, { approve: true }],
        ['POST', `/v2/purchase-order/cancel/${id}`, { reason: 'Not needed' }],
        ['POST', `/v2/purchase-order/close/${id}`, {}],
        ['POST', `/v2/purchase-order/confirmation/supply/${id}`, { warehouse: otherStore, lines: [{ line, quantity: 1 }] }],
      ];
      const supplierCalls: [string, string, object | undefined][] = [
        ['GET', `/v2/purchase-order/${id}`, undefined],
        ['POST', `/v2/purchase-order/sent/accept/${id}`, undefined],
        ['POST', `/v2/purchase-order/sent/decline/${id}`, { reason: 'No stock' }],
        ['POST', `/v2/purchase-order/dispatch/${id}`, { lines: [{ line, quantity: 1 }] }],
      ];
      const callers: [TestUser, typeof buyerCalls][] = [
        [otherBuyer, buyerCalls],
        [supplier, supplierCalls],
        [otherSupplier, supplierCalls],
      ];
      for (const [user, calls] of callers) {
        for (const [method, url, payload] of calls) {
          const res = await t.app.inject({ method: method as 'GET', url, headers: user.headers, ...(payload ? { payload } : {}) });
          expect(res.statusCode, `${user.email} ${method} ${url}: ${res.body}`).toBe(404);
        }
      }
      // The buyer's own steps are a buyer's by their rule (owner, MRO, IMO): a supplier is refused before any order is looked at.
      for (const user of [supplier, otherSupplier]) {
        for (const [method, url, payload] of [
          ['GET', `/v2/purchase-order/close/${id}`, undefined],
          ['POST', `/v2/purchase-order/cancel/${id}`, { reason: 'Not needed' }],
        ] as const) {
          const res = await t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
          expect(res.statusCode, `${user.email} ${method} ${url}: ${res.body}`).toBe(403);
        }
      }
    }
    expect(ids(await get(supplier, '/v2/purchase-order?tab=incoming'))).not.toContain(pending._id);
    expect(ids(await get(otherBuyer, '/v2/purchase-order?tab=outgoing'))).not.toContain(draft._id);
    expect(await footprint()).toEqual(before);
    // An id that is no uuid is refused before anything is read.
    expect((await get(buyer, '/v2/purchase-order/not-an-id')).statusCode).toBe(400);
  });

  it('lets a buyer read any active supplier’s pricebook, and nobody else’s beyond what it could before', async () => {
    const own = await get(buyer, `/v2/pricebook/of/${supplier.organisationId}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((item: { name: string }) => item.name)).toEqual(['Bearing', 'Seal kit']);
    expect((await get(otherBuyer, `/v2/pricebook/of/${otherSupplier.organisationId}`)).statusCode).toBe(200);
    // A supplier not approved yet, a provider (not a supplier), staff without managePO, another supplier: not found.
    expect((await get(buyer, `/v2/pricebook/of/${pendingSupplierId}`)).statusCode).toBe(404);
    expect((await get(otherBuyer, `/v2/pricebook/of/${buyer.organisationId}`)).statusCode).toBe(404);
    expect((await get(clerk, `/v2/pricebook/of/${supplier.organisationId}`)).statusCode).toBe(404);
    expect((await get(otherSupplier, `/v2/pricebook/of/${supplier.organisationId}`)).statusCode).toBe(404);
    // One item at a time too.
    expect((await get(buyer, `/v2/pricebook/item/${sealKit}`)).statusCode).toBe(200);
    expect((await get(clerk, `/v2/pricebook/item/${sealKit}`)).statusCode).toBe(404);
  });

  it('lists the active suppliers a buyer may order from, searched by name', async () => {
    const res = await get(buyer, '/v2/purchase-order/suppliers?pageSize=100');
    expect(res.statusCode, res.body).toBe(200);
    const found = ids(res);
    expect(found).toEqual(expect.arrayContaining([supplier.organisationId, otherSupplier.organisationId]));
    expect(found).not.toContain(pendingSupplierId);
    expect(found).not.toContain(buyer.organisationId);
    const searched = await get(buyer, '/v2/purchase-order/suppliers?search=bearings');
    expect(ids(searched)).toEqual([supplier.organisationId]);
    expect(searched.json().meta).toMatchObject({ total: 1, page: 1 });
  });
});

describe('drafting and submitting', () => {
  it("answers bad forms with the catalogue's texts, writing nothing", async () => {
    const before = await footprint();
    const empty = await post(buyer, '/v2/purchase-order/create', {});
    expect(empty.statusCode).toBe(400);
    expect(fieldErrors(empty)).toMatchObject({
      supplier: 'Supplier is required',
      title: 'Title is required',
      warehouse: 'Warehouse is required',
    });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ supplier: pendingSupplierId }, { supplier: 'Supplier is not valid' }],
      [{ supplier: otherBuyer.organisationId }, { supplier: 'Supplier is not valid' }],
      [{ warehouse: otherStore }, { warehouse: 'Warehouse is not valid' }],
      [
        { lines: [{ pricebookItem: foreignItem, quantity: 1 }] },
        { 'lines.0.pricebookItem': 'This item is not offered in the supplier’s pricebook' },
      ],
      [{ lines: [{ name: 'Gasket', quantity: 1 }] }, { 'lines.0.price': 'Price is required' }],
      [{ lines: [{ pricebookItem: sealKit, quantity: 0 }] }, { 'lines.0.quantity': 'Quantity is not valid' }],
      [{ lines: [] }, { lines: 'Lines is required' }],
      [
        { lines: [{ name: 'Spare pump', price: '2000000', quantity: 1 }] },
        {
          lines:
            'The total of NGN 2000000.00 is above the highest approval level (GM, NGN 1000000.00). Add a higher level or lower the cost.',
        },
      ],
    ];
    for (const [extra, errors] of cases) {
      const res = await post(buyer, '/v2/purchase-order/create', form(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(fieldErrors(res)).toEqual(errors);
    }
    expect(await footprint()).toEqual(before);
  });

  it("refuses a bad change, a bad close and a bad page with the catalogue's texts, writing nothing", async () => {
    const draft = await raise({ submit: false });
    const before = await footprint();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ warehouse: otherStore }, { warehouse: 'Warehouse is not valid' }],
      [
        { lines: [{ pricebookItem: foreignItem, quantity: 1 }] },
        { 'lines.0.pricebookItem': 'This item is not offered in the supplier’s pricebook' },
      ],
      [{ title: 'ab' }, { title: 'Title should have at least 3 characters' }],
      [{ supplier: otherSupplier.organisationId }, { supplier: 'Field is not valid' }],
    ];
    for (const [extra, errors] of cases) {
      const res = await put(buyer, `/v2/purchase-order/update/${draft._id}`, changes(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(fieldErrors(res)).toEqual(errors);
    }
    expect((await post(buyer, `/v2/purchase-order/close/${draft._id}`, { note: 'x' })).statusCode).toBe(400);
    expect((await get(buyer, '/v2/purchase-order/suppliers?pageSize=1000')).statusCode).toBe(400);
    expect((await get(buyer, '/v2/purchase-order?status=lost')).statusCode).toBe(400);
    expect(await footprint()).toEqual(before);
    expect((await detail(buyer, draft._id)).status).toBe('draft');
  });

  it('keeps a draft to the buyer, numbered per buyer, until it is submitted', async () => {
    const draft = await raise({ submit: false, lines: [...smallLines(), { name: 'Gasket', price: '150.50', quantity: 3, unit: 'piece' }] });
    expect(draft.code).toMatch(/^PO-\d{6}$/);
    expect(draft).toMatchObject({
      status: 'draft',
      steps: [],
      totalKobo: 4 * 125_025 + 3 * 15_050,
      total: '5452.50',
      ordered: 7,
      dispatched: 0,
      received: 0,
      parties: ['buyer'],
      supplier: { _id: supplier.organisationId },
      warehouse: { _id: mainStore, name: 'Main store' },
      createdBy: { _id: buyer.id },
      sentAt: null,
    });
    expect(draft.lines.map((l) => [l.name, l.free, l.quantity, l.unitPriceKobo])).toEqual([
      ['Seal kit', false, 4, 125_025],
      ['Gasket', true, 3, 15_050],
    ]);
    expect(draft.actions.sort()).toEqual(['cancel', 'edit', 'submit']);
    const next = await raise({ submit: false });
    expect(Number(next.code.slice(3))).toBe(Number(draft.code.slice(3)) + 1);
    // Another buyer counts its own orders.
    const theirs = await raise({ submit: false, warehouse: otherStore }, otherBuyer);
    expect(theirs.code).toBe('PO-000001');
    expect(await eventsOf(supplier, pathOf(draft._id))).toEqual([]);

    // Submitted twice at the same moment (a double click): one round, the other stale.
    const [a, b] = await Promise.all([
      post(buyer, `/v2/purchase-order/submit/${draft._id}`),
      post(buyer, `/v2/purchase-order/submit/${draft._id}`),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
    const submitted: Po = (a.statusCode === 200 ? a : b).json().data;
    expect(submitted.status).toBe('pending_approval');
    expect(submitted.steps.map((s) => [s.name, s.status])).toEqual([['Head of Stores', 'pending']]);
    expect(await eventsOf(headStores, pathOf(draft._id))).toEqual(['purchase_order.approval_requested']);
    expect(await eventsOf(headStores2, pathOf(draft._id))).toEqual(['purchase_order.approval_requested']);
    expect(await rows(sql`select approval_round from purchase_orders where id = ${draft._id}`)).toEqual([{ approval_round: 1 }]);
    // Still the buyer's alone.
    expect((await get(supplier, `/v2/purchase-order/${draft._id}`)).statusCode).toBe(404);
  });

  it('goes straight to the supplier when the buyer has no approval level', async () => {
    const order = await raise({ warehouse: otherStore }, otherBuyer);
    expect(order).toMatchObject({ status: 'sent', steps: [] });
    expect(order.sentAt).not.toBeNull();
    expect(await eventsOf(supplier, pathOf(order._id))).toEqual(['purchase_order.sent']);
    expect(await eventsOf(supplierDesk, pathOf(order._id))).toEqual(['purchase_order.sent']);
    expect(ids(await get(supplier, '/v2/purchase-order?tab=incoming'))).toContain(order._id);
    expect((await detail(supplierDesk, order._id)).actions.sort()).toEqual(['accept', 'decline']);
  });
});

describe('the workflow, end to end', () => {
  it('climbs the levels, goes to the supplier, is delivered twice and received twice, the stock rising, and closes itself', async () => {
    const created = await raise({ lines: bigLines() });
    const id = created._id;
    expect(created).toMatchObject({ status: 'pending_approval', totalKobo: 12_625_125, total: '126251.25', ordered: 7 });
    expect(created.steps.map((s) => [s.name, s.status])).toEqual([
      ['Head of Stores', 'pending'],
      ['GM', 'waiting'],
    ]);
    expect(await eventsOf(gm, pathOf(id))).toEqual([]);
    expect((await detail(headStores, id)).actions).toContain('approve');
    expect((await detail(gm, id)).actions).not.toContain('approve');

    // In order: the GM meets Head of Stores still pending; the receiver is no approver; neither writes anything.
    const before = await footprint();
    const early = await post(gm, `/v2/purchase-order/approve/${id}`, { approve: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This purchase order first needs the approval of Head of Stores');
    const outsider = await post(buyer, `/v2/purchase-order/approve/${id}`, { approve: true });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe('You are not an approver of the level this purchase order awaits (Head of Stores)');
    const noReason = await post(headStores, `/v2/purchase-order/approve/${id}`, { approve: false });
    expect(fieldErrors(noReason)).toEqual({ reason: 'Reason is required' });
    expect(await footprint()).toEqual(before);

    const first = await approve(headStores, id);
    expect(first.steps.map((s) => [s.status, s.decidedBy?._id ?? null])).toEqual([
      ['approved', headStores.id],
      ['pending', null],
    ]);
    expect(await eventsOf(gm, pathOf(id))).toEqual(['purchase_order.approval_requested']);

    // The Approval tab, labelled as docs/product.md#approval-levels says; the awaiting counter.
    const awaiting = await get(gm, '/v2/purchase-order?tab=approval');
    expect(awaiting.statusCode, awaiting.body).toBe(200);
    expect(awaiting.json().data.find((r: { _id: string }) => r._id === id)).toMatchObject({
      label: 'Awaiting Approval',
      step: { name: 'GM', order: 2, steps: 2 },
    });
    expect((await get(gm, '/v2/purchase-order/counts')).json().data.approvals).toBeGreaterThanOrEqual(1);
    const approvedByMe = (await get(headStores, '/v2/purchase-order?tab=approval')).json().data.find((r: { _id: string }) => r._id === id);
    expect(approvedByMe).toMatchObject({ label: 'Approved by me', step: { name: 'Head of Stores', order: 1 } });
    expect((await get(supplier, '/v2/purchase-order?tab=approval')).json().data).toEqual([]);

    const sent = await approve(gm, id);
    expect(sent.status).toBe('sent');
    expect(await eventsOf(supplier, pathOf(id))).toEqual(['purchase_order.sent']);
    // Approved: its lines are fixed.
    expect((await put(buyer, `/v2/purchase-order/update/${id}`, changes())).statusCode).toBe(409);

    // The supplier sees it now, accepts it (once).
    const seen = await detail(supplier, id);
    expect(seen).toMatchObject({
      parties: ['supplier'],
      buyer: { _id: buyer.organisationId },
      // What the printed order shows of both parties and where the goods go.
      supplierContact: { address: '12 Creek Road', state: 'Lagos', lga: 'Apapa', telephone: '08031234567', email: 'sales@lbs.example' },
      buyerContact: { address: null },
      warehouseAddress: { address: '4 Wharf Road', state: null, lga: null },
    });
    expect(seen.actions.sort()).toEqual(['accept', 'decline']);
    const [a, b] = await Promise.all([
      post(supplier, `/v2/purchase-order/sent/accept/${id}`),
      post(supplierDesk, `/v2/purchase-order/sent/accept/${id}`),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await eventsOf(buyer, pathOf(id))).toEqual(['purchase_order.accepted']);
    expect((await detail(supplier, id)).actions).toEqual(['dispatch']);
    expect((await detail(buyer, id)).actions.sort()).toEqual(['close']);

    // The first delivery: 3 of 5 seal kits and both bearings.
    const seals = lineOf(sent, 'Seal kit')._id;
    const bearings = lineOf(sent, 'Bearing')._id;
    const delivered = await act(supplierDesk, 'dispatch', id, {
      note: 'Waybill 1001',
      lines: [
        { line: seals, quantity: 3 },
        { line: bearings, quantity: 2 },
      ],
    });
    expect(delivered).toMatchObject({ status: 'accepted', dispatched: 5, received: 0 });
    expect(delivered.deliveries).toMatchObject([{ note: 'Waybill 1001', by: { _id: supplierDesk.id } }]);
    expect(await eventsOf(buyer, pathOf(id))).toEqual(['purchase_order.accepted', 'purchase_order.dispatched']);
    expect((await detail(buyer, id)).actions.sort()).toEqual(['close', 'receive']);
    expect(ids(await get(buyer, '/v2/purchase-order?tab=outgoing&toReceive=true&pageSize=100'))).toContain(id);

    // The first receipt, into the main store: the seal kits join the 5 it held; the bearings are a new item.
    const firstReceipt = await act(receiver, 'confirmation/supply', id, {
      note: 'Checked at the gate',
      lines: [
        { line: seals, quantity: 3 },
        { line: bearings, quantity: 2 },
      ],
    });
    expect(firstReceipt).toMatchObject({ status: 'partly_received', dispatched: 5, received: 5 });
    expect(firstReceipt.receipts).toMatchObject([{ warehouse: { _id: mainStore } }]);
    expect(await stockOf(storedSeals)).toBe(8);
    expect((await itemsIn(mainStore)).map((item) => [item.name, item.brand, item.model, item.quantity, item.price_kobo])).toEqual([
      ['Bearing', null, null, 2, 6_000_000],
      ['SEAL KIT', 'skf', 's-1', 8, null],
    ]);
    expect(await eventsOf(supplier, pathOf(id))).toEqual(['purchase_order.sent', 'purchase_order.received']);
    expect((await detail(receiver, id)).actions).toEqual([]);
    // The supplies to confirm: what was dispatched and not received yet.
    expect(ids(await get(buyer, '/v2/purchase-order?tab=outgoing&toReceive=true&pageSize=100'))).not.toContain(id);

    // The rest of the seal kits, in a second delivery and a second receipt: it closes itself.
    await act(supplier, 'dispatch', id, { lines: [{ line: seals, quantity: 2 }] });
    const closed = await act(receiver, 'confirmation/supply', id, { lines: [{ line: seals, quantity: 2 }] });
    expect(closed).toMatchObject({ status: 'closed', ordered: 7, dispatched: 7, received: 7 });
    expect(closed.closedAt).not.toBeNull();
    expect(closed.actions).toEqual([]);
    expect(await stockOf(storedSeals)).toBe(10);
    expect(closed.deliveries.map((d) => d.lines.map((l) => l.quantity))).toEqual([[3, 2], [2]]);
    expect(closed.receipts.map((r) => r.lines.map((l) => l.quantity))).toEqual([[3, 2], [2]]);
    expect(closed.lines.map((l) => [l.name, l.quantity, l.dispatched, l.received])).toEqual([
      ['Seal kit', 5, 5, 5],
      ['Bearing', 2, 2, 2],
    ]);
    // Each receipt is a `receipt` movement from the order, by the one who received it, never anything else.
    const movements = await rows<{ kind: string; delta: number; source_type: string; source_id: string; user_id: string }>(
      sql`select kind, delta, source_type, source_id, user_id from stock_movements where source_id = ${id} order by id`,
    );
    expect(movements.map((m) => [m.kind, m.delta, m.source_type, m.user_id]).sort()).toEqual([
      ['receipt', 2, 'purchase_order', receiver.id],
      ['receipt', 2, 'purchase_order', receiver.id],
      ['receipt', 3, 'purchase_order', receiver.id],
    ]);
    expect(
      await rows(sql`select count(*)::int as n from purchase_order_supply_lines sl join purchase_order_supplies s on s.id = sl.supply_id
      where s.order_id = ${id} and s.kind = 'receipt' and sl.movement_id is null`),
    ).toEqual([{ n: 0 }]);
    // The timeline tells the story (the steps of one write may share their instant: compared as a set); the lists follow.
    expect(closed.timeline.map((e) => e.action).sort()).toEqual(
      [
        'purchase_order.created',
        'purchase_order.submitted',
        'purchase_order.step_approved',
        'purchase_order.step_approved',
        'purchase_order.sent',
        'purchase_order.accepted',
        'purchase_order.dispatched',
        'purchase_order.received',
        'purchase_order.dispatched',
        'purchase_order.received',
        'purchase_order.closed',
      ].sort(),
    );
    expect(closed.timeline.map((e) => e.description)).toContain(`Received 5 unit(s) of purchase order ${created.code} into Main store`);
    expect(ids(await get(buyer, '/v2/purchase-order?tab=completed&pageSize=100'))).toContain(id);
    expect(ids(await get(supplier, '/v2/purchase-order?tab=completed&pageSize=100'))).toContain(id);
    expect(ids(await get(buyer, '/v2/purchase-order?tab=outgoing&pageSize=100'))).not.toContain(id);
    expect((await post(supplier, `/v2/purchase-order/dispatch/${id}`, { lines: [{ line: seals, quantity: 1 }] })).statusCode).toBe(409);
  });

  it('is declined by the supplier with a reason the buyer hears', async () => {
    const order = await raise({ warehouse: otherStore }, otherBuyer);
    const before = await footprint();
    expect(fieldErrors(await post(supplier, `/v2/purchase-order/sent/decline/${order._id}`, {}))).toEqual({ reason: 'Reason is required' });
    expect(await footprint()).toEqual(before);
    const declined = await act(supplier, 'sent/decline', order._id, { reason: 'Out of production' });
    expect(declined).toMatchObject({ status: 'declined', declineReason: 'Out of production', actions: [] });
    expect(await eventsOf(otherBuyer, pathOf(order._id))).toEqual(['purchase_order.declined']);
    expect(ids(await get(otherBuyer, '/v2/purchase-order?tab=completed&pageSize=100'))).toContain(order._id);
    expect((await post(supplier, `/v2/purchase-order/sent/accept/${order._id}`)).statusCode).toBe(409);
  });

  it('returns to draft on a rejection; a change starts a new round, and a change while pending restarts it', async () => {
    const created = await raise();
    const id = created._id;
    const rejected = await act(headStores2, 'approve', id, { approve: false, reason: 'Buy from the framework supplier' });
    expect(rejected).toMatchObject({ status: 'draft', rejectReason: 'Buy from the framework supplier' });
    expect(rejected.steps.map((s) => [s.status, s.reason])).toEqual([['rejected', 'Buy from the framework supplier']]);
    expect(await eventsOf(buyer, pathOf(id))).toEqual(['purchase_order.approval_rejected']);
    expect(rejected.actions).toEqual([]);
    expect((await detail(buyer, id)).actions.sort()).toEqual(['cancel', 'edit', 'submit']);
    expect((await post(headStores, `/v2/purchase-order/approve/${id}`, { approve: true })).statusCode).toBe(409);

    // Edited and submitted again: a new round, asked afresh.
    const edited = await put(buyer, `/v2/purchase-order/update/${id}`, changes({ lines: [{ pricebookItem: sealKit, quantity: 2 }] }));
    expect(edited.statusCode, edited.body).toBe(200);
    const resubmitted: Po = edited.json().data;
    expect(resubmitted).toMatchObject({ status: 'pending_approval', totalKobo: 250_050, rejectReason: null });
    expect(resubmitted.steps.map((s) => s.status)).toEqual(['pending']);
    expect(await rows(sql`select approval_round from purchase_orders where id = ${id}`)).toEqual([{ approval_round: 2 }]);

    // Words only while pending: the round stays.
    const retitled = await put(
      buyer,
      `/v2/purchase-order/update/${id}`,
      changes({ title: 'Seal kits for pump 2', lines: [{ pricebookItem: sealKit, quantity: 2 }] }),
    );
    expect(retitled.statusCode, retitled.body).toBe(200);
    expect(retitled.json().data).toMatchObject({ title: 'Seal kits for pump 2', status: 'pending_approval' });
    expect(await rows(sql`select approval_round from purchase_orders where id = ${id}`)).toEqual([{ approval_round: 2 }]);

    // New lines while pending: the round under way is cancelled and a new one starts (at the GM too, for the new total).
    const restarted = await put(buyer, `/v2/purchase-order/update/${id}`, changes({ lines: bigLines() }));
    expect(restarted.statusCode, restarted.body).toBe(200);
    expect(restarted.json().data.steps.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Head of Stores', 'pending'],
      ['GM', 'waiting'],
    ]);
    expect(
      await rows(sql`select round, status from approval_steps where document_type = 'po' and document_id = ${id} order by round, position`),
    ).toEqual([
      { round: 1, status: 'rejected' },
      { round: 2, status: 'cancelled' },
      { round: 3, status: 'pending' },
      { round: 3, status: 'waiting' },
    ]);
    expect((await detail(buyer, id)).timeline.map((e) => e.action)).toContain('purchase_order.revised');
    // Kept as a draft: the round is withdrawn, nothing pending.
    const withdrawn = await put(buyer, `/v2/purchase-order/update/${id}`, changes({ submit: false }));
    expect(withdrawn.json().data).toMatchObject({ status: 'draft', steps: [{ status: 'cancelled' }, { status: 'cancelled' }] });
    expect(
      await rows(sql`select count(*)::int as n from approval_steps where document_id = ${id} and status in ('pending', 'waiting')`),
    ).toEqual([{ n: 0 }]);
  });

  it('gives one approval when two approvers of one level decide at the same moment', async () => {
    const { _id: id } = await raise();
    const [a, b] = await Promise.all([
      post(headStores, `/v2/purchase-order/approve/${id}`, { approve: true }),
      post(headStores2, `/v2/purchase-order/approve/${id}`, { approve: true }),
    ]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
    const lost = a.statusCode === 409 ? a : b;
    expect(lost.json().message).toMatch(/^The Head of Stores level has already been approved by (Hauwa|Halima) User$/);
    const order = await detail(buyer, id);
    expect(order.status).toBe('sent');
    expect(order.steps.filter((s) => s.status === 'approved')).toHaveLength(1);
    expect(await eventsOf(supplier, pathOf(id))).toEqual(['purchase_order.sent']);
  });
});

describe('deliveries and receipts', () => {
  it('refuses an over-dispatch and an over-receipt, writing nothing', async () => {
    const order = await acceptedOrder({ lines: [...smallLines(), { name: 'Gasket', price: '150', quantity: 3 }] });
    const id = order._id;
    const seals = lineOf(order, 'Seal kit')._id;
    const gaskets = lineOf(order, 'Gasket')._id;
    const nothing = await post(receiver, `/v2/purchase-order/confirmation/supply/${id}`, { lines: [{ line: seals, quantity: 1 }] });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe('Nothing has been dispatched that is still to be received');

    let before = await footprint();
    // The second line is over what was ordered: the first line's units are not dispatched either.
    const over = await post(supplier, `/v2/purchase-order/dispatch/${id}`, {
      lines: [
        { line: gaskets, quantity: 1 },
        { line: seals, quantity: 5 },
      ],
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Only 4 of Seal kit are left to dispatch');
    const foreignLine = await post(supplier, `/v2/purchase-order/dispatch/${id}`, {
      lines: [{ line: bigLines()[0]!.pricebookItem, quantity: 1 }],
    });
    expect(fieldErrors(foreignLine)).toEqual({ 'lines.0.line': 'Line is not valid' });
    const twice = await post(supplier, `/v2/purchase-order/dispatch/${id}`, {
      lines: [
        { line: seals, quantity: 1 },
        { line: seals, quantity: 1 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(fieldErrors(await post(supplier, `/v2/purchase-order/dispatch/${id}`, { lines: [{ line: seals, quantity: 0 }] }))).toEqual({
      'lines.0.quantity': 'Quantity is not valid',
    });
    expect(await footprint()).toEqual(before);

    await act(supplier, 'dispatch', id, { lines: [{ line: seals, quantity: 2 }] });
    before = await footprint();
    const overReceipt = await post(receiver, `/v2/purchase-order/confirmation/supply/${id}`, {
      lines: [{ line: seals, quantity: 3 }],
    });
    expect(overReceipt.statusCode).toBe(409);
    expect(overReceipt.json().message).toBe('Only 2 of Seal kit are left to receive');
    // The first line would fit, the second was never dispatched: neither is received, no stock moves.
    const mixed = await post(receiver, `/v2/purchase-order/confirmation/supply/${id}`, {
      lines: [
        { line: seals, quantity: 2 },
        { line: gaskets, quantity: 1 },
      ],
    });
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toBe('Only 0 of Gasket are left to receive');
    const elsewhere = await post(receiver, `/v2/purchase-order/confirmation/supply/${id}`, {
      warehouse: otherStore,
      lines: [{ line: seals, quantity: 1 }],
    });
    expect(fieldErrors(elsewhere)).toEqual({ warehouse: 'Warehouse is not valid' });
    expect(await footprint()).toEqual(before);
  });

  it('receives into another of the buyer’s warehouses when asked, making the item there', async () => {
    const order = await acceptedOrder();
    const seals = lineOf(order, 'Seal kit')._id;
    await act(supplier, 'dispatch', order._id, { lines: [{ line: seals, quantity: 4 }] });
    const done = await act(receiver, 'confirmation/supply', order._id, { warehouse: annexStore, lines: [{ line: seals, quantity: 4 }] });
    expect(done).toMatchObject({ status: 'closed', receipts: [{ warehouse: { _id: annexStore, name: 'Annex store' } }] });
    expect((await itemsIn(annexStore)).map((item) => [item.name, item.brand, item.model, item.quantity, item.price_kobo])).toEqual([
      ['Seal kit', 'SKF', 'S-1', 4, 125_025],
    ]);
  });

  it('lets one of two receipts racing on the last units win', async () => {
    const order = await acceptedOrder();
    const seals = lineOf(order, 'Seal kit')._id;
    await act(supplier, 'dispatch', order._id, { lines: [{ line: seals, quantity: 4 }] });
    await act(receiver, 'confirmation/supply', order._id, { lines: [{ line: seals, quantity: 1 }] });
    const stock = await stockOf(storedSeals);
    const movements = await countOf('stock_movements');
    const results = await Promise.all(
      [receiver, buyer].map((user) =>
        post(user, `/v2/purchase-order/confirmation/supply/${order._id}`, { lines: [{ line: seals, quantity: 3 }] }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await stockOf(storedSeals)).toBe(stock + 3);
    expect(await countOf('stock_movements')).toBe(movements + 1);
    expect(await detail(buyer, order._id)).toMatchObject({ status: 'closed', received: 4 });
  });

  it('closes the rest at the buyer’s word (GET as the spec names it, or POST)', async () => {
    const order = await acceptedOrder();
    const seals = lineOf(order, 'Seal kit')._id;
    await act(supplier, 'dispatch', order._id, { lines: [{ line: seals, quantity: 1 }] });
    await act(receiver, 'confirmation/supply', order._id, { lines: [{ line: seals, quantity: 1 }] });
    // The supplier and one who only receives may not close it.
    const bySupplier = await post(supplier, `/v2/purchase-order/close/${order._id}`);
    expect(bySupplier.statusCode, bySupplier.body).toBe(403);
    expect((await get(receiver, `/v2/purchase-order/close/${order._id}`)).statusCode).toBe(403);
    const closed = await get(buyer, `/v2/purchase-order/close/${order._id}`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', ordered: 4, received: 1 });
    expect(await eventsOf(supplier, pathOf(order._id))).toContain('purchase_order.closed');
    expect((await post(supplier, `/v2/purchase-order/dispatch/${order._id}`, { lines: [{ line: seals, quantity: 1 }] })).statusCode).toBe(
      409,
    );

    const other = await acceptedOrder();
    const reason = await act(buyer, 'close', other._id, { reason: 'Found them elsewhere' });
    expect(reason).toMatchObject({ status: 'closed', closeReason: 'Found them elsewhere' });
    // Only while it is supplied: a draft is cancelled instead.
    const draft = await raise({ submit: false });
    expect((await post(buyer, `/v2/purchase-order/close/${draft._id}`)).statusCode).toBe(409);
  });

  it('is cancelled by the buyer before the supplier accepts it, its approvals withdrawn, never after', async () => {
    const pending = await raise({ lines: bigLines() });
    const cancelled = await act(buyer, 'cancel', pending._id, { reason: 'Budget frozen' });
    expect(cancelled).toMatchObject({ status: 'cancelled', closeReason: 'Budget frozen' });
    expect(cancelled.steps.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
    expect((await post(headStores, `/v2/purchase-order/approve/${pending._id}`, { approve: true })).statusCode).toBe(409);
    expect(await eventsOf(supplier, pathOf(pending._id))).toEqual([]);

    const sent = await raise({ warehouse: otherStore }, otherBuyer);
    expect(fieldErrors(await post(otherBuyer, `/v2/purchase-order/cancel/${sent._id}`, {}))).toEqual({ reason: 'Reason is required' });
    await act(otherBuyer, 'cancel', sent._id, { reason: 'Ordered twice' });
    expect(await eventsOf(supplier, pathOf(sent._id))).toEqual(['purchase_order.sent', 'purchase_order.cancelled']);
    expect((await detail(supplier, sent._id)).status).toBe('cancelled');

    const accepted = await acceptedOrder();
    expect((await post(buyer, `/v2/purchase-order/cancel/${accepted._id}`, { reason: 'Too late' })).statusCode).toBe(409);
  });
});

describe('lists', () => {
  it('answers each side its tab, searched, filtered by status, sorted and paged', async () => {
    const order = await raise({ title: 'Valve spares for the Lekki plant', submit: false });
    const outgoing = await get(buyer, '/v2/purchase-order?tab=outgoing&pageSize=100');
    expect(outgoing.statusCode, outgoing.body).toBe(200);
    expect(outgoing.json().data.find((r: { _id: string }) => r._id === order._id)).toMatchObject({
      code: order.code,
      status: 'draft',
      buyer: { _id: buyer.organisationId },
      supplier: { _id: supplier.organisationId },
      warehouse: { _id: mainStore, name: 'Main store' },
      total: '5001.00',
      ordered: 4,
    });
    expect(ids(await get(buyer, '/v2/purchase-order?tab=outgoing&search=lekki'))).toEqual([order._id]);
    expect(ids(await get(buyer, `/v2/purchase-order?tab=outgoing&search=${order.code}`))).toEqual([order._id]);
    expect(ids(await get(buyer, '/v2/purchase-order?tab=outgoing&pageSize=100&search=lagos%20bearings'))).toContain(order._id);
    const drafts = await get(buyer, '/v2/purchase-order?tab=outgoing&status=draft&pageSize=100');
    expect(drafts.json().data.every((r: { status: string }) => r.status === 'draft')).toBe(true);
    expect((await get(buyer, '/v2/purchase-order?tab=outgoing&status=closed')).json().data).toEqual([]);
    const byCode = (await get(buyer, '/v2/purchase-order?tab=outgoing&sort=code&order=asc&pageSize=100'))
      .json()
      .data.map((r: { code: string }) => r.code);
    expect(byCode).toEqual([...byCode].sort());
    const paged = await get(buyer, '/v2/purchase-order?tab=outgoing&pageSize=2&page=2');
    expect(paged.json().data).toHaveLength(2);
    expect(paged.json().meta).toMatchObject({ page: 2, pageSize: 2, pageCount: Math.ceil(paged.json().meta.total / 2) });
    // The supplier has no outgoing orders; the buyer no incoming ones; a draft is in nobody's incoming list.
    expect((await get(supplier, '/v2/purchase-order?tab=outgoing')).json().data).toEqual([]);
    expect((await get(buyer, '/v2/purchase-order?tab=incoming')).json().data).toEqual([]);
    expect(ids(await get(supplier, '/v2/purchase-order?tab=incoming&pageSize=100'))).not.toContain(order._id);
    // Without the tab's menu permission, the list is empty.
    expect((await get(headStores2, '/v2/purchase-order?tab=outgoing')).json().data).toEqual([]);
    expect((await get(buyer, '/v2/purchase-order?tab=nope')).statusCode).toBe(400);
  });

  it('counts each tab as its list does', async () => {
    const res = await get(buyer, '/v2/purchase-order/counts');
    expect(res.statusCode, res.body).toBe(200);
    const counts = res.json().data;
    for (const tab of ['outgoing', 'incoming', 'completed'] as const) {
      const list = await get(buyer, `/v2/purchase-order?tab=${tab}&pageSize=1`);
      expect(counts[tab], tab).toBe(list.json().meta.total);
    }
    // The buyer's admin is no approver of any level.
    expect(counts.approvals).toBe(0);
    const supplierCounts = (await get(supplier, '/v2/purchase-order/counts')).json().data;
    expect(supplierCounts).toMatchObject({ outgoing: 0, approvals: 0 });
    expect(supplierCounts.incoming).toBe((await get(supplier, '/v2/purchase-order?tab=incoming&pageSize=1')).json().meta.total);
    const pendingForHead = Number(
      (
        await rows<{ n: number }>(sql`select count(*)::int as n from approval_steps where document_type = 'po' and status = 'pending'
        and approver_ids @> array[${headStores.id}::uuid]`)
      )[0]!.n,
    );
    expect((await get(headStores, '/v2/purchase-order/counts')).json().data.approvals).toBe(pendingForHead);
  });
});
