import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, menuHrefs, signIn } from './support/session';

// Issue 12: the report screens. The owner filters the SR/WO report by a provider (the URL, the
// figures and the table follow what the API answers for that filter), sees a chart, exports the
// view as CSV and XLSX and opens the print view; the MRO opens the warehouse report; a supplier's
// Report menu holds only the warehouse report; a technician (no manageReport) has no Report menu.
// Expected figures are read from the API, not written here.

const OWNER = 'owner@amp.test';
const MRO = 'mro@amp.test';
const SUPPLIER = 'supplier@amp.test';
const TECH = 'tech1@amp.test';

interface Figure {
  key: string;
  value: number | null;
  kind: string;
}
interface Summary {
  figures: Figure[];
  charts: { key: string; categories: string[]; series: { key: string; data: (number | null)[] }[] }[];
}
interface Rows {
  data: Record<string, string | number | boolean | null>[];
  meta: { total: number };
}

async function headersOf(request: APIRequestContext, email: string) {
  const login = await request.post('/v2/account/login', { data: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

async function read<T>(request: APIRequestContext, headers: Record<string, string>, path: string, params: Record<string, string> = {}) {
  const response = await request.get(path, { headers, params });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** A count as the page shows it (en: 1,234). */
const count = (value: number) => new Intl.NumberFormat('en').format(value);

/** The figure card named `label` shows the count the API gave. */
async function expectCount(page: Page, label: string, figure: Figure | undefined) {
  expect(figure, label).toBeDefined();
  expect(figure?.kind).toBe('count');
  await expect(page.getByRole('group', { name: label, exact: true })).toContainText(count(figure?.value ?? 0));
}

/** A small CSV reader: quoted fields, doubled quotes, CRLF; the first line's BOM is dropped. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

test('the owner filters the SR/WO report, sees a chart, exports it and prints it', async ({ page, request }) => {
  // Several API reads, a sign-in and two exports on a shared machine.
  test.setTimeout(120_000);
  const owner = await headersOf(request, OWNER);
  const options = (await read<{ data: { parties: { _id: string; name: string }[] } }>(request, owner, '/v2/report/sr-wo/options')).data;
  const all = (await read<{ data: Summary }>(request, owner, '/v2/report/sr-wo/summary')).data;
  const allRows = await read<Rows>(request, owner, '/v2/report/sr-wo/rows', { view: 'work-orders' });
  // A provider whose work orders are some but not all of the owner's, so the filter visibly narrows the report.
  let party: { _id: string; name: string } | undefined;
  let narrowed: Summary | undefined;
  let narrowedRows: Rows | undefined;
  for (const candidate of options.parties) {
    const rows = await read<Rows>(request, owner, '/v2/report/sr-wo/rows', { view: 'work-orders', partyId: candidate._id });
    if (rows.meta.total === 0 || rows.meta.total === allRows.meta.total) continue;
    party = candidate;
    narrowedRows = rows;
    narrowed = (await read<{ data: Summary }>(request, owner, '/v2/report/sr-wo/summary', { partyId: candidate._id })).data;
    break;
  }
  if (!party || !narrowed || !narrowedRows) throw new Error('the demo owner needs work orders with two providers');

  await signIn(page, OWNER);
  await page.goto('/report/sr-wo-report');
  await expect(page.getByRole('heading', { name: 'SR & WO Report' })).toBeVisible();
  const workOrders = (summary: Summary) => summary.figures.find((figure) => figure.key === 'workOrders');
  const serviceRequests = (summary: Summary) => summary.figures.find((figure) => figure.key === 'serviceRequests');
  await expectCount(page, 'Work orders', workOrders(all));
  await expectCount(page, 'Service requests', serviceRequests(all));
  await expect(page.getByText(`of ${count(allRows.meta.total)}`)).toBeVisible();

  // A chart with data is drawn under its title.
  const drawn = all.charts.find((chart) => chart.series.some((series) => series.data.some((value) => value)));
  expect(drawn, 'a chart with data').toBeDefined();
  const titles: Record<string, string> = {
    volumeByMonth: 'Requests and work orders per month',
    workOrdersByStatus: 'Work orders by status',
    serviceRequestsByStatus: 'Service requests by status',
    cycleTimesByMonth: 'Response and resolution times per month',
    approvalTimeByLevel: 'Approval time by level',
    slaCompliance: 'SLA compliance',
    costByParty: 'Cost by organisation',
    costByCluster: 'Cost by cluster',
    costByCategory: 'Cost by category',
  };
  const chart = page.getByRole('figure', { name: titles[drawn?.key ?? ''] });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();

  // Filter by the provider: the URL carries it and the figures and table follow the API.
  await page
    .getByRole('textbox', { name: 'Provider', exact: true })
    .or(page.getByRole('combobox', { name: 'Provider', exact: true }))
    .click();
  await page.getByRole('option', { name: party.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`partyId=${party._id}`));
  await expectCount(page, 'Work orders', workOrders(narrowed));
  await expectCount(page, 'Service requests', serviceRequests(narrowed));
  await expect(page.getByText(`of ${count(narrowedRows.meta.total)}`)).toBeVisible();
  const firstCode = String(narrowedRows.data[0]?.code ?? '');
  expect(firstCode).not.toBe('');
  await expect(page.getByRole('cell', { name: firstCode, exact: true }).first()).toBeVisible();

  // The back button takes the filter away again.
  await page.goBack();
  await expect(page).not.toHaveURL(/partyId=/);
  await expectCount(page, 'Work orders', workOrders(all));
  await page.goForward();
  await expect(page).toHaveURL(/partyId=/);

  // CSV: the view's columns as the header, the filtered work orders as rows.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const lines = parseCsv(await readFile(await csv.path(), 'utf8')).filter((line) => line.some((field) => field !== ''));
  expect(lines[0]?.[0]).toBe('Code');
  expect(lines[0]).toContain('Title');
  expect(lines.length - 1).toBe(narrowedRows.meta.total);
  expect(lines.slice(1).map((line) => line[0])).toContain(firstCode);

  // XLSX: a zip (an Office Open XML workbook).
  const [xlsx] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export XLSX' }).click()]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile(await xlsx.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  // Print: the browser's print is asked for, and on paper the filters and buttons are gone while figures, charts and rows stay.
  await page.evaluate(() => {
    const printed = window as unknown as { printed: number };
    printed.printed = 0;
    window.print = () => {
      printed.printed++;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(page.getByText(`Provider: ${party.name}`)).toBeVisible();
  await expect(page.getByRole('group', { name: 'Work orders', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: firstCode, exact: true }).first()).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

test('the MRO opens the warehouse report', async ({ page, request }) => {
  const mro = await headersOf(request, MRO);
  const summary = (await read<{ data: Summary }>(request, mro, '/v2/report/warehouse/summary')).data;
  const items = await read<Rows>(request, mro, '/v2/report/warehouse/rows', { view: 'items' });
  await signIn(page, MRO);
  // Through the menu: menuHrefs opens its groups.
  expect(await menuHrefs(page)).toContain('/report/warehouse');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Warehouse Report' }).click();
  await expect(page).toHaveURL(/\/report\/warehouse$/);
  await expectCount(
    page,
    'Items',
    summary.figures.find((figure) => figure.key === 'items'),
  );
  await expect(page.getByRole('tab', { name: 'Stock' })).toHaveAttribute('aria-selected', 'true');
  if (items.meta.total > 0) await expect(page.getByText(`of ${count(items.meta.total)}`)).toBeVisible();
  // The other view: its own columns, in the URL.
  await page.getByRole('tab', { name: 'Movements' }).click();
  await expect(page).toHaveURL(/view=movements/);
  await expect(page.getByRole('columnheader', { name: 'Kind' })).toBeVisible();
});

test('a supplier sees only the warehouse report; a technician has no Report menu', async ({ browser }) => {
  // Two sign-ins.
  test.setTimeout(120_000);
  const supplier = await browser.newContext();
  const supplierPage = await supplier.newPage();
  await signIn(supplierPage, SUPPLIER);
  const supplierReports = (await menuHrefs(supplierPage)).filter((href) => href.startsWith('/report/'));
  expect(supplierReports).toContain('/report/warehouse');
  expect(supplierReports).not.toContain('/report/asset');
  expect(supplierReports).not.toContain('/report/sr-wo-report');
  await supplier.close();

  const tech = await browser.newContext();
  const techPage = await tech.newPage();
  await signIn(techPage, TECH);
  expect((await menuHrefs(techPage)).filter((href) => href.startsWith('/report/'))).toEqual([]);
  await expect(techPage.getByRole('navigation', { name: 'Main menu' }).getByText('Report', { exact: true })).toHaveCount(0);
  await tech.close();
});
