import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activities, inventoryItems, notifications, stockMovements } from '../../db/schema/index.js';
import { write } from '../../lib/write.js';
import { createInventoryItem, createUser, createWarehouse, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';
import { expectLedgerBalanced } from '../../test/stock-ledger.js';
import { moveStock } from './warehouse.public.js';

// Moving stock (issue 11): stock-in, stock-out, transfers, counts and reversals, their refusals,
// the histories, the low-stock notices and the races; the ledger balances after every scenario.

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028).
afterEach(() => expectRollupsAgree(t.db));
let mro: TestUser;
/** Manages `central` and `field`. */
let store: TestUser;
/** Manages `field` only. */
let fieldKeeper: TestUser;
let viewer: TestUser;
let outsider: TestUser;
let otherMro: TestUser;
let central: string;
let field: string;
let theirs: string;

type Headers = { authorization: string };
const post = (user: { headers: Headers } | null, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: user?.headers, payload });
const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });
const quantityOf = async (id: string) =>
  (await t.db.select({ quantity: inventoryItems.quantity }).from(inventoryItems).where(eq(inventoryItems.id, id)))[0]?.quantity;
const movementsOf = (id: string) => t.db.select().from(stockMovements).where(eq(stockMovements.itemId, id)).orderBy(asc(stockMovements.id));
/** Rows of the ledger, the items and the feed: what "nothing written" compares. */
const written = async () =>
  (
    (await t.db.execute(sql`select
      (select count(*)::int from inventory_items) as items, (select count(*)::int from stock_movements) as movements,
      (select count(*)::int from activities) as activities, (select count(*)::int from notifications) as notifications,
      (select coalesce(sum(quantity), 0)::text from inventory_items) as units`)) as unknown as { rows: Record<string, number>[] }
  ).rows[0];
const lowNotices = async (item: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.event, 'stock.low'))).filter((n) => n.params.item === item);

beforeAll(async () => {
  t = await createTestApp();
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  store = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['manageWarehouse', 'viewWarehouse'] });
  fieldKeeper = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['manageWarehouse', 'viewWarehouse'] });
  viewer = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['viewWarehouse'] });
  outsider = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['viewSR'] });
  otherMro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  central = await createWarehouse(t, mro, { name: 'Central store', managers: [store.id] });
  field = await createWarehouse(t, mro, { name: 'Field store', managers: [store.id, fieldKeeper.id] });
  theirs = await createWarehouse(t, otherMro, { name: 'Their store' });
});

