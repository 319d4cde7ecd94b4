import type { AssetImportJob } from '@amp/contracts/asset-import';
import { PRICEBOOK_FILE_COLUMNS, PRICEBOOK_MAX_ITEMS } from '@amp/contracts/pricebook';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, assetImports, notifications, pricebookItems } from '../../db/schema/index.js';
import { csvCell } from '../../lib/spreadsheet.js';
import { createPricebookItem, createUser, multipartFile, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

// POST /v2/pricebook/import and its job: the asset import's pipeline with the pricebook's rows.

let t: TestApp;
let mro: TestUser;
let technician: TestUser;
let supplier: TestUser;
let owner: TestUser;
let otherMro: TestUser;

type Headers = { authorization: string } | null;

async function upload(fileName: string, content: Buffer | string, headers: Headers = mro.headers) {
  const body = await multipartFile(content, fileName);
  return t.app.inject({
    method: 'POST',
    url: '/v2/pricebook/import',
    headers: { ...body.headers, ...(headers ?? {}) },
    payload: body.payload,
  });
}

/** Polls the job until it has finished. */
async function finished(id: string, headers: Headers = mro.headers): Promise<AssetImportJob> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/v2/pricebook/import/${id}`, headers: headers ?? undefined });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().data as AssetImportJob;
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function importFile(fileName: string, content: Buffer | string, by: TestUser = mro): Promise<AssetImportJob> {
  const res = await upload(fileName, content, by.headers);
  expect(res.statusCode, res.body).toBe(202);
  const job = res.json().data as AssetImportJob;
  expect(job).toMatchObject({ subject: 'pricebook', mode: 'add', fileName });
  return finished(job._id, by.headers);
}

const csv = (rows: (string | number)[][]) => rows.map((row) => row.map((cell) => csvCell(String(cell))).join(',')).join('\n');

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pricebook');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The organisation's items by name, as stored. */
async function itemsOf(user: TestUser) {
  return t.db
    .select()
    .from(pricebookItems)
    .where(eq(pricebookItems.organisationId, user.organisationId))
    .orderBy(asc(sql`lower(${pricebookItems.name})`), asc(pricebookItems.id));
}

async function itemNamed(user: TestUser, name: string) {
  const [row] = await t.db
    .select()
    .from(pricebookItems)
    .where(and(eq(pricebookItems.organisationId, user.organisationId), eq(pricebookItems.name, name)));
  return row;
}

const simple = (job: AssetImportJob) => job.errors.map(({ row, column, message }) => ({ row, column, message }));

beforeAll(async () => {
  t = await createTestApp();
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  technician = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician' });
  supplier = await createUser(t.db, { kind: 'supplier', roleKey: 'supplier', isOrgAdmin: true });
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  otherMro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
});

afterAll(async () => {
  await t?.close();
});

describe('GET /v2/pricebook/import/template', () => {
  it('gives the export’s columns with example rows, as CSV and as XLSX with instructions; the CSV imports as it is', async () => {
    const res = await t.app.inject({ url: '/v2/pricebook/import/template?format=csv', headers: supplier.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pricebook-import-template.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(PRICEBOOK_FILE_COLUMNS.join(','));
    expect(lines).toHaveLength(3);

    const book = await t.app.inject({ url: '/v2/pricebook/import/template?format=xlsx', headers: supplier.headers });
    expect(book.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(book.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...PRICEBOOK_FILE_COLUMNS]);
    expect(workbook.worksheets[1]!.name).toBe('Instructions');
    expect((await t.app.inject({ url: '/v2/pricebook/import/template?format=pdf', headers: supplier.headers })).statusCode).toBe(400);

    const job = await importFile('template.csv', res.body, supplier);
    expect(job).toMatchObject({ status: 'succeeded', writtenRows: 2 });
    expect(await itemNamed(supplier, 'Fuel injection pump')).toMatchObject({ kind: 'spare_part', priceKobo: 41_250_000, brand: 'Perkins' });
  });
});

describe('POST /v2/pricebook/import', () => {
  it('adds the items of a CSV file with exact kobo, kinds by key or label, one activity and a notification', async () => {
    const activitiesBefore = await t.db.select().from(activities).where(eq(activities.organisationId, mro.organisationId));
    const job = await importFile(
      'prices.csv',
      csv([
        ['Name', 'KIND', 'price', 'unit', 'brand', 'model', 'description'],
        ['Generator servicing', 'service', '85000.50', 'visit', '', '', 'Oil and filters; load test'],
        ['Air filter', 'Spare part', '₦1,250.05', 'each', 'Fleetguard', 'AF25', ''],
        ['Diesel', 'PRODUCT', '0.10', 'litre', '', '', ''],
      ]),
    );
    expect(job).toMatchObject({ status: 'succeeded', totalRows: 3, processedRows: 3, writtenRows: 3, errorCount: 0, errors: [] });
    expect(await itemNamed(mro, 'Generator servicing')).toMatchObject({
      kind: 'service',
      priceKobo: 8_500_050,
      unit: 'visit',
      brand: null,
      description: 'Oil and filters; load test',
      retiredAt: null,
      createdBy: mro.id,
    });
    expect(await itemNamed(mro, 'Air filter')).toMatchObject({
      kind: 'spare_part',
      priceKobo: 125_005,
      brand: 'Fleetguard',
      model: 'AF25',
    });
    expect(await itemNamed(mro, 'Diesel')).toMatchObject({ kind: 'product', priceKobo: 10 });
    // The list reads them like any other item.
    const list = (await t.app.inject({ url: '/v2/pricebook', headers: mro.headers })).json();
    expect(list.data.map((item: { name: string }) => item.name)).toEqual(['Air filter', 'Diesel', 'Generator servicing']);

    const activitiesAfter = await t.db.select().from(activities).where(eq(activities.organisationId, mro.organisationId));
    expect(activitiesAfter).toHaveLength(activitiesBefore.length + 1);
    const [logged] = await t.db.select().from(activities).where(eq(activities.subjectId, job._id));
    expect(logged).toMatchObject({ action: 'pricebook.imported', params: { count: 3, file: 'prices.csv' }, userId: mro.id });
    const [sent] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, mro.id), eq(notifications.path, `/pricebook/import?import=${job._id}`)));
    expect(sent).toMatchObject({ event: 'import.succeeded', params: { file: 'prices.csv', count: 3, subject: 'pricebook' } });
    const shown = (await t.app.inject({ url: '/v2/notification', headers: mro.headers })).json();
    expect(shown.data[0]).toMatchObject({
      description: 'The import of prices.csv finished: 3 pricebook item(s) added or changed',
      path: `/pricebook/import?import=${job._id}`,
    });
  });

  it('adds the items of an XLSX file, with numeric prices and a status', async () => {
    const job = await importFile(
      'prices.xlsx',
      await xlsx([
        ['name', 'kind', 'price', 'unit', 'status'],
        ['Rectifier module', 'spare_part', 125000.75, 'each', 'offered'],
        ['Old rectifier', 'spare_part', 99999999999.99, 'each', 'Retired'],
        [],
        ['Battery test', 'service', 5000, null, null],
      ]),
    );
    expect(job).toMatchObject({ status: 'succeeded', writtenRows: 3 });
    expect(await itemNamed(mro, 'Rectifier module')).toMatchObject({ priceKobo: 12_500_075, unit: 'each', retiredAt: null });
    expect((await itemNamed(mro, 'Old rectifier'))!.retiredAt).not.toBeNull();
    expect(await itemNamed(mro, 'Battery test')).toMatchObject({ kind: 'service', priceKobo: 500_000, unit: null });
  });

  it('changes the items whose names match (any case), retires and offers them, and leaves out-of-file columns as they are', async () => {
    const before = await itemNamed(mro, 'Air filter');
    const rectifier = await itemNamed(mro, 'Old rectifier');
    const untouched = await itemNamed(mro, 'Diesel');
    const count = (await itemsOf(mro)).length;
    const job = await importFile(
      'changes.csv',
      csv([
        ['name', 'kind', 'price', 'status'],
        ['  AIR FILTER ', 'spare_part', '1300', 'retired'],
        ['old rectifier', 'spare_part', '99999999999.99', 'offered'],
        ['Generator servicing', 'service', '90000', ''],
        ['Call-out, Lagos', 'service', '15000', ''],
      ]),
    );
    expect(job).toMatchObject({ status: 'succeeded', processedRows: 4, writtenRows: 4 });
    expect((await itemsOf(mro)).length).toBe(count + 1);
    const air = await itemNamed(mro, 'Air filter');
    // The name stays as it was; the unit, brand and model columns were not in the file.
    expect(air).toMatchObject({ id: before!.id, priceKobo: 130_000, unit: 'each', brand: 'Fleetguard', model: 'AF25' });
    expect(air!.retiredAt).not.toBeNull();
    expect(air!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    expect(await itemNamed(mro, 'Old rectifier')).toMatchObject({ id: rectifier!.id, retiredAt: null });
    expect(await itemNamed(mro, 'Generator servicing')).toMatchObject({ priceKobo: 9_000_000, retiredAt: null, unit: 'visit' });
    expect(await itemNamed(mro, 'Call-out, Lagos')).toMatchObject({ priceKobo: 1_500_000, retiredAt: null });
    expect(await itemNamed(mro, 'Diesel')).toEqual(untouched);

    // An empty cell of a column in the file clears the field; a retired item stays retired when the status is empty.
    const cleared = await importFile(
      'clear.csv',
      csv([
        ['name', 'kind', 'price', 'brand', 'model', 'status'],
        ['Air filter', 'spare_part', '1300', '', 'AF26', ''],
      ]),
    );
    expect(cleared).toMatchObject({ status: 'succeeded', writtenRows: 1 });
    const again = await itemNamed(mro, 'Air filter');
    expect(again).toMatchObject({ brand: null, model: 'AF26', unit: 'each', retiredAt: air!.retiredAt });
  });

  it('takes back its own export, CSV or XLSX, without changing anything', async () => {
    await createPricebookItem(t, mro, { name: '=cmd|calc', price: '0.05', kind: 'product', description: 'A "quoted", line' });
    await createPricebookItem(t, mro, { name: '-40 °C coolant', price: '4500', kind: 'product', unit: 'litre' });
    const snapshot = await itemsOf(mro);
    for (const format of ['csv', 'xlsx'] as const) {
      const exported = await t.app.inject({ url: `/v2/pricebook/export?format=${format}&state=all`, headers: mro.headers });
      expect(exported.statusCode).toBe(200);
      const job = await importFile(`pricebook.${format}`, exported.rawPayload);
      expect(job, format).toMatchObject({ status: 'succeeded', processedRows: snapshot.length, writtenRows: 0, errorCount: 0 });
      expect(await itemsOf(mro), format).toEqual(snapshot);
    }
    const [logged] = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.organisationId, mro.organisationId), sql`${activities.params}->>'file' = 'pricebook.xlsx'`));
    expect(logged).toMatchObject({ action: 'pricebook.imported', params: { count: 0 } });
  });

  it('reports every error by row, column and catalogue message, and writes nothing', async () => {
    const snapshot = await itemsOf(mro);
    const job = await importFile(
      'bad.csv',
      csv([
        ['name', 'kind', 'price', 'unit', 'status'],
        ['', 'service', '100', '', ''],
        ['Bolt', 'labour', '12.345', '', 'sold'],
        ['New bolt', 'product', '12,5', '', ''],
        ['Nut', '', '', '', ''],
        ['NEW BOLT ', 'product', '10', '', ''],
        ['X', 'product', '-5', 'a unit far longer than thirty characters', ''],
      ]),
    );
    expect(job).toMatchObject({ status: 'failed', writtenRows: 0, errorCount: 11 });
    expect(simple(job)).toEqual([
      { row: 2, column: 'name', message: 'Name is required' },
      { row: 3, column: 'kind', message: 'Kind is not valid' },
      { row: 3, column: 'price', message: 'Price is not valid' },
      { row: 3, column: 'status', message: 'Status is not valid' },
      { row: 4, column: 'price', message: 'Price is not valid' },
      { row: 5, column: 'kind', message: 'Kind is required' },
      { row: 5, column: 'price', message: 'Price is required' },
      { row: 6, column: 'name', message: 'This Name is also used on row 4' },
      { row: 7, column: 'name', message: 'Name should have at least 2 characters' },
      { row: 7, column: 'price', message: 'Price is not valid' },
      { row: 7, column: 'unit', message: 'Unit should have at most 30 characters' },
    ]);
    expect(job.errors[0]).toMatchObject({ key: 'VALIDATION.REQUIRED', params: { field: 'Name' } });
    expect(await itemsOf(mro)).toEqual(snapshot);

    const download = await t.app.inject({ url: `/v2/pricebook/import/${job._id}/errors`, headers: mro.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="bad-errors.csv"');
    const lines = download.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('row,column,message');
    expect(lines[1]).toBe('2,name,Name is required');

    const [failed] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, mro.id), eq(notifications.path, `/pricebook/import?import=${job._id}`)));
    expect(failed).toMatchObject({ event: 'import.failed' });
    expect(failed!.params).toMatchObject({ file: 'bad.csv', reason: `The file has ${job.errorCount} error(s), so nothing was written` });
  });

  it('reports a header without the required columns once', async () => {
    const job = await importFile(
      'header.csv',
      csv([
        ['name', 'cost', 'Name'],
        ['Bolt', '10', 'Nut'],
      ]),
    );
    expect(simple(job)).toEqual([
      { row: 1, column: 'name', message: 'The column name appears more than once' },
      { row: 1, column: 'kind', message: 'The file has no kind column' },
      { row: 1, column: 'price', message: 'The file has no price column' },
      { row: 1, column: 'cost', message: 'The column "cost" is not a column of the template' },
    ]);
  });

  it(`keeps a pricebook within ${PRICEBOOK_MAX_ITEMS} items: changes are fine, the first item past the limit is an error`, async () => {
    const full = await createUser(t.db, { kind: 'supplier', roleKey: 'supplier', isOrgAdmin: true });
    await t.db.execute(sql`
      insert into pricebook_items (organisation_id, name, price_kobo, kind)
      select ${full.organisationId}::uuid, 'Item ' || g, 100, 'product' from generate_series(1, ${PRICEBOOK_MAX_ITEMS - 1}) g`);
    const job = await importFile(
      'more.csv',
      csv([
        ['name', 'kind', 'price'],
        ['Item 1', 'product', '2'],
        ['One more', 'product', '1'],
        ['Item 2', 'product', '2'],
        ['Too many', 'product', '1'],
        ['Far too many', 'product', '1'],
      ]),
      full,
    );
    expect(job.status).toBe('failed');
    expect(simple(job)).toEqual([
      {
        row: 5,
        column: '',
        message: `This pricebook already holds ${PRICEBOOK_MAX_ITEMS} items. Retire or change items instead of adding more.`,
      },
    ]);
    expect((await itemsOf(full)).length).toBe(PRICEBOOK_MAX_ITEMS - 1);
    const fits = await importFile(
      'fits.csv',
      csv([
        ['name', 'kind', 'price'],
        ['Item 1', 'product', '2'],
        ['One more', 'product', '1'],
      ]),
      full,
    );
    expect(fits).toMatchObject({ status: 'succeeded', writtenRows: 2 });
    expect((await itemsOf(full)).length).toBe(PRICEBOOK_MAX_ITEMS);
  });

  it('refuses strangers (401), staff without managePricebook and owners (403), and files it cannot read', async () => {
    const content = 'name,kind,price\nBolt,product,10\n';
    expect((await upload('a.csv', content, null)).statusCode).toBe(401);
    expect((await upload('a.csv', content, technician.headers)).statusCode).toBe(403);
    expect((await upload('a.csv', content, owner.headers)).statusCode).toBe(403);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    expect((await upload('a.csv', png)).statusCode).toBe(415);
    for (const url of ['/v2/pricebook/imports', '/v2/pricebook/import/template']) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(401);
      expect((await t.app.inject({ url, headers: technician.headers })).statusCode, url).toBe(403);
    }
  });
});

describe('GET /v2/pricebook/imports and /v2/pricebook/import/:id', () => {
  it("lists the organisation's pricebook imports only, newest first", async () => {
    const res = await t.app.inject({ url: '/v2/pricebook/imports?pageSize=2', headers: mro.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({ subject: 'pricebook', fileName: 'header.csv', errors: [], createdBy: { _id: mro.id } });
    expect(body.meta.total).toBeGreaterThan(5);
    expect((await t.app.inject({ url: '/v2/pricebook/imports', headers: otherMro.headers })).json().meta.total).toBe(0);
  });

  it("answers 404 for another organisation's import and for an asset import, and keeps pricebook imports out of the asset ones", async () => {
    const [job] = (await t.app.inject({ url: '/v2/pricebook/imports', headers: mro.headers })).json().data as AssetImportJob[];
    for (const url of [`/v2/pricebook/import/${job!._id}`, `/v2/pricebook/import/${job!._id}/errors`]) {
      expect((await t.app.inject({ url, headers: otherMro.headers })).statusCode, url).toBe(404);
      expect((await t.app.inject({ url, headers: supplier.headers })).statusCode, url).toBe(404);
      expect((await t.app.inject({ url, headers: technician.headers })).statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ url: '/v2/pricebook/import/nope', headers: mro.headers })).statusCode).toBe(400);

    // In one organisation, an asset import is not a pricebook import, nor the other way round.
    const provider = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
    const both = await createUser(t.db, { organisationId: provider.organisationId, permissions: ['createNewAsset', 'managePricebook'] });
    const mine = await importFile('mine.csv', 'name,kind,price\nBolt,product,10\n', provider);
    const [assetImport] = await t.db
      .insert(assetImports)
      .values({ organisationId: provider.organisationId, createdBy: both.id, mode: 'add', fileName: 'assets.csv', status: 'failed' })
      .returning({ id: assetImports.id });
    const get = (url: string) => t.app.inject({ url, headers: both.headers });
    expect((await get(`/v2/pricebook/import/${assetImport!.id}`)).statusCode).toBe(404);
    expect((await get(`/v2/pricebook/import/${assetImport!.id}/errors`)).statusCode).toBe(404);
    expect((await get(`/v2/asset/bulk/${mine._id}`)).statusCode).toBe(404);
    expect((await get('/v2/pricebook/imports')).json().data.map((j: AssetImportJob) => j._id)).toEqual([mine._id]);
    expect((await get('/v2/asset/bulk')).json().data.map((j: AssetImportJob) => j._id)).toEqual([assetImport!.id]);
  });
});
