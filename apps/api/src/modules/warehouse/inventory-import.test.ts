import type { AssetImportJob } from '@amp/contracts/asset-import';
import { INVENTORY_FILE_COLUMNS } from '@amp/contracts/warehouse';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activities, assetImports, inventoryItems, notifications, stockMovements } from '../../db/schema/index.js';
import { csvCell } from '../../lib/spreadsheet.js';
import { createInventoryItem, createUser, createWarehouse, multipartFile, type TestUser, TINY_PNG } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectLedgerBalanced } from '../../test/stock-ledger.js';

// A warehouse's inventory in and out of files (issue 11): POST /v2/warehouse/{id}/import through
// the import pipeline's job, its template, and GET /v2/warehouse/{id}/export.

let t: TestApp;
let mro: TestUser;
let store: TestUser;
let keeper: TestUser;
let viewer: TestUser;
let otherMro: TestUser;
let central: string;

type Headers = { authorization: string };

async function upload(warehouse: string, fileName: string, content: Buffer | string, headers: Headers | null = store.headers) {
  const body = await multipartFile(content, fileName);
  return t.app.inject({
    method: 'POST',
    url: `/v2/warehouse/${warehouse}/import`,
    headers: { ...body.headers, ...(headers ?? {}) },
    payload: body.payload,
  });
}

/** Polls the job until it has finished. */
async function finished(id: string): Promise<AssetImportJob> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const res = await t.app.inject({ url: `/v2/warehouse/import/${id}`, headers: store.headers });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().data as AssetImportJob;
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function importFile(warehouse: string, fileName: string, content: Buffer | string): Promise<AssetImportJob> {
  const res = await upload(warehouse, fileName, content);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().data).toMatchObject({ subject: 'inventory', mode: 'add', fileName });
  return finished(res.json().data._id);
}

const csv = (rows: (string | number)[][]) => rows.map((row) => row.map((cell) => csvCell(String(cell))).join(',')).join('\n');

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Inventory');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The warehouse's items by name, as stored. */
const itemsOf = (warehouse: string) =>
  t.db
    .select()
    .from(inventoryItems)
    .where(eq(inventoryItems.warehouseId, warehouse))
    .orderBy(asc(sql`lower(${inventoryItems.name})`), asc(inventoryItems.model), asc(inventoryItems.id));
const movementsOf = (warehouse: string) =>
  t.db.select().from(stockMovements).where(eq(stockMovements.warehouseId, warehouse)).orderBy(asc(stockMovements.id));
const simple = (job: AssetImportJob) => job.errors.map(({ row, column, message }) => ({ row, column, message }));

beforeAll(async () => {
  t = await createTestApp();
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  store = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['manageWarehouse', 'viewWarehouse'] });
  keeper = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['manageWarehouse', 'viewWarehouse'] });
  viewer = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['viewWarehouse'] });
  otherMro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  central = await createWarehouse(t, mro, { name: 'Central store', managers: [store.id] });
});

afterEach(async () => {
  await expectLedgerBalanced(t.db);
});

afterAll(async () => {
  await t?.close();
});