afterEach(async () => {
  await expectLedgerBalanced(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('stock-in and stock-out', () => {
  it('move the quantity, answer the item and the movement, and record who, when, why', async () => {
    const item = await createInventoryItem(t, store, central, { name: 'Oil filter', unit: 'piece', quantity: 5 });
    const received = await post(store, `/v2/warehouse/item/${item}/stock-in`, { quantity: 7, reason: 'Delivery from Lagos' });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.item).toMatchObject({ _id: item, quantity: 12 });
    expect(received.json().data.movements).toMatchObject([
      {
        kind: 'stock_in',
        quantity: 7,
        balanceAfter: 12,
        reason: 'Delivery from Lagos',
        source: null,
        reverses: null,
        reversedBy: null,
        item: { _id: item, name: 'Oil filter' },
        warehouse: { _id: central, name: 'Central store' },
        by: { _id: store.id },
      },
    ]);
    const issued = await post(store, `/v2/warehouse/item/${item}/stock-out`, { quantity: 12, reason: 'Generator service' });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json().data).toMatchObject({ item: { quantity: 0 }, movements: [{ kind: 'stock_out', quantity: -12, balanceAfter: 0 }] });
    expect(await quantityOf(item)).toBe(0);
    const feed = await t.db.select().from(activities).where(eq(activities.subjectId, item)).orderBy(asc(activities.createdAt));
    expect(feed.map((a) => [a.action, a.params])).toEqual([
      ['inventory.item_added', { item: 'Oil filter', warehouse: 'Central store' }],
      ['stock.received', { quantity: 7, item: 'Oil filter', warehouse: 'Central store', reason: 'Delivery from Lagos' }],
      ['stock.issued', { quantity: 12, item: 'Oil filter', warehouse: 'Central store', reason: 'Generator service' }],
    ]);
  });

  it('refuse short stock with 409 and what is available, writing nothing', async () => {
    const item = await createInventoryItem(t, store, central, { quantity: 3 });
    const before = await written();
    const res = await post(store, `/v2/warehouse/item/${item}/stock-out`, { quantity: 4, reason: 'Too many' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough stock: 3 available');
    expect(await written()).toEqual(before);
  });

  it('refuse to take an item past the units it can hold, writing nothing', async () => {
    const item = await createInventoryItem(t, store, central, { name: 'Washer bulk' });
    // Filled as the ledger would have it, without two thousand stock-ins.
    await t.db.execute(sql`
      with moved as (update inventory_items set quantity = 2147000000 where id = ${item} returning id, warehouse_id, organisation_id)
      insert into stock_movements (item_id, warehouse_id, organisation_id, kind, delta, balance_after)
      select id, warehouse_id, organisation_id, 'stock_in', 2147000000, 2147000000 from moved`);
    const before = await written();
    const res = await post(store, `/v2/warehouse/item/${item}/stock-in`, { quantity: 1_000_000, reason: 'Too many' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'quantity', message: 'Quantity is not valid' }]);
    expect(await written()).toEqual(before);
  });

  it('answer 401, 403 (no permission, or not a manager of the warehouse), 404 (another organisation) and 400, writing nothing', async () => {
    const item = await createInventoryItem(t, store, central, { quantity: 3 });
    const their = await createInventoryItem(t, otherMro, theirs, { quantity: 3 });
    const before = await written();
    const move = { quantity: 1, reason: 'Check' };
    expect((await post(null, `/v2/warehouse/item/${item}/stock-out`, move)).statusCode).toBe(401);
    expect((await post(viewer, `/v2/warehouse/item/${item}/stock-out`, move)).statusCode).toBe(403);
    expect((await post(outsider, `/v2/warehouse/item/${item}/stock-in`, move)).statusCode).toBe(403);
    const notManager = await post(fieldKeeper, `/v2/warehouse/item/${item}/stock-in`, move);
    expect(notManager.statusCode).toBe(403);
    expect(notManager.json().message).toBe('Only the managers of this warehouse can do this');
    expect((await post(mro, `/v2/warehouse/item/${their}/stock-out`, move)).statusCode).toBe(404);
    expect((await post(mro, `/v2/warehouse/item/${randomUUID()}/stock-out`, move)).statusCode).toBe(404);
    const cases: [object, string, string][] = [
      [{ reason: 'No quantity' }, 'quantity', 'Quantity is required'],
      [{ quantity: 0, reason: 'Zero' }, 'quantity', 'Quantity is not valid'],
      [{ quantity: 2.5, reason: 'Half' }, 'quantity', 'Quantity is not valid'],
      [{ quantity: 1_000_001, reason: 'Huge' }, 'quantity', 'Quantity is not valid'],
      [{ quantity: 1 }, 'reason', 'Reason is required'],
      [{ quantity: 1, reason: ' ' }, 'reason', 'Reason is required'],
    ];
    for (const [payload, path, message] of cases) {
      const res = await post(store, `/v2/warehouse/item/${item}/stock-in`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    }
    expect(await written()).toEqual(before);
  });
});

describe('a transfer', () => {
  it('moves units to the same item in another warehouse (made when missing), both halves in one write with one id', async () => {
    const item = await createInventoryItem(t, store, central, {
      name: 'Fuse 30A',
      brand: 'ABB',
      unit: 'piece',
      price: '250',
      quantity: 10,
    });
    const res = await post(store, `/v2/warehouse/item/${item}/transfer`, { quantity: 4, reason: 'Site job', toWarehouse: field });
    expect(res.statusCode, res.body).toBe(200);
    const [out, into] = res.json().data.movements;
    expect(res.json().data.item.quantity).toBe(6);
    expect(out).toMatchObject({ kind: 'transfer_out', quantity: -4, balanceAfter: 6, warehouse: { _id: central } });
    expect(into).toMatchObject({ kind: 'transfer_in', quantity: 4, balanceAfter: 4, warehouse: { _id: field, name: 'Field store' } });
    expect(out.source).toEqual({ type: 'transfer', _id: into.source._id, code: null });
    const [made] = await t.db
      .select()
      .from(inventoryItems)
      .where(and(eq(inventoryItems.warehouseId, field), eq(inventoryItems.name, 'Fuse 30A')));
    expect(made).toMatchObject({ quantity: 4, brand: 'ABB', unit: 'piece', priceKobo: 25_000 });

    // The second transfer finds it.
    await post(store, `/v2/warehouse/item/${item}/transfer`, { quantity: 1, reason: 'More', toWarehouse: field });
    expect(await quantityOf(made!.id)).toBe(5);
    const [activity] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.subjectId, item), eq(activities.action, 'stock.transferred')))
      .limit(1);
    expect(activity?.params).toEqual({ quantity: 4, item: 'Fuse 30A', warehouse: 'Central store', to: 'Field store', reason: 'Site job' });
  });

  it('is refused to the same warehouse, another organisation’s, one the caller does not manage, or past the stock, writing nothing', async () => {
    const item = await createInventoryItem(t, store, field, { name: 'Relay 24V', quantity: 2 });
    const before = await written();
    const to = (toWarehouse: string, quantity = 1) => ({ quantity, reason: 'Move', toWarehouse });
    const same = await post(store, `/v2/warehouse/item/${item}/transfer`, to(field));
    expect(same.json().errors).toEqual([{ path: 'toWarehouse', message: 'Choose another warehouse to transfer to' }]);
    const foreign = await post(store, `/v2/warehouse/item/${item}/transfer`, to(theirs));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([{ path: 'toWarehouse', message: 'Warehouse is not valid' }]);
    const missing = await post(store, `/v2/warehouse/item/${item}/transfer`, { quantity: 1, reason: 'Move' });
    expect(missing.json().errors).toEqual([{ path: 'toWarehouse', message: 'Warehouse is required' }]);
    // The field keeper does not manage the central store.
    expect((await post(fieldKeeper, `/v2/warehouse/item/${item}/transfer`, to(central))).statusCode).toBe(403);
    const short = await post(store, `/v2/warehouse/item/${item}/transfer`, to(central, 3));
    expect(short.statusCode).toBe(409);
    expect(short.json().message).toBe('Not enough stock: 2 available');
    // The item the transfer would have made in the central store is not there either.
    expect(await written()).toEqual(before);
  });
});

