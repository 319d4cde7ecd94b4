import { type AssetImportJob, IMPORT_COLUMNS } from '@amp/contracts/asset-import';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, assetImports, assets, clusters, notifications } from '../../db/schema/index.js';
import { csvCell } from '../../lib/spreadsheet.js';
import { createCategory, createCluster, createUser, multipartFile, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { uploadKey } from './asset-import.jobs.js';
import { columnLetter, detectDelimiter, detectKind } from './asset-import.parser.js';

let t: TestApp;
let owner: TestUser;
let otherOwner: TestUser;
let viewer: TestUser;
let power: string;
let generator: string;
let solar: string;
let water: string;
let pump: string;
let ikeja: string;
let lekki: string;

type Headers = { authorization: string } | null;

async function upload(mode: 'add' | 'update', fileName: string, content: Buffer | string, headers: Headers = owner.headers) {
  const body = await multipartFile(content, fileName);
  return t.app.inject({
    method: 'POST',
    url: `/v2/asset/bulk/${mode}`,
    headers: { ...body.headers, ...(headers ?? {}) },
    payload: body.payload,
  });
}

/** Polls the job until it has finished. */
async function finished(id: string, headers: Headers = owner.headers): Promise<AssetImportJob> {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/v2/asset/bulk/${id}`, headers: headers ?? undefined });
    expect(res.statusCode, res.body).toBe(200);
    const job = res.json().data as AssetImportJob;
    if (job.status === 'succeeded' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function importFile(mode: 'add' | 'update', fileName: string, content: Buffer | string): Promise<AssetImportJob> {
  const res = await upload(mode, fileName, content);
  expect(res.statusCode, res.body).toBe(202);
  const job = res.json().data as AssetImportJob;
  expect(job).toMatchObject({ mode, fileName, status: expect.any(String) });
  return finished(job._id);
}

const csv = (rows: (string | number)[][]) => rows.map((row) => row.map((cell) => csvCell(String(cell))).join(',')).join('\n');

async function assetCount(organisationId = owner.organisationId) {
  return (await t.db.select({ value: count() }).from(assets).where(eq(assets.organisationId, organisationId)))[0]!.value;
}

async function activityCount() {
  return (await t.db.select({ value: count() }).from(activities).where(eq(activities.organisationId, owner.organisationId)))[0]!.value;
}

async function assetByCode(code: string) {
  const [row] = await t.db
    .select()
    .from(assets)
    .where(and(eq(assets.organisationId, owner.organisationId), eq(assets.assetCode, code)));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  viewer = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset'] });
  power = await createCategory(t.db, 'Power');
  generator = await createCategory(t.db, 'Generator', power);
  solar = await createCategory(t.db, 'Solar', power);
  water = await createCategory(t.db, 'Water');
  pump = await createCategory(t.db, 'Pump', water);
  ikeja = await createCluster(t, owner, { clusterID: 'IKJ', name: 'Ikeja', state: 'lagos' });
  lekki = await createCluster(t, owner, { clusterID: 'LKK', name: 'Lekki', state: 'lagos' });
  await createCluster(t, otherOwner, { clusterID: 'OTH', name: 'Other owner' });
});
afterAll(async () => {
  await t?.close();
});

describe('file helpers', () => {
  it('tells CSV from XLSX by content and finds the separator', () => {
    expect(detectKind(Buffer.from('PK\x03\x04rest'), true)).toBe('xlsx');
    expect(detectKind(Buffer.from('assetID,name\nA,Ä b\n'), true)).toBe('csv');
    expect(detectKind(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00]), true)).toBeUndefined();
    expect(detectKind(Buffer.from([0x61, 0xff, 0xfe, 0x62]), true)).toBeUndefined();
    // A sample cut inside a multi-byte character is still text.
    expect(detectKind(Buffer.from('name\nÄ').subarray(0, 6), false)).toBe('csv');
    expect(detectDelimiter(Buffer.from('assetID;name;"a,b"\n1,2,3'))).toBe(';');
    expect(detectDelimiter(Buffer.from('assetID,name\n'))).toBe(',');
    expect(detectDelimiter(Buffer.from('assetID\tname\n'))).toBe('\t');
    expect(columnLetter(0)).toBe('A');
    expect(columnLetter(25)).toBe('Z');
    expect(columnLetter(26)).toBe('AA');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('plain')).toBe('plain');
  });
});

describe('GET /v2/asset/bulk/template', () => {
  it('gives the CSV template with the header and, for add, an example row that imports', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/asset/bulk/template?mode=add&format=csv', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="asset-bulk-add-template.csv"');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(IMPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',IKJ,');

    const update = await t.app.inject({ method: 'GET', url: '/v2/asset/bulk/template?mode=update&format=csv', headers: owner.headers });
    expect(
      update.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toEqual([IMPORT_COLUMNS.join(',')]);
  });

  it('gives the XLSX template with the header, an instructions sheet, and real dates in the example', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/asset/bulk/template?mode=add&format=xlsx', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...IMPORT_COLUMNS]);
    expect(sheet.getRow(2).getCell(11).value).toEqual(new Date(Date.UTC(2024, 0, 15)));
    expect(workbook.worksheets[1]!.name).toBe('Instructions');

    const update = await t.app.inject({ method: 'GET', url: '/v2/asset/bulk/template?mode=update&format=xlsx', headers: owner.headers });
    const updateBook = new ExcelJS.Workbook();
    await updateBook.xlsx.load(update.rawPayload as unknown as ArrayBuffer);
    expect(updateBook.worksheets[0]!.rowCount).toBe(1);
  });

  it('refuses strangers (401), callers without createNewAsset (403) and unknown formats (400)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v2/asset/bulk/template' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v2/asset/bulk/template', headers: viewer.headers })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/v2/asset/bulk/template?format=pdf', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Format is not valid');
  });
});

describe('POST /v2/asset/bulk/add', () => {
  it('imports a good CSV of 300 rows in one go: generated codes skip taken ones, kobo exact, counts kept, one activity', async () => {
    // A hand-typed code in the generated range is skipped.
    const typed = await t.app.inject({
      method: 'POST',
      url: '/v2/asset/create/',
      headers: owner.headers,
      payload: { assetID: 'AS-000003', name: 'Typed earlier', categoryId: power },
    });
    expect(typed.statusCode).toBe(201);
    const before = await assetCount();
    const activitiesBefore = await activityCount();
    const rows: (string | number)[][] = [[...IMPORT_COLUMNS]];
    for (let i = 1; i <= 300; i++) {
      rows.push([
        i % 100 === 0 ? `GOOD-${i}` : '',
        `Generator ${i}`,
        i % 2 === 0 ? 'ikj' : '',
        `LOC-${i}`,
        'Plant room',
        i % 3 === 0 ? 'water' : 'Power',
        i % 3 === 0 ? 'PUMP' : i % 3 === 1 ? 'Generator' : '',
        'Perkins',
        '4006',
        `SN-${i}`,
        '2024-01-15',
        i === 1 ? '' : '2027-01-14',
        i === 7 ? 'Under maintenance' : i === 8 ? 'faulty' : '',
        i === 1 ? '1,250,000.55' : i === 2 ? '0.10' : '',
        'Imported, with "quotes"',
      ]);
    }
    const job = await importFile('add', 'good.csv', csv(rows));
    expect(job).toMatchObject({ status: 'succeeded', totalRows: 300, processedRows: 300, writtenRows: 300, errorCount: 0, errors: [] });
    expect(job.finishedAt).not.toBeNull();
    expect(await assetCount()).toBe(before + 300);

    const first = await assetByCode('AS-000001');
    expect(first).toMatchObject({
      name: 'Generator 1',
      clusterId: null,
      categoryId: power,
      subCategoryId: generator,
      installationDate: '2024-01-15',
      warrantyExpiry: null,
      status: 'active',
      purchaseCostKobo: 125000055,
      description: 'Imported, with "quotes"',
      createdBy: owner.id,
    });
    expect(await assetByCode('AS-000002')).toMatchObject({ name: 'Generator 2', clusterId: ikeja, purchaseCostKobo: 10 });
    // AS-000003 was typed by hand: row 3 got AS-000004, and 297 generated codes end at AS-000298.
    expect(await assetByCode('AS-000004')).toMatchObject({ name: 'Generator 3', categoryId: water, subCategoryId: pump });
    expect(await assetByCode('AS-000298')).toMatchObject({ name: 'Generator 299' });
    expect(await assetByCode('GOOD-300')).toMatchObject({ name: 'Generator 300' });
    expect(await assetByCode('AS-000008')).toMatchObject({ status: 'under_maintenance' });
    expect(await assetByCode('AS-000009')).toMatchObject({ status: 'faulty' });

    const [cluster] = await t.db.select({ assetCount: clusters.assetCount }).from(clusters).where(eq(clusters.id, ikeja));
    expect(cluster!.assetCount).toBe(150);
    expect(await activityCount()).toBe(activitiesBefore + 1);
    const [logged] = await t.db.select().from(activities).where(eq(activities.subjectId, job._id));
    expect(logged).toMatchObject({
      action: 'asset.imported',
      params: { count: 300, file: 'good.csv' },
      subjectType: 'asset_import',
      userId: owner.id,
    });
  });

  it('reports every error by row, column and catalogue message, and writes nothing', async () => {
    const before = await assetCount();
    const activitiesBefore = await activityCount();
    const rows = [
      ['Asset ID', 'NAME', 'clusterID', 'category', 'subCategory', 'installationDate', 'warrantyExpiry', 'status', 'purchaseCost'],
      ['OK-1', 'Fine row', 'IKJ', 'Power', 'Generator', '2024-01-01', '2025-01-01', 'Active', '10'],
      ['', '', 'NOPE', 'Power', '', '', '', '', ''],
      ['', 'Bad dates', '', 'Power', 'Pump', '2024-13-01', '2020-01-01', 'Broken', '1.234'],
      ['ok-1', 'Same code', 'OTH', 'Plants', 'Pump', '', '', '', ''],
      ['GOOD-100', 'Code taken', '', '', '', '2024-05-01', '2024-04-30', 'Decommissioned', '-5'],
      [],
      ['bad code!', 'X', '', 'Water', 'pump', '', '', '', ''],
    ];
    const job = await importFile('add', 'bad.csv', csv(rows));
    expect(job.status).toBe('failed');
    expect(job.writtenRows).toBe(0);
    const simple = job.errors.map(({ row, column, message }) => ({ row, column, message }));
    expect(simple).toEqual([
      { row: 3, column: 'name', message: 'Name is required' },
      { row: 3, column: 'clusterID', message: 'The requested Cluster is not found' },
      { row: 4, column: 'subCategory', message: 'The sub-category does not belong to the chosen category' },
      { row: 4, column: 'installationDate', message: 'Installation date is not valid' },
      { row: 4, column: 'status', message: 'Status is not valid' },
      { row: 4, column: 'purchaseCost', message: 'Purchase cost is not valid' },
      { row: 5, column: 'assetID', message: 'This Asset ID is also used on row 2' },
      { row: 5, column: 'clusterID', message: 'The requested Cluster is not found' },
      { row: 5, column: 'category', message: 'The requested Category is not found' },
      { row: 6, column: 'assetID', message: 'Asset ID is already in use' },
      { row: 6, column: 'category', message: 'Category is required' },
      { row: 6, column: 'status', message: 'Status is not valid' },
      { row: 6, column: 'purchaseCost', message: 'Purchase cost is not valid' },
      // The blank line 7 is skipped but counted, as a spreadsheet numbers rows.
      { row: 8, column: 'assetID', message: 'Asset ID is not valid' },
      { row: 8, column: 'name', message: 'Name should have at least 2 characters' },
    ]);
    expect(job.errorCount).toBe(15);
    expect(job.errors[0]).toMatchObject({ key: 'VALIDATION.REQUIRED', params: { field: 'Name' } });
    expect(await assetCount()).toBe(before);
    expect(await activityCount()).toBe(activitiesBefore);

    // The whole list as CSV.
    const download = await t.app.inject({ method: 'GET', url: `/v2/asset/bulk/${job._id}/errors`, headers: owner.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toBe('attachment; filename="bad-errors.csv"');
    const lines = download.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('row,column,message');
    expect(lines[1]).toBe('3,name,Name is required');
    expect(lines).toHaveLength(16);
  });

  it('checks typed codes against the database and the date order', async () => {
    const before = await assetCount();
    const job = await importFile(
      'add',
      'taken.csv',
      csv([
        ['assetID', 'name', 'category', 'installationDate', 'warrantyExpiry'],
        ['GOOD-100', 'Code taken', 'Power', '', ''],
        ['NEW-1', 'Dates', 'Power', '2024-05-01', '2024-04-30'],
        ['as-000001', 'Generated earlier', 'Power', '', ''],
      ]),
    );
    expect(job.errors.map(({ row, column, message }) => ({ row, column, message }))).toEqual([
      { row: 2, column: 'assetID', message: 'Asset ID is already in use' },
      { row: 3, column: 'warrantyExpiry', message: 'Warranty expiry cannot be before Installation date' },
      { row: 4, column: 'assetID', message: 'Asset ID is already in use' },
    ]);
    expect(await assetCount()).toBe(before);
  });

  it('refuses a decimal comma in the cost rather than reading it as thousands', async () => {
    const job = await importFile(
      'add',
      'comma.csv',
      csv([
        ['name', 'category', 'purchaseCost'],
        ['Comma cost', 'Power', '12,5'],
        ['Grouped cost', 'Power', '₦1,250,000.50'],
      ]),
    );
    expect(job.errors.map(({ row, column, message }) => ({ row, column, message }))).toEqual([
      { row: 2, column: 'purchaseCost', message: 'Purchase cost is not valid' },
    ]);
  });

  it('reports a wrong header once instead of every row', async () => {
    const job = await importFile(
      'add',
      'header.csv',
      csv([
        ['name', 'colour', 'Name', 'brand'],
        ['A', 'red', 'B', 'C'],
      ]),
    );
    expect(job.errors.map(({ row, column, message }) => ({ row, column, message }))).toEqual([
      { row: 1, column: 'name', message: 'The column name appears more than once' },
      { row: 1, column: 'category', message: 'The file has no category column' },
      { row: 1, column: 'colour', message: 'The column "colour" is not a column of the template' },
    ]);
    const empty = await importFile('add', 'empty.csv', 'name,category\n\n');
    expect(empty.errors.map((e) => e.message)).toEqual(['The file has no rows to import']);
    const stray = await importFile('add', 'stray.csv', 'name,category,\nPump A,Water,oops\n');
    expect(stray.errors.map(({ row, column, message }) => ({ row, column, message }))).toEqual([
      { row: 2, column: 'C', message: 'This cell has no column name in the header row' },
    ]);
  });

  it('fails an unreadable CSV as a whole', async () => {
    const job = await importFile('add', 'broken.csv', 'name,category\n"Pump A,Water\nPump B,Water\n');
    expect(job).toMatchObject({ status: 'failed', errorCount: 0 });
    expect(job.failureMessage).toBe('The file is not a readable spreadsheet. Save it as CSV (UTF-8) or XLSX and try again');
  });

  it('imports a good XLSX, with real dates, numbers and a semicolon-free layout', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Assets');
    sheet.addRow([
      'assetID',
      'name',
      'clusterID',
      'category',
      'subCategory',
      'installationDate',
      'warrantyExpiry',
      'purchaseCost',
      'serialNumber',
    ]);
    sheet.addRow(['XL-1', 'Excel pump', 'LKK', 'Water', 'Pump', new Date(Date.UTC(2023, 5, 30)), '2026-06-30', 1999.99, 12345]);
    sheet.addRow([1002, 'Excel generator', null, 'Power', null, 45000, null, 250000, null]);
    sheet.addRow([]);
    sheet.addRow(['XL-3', { richText: [{ text: 'Rich ' }, { text: 'text' }] }, null, 'Power']);
    workbook.addWorksheet('Ignored').addRow(['not', 'read']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const job = await importFile('add', 'assets.xlsx', buffer);
    expect(job).toMatchObject({ status: 'succeeded', writtenRows: 3, totalRows: 3 });
    expect(await assetByCode('XL-1')).toMatchObject({
      name: 'Excel pump',
      clusterId: lekki,
      categoryId: water,
      subCategoryId: pump,
      installationDate: '2023-06-30',
      warrantyExpiry: '2026-06-30',
      purchaseCostKobo: 199999,
      serialNumber: '12345',
    });
    expect(await assetByCode('1002')).toMatchObject({
      name: 'Excel generator',
      installationDate: '2023-03-15',
      purchaseCostKobo: 25000000,
    });
    expect(await assetByCode('XL-3')).toMatchObject({ name: 'Rich text' });
  });

  it('takes an XLSX file named .csv by its content, and refuses a renamed binary file (415)', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const jobsBefore = (await t.db.select({ value: count() }).from(assetImports))[0]!.value;
    const res = await upload('add', 'assets.csv', png);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('This type of file is not supported');
    const json = await t.app.inject({ method: 'POST', url: '/v2/asset/bulk/add', headers: owner.headers, payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    expect((await t.db.select({ value: count() }).from(assetImports))[0]!.value).toBe(jobsBefore);

    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Assets').addRow(['name', 'category']);
    workbook.worksheets[0]!.addRow(['Renamed workbook', 'Power']);
    const job = await importFile('add', 'renamed.csv', Buffer.from(await workbook.xlsx.writeBuffer()));
    expect(job).toMatchObject({ status: 'succeeded', writtenRows: 1 });
  });

  it('refuses a file over 50 MB (413) and an upload without a file (400)', async () => {
    const res = await upload('add', 'huge.csv', Buffer.alloc(50 * 1024 * 1024 + 10, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is too large');
    const boundary = '----ampempty';
    const none = await t.app.inject({
      method: 'POST',
      url: '/v2/asset/bulk/add',
      headers: { ...owner.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('File is required');
  });

  it('refuses strangers (401) and callers without createNewAsset (403)', async () => {
    const content = 'name,category\nA pump,Water\n';
    expect((await upload('add', 'a.csv', content, null)).statusCode).toBe(401);
    expect((await upload('add', 'a.csv', content, viewer.headers)).statusCode).toBe(403);
    expect((await upload('update', 'a.csv', content, viewer.headers)).statusCode).toBe(403);
  });
});

describe('POST /v2/asset/bulk/update', () => {
  it('changes only the filled cells of the assets matched by assetID', async () => {
    const before = await assetByCode('AS-000002');
    const untouched = await assetByCode('AS-000004');
    const activitiesBefore = await activityCount();
    const job = await importFile(
      'update',
      'update.csv',
      csv([
        ['assetID', 'name', 'clusterID', 'status', 'purchaseCost', 'subCategory', 'brand'],
        ['as-000002', '', 'LKK', 'Faulty', '99.99', '', ''],
        ['GOOD-100', 'Renamed', '', '', '', 'solar', 'Mikano'],
      ]),
    );
    expect(job).toMatchObject({ status: 'succeeded', writtenRows: 2, errorCount: 0 });
    const after = await assetByCode('AS-000002');
    expect(after).toMatchObject({
      ...before,
      clusterId: lekki,
      status: 'faulty',
      purchaseCostKobo: 9999,
      updatedAt: expect.any(Date),
      createdAt: expect.any(Date),
    });
    expect(after!.updatedAt.getTime()).toBeGreaterThan(before!.updatedAt.getTime());
    // GOOD-100 (Power / Generator) gets the sub-category Solar of its own category.
    expect(await assetByCode('GOOD-100')).toMatchObject({ name: 'Renamed', brand: 'Mikano', subCategoryId: solar, categoryId: power });
    expect(await assetByCode('AS-000004')).toEqual(untouched);
    const [moved] = await t.db.select({ assetCount: clusters.assetCount }).from(clusters).where(eq(clusters.id, ikeja));
    expect(moved!.assetCount).toBe(149);
    expect(await activityCount()).toBe(activitiesBefore + 1);
  });

  it('reports unknown assetIDs and rule breaks against the stored asset, and changes nothing', async () => {
    const decommissioned = await assetByCode('AS-000005');
    const res = await t.app.inject({ method: 'POST', url: `/v2/asset/${decommissioned!.id}/decommission`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const snapshot = await t.db.select().from(assets).where(eq(assets.organisationId, owner.organisationId)).orderBy(asc(assets.id));
    const job = await importFile(
      'update',
      'update-bad.csv',
      csv([
        ['assetID', 'name', 'category', 'subCategory', 'installationDate', 'status'],
        ['NOPE-1', 'Who', '', '', '', ''],
        ['AS-000005', '', '', '', '', 'Active'],
        ['AS-000001', '', 'Water', '', '', ''],
        ['AS-000006', '', '', 'Pump', '', ''],
        ['AS-000010', '', '', '', '2030-01-01', ''],
        ['AS-000010', 'Again', '', '', '', ''],
        ['', 'No code', '', '', '', ''],
      ]),
    );
    expect(job.status).toBe('failed');
    expect(job.errors.map(({ row, column, message }) => ({ row, column, message }))).toEqual([
      { row: 2, column: 'assetID', message: 'The requested Asset ID is not found' },
      { row: 3, column: 'status', message: 'A decommissioned asset cannot change its status' },
      { row: 4, column: 'subCategory', message: 'The sub-category does not belong to the chosen category' },
      { row: 5, column: 'subCategory', message: 'The sub-category does not belong to the chosen category' },
      { row: 6, column: 'installationDate', message: 'Warranty expiry cannot be before Installation date' },
      { row: 7, column: 'assetID', message: 'This Asset ID is also used on row 6' },
      { row: 8, column: 'assetID', message: 'Asset ID is required' },
    ]);
    expect(await t.db.select().from(assets).where(eq(assets.organisationId, owner.organisationId)).orderBy(asc(assets.id))).toEqual(
      snapshot,
    );
  });

  it("never matches another owner's assets", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/asset/create/',
      headers: otherOwner.headers,
      payload: { assetID: 'OTHER-1', name: 'Not yours', categoryId: power },
    });
    expect(res.statusCode).toBe(201);
    const job = await importFile(
      'update',
      'other.csv',
      csv([
        ['assetID', 'name'],
        ['OTHER-1', 'Mine now'],
      ]),
    );
    expect(job.errors.map((e) => e.message)).toEqual(['The requested Asset ID is not found']);
  });
});

describe('GET /v2/asset/bulk and /v2/asset/bulk/:id', () => {
  it("lists the organisation's imports, newest first, without their errors", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v2/asset/bulk?pageSize=2', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      fileName: 'other.csv',
      mode: 'update',
      errors: [],
      createdBy: { _id: owner.id, name: 'Test User' },
    });
    expect(body.meta).toMatchObject({ page: 1, pageSize: 2, pageCount: Math.ceil(body.meta.total / 2) });
    const adds = await t.app.inject({ method: 'GET', url: '/v2/asset/bulk?mode=add', headers: owner.headers });
    expect(adds.json().data.every((job: AssetImportJob) => job.mode === 'add')).toBe(true);
    const other = await t.app.inject({ method: 'GET', url: '/v2/asset/bulk', headers: otherOwner.headers });
    expect(other.json().meta.total).toBe(0);
  });

  it("answers 404 for another organisation's import and its errors, 400 for a malformed id", async () => {
    const [job] = await t.db.select({ id: assetImports.id }).from(assetImports).limit(1);
    for (const url of [`/v2/asset/bulk/${job!.id}`, `/v2/asset/bulk/${job!.id}/errors`]) {
      const res = await t.app.inject({ method: 'GET', url, headers: otherOwner.headers });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v2/asset/bulk/nope', headers: owner.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/v2/asset/bulk/${job!.id}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/v2/asset/bulk/${job!.id}`, headers: viewer.headers })).statusCode).toBe(403);
  });
});