describe('an inventory import', () => {
  it('adds new items with opening movements, and changes and counts the items it names', async () => {
    const existing = await createInventoryItem(t, store, central, { name: 'Oil filter', brand: 'Perkins', quantity: 10, price: 4000 });
    const job = await importFile(
      central,
      'opening.csv',
      csv([
        ['Name', 'Quantity', 'Unit', 'Price', 'Reorder level', 'Brand', 'Model', 'Description'],
        ['OIL FILTER', 7, 'piece', '4,500.00', 8, 'perkins', '', 'Spin-on'],
        ['Engine oil 15W-40', 40, 'litre', '₦3200.50', 10, '', '', ''],
        ['Fan belt', 0, '', '', '', 'Gates', 'A42', ''],
        ['Fan belt', 3, '', '', '', 'Gates', 'A43', ''],
      ]),
    );
    expect(job).toMatchObject({ status: 'succeeded', totalRows: 4, writtenRows: 4, errorCount: 0 });
    const items = await itemsOf(central);
    expect(items.map((i) => [i.name, i.brand, i.model, i.quantity, i.priceKobo, i.reorderLevel, i.unit, i.lowSince !== null])).toEqual([
      ['Engine oil 15W-40', null, null, 40, 320_050, 10, 'litre', false],
      ['Fan belt', 'Gates', 'A42', 0, null, null, null, false],
      ['Fan belt', 'Gates', 'A43', 3, null, null, null, false],
      // Matched ignoring case: its name stays as it was, its description and stock follow the file.
      ['Oil filter', 'Perkins', null, 7, 450_000, 8, 'piece', true],
    ]);
    const movements = (await movementsOf(central)).filter((m) => m.sourceType === 'import');
    expect(movements.map((m) => [m.kind, m.delta, m.balanceAfter, m.reason, m.sourceId, m.userId])).toEqual([
      ['opening', 40, 40, null, job._id, store.id],
      ['opening', 3, 3, null, job._id, store.id],
      ['count', -3, 7, 'Imported from opening.csv', job._id, store.id],
    ]);
    expect(items.find((i) => i.id === existing)?.quantity).toBe(7);

    const [activity] = await t.db.select().from(activities).where(eq(activities.subjectId, job._id));
    expect(activity).toMatchObject({
      action: 'inventory.imported',
      userId: store.id,
      params: { count: 4, file: 'opening.csv', warehouse: 'Central store' },
    });
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, store.id), eq(notifications.event, 'import.succeeded')));
    expect(notice).toMatchObject({
      params: { count: 4, file: 'opening.csv', subject: 'inventory', warehouse: 'Central store' },
      path: `/manage-warehouse/view/${central}?import=${job._id}`,
    });
  });

  it('changes nothing when any row is wrong, and lists every error by row and column', async () => {
    const warehouse = await createWarehouse(t, mro, { name: 'Strict store', managers: [store.id] });
    await createInventoryItem(t, store, warehouse, { name: 'Bearing', quantity: 5 });
    const items = await itemsOf(warehouse);
    const movements = await movementsOf(warehouse);
    const job = await importFile(
      warehouse,
      'bad.csv',
      csv([
        ['name', 'quantity', 'price', 'reorder level', 'brand'],
        ['Bearing', 9, '100', '', ''],
        ['Seal', '', '100', '', ''],
        ['X', -2, 'ten', '1.5', ''],
        ['Gasket', 3, '12,5', '', ''],
        ['bearing', 1, '', '', ''],
      ]),
    );
    expect(job).toMatchObject({ status: 'failed', writtenRows: 0, errorCount: 7 });
    expect(simple(job)).toEqual([
      { row: 3, column: 'quantity', message: 'Quantity is required' },
      { row: 4, column: 'name', message: 'Material name should have at least 2 characters' },
      { row: 4, column: 'quantity', message: 'Quantity is not valid' },
      { row: 4, column: 'price', message: 'Price is not valid' },
      { row: 4, column: 'reorder level', message: 'Reorder level is not valid' },
      { row: 5, column: 'price', message: 'Price is not valid' },
      { row: 6, column: 'name', message: 'This Material name is also used on row 2' },
    ]);
    expect(await itemsOf(warehouse)).toEqual(items);
    expect(await movementsOf(warehouse)).toEqual(movements);
    const errors = await t.app.inject({ url: `/v2/warehouse/import/${job._id}/errors`, headers: store.headers });
    expect(errors.body.replace(/^\uFEFF/, '').split('\r\n')[1]).toBe('3,quantity,Quantity is required');
    const listed = (await t.app.inject({ url: `/v2/warehouse/${warehouse}/imports`, headers: store.headers })).json();
    expect(listed.data.map((j: AssetImportJob) => j._id)).toEqual([job._id]);
    // A file without its required columns is refused as a whole.
    const headless = await importFile(
      warehouse,
      'prices.csv',
      csv([
        ['name', 'price'],
        ['Bearing', '100'],
      ]),
    );
    expect(simple(headless)).toEqual([{ row: 1, column: 'quantity', message: 'The file has no quantity column' }]);
  });

  it('reads XLSX files, and starts from its template', async () => {
    const warehouse = await createWarehouse(t, mro, { name: 'Sheet store', managers: [store.id] });
    const job = await importFile(
      warehouse,
      'count.xlsx',
      await xlsx([
        ['Name', 'Quantity', 'Reorder level', 'Price'],
        ['Coolant', 12, 4, 2500.5],
        ['Rags', '30', null, null],
      ]),
    );
    expect(job).toMatchObject({ status: 'succeeded', writtenRows: 2 });
    expect((await itemsOf(warehouse)).map((i) => [i.name, i.quantity, i.reorderLevel, i.priceKobo])).toEqual([
      ['Coolant', 12, 4, 250_050],
      ['Rags', 30, null, null],
    ]);

    const template = await t.app.inject({ url: '/v2/warehouse/import/template?format=csv', headers: store.headers });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toBe('attachment; filename="inventory-import-template.csv"');
    expect(template.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(INVENTORY_FILE_COLUMNS.join(','));
    expect(await importFile(warehouse, 'template.csv', template.body)).toMatchObject({ status: 'succeeded', writtenRows: 2 });
    const book = await t.app.inject({ url: '/v2/warehouse/import/template?format=xlsx', headers: store.headers });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(book.rawPayload as unknown as ArrayBuffer);
    expect((workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([...INVENTORY_FILE_COLUMNS]);
    expect(workbook.worksheets[1]!.name).toBe('Instructions');
  });

  it('is started only by a manager of the warehouse, and stores nothing otherwise', async () => {
    const theirs = await createWarehouse(t, otherMro);
    const before = await t.db.select().from(assetImports);
    const file = csv([
      ['name', 'quantity'],
      ['Bolt', 1],
    ]);
    expect((await upload(central, 'a.csv', file, null)).statusCode).toBe(401);
    expect((await upload(central, 'a.csv', file, viewer.headers)).statusCode).toBe(403);
    const notManager = await upload(central, 'a.csv', file, keeper.headers);
    expect(notManager.statusCode).toBe(403);
    expect(notManager.json().message).toBe('Only the managers of this warehouse can do this');
    expect((await upload(theirs, 'a.csv', file, mro.headers)).statusCode).toBe(404);
    expect((await upload('nope', 'a.csv', file)).statusCode).toBe(400);
    expect((await upload(central, 'a.png', TINY_PNG)).statusCode).toBe(415);
    expect(await t.db.select().from(assetImports)).toEqual(before);
    expect((await t.app.inject({ url: `/v2/warehouse/${theirs}/imports`, headers: mro.headers })).statusCode).toBe(404);
  });
});

describe('an inventory export', () => {
  it('writes the items in the import’s columns, as CSV and XLSX, and reads back unchanged', async () => {
    const warehouse = await createWarehouse(t, mro, { name: 'Export store', managers: [store.id] });
    await createInventoryItem(t, store, warehouse, {
      name: 'Gasket',
      brand: 'Cummins',
      model: 'G-1',
      quantity: 4,
      price: '1250.5',
      reorderLevel: 2,
    });
    await createInventoryItem(t, store, warehouse, {
      name: '=cmd',
      description: 'A name a spreadsheet would run',
      quantity: 1,
      unit: 'piece',
      price: null,
    });
    const res = await t.app.inject({ url: `/v2/warehouse/${warehouse}/export?format=csv`, headers: viewer.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inventory-Export_store-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      INVENTORY_FILE_COLUMNS.join(','),
      "'=cmd,1,piece,,,,,A name a spreadsheet would run",
      'Gasket,4,,1250.50,2,Cummins,G-1,',
      '',
    ]);
    const movements = (await movementsOf(warehouse)).length;
    const again = await importFile(warehouse, 'export.csv', res.body);
    expect(again).toMatchObject({ status: 'succeeded', writtenRows: 0 });
    expect((await itemsOf(warehouse)).map((i) => i.name)).toEqual(['=cmd', 'Gasket']);
    expect(await movementsOf(warehouse)).toHaveLength(movements);

    const book = await t.app.inject({ url: `/v2/warehouse/${warehouse}/export?format=xlsx`, headers: viewer.headers });
    expect(book.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(book.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...INVENTORY_FILE_COLUMNS]);
    expect((sheet.getRow(3).values as unknown[]).slice(1)).toEqual(['Gasket', 4, undefined, 1250.5, 2, 'Cummins', 'G-1']);
    expect(await importFile(warehouse, 'export.xlsx', book.rawPayload)).toMatchObject({ status: 'succeeded', writtenRows: 0 });

    expect((await t.app.inject({ url: `/v2/warehouse/${warehouse}/export`, headers: otherMro.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/v2/warehouse/${warehouse}/export?format=pdf`, headers: viewer.headers })).statusCode).toBe(400);
  });
});
