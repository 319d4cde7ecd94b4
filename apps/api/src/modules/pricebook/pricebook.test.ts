import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, pricebookItems } from '../../db/schema/index.js';
import {
  assignToProvider,
  createAsset,
  createCategory,
  createPricebookItem,
  createSla,
  createUser,
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let mro: TestUser;
let technician: TestUser;
let supplier: TestUser;
let owner: TestUser;
let ownerViewer: TestUser;
let slaOwner: TestUser;
let strangerOwner: TestUser;
let otherMro: TestUser;

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });
const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const put = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: user.headers, payload });
const itemCount = async () =>
  Number(((await t.db.execute(sql`select count(*)::int as n from pricebook_items`)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp();
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  technician = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician' });
  supplier = await createUser(t.db, { kind: 'supplier', roleKey: 'supplier', isOrgAdmin: true });
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  ownerViewer = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset'] });
  slaOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  strangerOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  otherMro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  const categoryId = await createCategory(t.db);
  // The owner works with the MRO through an assignment, the SLA owner through an SLA only.
  const pump = await createAsset(t, owner, { categoryId, name: 'Borehole pump' });
  await assignToProvider(t, owner, { providerId: mro.organisationId, assetIds: [pump] });
  const generator = await createAsset(t, slaOwner, { categoryId, name: 'Generator' });
  await createSla(t, slaOwner, { providerId: mro.organisationId, assetIds: [generator] });
});

afterAll(async () => {
  await t.close();
});

describe('a pricebook', () => {
  it('takes items with exact prices, lists them by name with search and filters, and records who did what', async () => {
    const created = await post(mro, '/v2/pricebook/create', {
      name: 'Generator servicing (up to 100 kVA)',
      description: 'Oil, oil filter and air filter change; load test',
      brand: '',
      price: '85000.50',
      kind: 'service',
      unit: 'visit',
    });
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json().data;
    expect(item).toMatchObject({
      name: 'Generator servicing (up to 100 kVA)',
      brand: null,
      priceKobo: 8_500_050,
      price: '85000.50',
      kind: 'service',
      unit: 'visit',
      retiredAt: null,
      organisation: { _id: mro.organisationId },
    });
    await createPricebookItem(t, mro, { name: 'Fuel injection pump 2644H041', price: 412_500, kind: 'spare_part', brand: 'Perkins' });
    await createPricebookItem(t, mro, { name: 'Air filter', price: '0.1', kind: 'spare_part' });

    const all = (await get(mro, '/v2/pricebook')).json();
    expect(all.data.map((i: { name: string }) => i.name)).toEqual([
      'Air filter',
      'Fuel injection pump 2644H041',
      'Generator servicing (up to 100 kVA)',
    ]);
    expect(all.data[0].priceKobo).toBe(10);
    expect(all.meta).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect((await get(mro, '/v2/pricebook?search=perkins')).json().data.map((i: { name: string }) => i.name)).toEqual([
      'Fuel injection pump 2644H041',
    ]);
    expect((await get(mro, '/v2/pricebook?kind=service')).json().meta.total).toBe(1);
    expect((await get(mro, '/v2/pricebook?sort=price&order=desc')).json().data[0].name).toBe('Fuel injection pump 2644H041');

    const [added] = await t.db.select().from(activities).where(eq(activities.subjectId, item._id));
    expect(added).toMatchObject({ action: 'pricebook.item_added', userId: mro.id, params: { price: '85000.50' } });
  });

  it('changes an item, and retires and offers it again, each once', async () => {
    const id = await createPricebookItem(t, mro, { name: 'Rectifier module', price: '120000', kind: 'spare_part' });
    const changed = await put(mro, `/v2/pricebook/update/${id}`, { price: 125_000.75, unit: 'each' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Rectifier module', priceKobo: 12_500_075, unit: 'each' });

    const retired = await post(mro, `/v2/pricebook/retire/${id}`);
    expect(retired.statusCode).toBe(200);
    expect(retired.json().data.retiredAt).not.toBeNull();
    expect((await post(mro, `/v2/pricebook/retire/${id}`)).statusCode).toBe(409);
    // Offered items by default; retired ones on request, still readable.
    expect((await get(mro, '/v2/pricebook')).json().data.map((i: { _id: string }) => i._id)).not.toContain(id);
    expect((await get(mro, '/v2/pricebook?state=retired')).json().data.map((i: { _id: string }) => i._id)).toEqual([id]);
    expect((await get(mro, `/v2/pricebook/item/${id}`)).statusCode).toBe(200);

    expect((await post(mro, `/v2/pricebook/restore/${id}`)).json().data.retiredAt).toBeNull();
    expect((await post(mro, `/v2/pricebook/restore/${id}`)).statusCode).toBe(409);
    const trail = await t.db
      .select({ action: activities.action })
      .from(activities)
      .where(eq(activities.subjectId, id))
      .orderBy(activities.createdAt);
    expect(trail.map((a) => a.action)).toEqual([
      'pricebook.item_added',
      'pricebook.item_changed',
      'pricebook.item_retired',
      'pricebook.item_restored',
    ]);
  });

  it("answers the catalogue's texts for a bad item and writes nothing", async () => {
    const before = await itemCount();
    const empty = await post(mro, '/v2/pricebook/create', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Name is required' },
        { path: 'price', message: 'Price is required' },
        { path: 'kind', message: 'Kind is required' },
      ]),
    );
    for (const price of ['-5', '12.345', 'free', 1e20]) {
      const bad = await post(mro, '/v2/pricebook/create', { name: 'Bolt', price, kind: 'product' });
      expect(bad.statusCode, String(price)).toBe(400);
      expect(bad.json().errors).toEqual([{ path: 'price', message: 'Price is not valid' }]);
    }
    const wrongKind = await post(mro, '/v2/pricebook/create', { name: 'Bolt', price: 10, kind: 'labour' });
    expect(wrongKind.json().errors).toEqual([{ path: 'kind', message: 'Kind is not valid' }]);
    const unknownField = await post(mro, '/v2/pricebook/create', { name: 'Bolt', price: 10, kind: 'product', discount: 5 });
    expect(unknownField.statusCode).toBe(400);
    expect(await itemCount()).toBe(before);
  });

  it('is read by the owners the provider works with (assignment or SLA), and by nobody else', async () => {
    const id = await createPricebookItem(t, mro, { name: 'Call-out, Lagos', price: '15000' });
    // The provider's technicians price their observations from it.
    for (const reader of [owner, ownerViewer, slaOwner, technician]) {
      const page = await get(reader, `/v2/pricebook/of/${mro.organisationId}`);
      expect(page.statusCode, page.body).toBe(200);
      expect(page.json().data.map((i: { _id: string }) => i._id)).toContain(id);
      expect((await get(reader, `/v2/pricebook/item/${id}`)).statusCode).toBe(200);
    }
    for (const stranger of [strangerOwner, otherMro, supplier]) {
      expect((await get(stranger, `/v2/pricebook/of/${mro.organisationId}`)).statusCode).toBe(404);
      expect((await get(stranger, `/v2/pricebook/item/${id}`)).statusCode).toBe(404);
    }
    // An empty pricebook of a provider one works with is an empty page; another's is not found.
    expect((await get(supplier, '/v2/pricebook')).json().meta.total).toBe(0);
    const empty = await createUser(t.db, { kind: 'imo', roleKey: 'imo', isOrgAdmin: true });
    expect((await get(owner, `/v2/pricebook/of/${empty.organisationId}`)).statusCode).toBe(404);
  });

  it('is changed only by its own organisation: another provider gets 404, staff without the permission 403', async () => {
    const id = await createPricebookItem(t, mro, { name: 'Battery test', price: '5000' });
    expect((await put(otherMro, `/v2/pricebook/update/${id}`, { price: 1 })).statusCode).toBe(404);
    expect((await post(otherMro, `/v2/pricebook/retire/${id}`)).statusCode).toBe(404);
    expect((await put(technician, `/v2/pricebook/update/${id}`, { price: 1 })).statusCode).toBe(403);
    expect((await post(owner, '/v2/pricebook/create', { name: 'Mine', price: 1, kind: 'product' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v2/pricebook' })).statusCode).toBe(401);
    const [row] = await t.db.select().from(pricebookItems).where(eq(pricebookItems.id, id));
    expect(row!.priceKobo).toBe(500_000);
  });

  it('is exported as CSV or XLSX, offered items by default, with exact prices and formulas neutralised', async () => {
    const supplierBook = await createUser(t.db, { kind: 'supplier', roleKey: 'supplier', isOrgAdmin: true });
    await createPricebookItem(t, supplierBook, { name: 'Diesel, delivered', price: '1150', kind: 'product', unit: 'litre' });
    await createPricebookItem(t, supplierBook, { name: '=cmd|calc', price: '0.05', kind: 'product', description: 'A "quoted", line' });
    const old = await createPricebookItem(t, supplierBook, { name: 'Old battery', price: '99999999999.99', kind: 'product' });
    expect((await post(supplierBook, `/v2/pricebook/retire/${old}`)).statusCode).toBe(200);

    const csv = await get(supplierBook, '/v2/pricebook/export?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="pricebook-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'name,kind,price,unit,brand,model,description,status',
      `'=cmd|calc,product,0.05,,,,"A ""quoted"", line",offered`,
      '"Diesel, delivered",product,1150.00,litre,,,,offered',
      '',
    ]);
    const all = await get(supplierBook, '/v2/pricebook/export?format=xlsx&state=all');
    expect(all.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(all.rawPayload as unknown as ArrayBuffer);
    const rows = workbook.getWorksheet('Pricebook')!.getSheetValues().slice(2) as unknown[][];
    expect(rows.map((row) => [row[1], row[3], row[8]])).toEqual([
      ['=cmd|calc', 0.05, 'offered'],
      ['Diesel, delivered', 1150, 'offered'],
      ['Old battery', 99999999999.99, 'retired'],
    ]);
    // Only one's own, and only with the permission.
    expect((await get(owner, '/v2/pricebook/export')).statusCode).toBe(403);
    expect((await get(mro, '/v2/pricebook/export?format=csv')).body).not.toContain('Diesel');
    expect((await get(supplierBook, '/v2/pricebook/export?format=pdf')).statusCode).toBe(400);
  });
});