describe('a count', () => {
  it('records the difference from the stock as a count movement, and refuses a count that changes nothing', async () => {
    const item = await createInventoryItem(t, store, central, { name: 'Gasket', quantity: 10 });
    const short = await post(store, `/v2/warehouse/item/${item}/count`, { counted: 7, reason: 'Quarterly count' });
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json().data.movements).toMatchObject([{ kind: 'count', quantity: -3, balanceAfter: 7, reason: 'Quarterly count' }]);
    expect((await post(store, `/v2/warehouse/item/${item}/count`, { counted: 9, reason: 'Found two' })).json().data.item.quantity).toBe(9);
    const [activity] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.subjectId, item), eq(activities.action, 'stock.counted')))
      .orderBy(asc(activities.createdAt))
      .limit(1);
    expect(activity?.params).toEqual({
      item: 'Gasket',
      warehouse: 'Central store',
      counted: 7,
      difference: '-3',
      reason: 'Quarterly count',
    });
    expect((await post(store, `/v2/warehouse/item/${item}/count`, { counted: 0, reason: 'All gone' })).json().data.item.quantity).toBe(0);

    const before = await written();
    const same = await post(store, `/v2/warehouse/item/${item}/count`, { counted: 0, reason: 'Again' });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ path: 'counted', message: 'The count matches the stock: there is nothing to adjust' }]);
    expect((await post(store, `/v2/warehouse/item/${item}/count`, { counted: -1, reason: 'Negative' })).statusCode).toBe(400);
    expect((await post(viewer, `/v2/warehouse/item/${item}/count`, { counted: 1, reason: 'Viewer' })).statusCode).toBe(403);
    expect(await written()).toEqual(before);
  });
});