/** The job deletes the stored upload right after its result is committed: true once it is gone. */
async function uploadDeleted(id: string): Promise<boolean> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const stored = await t.app.deps.storage.get(uploadKey(owner.organisationId, id));
    if (!stored) return true;
    stored.destroy();
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the author hears of the result', () => {
  const notificationsOf = async (id: string) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, owner.id), sql`${notifications.path} like ${`%?import=${id}`}`));

  it('notifies import.succeeded with the count, records the activity, and deletes the stored upload', async () => {
    const job = await importFile(
      'update',
      'rename.csv',
      csv([
        ['assetID', 'brand'],
        ['AS-000011', 'Lister'],
        ['AS-000012', 'Lister'],
      ]),
    );
    expect(job).toMatchObject({ status: 'succeeded', writtenRows: 2 });
    const [sent] = await notificationsOf(job._id);
    expect(sent).toMatchObject({
      event: 'import.succeeded',
      params: { file: 'rename.csv', count: 2 },
      path: `/asset/bulk/update?import=${job._id}`,
    });
    const [logged] = await t.db.select().from(activities).where(eq(activities.subjectId, job._id));
    expect(logged).toMatchObject({ action: 'asset.import_updated', params: { count: 2, file: 'rename.csv' }, userId: owner.id });
    const listed = await t.app.inject({ method: 'GET', url: '/v2/notification', headers: owner.headers });
    expect(listed.json().data[0]).toMatchObject({
      description: 'The import of rename.csv finished: 2 asset(s) written',
      path: `/asset/bulk/update?import=${job._id}`,
    });
    expect(await uploadDeleted(job._id)).toBe(true);
  });

  it('notifies import.failed with the reason when the file has errors or cannot be read, with no activity', async () => {
    const activitiesBefore = await activityCount();
    const bad = await importFile(
      'add',
      'two-errors.csv',
      csv([
        ['name', 'category'],
        ['', 'Power'],
        ['Pump', 'Nope'],
      ]),
    );
    expect(bad).toMatchObject({ status: 'failed', errorCount: 2 });
    expect(await notificationsOf(bad._id)).toMatchObject([
      {
        event: 'import.failed',
        params: { file: 'two-errors.csv', reason: 'The file has 2 error(s), so nothing was written' },
        path: `/asset/bulk/add?import=${bad._id}`,
      },
    ]);
    const broken = await importFile('add', 'broken-again.csv', 'name,category\n"Pump A,Water\n');
    expect(broken.status).toBe('failed');
    expect(await notificationsOf(broken._id)).toMatchObject([
      {
        event: 'import.failed',
        params: {
          file: 'broken-again.csv',
          reason: 'The file is not a readable spreadsheet. Save it as CSV (UTF-8) or XLSX and try again',
        },
      },
    ]);
    expect(await activityCount()).toBe(activitiesBefore);
    expect(await uploadDeleted(bad._id)).toBe(true);
  });
});
