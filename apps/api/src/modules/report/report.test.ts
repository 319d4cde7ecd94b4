import { formatMessage } from '@amp/contracts/messages';
import { REPORT_IDS, REPORT_OTHER, REPORT_PERMISSIONS, type ReportChart, type ReportSummary } from '@amp/contracts/report';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthHeaders,
  createAsset,
  createCategory,
  createCluster,
  createFault,
  createInventoryItem,
  createMaterialRequest,
  createUser,
  createWarehouse,
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';

/**
 * The three reports on hand-made data whose figures are worked out by hand below. Clusters,
 * assets, faults, warehouses and items are made through the API; work orders, service requests and
 * approval steps are written with the timestamps the report reads (their workflows' own tests
 * cover how the timestamps come about), so every hour below is exact.
 */

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028);
// the asset report's scenario deletes a fault with SQL, past the fault service that keeps this count.
afterEach(() => expectRollupsAgree(t.db, ['assets.open_fault_count']));
let owner: TestUser;
let provider: TestUser;
let otherOwner: TestUser;
let cat1: string;
let cluster1: string;
let asset1: string;
let asset2: string;
let otherCluster: string;
let warehouse1: string;
let bolt: string;

const RANGE = 'from=2026-01-01&to=2026-01-10';
const exec = (query: ReturnType<typeof sql>) => t.db.execute(query);

