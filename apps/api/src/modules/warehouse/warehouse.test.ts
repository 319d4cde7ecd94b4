import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activities, inventoryItems, notifications, stockMovements, warehouseManagers, warehouses } from '../../db/schema/index.js';
import { createInventoryItem, createPricebookItem, createUser, createWarehouse, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectLedgerBalanced } from '../../test/stock-ledger.js';

// Warehouses and their items (issue 11): the routes of /v2/warehouse that are not movements.

let t: TestApp;
/** The MRO's admin: manages every warehouse of the MRO. */
let mro: TestUser;
/** A store manager: holds manageWarehouse, manages the warehouses naming them. */
let store: TestUser;
/** Another keeper of the MRO, who manages no warehouse of these tests. */
let keeper: TestUser;
/** Reads the MRO's warehouses only. */
let viewer: TestUser;
/** A technician of the MRO: reads the warehouses to request materials (manageWO). */
let tech: TestUser;
/** Staff of the MRO with nothing to do with warehouses. */
let outsider: TestUser;
let otherMro: TestUser;
let supplier: TestUser;

const get = (user: TestUser | null, url: string) => t.app.inject({ url, headers: user?.headers });
const post = (user: TestUser | null, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: user?.headers, payload });
const put = (user: TestUser | null, url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: user?.headers, payload });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
/** How many rows the supply tables and the activity feed hold: what "nothing written" compares. */
const written = async () =>
  (
    await rows<Record<string, number>>(sql`select
      (select count(*)::int from warehouses) as warehouses, (select count(*)::int from warehouse_managers) as managers,
      (select count(*)::int from inventory_items) as items, (select count(*)::int from stock_movements) as movements,
      (select count(*)::int from activities) as activities`)
  )[0];

beforeAll(async () => {
  t = await createTestApp();
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true, firstName: 'Ada' });
  store = await createUser(t.db, {
    organisationId: mro.organisationId,
    permissions: ['manageWarehouse', 'viewWarehouse'],
    firstName: 'Bola',
  });
  keeper = await createUser(t.db, {
    organisationId: mro.organisationId,
    permissions: ['manageWarehouse', 'viewWarehouse'],
    firstName: 'Chidi',
  });
  viewer = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['viewWarehouse'], firstName: 'Dayo' });
  tech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician', firstName: 'Emeka' });
  outsider = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['viewSR'], firstName: 'Funmi' });
  otherMro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  supplier = await createUser(t.db, { kind: 'supplier', roleKey: 'supplier', isOrgAdmin: true });
});