describe('a reversal', () => {
  it('undoes a movement by its opposite, once, and is final', async () => {
    const item = await createInventoryItem(t, store, central, { name: 'Battery', quantity: 2 });
    const moved = await post(store, `/v2/warehouse/item/${item}/stock-in`, { quantity: 5, reason: 'Typed 5 for 3' });
    const movement = moved.json().data.movements[0]._id;
    const res = await post(store, `/v2/warehouse/movement/${movement}/reverse`, { reason: 'Wrong quantity' });
    expect(res.statusCode, res.body).toBe(200);
    const [reversal] = res.json().data.movements;
    expect(reversal).toMatchObject({
      kind: 'reversal',
      quantity: -5,
      balanceAfter: 2,
      reverses: movement,
      reason: 'Wrong quantity',
      source: { type: 'movement', _id: movement, code: null },
    });
    expect(
      (await get(store, `/v2/warehouse/item/${item}/movements`)).json().data.find((m: { _id: string }) => m._id === movement),
    ).toMatchObject({
      reversedBy: reversal._id,
    });
    const before = await written();
    const again = await post(store, `/v2/warehouse/movement/${movement}/reverse`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This movement has already been reversed');
    const final = await post(store, `/v2/warehouse/movement/${reversal._id}/reverse`, { reason: 'Undo the undo' });
    expect(final.statusCode).toBe(409);
    expect(final.json().message).toBe('A reversal cannot itself be reversed: record a new movement instead');
    expect(await written()).toEqual(before);
    const [activity] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.subjectId, item), eq(activities.action, 'stock.reversed')));
    expect(activity?.params).toEqual({ quantity: 5, item: 'Battery', warehouse: 'Central store', reason: 'Wrong quantity' });
  });

  it('undoes a transfer as a pair, and is refused when the units have gone', async () => {
    const item = await createInventoryItem(t, store, central, { name: 'Contactor', quantity: 6 });
    const moved = await post(store, `/v2/warehouse/item/${item}/transfer`, { quantity: 4, reason: 'To site', toWarehouse: field });
    const [out, into] = moved.json().data.movements;
    // Reversed from its incoming half: both halves are undone.
    const res = await post(store, `/v2/warehouse/movement/${into._id}/reverse`, { reason: 'Wrong store' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.movements.map((m: { quantity: number; reverses: string }) => [m.quantity, m.reverses])).toEqual([
      [-4, into._id],
      [4, out._id],
    ]);
    expect(await quantityOf(item)).toBe(6);
    expect(await quantityOf(into.item._id)).toBe(0);

    // Units put in and issued since cannot be taken back out.
    const second = await post(store, `/v2/warehouse/item/${item}/stock-in`, { quantity: 3, reason: 'Delivery' });
    await post(store, `/v2/warehouse/item/${item}/stock-out`, { quantity: 8, reason: 'Job' });
    const before = await written();
    const gone = await post(store, `/v2/warehouse/movement/${second.json().data.movements[0]._id}/reverse`, { reason: 'Undo' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('Not enough stock: 1 available');
    expect(await written()).toEqual(before);
  });

  it('leaves a material request’s or a purchase order’s movement to its document, and answers 401, 403, 404, 400', async () => {
    const item = await createInventoryItem(t, store, central, { name: 'Bearing', quantity: 4 });
    // A purchase order's receipt, as that module writes it.
    const receipt = await write(t.app.deps, { userId: store.id, organisationId: mro.organisationId }, async (tx) =>
      moveStock(tx, {
        itemId: item,
        delta: 2,
        kind: 'receipt',
        reason: null,
        source: { type: 'purchase_order', id: randomUUID() },
        userId: store.id,
      }),
    );
    const theirItem = await createInventoryItem(t, otherMro, theirs, { quantity: 1 });
    const theirMovement = (await movementsOf(theirItem))[0]!.id;
    const own = (await movementsOf(item))[0]!.id;
    const before = await written();
    const refused = await post(store, `/v2/warehouse/movement/${receipt.movementId}/reverse`, { reason: 'Undo' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This movement cannot be reversed here: it belongs to purchase order');
    expect((await post(null, `/v2/warehouse/movement/${own}/reverse`, { reason: 'Undo' })).statusCode).toBe(401);
    expect((await post(viewer, `/v2/warehouse/movement/${own}/reverse`, { reason: 'Undo' })).statusCode).toBe(403);
    expect((await post(fieldKeeper, `/v2/warehouse/movement/${own}/reverse`, { reason: 'Undo' })).statusCode).toBe(403);
    expect((await post(store, `/v2/warehouse/movement/${theirMovement}/reverse`, { reason: 'Undo' })).statusCode).toBe(404);
    expect((await post(store, '/v2/warehouse/movement/99999999999/reverse', { reason: 'Undo' })).statusCode).toBe(404);
    expect((await post(store, '/v2/warehouse/movement/abc/reverse', { reason: 'Undo' })).statusCode).toBe(400);
    const noReason = await post(store, `/v2/warehouse/movement/${own}/reverse`, {});
    expect(noReason.json().errors).toEqual([{ path: 'reason', message: 'Reason is required' }]);
    expect(await written()).toEqual(before);
  });
});

describe('the histories', () => {
  it('list an item’s and a warehouse’s movements newest first, by kind, paged, with the source document’s code', async () => {
    const warehouse = await createWarehouse(t, mro, { name: 'History store', managers: [store.id] });
    const item = await createInventoryItem(t, store, warehouse, { name: 'Hose', quantity: 1 });
    const other = await createInventoryItem(t, store, warehouse, { name: 'Clamp', quantity: 2 });
    await post(store, `/v2/warehouse/item/${item}/stock-in`, { quantity: 2, reason: 'In' });
    await post(store, `/v2/warehouse/item/${item}/stock-out`, { quantity: 1, reason: 'Out' });
    await post(store, `/v2/warehouse/item/${other}/stock-out`, { quantity: 1, reason: 'Out' });

    const history = (await get(viewer, `/v2/warehouse/item/${item}/movements`)).json();
    expect(history.data.map((m: { kind: string; balanceAfter: number }) => [m.kind, m.balanceAfter])).toEqual([
      ['stock_out', 2],
      ['stock_in', 3],
      ['opening', 1],
    ]);
    expect(history.meta).toEqual({ page: 1, pageSize: 20, total: 3, pageCount: 1 });
    const all = (await get(viewer, `/v2/warehouse/${warehouse}/movements?pageSize=2&page=2`)).json();
    expect(all.data.map((m: { item: { name: string }; kind: string }) => `${m.item.name} ${m.kind}`)).toEqual([
      'Hose stock_in',
      'Clamp opening',
    ]);
    expect(all.meta).toMatchObject({ total: 5, pageCount: 3 });
    expect((await get(viewer, `/v2/warehouse/${warehouse}/movements?kind=stock_out`)).json().meta.total).toBe(2);
    expect((await get(viewer, `/v2/warehouse/${warehouse}/movements?kind=lost`)).statusCode).toBe(400);
    expect((await get(otherMro, `/v2/warehouse/${warehouse}/movements`)).statusCode).toBe(404);
    expect((await get(otherMro, `/v2/warehouse/item/${item}/movements`)).statusCode).toBe(404);
    expect((await get(outsider, `/v2/warehouse/item/${item}/movements`)).statusCode).toBe(403);

    // A material request's issue shows the request's code.
    const requestId = randomUUID();
    await t.db.execute(sql`
      insert into material_requests (id, organisation_id, code, warehouse_id, requested_by)
      values (${requestId}, ${mro.organisationId}, 'MR-000042', ${warehouse}, ${store.id})`);
    await write(t.app.deps, { userId: store.id, organisationId: mro.organisationId }, (tx) =>
      moveStock(tx, {
        itemId: other,
        delta: -1,
        kind: 'issue',
        reason: null,
        source: { type: 'material_request', id: requestId },
        userId: store.id,
      }),
    );
    const [issue] = (await get(viewer, `/v2/warehouse/item/${other}/movements`)).json().data;
    expect(issue).toMatchObject({ kind: 'issue', source: { type: 'material_request', _id: requestId, code: 'MR-000042' } });
  });
});

describe('low stock', () => {
  it('is told to the warehouse’s managers once when an item falls to its level, and again after it rose above and fell', async () => {
    const item = await createInventoryItem(t, store, field, { name: 'Air filter AF25', quantity: 10, reorderLevel: 5 });
    const out = (quantity: number) => post(store, `/v2/warehouse/item/${item}/stock-out`, { quantity, reason: 'Jobs' });
    await out(4);
    expect(await lowNotices('Air filter AF25')).toEqual([]);
    await out(1);
    const first = await lowNotices('Air filter AF25');
    expect(first.map((n) => n.recipientId).sort()).toEqual([store.id, fieldKeeper.id].sort());
    expect(first[0]).toMatchObject({
      params: { item: 'Air filter AF25', warehouse: 'Field store', quantity: 5, level: 5 },
      path: `/manage-warehouse/view/${field}?stock=low`,
    });
    // Further movements under the level, down and up, tell nobody again.
    await out(2);
    await post(store, `/v2/warehouse/item/${item}/stock-in`, { quantity: 1, reason: 'Back' });
    await post(store, `/v2/warehouse/item/${item}/count`, { counted: 1, reason: 'Count' });
    expect(await lowNotices('Air filter AF25')).toHaveLength(2);
    expect((await get(store, `/v2/warehouse/item/${item}`)).json().data.low).toBe(true);
    // Above the level, then down again: told again.
    await post(store, `/v2/warehouse/item/${item}/stock-in`, { quantity: 9, reason: 'Delivery' });
    expect((await get(store, `/v2/warehouse/item/${item}`)).json().data.low).toBe(false);
    await out(5);
    expect(await lowNotices('Air filter AF25')).toHaveLength(4);
  });
});

describe('races', () => {
  it('1,000 parallel stock-outs of 1 on an item holding 500: exactly 500 succeed and 500 get 409', async () => {
    const item = await createInventoryItem(t, store, central, { name: 'Cable tie', quantity: 500 });
    const answers = await Promise.all(
      Array.from({ length: 1_000 }, () => post(store, `/v2/warehouse/item/${item}/stock-out`, { quantity: 1, reason: 'Rush' })),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(500);
    expect(statuses.filter((s) => s === 409)).toHaveLength(500);
    expect(answers.find((res) => res.statusCode === 409)?.json().message).toBe('Not enough stock: 0 available');
    expect(await quantityOf(item)).toBe(0);
    const movements = await movementsOf(item);
    expect(movements.filter((m) => m.kind === 'stock_out')).toHaveLength(500);
    // Every answered movement's balance is one of 499 ... 0, each once.
    expect(new Set(movements.filter((m) => m.kind === 'stock_out').map((m) => m.balanceAfter)).size).toBe(500);
  }, 120_000);

  it('a transfer and a stock-out racing on the last unit: exactly one wins', async () => {
    for (let round = 0; round < 5; round++) {
      const item = await createInventoryItem(t, store, central, { quantity: 1 });
      const [transfer, out] = await Promise.all([
        post(store, `/v2/warehouse/item/${item}/transfer`, { quantity: 1, reason: 'Race', toWarehouse: field }),
        post(store, `/v2/warehouse/item/${item}/stock-out`, { quantity: 1, reason: 'Race' }),
      ]);
      expect([transfer.statusCode, out.statusCode].sort()).toEqual([200, 409]);
      expect(await quantityOf(item)).toBe(0);
      expect(await movementsOf(item)).toHaveLength(2);
    }
  });

  it('two opposite transfers at once both go through, without a deadlock', async () => {
    const a = await createInventoryItem(t, store, central, { name: 'Washer M10', quantity: 5 });
    const b = await createInventoryItem(t, store, field, { name: 'Washer M10', quantity: 5 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(store, `/v2/warehouse/item/${i % 2 ? a : b}/transfer`, { quantity: 1, reason: 'Swap', toWarehouse: i % 2 ? field : central }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(10).fill(200));
    expect((await quantityOf(a))! + (await quantityOf(b))!).toBe(10);
  });

  it('two reversals of one movement at once: one wins, the other is told it is done', async () => {
    const item = await createInventoryItem(t, store, central, { quantity: 10 });
    const moved = await post(store, `/v2/warehouse/item/${item}/stock-out`, { quantity: 3, reason: 'Job' });
    const id = moved.json().data.movements[0]._id;
    const answers = await Promise.all([1, 2].map(() => post(store, `/v2/warehouse/movement/${id}/reverse`, { reason: 'Undo' })));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((res) => res.statusCode === 409)?.json().message).toBe('This movement has already been reversed');
    expect(await quantityOf(item)).toBe(10);
    expect((await movementsOf(item)).filter((m) => m.kind === 'reversal')).toHaveLength(1);
  });
});