async function get(headers: AuthHeaders, url: string) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function summaryOf(headers: AuthHeaders, report: string, query = ''): Promise<ReportSummary> {
  const res = await get(headers, `/v2/report/${report}/summary?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const figures = (summary: ReportSummary) => Object.fromEntries(summary.figures.map((figure) => [figure.key, figure.value]));
const chart = (summary: ReportSummary, key: string): ReportChart => summary.charts.find((one) => one.key === key)!;

let woCounter = 0;
async function insertWorkOrder(values: {
  organisationId: string;
  providerId: string;
  assetId: string;
  status: string;
  title?: string;
  createdAt: string;
  sentAt?: string;
  acceptedAt?: string;
  completedAt?: string;
  faultId?: string;
  totalKobo?: number;
  responseHours?: number;
  resolutionHours?: number;
  unsatisfactory?: number;
  rating?: number;
}): Promise<string> {
  woCounter++;
  const result = await exec(sql`
    insert into work_orders (code, organisation_id, provider_id, receiver_type, asset_id, fault_id, title, description, subject_label,
      priority, status, total_kobo, response_hours, resolution_hours, sent_at, accepted_at, completed_at, unsatisfactory_count, rating, created_at)
    values (${`WO-T${String(woCounter).padStart(4, '0')}`}, ${values.organisationId}, ${values.providerId}, 'MRO', ${values.assetId},
      ${values.faultId ?? null}, ${values.title ?? `Work ${woCounter}`}, 'Fix it', 'Pump', 'medium', ${values.status}, ${values.totalKobo ?? 0},
      ${values.responseHours ?? null}, ${values.resolutionHours ?? null}, ${values.sentAt ?? null}, ${values.acceptedAt ?? null},
      ${values.completedAt ?? null}, ${values.unsatisfactory ?? 0}, ${values.rating ?? null}, ${values.createdAt})
    returning id`);
  return (result as unknown as { rows: { id: string }[] }).rows[0]!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  provider = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  cat1 = await createCategory(t.db, 'Generators');
  cluster1 = await createCluster(t, owner, { name: 'Ikeja', state: { state: 'Lagos', alias: 'lagos' } });
  otherCluster = await createCluster(t, otherOwner, { name: 'Elsewhere', state: { state: 'Lagos', alias: 'lagos' } });
  const inThirtyDays = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  asset1 = await createAsset(t, owner, {
    categoryId: cat1,
    name: 'Pump A',
    assetID: 'A-001',
    clusterId: cluster1,
    warrantyExpiry: inThirtyDays,
  });
  asset2 = await createAsset(t, owner, { categoryId: cat1, name: 'Pump B', assetID: 'A-002', status: 'faulty' });
  const otherAsset = await createAsset(t, otherOwner, { categoryId: cat1, name: 'Foreign', clusterId: otherCluster });
  await exec(sql`update assets set created_at = '2025-12-01T00:00:00Z' where id in (${asset1}, ${asset2}, ${otherAsset})`);

  // Two faults on Pump A in the window (one of each type: one open fault per type).
  const fault1 = await createFault(t, owner, { asset: asset1, faultType: 'Repair' });
  const fault2 = await createFault(t, owner, { asset: asset1, faultType: 'Replacement' });
  await createFault(t, otherOwner, { asset: otherAsset });
  await exec(sql`update faults set created_at = '2026-01-02T00:00:00Z' where id = ${fault1}`);
  await exec(sql`update faults set created_at = '2026-01-05T00:00:00Z' where id = ${fault2}`);

  // W1 from fault 1: the outage runs from the fault's report (Jan 2 00:00) to completion (10:00): 10 h.
  // Response 1 h (SLA 2 h: on time), resolution 8 h (SLA 12 h: on time).
  const w1 = await insertWorkOrder({
    organisationId: owner.organisationId,
    providerId: provider.organisationId,
    assetId: asset1,
    faultId: fault1,
    status: 'completed',
    title: '=HYPERLINK("http://evil")',
    createdAt: '2026-01-02T01:00:00Z',
    sentAt: '2026-01-02T02:00:00Z',
    acceptedAt: '2026-01-02T03:00:00Z',
    completedAt: '2026-01-02T10:00:00Z',
    totalKobo: 100_000,
    responseHours: 2,
    resolutionHours: 12,
  });
  // W2 without a fault: from sent (Jan 6 00:00) to completion (06:00): 6 h. Response 4 h (late), resolution 6 h (on time).
  await insertWorkOrder({
    organisationId: owner.organisationId,
    providerId: provider.organisationId,
    assetId: asset1,
    status: 'closed',
    createdAt: '2026-01-06T00:00:00Z',
    sentAt: '2026-01-06T00:00:00Z',
    acceptedAt: '2026-01-06T04:00:00Z',
    completedAt: '2026-01-06T06:00:00Z',
    totalKobo: 50_055,
    responseHours: 2,
    resolutionHours: 12,
    unsatisfactory: 1,
    rating: 4,
  });
  // W3: a draft, never sent: open, no cost, not the provider's.
  await insertWorkOrder({
    organisationId: owner.organisationId,
    providerId: provider.organisationId,
    assetId: asset2,
    status: 'draft',
    createdAt: '2026-01-07T00:00:00Z',
    totalKobo: 70_000,
  });
  // The other owner's work order, with the same provider: never in the first owner's report.
  await insertWorkOrder({
    organisationId: otherOwner.organisationId,
    providerId: provider.organisationId,
    assetId: otherAsset,
    status: 'sent',
    createdAt: '2026-01-03T00:00:00Z',
    sentAt: '2026-01-03T00:00:00Z',
    totalKobo: 999_999,
  });
  // Fault 2 recalls W1.
  await exec(sql`insert into work_order_recalls (fault_id, work_order_id) values (${fault2}, ${w1}) on conflict do nothing`);
  // W1's approval: Manager 0.5 h, Director 1 h.
  await exec(sql`insert into approval_steps (document_type, document_id, organisation_id, round, position, name, max_kobo, approver_ids, status, asked_at, decided_at)
    values ('wo', ${w1}, ${owner.organisationId}, 1, 1, 'Manager', 100000, ${sql.raw(`'{${owner.id}}'`)}::uuid[], 'approved', '2026-01-02T01:00:00Z', '2026-01-02T01:30:00Z'),
           ('wo', ${w1}, ${owner.organisationId}, 1, 2, 'Director', 500000, ${sql.raw(`'{${owner.id}}'`)}::uuid[], 'approved', '2026-01-02T01:00:00Z', '2026-01-02T02:00:00Z')`);
  // S1: response 0.5 h (SLA 1 h), resolution 10 h less a 2 h pause = 8 h (SLA 10 h): both on time.
  await exec(sql`insert into service_requests (code, organisation_id, provider_id, receiver_type, asset_id, title, description, subject_label,
      priority, status, response_hours, resolution_hours, sent_at, accepted_at, closed_at, paused_ms, created_at)
    values ('SR-T0001', ${owner.organisationId}, ${provider.organisationId}, 'MRO', ${asset1}, 'Noise', 'Loud', 'Pump A', 'low', 'closed', 1, 10,
      '2026-01-03T00:00:00Z', '2026-01-03T00:30:00Z', '2026-01-03T10:00:00Z', 7200000, '2026-01-03T00:00:00Z')`);

  // The warehouse: Bolt 10 in (opening) then 3 out (7 left, below its reorder level 12: low), Nut none (out of stock).
  warehouse1 = await createWarehouse(t, owner, { name: 'Main store', managers: [owner.id] });
  bolt = await createInventoryItem(t, owner, warehouse1, { name: 'Bolt', quantity: 10, price: '1500.00', reorderLevel: 12 });
  await createInventoryItem(t, owner, warehouse1, { name: 'Nut', quantity: 0, price: '200.00' });
  const out = await t.app.inject({
    method: 'POST',
    url: `/v2/warehouse/item/${bolt}/stock-out`,
    headers: owner.headers,
    payload: { quantity: 3, reason: 'Used on site' },
  });
  expect(out.statusCode, out.body).toBe(200);
  const otherWarehouse = await createWarehouse(t, otherOwner, { name: 'Their store', managers: [otherOwner.id] });
  await createInventoryItem(t, otherOwner, otherWarehouse, { name: 'Secret', quantity: 50, price: '9999.00' });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('asset report', () => {
  it('adds up the window by hand: downtime, MTTR, MTBF, statuses, warranty', async () => {
    const summary = await summaryOf(owner.headers, 'asset', RANGE);
    // Window Jan 1-10 = 240 h; Pump A: downtime 10 + 6 = 16 h, MTTR 16 / 2 = 8 h, MTBF (240 - 16) / 2 faults = 112 h.
    expect(figures(summary)).toEqual({
      assets: 2,
      active: 1,
      faulty: 1,
      underMaintenance: 0,
      decommissioned: 0,
      openFaults: 2,
      warrantyExpiring: 1,
      meanMttrHours: 8,
      meanMtbfHours: 112,
    });
    expect(chart(summary, 'assetsByStatus')).toMatchObject({ type: 'donut', categories: ['active', 'faulty'], series: [{ data: [1, 1] }] });
    expect(chart(summary, 'faultsByMonth')).toMatchObject({
      labels: 'month',
      categories: ['2026-01'],
      series: [{ key: 'value', data: [2] }],
    });
    expect(chart(summary, 'assetsByCluster')).toMatchObject({ categories: ['Ikeja', '__none__'], series: [{ data: [1, 1] }] });
  });

  it('lists each asset with its figures, sorted by a column', async () => {
    const res = await get(owner.headers, `/v2/report/asset/rows?${RANGE}&sort=assetID&order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, pageSize: 20, total: 2, pageCount: 1 });
    expect(body.data[0]).toMatchObject({
      assetID: 'A-001',
      name: 'Pump A',
      status: 'active',
      category: 'Generators',
      cluster: 'Ikeja',
      state: 'Lagos',
      faults: 2,
      workOrders: 2,
      downtimeHours: 16,
      mttrHours: 8,
      mtbfHours: 112,
    });
    // No fault and no repair: no MTTR, no MTBF ("no data"), not zero.
    expect(body.data[1]).toMatchObject({ assetID: 'A-002', faults: 0, workOrders: 1, downtimeHours: 0, mttrHours: null, mtbfHours: null });
    const desc = await get(owner.headers, `/v2/report/asset/rows?${RANGE}&sort=mtbfHours&order=desc`);
    expect(desc.json().data.map((row: { assetID: string }) => row.assetID)).toEqual(['A-001', 'A-002']);
  });

  it('narrows by cluster; another tenant’s cluster yields an empty report', async () => {
    const mine = await summaryOf(owner.headers, 'asset', `clusterId=${cluster1}`);
    expect(figures(mine).assets).toBe(1);
    const theirs = await summaryOf(owner.headers, 'asset', `clusterId=${otherCluster}`);
    expect(figures(theirs).assets).toBe(0);
    const rows = await get(owner.headers, `/v2/report/asset/rows?clusterId=${otherCluster}`);
    expect(rows.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('service request and work order report', () => {
  it('adds up the owner’s requests and work orders by hand', async () => {
    const summary = await summaryOf(owner.headers, 'sr-wo', RANGE);
    expect(figures(summary)).toEqual({
      serviceRequests: 1,
      workOrders: 3,
      open: 1,
      completed: 2,
      // Response (1 + 4 + 0.5) / 3 = 1.83 h; resolution (8 + 6 + 8) / 3 = 7.33 h.
      meanResponseHours: 1.8,
      meanResolutionHours: 7.3,
      // Response: W1 and S1 on time, W2 late: 2 of 3; resolution: all three on time.
      slaResponseCompliance: 66.7,
      slaResolutionCompliance: 100,
      // W1 + W2 (the draft was never sent).
      totalCost: 150_055,
      recalls: 1,
      unsatisfactory: 1,
    });
    expect(chart(summary, 'approvalTimeByLevel')).toMatchObject({ categories: ['Manager', 'Director'], series: [{ data: [0.5, 1] }] });
    expect(chart(summary, 'volumeByMonth')).toMatchObject({
      categories: ['2026-01'],
      series: [
        { key: 'serviceRequests', data: [1] },
        { key: 'workOrders', data: [3] },
      ],
    });
    expect(chart(summary, 'slaCompliance').series).toEqual([
      { key: 'onTime', data: [2, 3] },
      { key: 'breached', data: [1, 0] },
    ]);
    expect(chart(summary, 'costByParty').series[0]!.data).toEqual([150_055]);
  });

  it('shows the provider what it received only (no draft, no other owner’s order counted for this owner)', async () => {
    const summary = await summaryOf(provider.headers, 'sr-wo', `${RANGE}&partyId=${owner.organisationId}`);
    expect(figures(summary)).toMatchObject({ serviceRequests: 1, workOrders: 2, open: 0, totalCost: 150_055 });
    const all = await summaryOf(provider.headers, 'sr-wo', RANGE);
    expect(figures(all)).toMatchObject({ workOrders: 3, totalCost: 150_055 + 999_999 });
  });

  it('lists the work orders with their times and verdicts', async () => {
    const res = await get(owner.headers, `/v2/report/sr-wo/rows?view=work-orders&${RANGE}&sort=createdAt&order=asc`);
    expect(res.statusCode, res.body).toBe(200);
    const [w1, w2, w3] = res.json().data;
    expect(w1).toMatchObject({
      code: 'WO-T0001',
      status: 'completed',
      counterparty: expect.any(String),
      createdAt: '2026-01-02T01:00:00Z',
      responseHours: 1,
      resolutionHours: 8,
      responseOnTime: true,
      resolutionOnTime: true,
      totalKobo: 100_000,
      recalls: 1,
    });
    expect(w2).toMatchObject({ responseHours: 4, responseOnTime: false, resolutionOnTime: true, unsatisfactory: 1, rating: 4 });
    expect(w3).toMatchObject({ status: 'draft', responseHours: null, responseOnTime: null, resolutionOnTime: null });
    const requests = await get(owner.headers, `/v2/report/sr-wo/rows?view=service-requests&${RANGE}`);
    expect(requests.json().data).toEqual([
      expect.objectContaining({ code: 'SR-T0001', responseHours: 0.5, resolutionHours: 8, responseOnTime: true, resolutionOnTime: true }),
    ]);
  });
});

describe('the platform', () => {
  it('sees every organisation, and one with partyId', async () => {
    const superAdmin = await createUser(t.db, { kind: 'platform', roleKey: 'super_admin' });
    const one = await summaryOf(superAdmin.headers, 'sr-wo', `${RANGE}&partyId=${owner.organisationId}`);
    expect(figures(one)).toMatchObject({ serviceRequests: 1, workOrders: 3, totalCost: 150_055 });
    const all = await summaryOf(superAdmin.headers, 'sr-wo', RANGE);
    expect(figures(all)).toMatchObject({ workOrders: 4, totalCost: 150_055 + 999_999 });
    const assets = await summaryOf(superAdmin.headers, 'asset', `partyId=${otherOwner.organisationId}`);
    expect(figures(assets).assets).toBe(1);
  });
});

describe('warehouse report', () => {
  it('adds up stock, value and movements by hand', async () => {
    const summary = await summaryOf(owner.headers, 'warehouse');
    // Bolt: 7 left x 1,500.00 = 10,500.00 naira; Nut: 0.
    expect(figures(summary)).toEqual({
      warehouses: 1,
      items: 2,
      stockValue: 1_050_000,
      lowStock: 1,
      outOfStock: 1,
      movements: 2,
      poSpend: 0,
    });
    expect(chart(summary, 'consumptionByItem')).toMatchObject({ categories: ['Bolt'], series: [{ data: [3] }] });
    expect(chart(summary, 'stockValueByWarehouse')).toMatchObject({ categories: ['Main store'], series: [{ data: [1_050_000] }] });
    const kinds = chart(summary, 'movementsByKind');
    expect(kinds.series.map((series) => [series.key, series.data.at(-1)])).toEqual([
      ['stock_out', 1],
      ['opening', 1],
    ]);
  });

  it('lists items and movements', async () => {
    const items = await get(owner.headers, '/v2/report/warehouse/rows?view=items&sort=name&order=asc');
    expect(items.json().data).toEqual([
      {
        warehouse: 'Main store',
        name: 'Bolt',
        brand: null,
        quantity: 7,
        reorderLevel: 12,
        unitPriceKobo: 150_000,
        valueKobo: 1_050_000,
        consumed: 3,
        low: true,
      },
      expect.objectContaining({ name: 'Nut', quantity: 0, valueKobo: 0, consumed: 0, low: false }),
    ]);
    const movements = await get(owner.headers, '/v2/report/warehouse/rows?view=movements');
    expect(movements.json().meta.total).toBe(2);
    expect(
      movements.json().data.map((row: { kind: string; quantity: number; reference: string }) => [row.kind, row.quantity, row.reference]),
    ).toEqual([
      ['stock_out', -3, 'Used on site'],
      ['opening', 10, null],
    ]);
  });

  it('never shows another organisation’s warehouses', async () => {
    const summary = await summaryOf(otherOwner.headers, 'warehouse');
    expect(figures(summary)).toMatchObject({ warehouses: 1, items: 1 });
    const [theirWarehouse] = (
      (await exec(sql`select id from warehouses where name = 'Their store'`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const theirs = await summaryOf(owner.headers, 'warehouse', `warehouseId=${theirWarehouse!.id}`);
    expect(figures(theirs)).toMatchObject({ warehouses: 0, items: 0, stockValue: 0 });
  });
});

describe('options', () => {
  it('offers the caller’s own clusters, states, providers and warehouses', async () => {
    const res = await get(owner.headers, '/v2/report/sr-wo/options');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.clusters).toEqual([{ _id: cluster1, name: 'Ikeja' }]);
    expect(data.states).toEqual([{ alias: 'lagos', name: 'Lagos' }]);
    expect(data.parties.map((party: { _id: string }) => party._id)).toEqual([provider.organisationId]);
    const warehouses = await get(owner.headers, '/v2/report/warehouse/options');
    expect(warehouses.json().data.warehouses).toEqual([{ _id: warehouse1, name: 'Main store' }]);
  });
});

describe('access and input', () => {
  it('answers 403 on every call of a report without its permission', async () => {
    for (const report of REPORT_IDS) {
      const others = Object.values(REPORT_PERMISSIONS).filter((permission) => permission !== REPORT_PERMISSIONS[report]);
      const user = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['manageReport', ...others] });
      for (const call of ['options', 'summary', 'rows', 'export']) {
        const res = await get(user.headers, `/v2/report/${report}/${call}`);
        expect(res.statusCode, `${report}/${call}`).toBe(403);
      }
      const allowed = await get(user.headers, `/v2/report/${REPORT_IDS.find((one) => one !== report)}/summary`);
      expect(allowed.statusCode).toBe(200);
    }
  });

  it('refuses a bad filter, view or sort with the catalogue’s text', async () => {
    const cases: [string, string][] = [
      ['/v2/report/asset/summary?from=2026-13-01', 'From'],
      ['/v2/report/asset/summary?from=0000-01-01', 'From'],
      ['/v2/report/sr-wo/rows?to=9999-12-31', 'To'],
      ['/v2/report/warehouse/export?to=9999-12-31', 'To'],
      ['/v2/report/asset/summary?from=2026-02-01&to=2026-01-01', 'To'],
      ['/v2/report/asset/summary?clusterId=nope', 'Cluster'],
      ['/v2/report/asset/rows?view=nope', 'View'],
      ['/v2/report/asset/rows?sort=nope', 'Sort'],
      ['/v2/report/sr-wo/rows?view=items', 'View'],
      ['/v2/report/warehouse/export?view=assets', 'View'],
      ['/v2/report/warehouse/export?format=pdf', 'Format'],
    ];
    for (const [url, field] of cases) {
      const res = await get(owner.headers, url);
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json()), url).toContain(formatMessage('VALIDATION.NOT_VALID', { field }));
    }
  });
});

describe('export', () => {
  it('writes the work orders as CSV: English headings, naira, hours, a neutralised formula', async () => {
    const res = await get(owner.headers, `/v2/report/sr-wo/export?view=work-orders&format=csv&${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="amp-sr-wo-work-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const records: string[][] = parse(res.body, { bom: true });
    expect(records[0]).toEqual([
      'Code',
      'Title',
      'Status',
      'Counterparty',
      'Asset or cluster',
      'Cluster',
      'Category',
      'Created',
      'Approval (hours)',
      'Response (hours)',
      'Resolution (hours)',
      'Response on time',
      'Resolution on time',
      'Approved cost (NGN)',
      'Materials issued (NGN)',
      'Actual cost (NGN)',
      'Recalls',
      'Unsatisfactory',
      'Rating',
    ]);
    // Newest first.
    expect(records.slice(1).map((record) => record[0])).toEqual(['WO-T0003', 'WO-T0002', 'WO-T0001']);
    const w1 = records[3]!;
    expect(w1[1]).toBe(`'=HYPERLINK("http://evil")`);
    expect(w1.slice(5, 19)).toEqual([
      'Ikeja',
      'Generators',
      '2026-01-02T01:00:00Z',
      '',
      '1.0',
      '8.0',
      'Yes',
      'Yes',
      '1000.00',
      '0.00',
      '1000.00',
      '1',
      '0',
      '',
    ]);
    expect(records[2]![13]).toBe('500.55');
  });

  it('writes the items as XLSX', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v2/report/warehouse/export?view=items&format=xlsx',
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/amp-warehouse-items-.*\.xlsx/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Warehouse',
      'Name',
      'Brand',
      'Quantity',
      'Reorder level',
      'Unit price (NGN)',
      'Value (NGN)',
      'Consumed',
      'Low stock',
    ]);
    const rows = [2, 3].map((n) => sheet.getRow(n).values as unknown[]);
    const boltRow = rows.find((row) => row[2] === 'Bolt')!;
    expect(boltRow.slice(1)).toEqual(['Main store', 'Bolt', undefined, 7, 12, 1500, 10500, 3, 'Yes']);
    expect(sheet.rowCount).toBe(3);
  });

  it('streams a large table in batches, every row once', async () => {
    const bulk = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner' });
    await exec(sql`insert into assets (organisation_id, asset_code, name, category_id, created_at)
      select ${bulk.organisationId}, 'B-' || lpad(n::text, 6, '0'), 'Bulk ' || n, ${cat1}, '2025-06-01T00:00:00Z'::timestamptz + n * interval '1 second'
      from generate_series(1, 20000) n`);
    const res = await t.app.inject({
      method: 'GET',
      url: '/v2/report/asset/export?format=csv',
      headers: bulk.headers,
      payloadAsStream: true,
    });
    expect(res.statusCode).toBe(200);
    let chunks = 0;
    const parts: Buffer[] = [];
    for await (const chunk of res.stream()) {
      chunks++;
      parts.push(Buffer.from(chunk));
    }
    expect(chunks).toBeGreaterThan(3);
    const records: string[][] = parse(Buffer.concat(parts).toString('utf8'), { bom: true });
    expect(records).toHaveLength(20_001);
    const codes = new Set(records.slice(1).map((record) => record[0]));
    expect(codes.size).toBe(20_000);
    expect(records[1]![0]).toBe('B-020000');
    expect(records[20_000]![0]).toBe('B-000001');
  }, 120_000);
});