afterEach(async () => {
  await expectLedgerBalanced(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('warehouses', () => {
  it('are created with their managers and place, listed with their stock figures, and recorded', async () => {
    const res = await post(mro, '/v2/warehouse/create', {
      name: 'Ikeja central store',
      address: '12 Allen Avenue',
      state: 'lagos',
      lga: 'ikeja',
      managers: [store.id, store.id],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      name: 'Ikeja central store',
      address: '12 Allen Avenue',
      state: { alias: 'lagos', state: 'Lagos' },
      lga: 'Ikeja',
      managers: [{ _id: store.id, name: 'Bola User' }],
      itemCount: 0,
      lowStockCount: 0,
      valueKobo: 0,
      value: '0.00',
      managedByMe: true,
    });
    await createInventoryItem(t, store, created._id, { name: 'Oil filter', price: '2500.50', quantity: 4, reorderLevel: 5 });
    await createInventoryItem(t, store, created._id, { name: 'Air filter', price: '1000', quantity: 10 });

    const [activity] = await t.db.select().from(activities).where(eq(activities.subjectId, created._id));
    expect(activity).toMatchObject({ action: 'warehouse.created', userId: mro.id, params: { name: 'Ikeja central store' } });

    const seenByStore = (await get(store, `/v2/warehouse/${created._id}`)).json().data;
    // 4 x 2,500.50 + 10 x 1,000.00, exactly.
    expect(seenByStore).toMatchObject({ itemCount: 2, lowStockCount: 1, valueKobo: 2_000_200, value: '20002.00', managedByMe: true });
    expect((await get(keeper, `/v2/warehouse/${created._id}`)).json().data.managedByMe).toBe(false);
    expect((await get(viewer, `/v2/warehouse/${created._id}`)).json().data.managedByMe).toBe(false);
    expect((await get(tech, `/v2/warehouse/${created._id}`)).statusCode).toBe(200);
  });

  it('list by name or newest first, searched on name and address, only the organisation’s', async () => {
    await createWarehouse(t, mro, { name: 'Abuja depot', address: 'Plot 5, Garki' });
    await createWarehouse(t, mro, { name: 'Port Harcourt yard' });
    await createWarehouse(t, otherMro, { name: 'Abuja depot' });

    const all = (await get(viewer, '/v2/warehouse')).json();
    const names = all.data.map((w: { name: string }) => w.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(['Abuja depot', 'Port Harcourt yard', 'Ikeja central store']));
    expect(all.meta).toMatchObject({ page: 1, total: names.length });
    expect((await get(viewer, '/v2/warehouse?search=garki')).json().data.map((w: { name: string }) => w.name)).toEqual(['Abuja depot']);
    const newest = (await get(viewer, '/v2/warehouse?sort=createdAt&order=desc&pageSize=1')).json();
    expect(newest.data[0].name).toBe('Port Harcourt yard');
    expect(newest.meta.pageCount).toBe(names.length);
    expect((await get(otherMro, '/v2/warehouse')).json().data.map((w: { name: string }) => w.name)).toEqual(['Abuja depot']);
    expect((await get(viewer, '/v2/warehouse?sort=code')).statusCode).toBe(400);
  });

  it('answer 401 without a session, 403 without a reading permission, 404 for another organisation’s', async () => {
    const theirs = await createWarehouse(t, otherMro);
    expect((await get(null, '/v2/warehouse')).statusCode).toBe(401);
    expect((await get(outsider, '/v2/warehouse')).statusCode).toBe(403);
    expect((await get(outsider, `/v2/warehouse/${theirs}`)).statusCode).toBe(403);
    const res = await get(mro, `/v2/warehouse/${theirs}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('The requested warehouse is not found');
    expect((await get(mro, '/v2/warehouse/not-a-uuid')).statusCode).toBe(400);
  });

  it('refuse bad input with the catalogue’s field messages and write nothing', async () => {
    const inactive = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['manageWarehouse'], status: 'inactive' });
    await createWarehouse(t, mro, { name: 'Kano store' });
    const before = await written();
    const cases: [object, string, string][] = [
      [{}, 'name', 'Name is required'],
      [{ name: 'X' }, 'name', 'Name should have at least 2 characters'],
      [{ name: 'kano STORE' }, 'name', 'A warehouse named kano STORE already exists'],
      [{ name: 'Enugu store', managers: [otherMro.id] }, 'managers', 'Managers must be active staff of your organisation'],
      [{ name: 'Enugu store', managers: [inactive.id] }, 'managers', 'Managers must be active staff of your organisation'],
      // A technician does not keep warehouses.
      [{ name: 'Enugu store', managers: [tech.id] }, 'managers', 'Managers must be active staff of your organisation'],
      [{ name: 'Enugu store', managers: ['nope'] }, 'managers.0', 'Managers is not valid'],
      [{ name: 'Enugu store', state: 'atlantis' }, 'state', 'State is not valid'],
      [{ name: 'Enugu store', state: 'enugu', lga: 'Ikeja' }, 'lga', 'LGA is not valid'],
      [{ name: 'Enugu store', colour: 'red' }, '', ''],
    ];
    for (const [payload, path, message] of cases) {
      const res = await post(mro, '/v2/warehouse/create', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      if (path) expect(res.json().errors).toContainEqual({ path, message });
    }
    expect(await written()).toEqual(before);
  });

  it('are created by warehouse keepers of organisations that keep parts only', async () => {
    expect((await post(null, '/v2/warehouse/create', { name: 'Nowhere' })).statusCode).toBe(401);
    expect((await post(viewer, '/v2/warehouse/create', { name: 'Nowhere' })).statusCode).toBe(403);
    expect((await post(tech, '/v2/warehouse/create', { name: 'Nowhere' })).statusCode).toBe(403);
    const platform = await createUser(t.db, { kind: 'platform', permissions: ['manageWarehouse'] });
    expect((await post(platform, '/v2/warehouse/create', { name: 'Nowhere' })).statusCode).toBe(403);
    expect((await post(supplier, '/v2/warehouse/create', { name: 'Supplier bonded store' })).statusCode).toBe(201);
  });

  it('are changed by their managers and the admin only; fields left out stay', async () => {
    const id = await createWarehouse(t, mro, { name: 'Lekki store', address: 'Admiralty Way', state: 'lagos', managers: [store.id] });
    const res = await put(store, `/v2/warehouse/update/${id}`, { name: 'Lekki phase 1 store', managers: [store.id, keeper.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Lekki phase 1 store',
      address: 'Admiralty Way',
      state: { alias: 'lagos' },
      managers: [
        { _id: store.id, name: 'Bola User' },
        { _id: keeper.id, name: 'Chidi User' },
      ],
    });
    expect((await put(keeper, `/v2/warehouse/update/${id}`, { managers: [keeper.id], address: '' })).json().data).toMatchObject({
      address: null,
      managers: [{ _id: keeper.id }],
    });
    // Bola no longer manages it.
    const refused = await put(store, `/v2/warehouse/update/${id}`, { name: 'Mine' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only the managers of this warehouse can do this');
    expect((await put(viewer, `/v2/warehouse/update/${id}`, { name: 'Mine' })).statusCode).toBe(403);
    expect((await put(otherMro, `/v2/warehouse/update/${id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await put(null, `/v2/warehouse/update/${id}`, { name: 'Mine' })).statusCode).toBe(401);
    expect((await put(mro, `/v2/warehouse/update/${id}`, { name: 'Mine' })).statusCode).toBe(200);

    await createWarehouse(t, mro, { name: 'Jos store' });
    const taken = await put(mro, `/v2/warehouse/update/${id}`, { name: 'JOS Store' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ path: 'name', message: 'A warehouse named JOS Store already exists' }]);
    const [row] = await t.db.select().from(warehouses).where(eq(warehouses.id, id));
    expect(row?.name).toBe('Mine');
    expect(await t.db.select().from(warehouseManagers).where(eq(warehouseManagers.warehouseId, id))).toEqual([
      { warehouseId: id, userId: keeper.id },
    ]);
  });

  it('offer as managers the organisation’s active admins and warehouse keepers', async () => {
    const res = await get(store, '/v2/warehouse/manager-options');
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((u: { name: string }) => u.name);
    expect(names).toEqual(expect.arrayContaining(['Ada User', 'Bola User', 'Chidi User']));
    expect(names).not.toContain('Dayo User');
    expect(names).not.toContain('Emeka User');
    expect((await get(store, '/v2/warehouse/manager-options?search=bol')).json().data).toEqual([{ _id: store.id, name: 'Bola User' }]);
    expect((await get(viewer, '/v2/warehouse/manager-options')).statusCode).toBe(403);
    expect((await get(null, '/v2/warehouse/manager-options')).statusCode).toBe(401);
  });
});

describe('every warehouse route', () => {
  it('answers 401 without a session, before reading anything', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const routes: [string, string][] = [
      ['GET', '/v2/warehouse'],
      ['GET', '/v2/warehouse/manager-options'],
      ['GET', '/v2/warehouse/low-stock'],
      ['POST', '/v2/warehouse/create'],
      ['GET', `/v2/warehouse/${id}`],
      ['PUT', `/v2/warehouse/update/${id}`],
      ['GET', `/v2/warehouse/${id}/items`],
      ['POST', `/v2/warehouse/${id}/item`],
      ['GET', `/v2/warehouse/${id}/movements`],
      ['GET', `/v2/warehouse/${id}/export`],
      ['GET', `/v2/warehouse/item/${id}`],
      ['PUT', `/v2/warehouse/item/${id}`],
      ['GET', `/v2/warehouse/item/${id}/movements`],
      ['POST', `/v2/warehouse/item/${id}/stock-in`],
      ['POST', `/v2/warehouse/item/${id}/stock-out`],
      ['POST', `/v2/warehouse/item/${id}/transfer`],
      ['POST', `/v2/warehouse/item/${id}/count`],
      ['POST', '/v2/warehouse/movement/1/reverse'],
      ['GET', '/v2/warehouse/import/template'],
      ['POST', `/v2/warehouse/${id}/import`],
      ['GET', `/v2/warehouse/${id}/imports`],
      ['GET', `/v2/warehouse/import/${id}`],
      ['GET', `/v2/warehouse/import/${id}/errors`],
    ];
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method: method as 'GET', url, ...(method === 'GET' ? {} : { payload: {} }) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().message).toBe('Session expired. Please login again');
    }
  });
});