describe('charts', () => {
  it('keeps the largest twelve groups and adds the rest as Other', async () => {
    const many = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner' });
    const clusters: string[] = [];
    for (let i = 1; i <= 14; i++) clusters.push(await createCluster(t, many, { name: `C${String(i).padStart(2, '0')}` }));
    for (const [index, cluster] of clusters.entries()) {
      // Cluster i holds i assets (C14: 14, ... C01: 1); C01 and C02 are the rest: 3.
      await exec(sql`insert into assets (organisation_id, asset_code, name, category_id, cluster_id)
        select ${many.organisationId}, ${`M${index}-`} || n, 'A', ${cat1}, ${cluster} from generate_series(1, ${index + 1}) n`);
    }
    const summary = await summaryOf(many.headers, 'asset');
    const byCluster = chart(summary, 'assetsByCluster');
    expect(byCluster.categories).toHaveLength(13);
    expect(byCluster.categories[0]).toBe('C14');
    expect(byCluster.categories.at(-1)).toBe(REPORT_OTHER);
    expect(byCluster.series[0]!.data.at(-1)).toBe(3);
  });
});

describe('the stock ledger rollups (migration 0034)', () => {
  const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
  const month = sql.raw(`date_trunc('month', m.created_at at time zone 'UTC')::date::text`);

  /** Checks all three rollups; returns how many (warehouse, kind, month) rows there are. */
  async function expectRollupsEqualTheLedger(): Promise<number> {
    const months = await exec(sql`select warehouse_id, kind, month::text, movements, quantity::int from stock_movement_months
      where movements <> 0 order by 1, 2, 3`);
    const byMonth =
      await exec(sql`select m.warehouse_id, m.kind, ${month} as month, count(*)::int as movements, sum(m.delta)::int as quantity
      from stock_movements m group by 1, 2, 3 order by 1, 2, 3`);
    expect(rows(months)).toEqual(rows(byMonth));
    const items = await exec(sql`select item_id, quantity::int from stock_item_consumption where quantity <> 0 order by 1`);
    const byItem = await exec(sql`select m.item_id, -sum(m.delta)::int as quantity from stock_movements m
      where m.kind in ('issue', 'stock_out') group by 1 order by 1`);
    expect(rows(items)).toEqual(rows(byItem));
    const workOrders = await exec(
      sql`select warehouse_id, work_order_id, quantity::int from stock_work_order_consumption where quantity <> 0 order by 1, 2`,
    );
    const byWorkOrder = await exec(sql`select m.warehouse_id, mr.work_order_id, -sum(m.delta)::int as quantity from stock_movements m
      join material_requests mr on mr.id = case when m.source_type = 'material_request' then m.source_id::uuid end
      where m.kind = 'issue' and mr.work_order_id is not null group by 1, 2 order by 1, 2`);
    expect(rows(workOrders)).toEqual(rows(byWorkOrder));
    // The warehouses' kept stock value (migration 0039).
    const values = await exec(sql`select warehouse_id, value_kobo::text as value from warehouse_stock_counts order by 1`);
    const byWarehouse =
      await exec(sql`select w.id as warehouse_id, coalesce(sum(i.quantity::numeric * coalesce(i.price_kobo, 0)), 0)::text as value
      from warehouses w left join inventory_items i on i.warehouse_id = w.id group by w.id order by 1`);
    expect(rows(values)).toEqual(rows(byWarehouse));
    return rows(months).length;
  }

  it('equal a direct aggregate of the ledger after issues to a work order and a deleted item, and the summary reads the same with and without a range', async () => {
    // An issue of 2 Bolts to a material request for one of the owner's work orders, in another month.
    const [wo] = rows(
      await exec(sql`select id, code from work_orders where organisation_id = ${owner.organisationId} order by code limit 1`),
    ) as {
      id: string;
      code: string;
    }[];
    const [mr] = rows(
      await exec(sql`insert into material_requests (organisation_id, code, warehouse_id, work_order_id, requested_by)
        values (${owner.organisationId}, 'MR-T0001', ${warehouse1}, ${wo!.id}, ${owner.id}) returning id`),
    ) as { id: string }[];
    await exec(sql`insert into stock_movements (item_id, warehouse_id, organisation_id, kind, delta, balance_after, source_type, source_id, created_at)
      values (${bolt}, ${warehouse1}, ${owner.organisationId}, 'issue', -2, 5, 'material_request', ${mr!.id}, '2026-02-15T10:00:00Z')`);
    // A price change moves the kept stock value as well.
    await exec(sql`update inventory_items set price_kobo = coalesce(price_kobo, 0) + 150 where id = ${bolt}`);
    // Main store: opening, stock-out and the issue; their store: an opening.
    expect(await expectRollupsEqualTheLedger()).toBe(4);

    // Without a range the summary reads the rollups; with one covering everything, the ledger: the same answer.
    const rolled = await summaryOf(owner.headers, 'warehouse');
    const live = await summaryOf(owner.headers, 'warehouse', 'from=2000-01-01&to=2099-12-31');
    // Bolt: 3 out by hand + 2 issued = 5; the work order: 2.
    expect(chart(rolled, 'consumptionByItem')).toMatchObject({ categories: ['Bolt'], series: [{ data: [5] }] });
    expect(chart(rolled, 'consumptionByWorkOrder')).toMatchObject({ categories: [wo!.code], series: [{ data: [2] }] });
    for (const key of ['consumptionByItem', 'consumptionByWorkOrder']) expect(chart(rolled, key)).toEqual(chart(live, key));
    expect(figures(rolled).movements).toBe(3);
    expect(figures(live).movements).toBe(3);

    // An item's deletion takes its movements, and the rollups with them.
    await exec(sql`delete from inventory_items where id = ${bolt}`);
    expect(await expectRollupsEqualTheLedger()).toBe(1);
    expect(chart(await summaryOf(owner.headers, 'warehouse'), 'consumptionByWorkOrder').categories).toEqual([]);
  });
});

describe("the asset report's kept figures (migration 0037)", () => {
  const rows = (result: unknown) => (result as { rows: unknown[] }).rows;

  async function expectStatsEqualTheRows() {
    const kept = await exec(sql`select asset_id, faults, repairs, round(downtime_seconds)::int as downtime from asset_report_stats
      where faults <> 0 or repairs <> 0 or round(downtime_seconds) <> 0 order by 1`);
    const counted =
      await exec(sql`select a.id as asset_id, coalesce(f.n, 0) as faults, coalesce(w.repairs, 0) as repairs, coalesce(w.downtime, 0) as downtime
      from assets a
      left join (select asset_id, count(*)::int as n from faults group by 1) f on f.asset_id = a.id
      left join (select wo.asset_id, count(*)::int as repairs,
                   round(sum(coalesce(date_part('epoch', wo.completed_at - coalesce(wf.created_at, wo.sent_at)), 0)))::int as downtime
                 from work_orders wo left join faults wf on wf.id = wo.fault_id where wo.completed_at is not null group by 1) w on w.asset_id = a.id
      where f.n is not null or w.repairs is not null order by 1`);
    expect(rows(kept)).toEqual(rows(counted));
    // Without a range the summary reads the kept figures; with one spanning every asset's life, the rows: the same answer.
    const keptSummary = await summaryOf(owner.headers, 'asset');
    const kept_ = figures(keptSummary);
    const live = figures(await summaryOf(owner.headers, 'asset', 'from=2000-01-01&to=2099-12-31'));
    expect([kept_.meanMttrHours, kept_.meanMtbfHours]).toEqual([live.meanMttrHours, live.meanMtbfHours]);
    // The whole inventory's faults by month come from the dashboard's counts: a count of the faults.
    const byMonth = chart(keptSummary, 'faultsByMonth');
    const counts = rows(
      await exec(sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM') as m, count(*)::int as n from faults
        where organisation_id = ${owner.organisationId} group by 1`),
    ) as { m: string; n: number }[];
    expect(byMonth.series[0].data).toEqual(byMonth.categories.map((m: string) => counts.find((c) => c.m === m)?.n ?? 0));
    return rows(kept).length;
  }

  it('follow faults and work orders as a recount would: a reopened order, one moved to another asset, a deleted fault', async () => {
    expect(await expectStatsEqualTheRows()).toBeGreaterThan(0);
    const [done] = rows(
      await exec(sql`select id, asset_id from work_orders where organisation_id = ${owner.organisationId} and completed_at is not null
        and fault_id is not null order by code limit 1`),
    ) as { id: string; asset_id: string }[];
    const [other] = rows(
      await exec(sql`select id from assets where organisation_id = ${owner.organisationId} and id <> ${done!.asset_id} limit 1`),
    ) as { id: string }[];
    // Moved to the other asset, then its fault deleted (the order measures from its sending), then reopened.
    await exec(sql`update work_orders set asset_id = ${other!.id} where id = ${done!.id}`);
    await expectStatsEqualTheRows();
    await exec(sql`delete from faults where id = (select fault_id from work_orders where id = ${done!.id})`);
    await expectStatsEqualTheRows();
    await exec(sql`update work_orders set completed_at = null where id = ${done!.id}`);
    await expectStatsEqualTheRows();
  });
});

describe("the SR/WO report's kept rollups (migration 0040)", () => {
  /** A range spanning every row: the same report, read from the orders themselves. */
  const EVERYTHING = 'from=2000-01-01&to=2099-12-31';
  // From one instant per test: an answer "in exactly 1 h" stays within a 1 h SLA however slowly the
  // statements are built (two calls of Date.now() a millisecond apart made it late).
  let instant = Date.now();
  const hoursAgo = (hours: number) => new Date(instant - hours * 3_600_000).toISOString();
  let superAdmin: TestUser;

  /** Without a filter the summary adds up the rollups; it must say exactly what the orders say. */
  async function expectKeptToEqualLive() {
    for (const headers of [owner.headers, provider.headers, otherOwner.headers, superAdmin.headers]) {
      const kept = await summaryOf(headers, 'sr-wo');
      const live = await summaryOf(headers, 'sr-wo', EVERYTHING);
      expect(figures(kept)).toEqual(figures(live));
      for (const keptChart of kept.charts) {
        const liveChart = chart(live, keptChart.key);
        if (!keptChart.key.endsWith('ByMonth')) {
          expect(keptChart, keptChart.key).toEqual(liveChart);
          continue;
        }
        // The kept report shows the last 12 months, the ranged one 36: the months they share agree.
        for (const [i, month] of keptChart.categories.entries()) {
          const j = liveChart.categories.indexOf(month);
          for (const [s, series] of keptChart.series.entries())
            expect(series.data[i], `${keptChart.key} ${month}`).toEqual(liveChart.series[s]!.data[j]);
        }
      }
    }
    // The summary's breaches are the rows' verdicts (on time false), which the rows read clock by clock.
    const rowsOfView = async (view: string) =>
      (await get(owner.headers, `/v2/report/sr-wo/rows?view=${view}&pageSize=100&${EVERYTHING}`)).json().data as Record<string, unknown>[];
    const tableRows = [...(await rowsOfView('work-orders')), ...(await rowsOfView('service-requests'))];
    expect(chart(await summaryOf(owner.headers, 'sr-wo'), 'slaCompliance').series[1]!.data).toEqual([
      tableRows.filter((row) => row.responseOnTime === false).length,
      tableRows.filter((row) => row.resolutionOnTime === false).length,
    ]);
    const negative = await exec(
      sql`select count(*)::int as n from report_work_months where n < 0 or response_measured < 0 or resolution_measured < 0`,
    );
    expect((negative as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  }

  it('equal the orders read live through running, late, declined, paused, moved and deleted orders', async () => {
    instant = Date.now();
    superAdmin = await createUser(t.db, { kind: 'platform', roleKey: 'super_admin' });
    await expectKeptToEqualLive();
    const before = chart(await summaryOf(owner.headers, 'sr-wo'), 'slaCompliance').series;

    // Sent 10 h ago, SLA 1 h and 4 h, never answered: both clocks run late now.
    const late = await insertWorkOrder({
      organisationId: owner.organisationId,
      providerId: provider.organisationId,
      assetId: asset2,
      status: 'sent',
      createdAt: hoursAgo(10),
      sentAt: hoursAgo(10),
      responseHours: 1,
      resolutionHours: 4,
      totalKobo: 25_000,
    });
    // A cluster's own order, accepted and running within its SLA; one declined.
    await exec(sql`insert into work_orders (code, organisation_id, provider_id, receiver_type, cluster_id, title, description, subject_label,
        priority, status, total_kobo, response_hours, resolution_hours, sent_at, accepted_at, created_at)
      values ('WO-K0001', ${owner.organisationId}, ${provider.organisationId}, 'MRO', ${cluster1}, 'Roof', 'Leak', 'Ikeja', 'high', 'accepted',
        30000, 2, 100000, ${hoursAgo(3)}, ${hoursAgo(2)}, ${hoursAgo(3)})`);
    await exec(sql`insert into work_orders (code, organisation_id, provider_id, receiver_type, asset_id, title, description, subject_label,
        priority, status, total_kobo, response_hours, resolution_hours, sent_at, closed_at, created_at)
      values ('WO-K0002', ${owner.organisationId}, ${provider.organisationId}, 'MRO', ${asset1}, 'Paint', 'Peeling', 'Pump A', 'low', 'declined',
        40000, 1, 8, ${hoursAgo(30)}, ${hoursAgo(29)}, ${hoursAgo(30)})`);
    // A request paused for the last hour, its resolution SLA 2 h: 5 h since sent less the pause is late; another within its SLA.
    await exec(sql`insert into service_requests (code, organisation_id, provider_id, receiver_type, asset_id, title, description, subject_label,
        priority, status, response_hours, resolution_hours, sent_at, accepted_at, paused_since, created_at)
      values ('SR-K0001', ${owner.organisationId}, ${provider.organisationId}, 'MRO', ${asset1}, 'Hum', 'Hums', 'Pump A', 'low', 'accepted',
        1, 2, ${hoursAgo(5)}, ${hoursAgo(4.5)}, ${hoursAgo(1)}, ${hoursAgo(5)}),
        ('SR-K0002', ${owner.organisationId}, ${provider.organisationId}, 'MRO', ${asset2}, 'Drip', 'Drips', 'Pump B', 'low', 'sent',
        1000, 1000, ${hoursAgo(1)}, null, null, ${hoursAgo(1)})`);
    await expectKeptToEqualLive();
    // Of the new rows: response on time for the cluster's order, the declined one (answered in 1 h) and SR-K0001, late for
    // the unanswered order; resolution late for that order and for SR-K0001 (5 h less the hour paused); the rest not measured.
    const after = chart(await summaryOf(owner.headers, 'sr-wo'), 'slaCompliance').series;
    expect(after.map((series, s) => series.data.map((n, clock) => n! - before[s]!.data[clock]!))).toEqual([
      [3, 0],
      [1, 2],
    ]);

    // The late order answered and completed, its total changed; the paused request closed.
    await exec(sql`update work_orders set status = 'accepted', accepted_at = ${hoursAgo(9)} where id = ${late}`);
    await exec(
      sql`update work_orders set status = 'completed', completed_at = ${hoursAgo(1)}, paused_ms = 1800000, total_kobo = 26000 where id = ${late}`,
    );
    await exec(
      sql`update service_requests set status = 'closed', closed_at = ${hoursAgo(0.5)}, paused_ms = 600000 where code = 'SR-K0001'`,
    );
    await expectKeptToEqualLive();

    // Parts issued from the provider's store for the late order (3 at NGN 297.50) count towards its cost, on both sides.
    const costBefore = figures(await summaryOf(owner.headers, 'sr-wo')).totalCost as number;
    const store = await createWarehouse(t, provider);
    const belt = await createInventoryItem(t, provider, store, { quantity: 10, price: '297.50' });
    const request = await createMaterialRequest(t, provider, { warehouse: store, workOrder: late, lines: [{ item: belt, quantity: 3 }] });
    const issued = await t.app.inject({
      method: 'POST',
      url: `/v2/material-request/accept/${request}`,
      headers: provider.headers,
      payload: {},
    });
    expect(issued.statusCode, issued.body).toBe(200);
    await expectKeptToEqualLive();
    expect(figures(await summaryOf(owner.headers, 'sr-wo')).totalCost).toBe(costBefore + 89_250);
    const row = (await get(owner.headers, `/v2/report/sr-wo/rows?view=work-orders&pageSize=100&${EVERYTHING}`))
      .json()
      .data.find((r: { code: string; totalKobo: number }) => r.code.startsWith('WO-T') && r.totalKobo === 26_000);
    expect(row).toMatchObject({ totalKobo: 26_000, materialsKobo: 89_250, actualKobo: 115_250 });
    const kept = await exec(sql`select issued_kobo::int as issued, actual_kobo::int as actual from work_orders where id = ${late}`);
    expect((kept as unknown as { rows: unknown[] }).rows).toEqual([{ issued: 89_250, actual: 115_250 }]);

    // Pump B moves into the Ikeja cluster (its spend moves with it); an approval step re-decided, another removed; an order deleted.
    await exec(sql`update assets set cluster_id = ${cluster1} where id = ${asset2}`);
    await exec(sql`update approval_steps set decided_at = asked_at + interval '3 hours' where name = 'Director'`);
    await exec(sql`delete from approval_steps where name = 'Manager'`);
    await exec(sql`delete from work_orders where code = 'WO-K0002'`);
    await expectKeptToEqualLive();
    expect(chart(await summaryOf(owner.headers, 'sr-wo'), 'approvalTimeByLevel')).toMatchObject({
      categories: ['Director'],
      series: [{ data: [3] }],
    });
  });
});