describe('inventory items', () => {
  let central: string;
  beforeAll(async () => {
    central = await createWarehouse(t, mro, { name: 'Items store', managers: [store.id] });
  });

  it('are added with an opening movement, read back, and recorded', async () => {
    const pricebookItem = await createPricebookItem(t, mro, { name: 'Battery 12V', kind: 'spare_part', price: '45000' });
    // Linked to a pricebook item the caller sees (the admin reads the MRO's own pricebook).
    const res = await post(mro, `/v2/warehouse/${central}/item`, {
      name: 'Battery 12V 200Ah',
      brand: 'Exide',
      model: 'N200',
      unit: 'piece',
      price: '45000.25',
      reorderLevel: 2,
      quantity: 6,
      pricebookItem,
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json().data;
    expect(item).toMatchObject({
      warehouse: { _id: central, name: 'Items store' },
      name: 'Battery 12V 200Ah',
      brand: 'Exide',
      quantity: 6,
      priceKobo: 4_500_025,
      price: '45000.25',
      reorderLevel: 2,
      low: false,
      pricebookItem: { _id: pricebookItem, name: 'Battery 12V' },
    });
    const movements = await t.db.select().from(stockMovements).where(eq(stockMovements.itemId, item._id));
    expect(movements).toMatchObject([{ kind: 'opening', delta: 6, balanceAfter: 6, userId: mro.id, warehouseId: central }]);
    const [activity] = await t.db.select().from(activities).where(eq(activities.subjectId, item._id));
    expect(activity).toMatchObject({ action: 'inventory.item_added', params: { item: 'Battery 12V 200Ah', warehouse: 'Items store' } });
    expect((await get(tech, `/v2/warehouse/item/${item._id}`)).json().data).toMatchObject({ quantity: 6, name: 'Battery 12V 200Ah' });

    // Without stock and with a reorder level it starts low, and its managers hear of it.
    const empty = await createInventoryItem(t, store, central, { name: 'Fan belt', reorderLevel: 1 });
    expect((await get(store, `/v2/warehouse/item/${empty}`)).json().data).toMatchObject({ quantity: 0, low: true, price: '1500.00' });
    expect(await t.db.select().from(stockMovements).where(eq(stockMovements.itemId, empty))).toEqual([]);
    const notices = await t.db.select().from(notifications).where(eq(notifications.event, 'stock.low'));
    expect(notices.filter((n) => n.params.item === 'Fan belt').map((n) => n.recipientId)).toEqual([store.id]);
    // Unpriced is fine.
    expect((await post(store, `/v2/warehouse/${central}/item`, { name: 'Rags' })).json().data).toMatchObject({
      priceKobo: null,
      price: null,
    });
  });

  it('refuse bad input, a second item of one name, brand and model, and strangers, writing nothing', async () => {
    await createInventoryItem(t, store, central, { name: 'Spark plug', brand: 'NGK', model: 'BP6ES', quantity: 3 });
    const theirs = await createWarehouse(t, otherMro);
    const theirPricebookItem = await createPricebookItem(t, otherMro);
    const before = await written();
    const cases: [object, string, string][] = [
      [{}, 'name', 'Material name is required'],
      [{ name: 'spark PLUG', brand: 'ngk', model: 'bp6es' }, 'name', 'This warehouse already holds spark PLUG'],
      [{ name: 'Bolt', quantity: -1 }, 'quantity', 'Quantity is not valid'],
      [{ name: 'Bolt', quantity: 1.5 }, 'quantity', 'Quantity is not valid'],
      [{ name: 'Bolt', price: 'ten naira' }, 'price', 'Price is not valid'],
      [{ name: 'Bolt', reorderLevel: -2 }, 'reorderLevel', 'Reorder level is not valid'],
      [{ name: 'Bolt', pricebookItem: theirPricebookItem }, 'pricebookItem', 'Pricebook item is not valid'],
      [{ name: 'Bolt', pricebookItem: 'x' }, 'pricebookItem', 'Pricebook item is not valid'],
    ];
    for (const [payload, path, message] of cases) {
      const res = await post(store, `/v2/warehouse/${central}/item`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toContainEqual({ path, message });
    }
    expect((await post(null, `/v2/warehouse/${central}/item`, { name: 'Bolt' })).statusCode).toBe(401);
    expect((await post(viewer, `/v2/warehouse/${central}/item`, { name: 'Bolt' })).statusCode).toBe(403);
    const notMine = await post(keeper, `/v2/warehouse/${central}/item`, { name: 'Bolt' });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().message).toBe('Only the managers of this warehouse can do this');
    expect((await post(mro, `/v2/warehouse/${theirs}/item`, { name: 'Bolt' })).statusCode).toBe(404);
    expect(await written()).toEqual(before);
  });

  it('are changed but never counted by a change; a new reorder level is heard of once', async () => {
    const id = await createInventoryItem(t, store, central, { name: 'Coolant 5L', quantity: 4, reorderLevel: 2 });
    const lowNotices = async () =>
      (await t.db.select().from(notifications).where(eq(notifications.event, 'stock.low'))).filter((n) => n.params.item === 'Coolant 5L')
        .length;
    // The quantity is the ledger's: the body refuses it.
    expect((await put(store, `/v2/warehouse/item/${id}`, { quantity: 40 })).statusCode).toBe(400);
    const raised = await put(store, `/v2/warehouse/item/${id}`, { reorderLevel: 4, price: 3200, description: 'Premixed' });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data).toMatchObject({ quantity: 4, reorderLevel: 4, low: true, price: '3200.00', description: 'Premixed' });
    expect(await lowNotices()).toBe(1);
    expect((await put(store, `/v2/warehouse/item/${id}`, { reorderLevel: 3 })).json().data.low).toBe(false);
    expect((await put(store, `/v2/warehouse/item/${id}`, { reorderLevel: 5 })).json().data.low).toBe(true);
    // Still low: no second notice while it stays there.
    expect((await put(store, `/v2/warehouse/item/${id}`, { reorderLevel: 6 })).json().data.low).toBe(true);
    expect(await lowNotices()).toBe(2);
    expect((await put(store, `/v2/warehouse/item/${id}`, { reorderLevel: null })).json().data.low).toBe(false);
    const [activity] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.subjectId, id), eq(activities.action, 'inventory.item_changed')))
      .limit(1);
    expect(activity?.params).toEqual({ item: 'Coolant 5L', warehouse: 'Items store' });

    await createInventoryItem(t, store, central, { name: 'Coolant 1L' });
    const taken = await put(store, `/v2/warehouse/item/${id}`, { name: 'coolant 1l' });
    expect(taken.json().errors).toEqual([{ path: 'name', message: 'This warehouse already holds coolant 1l' }]);
    expect((await put(keeper, `/v2/warehouse/item/${id}`, { unit: 'can' })).statusCode).toBe(403);
    expect((await put(viewer, `/v2/warehouse/item/${id}`, { unit: 'can' })).statusCode).toBe(403);
    expect((await put(otherMro, `/v2/warehouse/item/${id}`, { unit: 'can' })).statusCode).toBe(404);
    expect((await get(otherMro, `/v2/warehouse/item/${id}`)).statusCode).toBe(404);
    expect((await get(outsider, `/v2/warehouse/item/${id}`)).statusCode).toBe(403);
    const [row] = await t.db.select().from(inventoryItems).where(eq(inventoryItems.id, id));
    expect(row).toMatchObject({ name: 'Coolant 5L', unit: null, quantity: 4 });
  });
});

describe('the inventory list', () => {
  let store2: string;
  beforeAll(async () => {
    store2 = await createWarehouse(t, mro, { name: 'List store', managers: [store.id] });
    await createInventoryItem(t, store, store2, { name: 'Gasket set', brand: 'Cummins', quantity: 0, reorderLevel: 1, price: 800 });
    await createInventoryItem(t, store, store2, {
      name: 'Bearing 6204',
      description: 'Deep groove ball bearing',
      quantity: 25,
      price: 1200,
    });
    await createInventoryItem(t, store, store2, { name: 'alternator brush', model: 'AB-100%', quantity: 3, reorderLevel: 5, price: 5000 });
    await createInventoryItem(t, store, store2, { name: 'V-belt A42', quantity: 12, price: 2600 });
  });
  const names = async (query: string) =>
    (await get(viewer, `/v2/warehouse/${store2}/items${query}`)).json().data.map((i: { name: string }) => i.name);

  it('is by name, searched on name, description, brand and model, filtered low or out, sorted and paged', async () => {
    expect(await names('')).toEqual(['alternator brush', 'Bearing 6204', 'Gasket set', 'V-belt A42']);
    expect(await names('?order=desc')).toEqual(['V-belt A42', 'Gasket set', 'Bearing 6204', 'alternator brush']);
    expect(await names('?search=groove')).toEqual(['Bearing 6204']);
    expect(await names('?search=cummins')).toEqual(['Gasket set']);
    // Wildcards are taken literally.
    expect(await names('?search=100%25')).toEqual(['alternator brush']);
    expect(await names('?search=_')).toEqual([]);
    expect(await names('?stock=low')).toEqual(['alternator brush', 'Gasket set']);
    expect(await names('?stock=out')).toEqual(['Gasket set']);
    expect(await names('?sort=quantity&order=desc')).toEqual(['Bearing 6204', 'V-belt A42', 'alternator brush', 'Gasket set']);
    expect(await names('?sort=price')).toEqual(['Gasket set', 'Bearing 6204', 'V-belt A42', 'alternator brush']);
    const page = (await get(viewer, `/v2/warehouse/${store2}/items?pageSize=3&page=2`)).json();
    expect(page.data.map((i: { name: string }) => i.name)).toEqual(['V-belt A42']);
    expect(page.meta).toEqual({ page: 2, pageSize: 3, total: 4, pageCount: 2 });
    const beyond = (await get(viewer, `/v2/warehouse/${store2}/items?page=9&search=e`)).json();
    expect(beyond).toMatchObject({ data: [], meta: { total: 4 } });
    expect((await get(viewer, `/v2/warehouse/${store2}/items?stock=empty`)).statusCode).toBe(400);
    expect((await get(outsider, `/v2/warehouse/${store2}/items`)).statusCode).toBe(403);
    expect((await get(otherMro, `/v2/warehouse/${store2}/items`)).statusCode).toBe(404);
  });

  it('counts every item exactly, and the matches of a search up to 10,000', async () => {
    const big = await createWarehouse(t, mro, { name: 'Big store' });
    // Items made empty in bulk (no stock, so no movements to balance).
    await t.db.execute(sql`
      insert into inventory_items (warehouse_id, organisation_id, name)
      select ${big}, ${mro.organisationId}, 'Part ' || lpad(g::text, 5, '0') from generate_series(1, 10001) g`);
    const first = (await get(viewer, `/v2/warehouse/${big}/items`)).json();
    expect(first.data[0].name).toBe('Part 00001');
    expect(first.meta).toEqual({ page: 1, pageSize: 20, total: 10_001, pageCount: 501 });
    expect((await get(viewer, `/v2/warehouse/${big}/items?stock=out&page=501`)).json()).toMatchObject({
      data: [{ name: 'Part 10001' }],
      meta: { total: 10_001, pageCount: 501 },
    });
    expect((await get(viewer, `/v2/warehouse/${big}/items?stock=low`)).json().meta).toMatchObject({ total: 0 });
    const searched = (await get(viewer, `/v2/warehouse/${big}/items?search=part 1000`)).json();
    expect(searched.data.map((i: { name: string }) => i.name)).toEqual(['Part 10000', 'Part 10001']);
    expect(searched.meta).toMatchObject({ total: 2 });
    expect((await get(viewer, `/v2/warehouse/${big}/items?search=part`)).json().meta).toMatchObject({
      total: 10_000,
      totalIsLowerBound: true,
    });
    expect((await get(viewer, `/v2/warehouse/${big}`)).json().data.itemCount).toBe(10_001);
  });

  it('of low stock spans the warehouses the caller reads', async () => {
    const res = await get(tech, '/v2/warehouse/low-stock?pageSize=100');
    expect(res.statusCode).toBe(200);
    const low = res.json().data.map((i: { name: string; warehouse: { name: string } }) => `${i.warehouse.name}: ${i.name}`);
    expect(low).toEqual(expect.arrayContaining(['List store: Gasket set', 'List store: alternator brush', 'Items store: Fan belt']));
    expect(low).not.toContain('List store: V-belt A42');
    expect((await get(tech, `/v2/warehouse/low-stock?warehouse=${store2}&search=brush`)).json().data).toMatchObject([
      { name: 'alternator brush', quantity: 3, reorderLevel: 5, low: true },
    ]);
    expect((await get(otherMro, '/v2/warehouse/low-stock')).json().data).toEqual([]);
    expect((await get(outsider, '/v2/warehouse/low-stock')).statusCode).toBe(403);
  });
});
