import { type Browser, expect, type Page, test } from '@playwright/test';
import jsQR from 'jsqr';
import { gradientPng } from './support/files';
import { signIn } from './support/session';

// Issue 3's journey through the real app: an owner builds an inventory (one by one and in bulk),
// finds an asset, gives the cluster to the MRO, the MRO dispatches a technician, the technician
// sees it; and a cluster's labels carry QR codes that open the fault portal.

test.describe.configure({ mode: 'serial' });

const run = Date.now().toString(36).slice(-5).toUpperCase();
const clusterName = `E2E Depot ${run}`;
const clusterCode = `E2E-${run}`;
const assetName = `Standby generator ${run}`;
const IMPORT_ROWS = 1_000;
let clusterUrl = '';

async function pickOption(page: Page, label: string, option: string | RegExp) {
  const input = page
    .getByRole('textbox', { name: label, exact: true })
    .or(page.getByRole('combobox', { name: label, exact: true }))
    .first();
  await input.click();
  await input.fill(typeof option === 'string' ? option : '');
  await page.getByRole('option', { name: option }).first().click();
}

async function asUser(browser: Browser, email: string) {
  const page = await browser.newPage();
  await signIn(page, email);
  return page;
}

function importCsv(): string {
  const header =
    'assetID,name,clusterID,locationID,locationName,category,subCategory,brand,model,serialNumber,installationDate,warrantyExpiry,status,purchaseCost,description';
  const lines = [header];
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    const n = String(i).padStart(4, '0');
    lines.push(
      `${clusterCode}-${n},Borehole pump ${run}-${n},${clusterCode},BH-${n},Yard ${i % 12},Industrial Machinery,Pump,Grundfos,SP ${i % 9},GF${n},2024-03-01,2028-03-01,Active,"1,250,000.50",Imported pump ${n}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

test('an owner creates a cluster and an asset with a photo', async ({ page }) => {
  await signIn(page, 'owner@amp.test');
  await page.goto('/asset/cluster/add');
  await page.getByRole('textbox', { name: 'Cluster ID', exact: true }).fill(clusterCode);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(clusterName);
  await page.getByRole('button', { name: 'Create cluster' }).click();
  await page.waitForURL(/\/asset\/cluster\/[0-9a-f-]{36}$/);
  clusterUrl = new URL(page.url()).pathname;
  await expect(page.getByText(clusterName).first()).toBeVisible();

  await page.goto('/asset/add');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(assetName);
  await pickOption(page, 'Cluster', clusterName);
  await pickOption(page, 'Category', 'Power & Energy');
  await pickOption(page, 'Sub-category', 'Diesel Generator');
  await page.getByRole('textbox', { name: 'Purchase cost', exact: true }).fill('1250000.50');
  await page
    .locator('input[type="file"][accept*="image"]')
    .setInputFiles({ name: 'generator.png', mimeType: 'image/png', buffer: gradientPng(640, 480) });
  await expect(page.getByRole('button', { name: 'Remove generator.png' })).toBeVisible();
  await page.getByRole('button', { name: 'Create asset' }).click();
  await page.waitForURL(/\/asset\/asset-list\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: assetName }).or(page.getByText(assetName)).first()).toBeVisible();
  await expect(page.getByText('₦1,250,000.50')).toBeVisible();
  // The photo is fetched with the session and shown as a decoded image.
  const photo = page.getByRole('img', { name: /generator/i }).first();
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});

test(`an owner bulk-imports ${IMPORT_ROWS.toLocaleString('en')} assets from a CSV and finds one by search`, async ({ page }) => {
  await signIn(page, 'owner@amp.test');
  await page.goto('/asset/bulk/add');
  await page.locator('input[type="file"]').setInputFiles({ name: 'pumps.csv', mimeType: 'text/csv', buffer: Buffer.from(importCsv()) });
  const result = page.getByRole('alert', { name: 'Import complete' });
  await expect(result).toContainText('Assets added from pumps.csv: 1,000', { timeout: 60_000 });

  await page.goto('/asset/asset-list');
  await page.getByPlaceholder('Search by asset ID, name or location').fill(`Borehole pump ${run}-0777`);
  const rows = page.getByRole('row').filter({ hasText: `Borehole pump ${run}-0777` });
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: `Borehole pump ${run}-0778` })).toHaveCount(0);

  // The cluster holds the photo asset and the whole import.
  await page.goto(clusterUrl);
  await expect(page.getByText(`${(IMPORT_ROWS + 1).toLocaleString('en')} assets`).first()).toBeVisible();
});

test('the owner assigns the cluster to the MRO, the MRO dispatches a technician, the technician sees the asset', async ({ browser }) => {
  const owner = await asUser(browser, 'owner@amp.test');
  await owner.goto(clusterUrl);
  await owner
    .getByRole('link', { name: 'Assign to provider' })
    .or(owner.getByRole('button', { name: 'Assign to provider' }))
    .first()
    .click();
  const drawer = owner.getByRole('dialog');
  await expect(drawer.getByText(clusterName).first()).toBeVisible();
  await pickOption(owner, 'Service provider', 'Prime Maintenance Services');
  await drawer.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(drawer).toBeHidden();
  await expect(owner.getByText(clusterName).first()).toBeVisible();
  await owner.goto(clusterUrl);
  await expect(owner.getByText('Prime Maintenance Services').first()).toBeVisible();
  await owner.close();

  const mro = await asUser(browser, 'mro@amp.test');
  await mro.goto('/asset/assigned');
  await mro.getByRole('link', { name: clusterName }).first().click();
  await mro.waitForURL(/\/asset\/assigned\/cluster\//);
  await mro.getByRole('link', { name: assetName }).first().click();
  await mro.waitForURL(/\/asset\/assigned\/asset\//);
  await pickOption(mro, 'Assign to a technician', 'Tunde Technician');
  await mro.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(mro.getByText('Tunde Technician').first()).toBeVisible();
  await mro.close();

  const technician = await asUser(browser, 'tech1@amp.test');
  await technician.goto('/asset/assigned/technician');
  await expect(technician.getByText(assetName).first()).toBeVisible();
  await technician.close();

  const other = await asUser(browser, 'tech2@amp.test');
  await other.goto('/asset/assigned/technician');
  await expect(other.getByText('Tower generator 2')).toHaveCount(0);
  await expect(other.getByText(assetName)).toHaveCount(0);
  await other.close();
});

test("a cluster's labels print many to a page with QR codes that open the fault portal", async ({ page }) => {
  await signIn(page, 'owner@amp.test');
  await page.goto(clusterUrl);
  await page.getByRole('link', { name: 'Print labels' }).click();
  await page.waitForURL(/\/labels$/);
  const labels = page.getByTestId('asset-label');
  await expect(labels.first()).toBeVisible({ timeout: 30_000 });
  expect(await labels.count()).toBeGreaterThanOrEqual(IMPORT_ROWS);

  const label = labels.filter({ hasText: assetName });
  await label.scrollIntoViewIfNeeded();
  const png = await label.getByTestId('asset-qr').screenshot();
  // Decode the screenshot's pixels in the page (a canvas), then read the QR code with jsQR.
  const { width, height, data } = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width + 40;
    canvas.height = image.height + 40;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 20, 20);
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height);
    return { width: pixels.width, height: pixels.height, data: Array.from(pixels.data) };
  }, png.toString('base64'));
  const code = jsQR(Uint8ClampedArray.from(data), width, height);
  expect(code, 'the QR code decodes').not.toBeNull();
  const url = new URL(code!.data);
  const me = await page.evaluate(async () => {
    const res = await fetch('/v2/account/me', { headers: { authorization: `Bearer ${localStorage.getItem('amp.authToken')}` } });
    return res.json();
  });
  const organisationId = me.data.organisation?._id ?? me.data.organisationId;
  expect(url.pathname).toBe(`/report/fault/${organisationId}`);
  const assetId = url.searchParams.get('asset');
  expect(assetId).toMatch(/^[0-9a-f-]{36}$/);
  const asset = await page.evaluate(async (id) => {
    const res = await fetch(`/v2/asset/${id}`, { headers: { authorization: `Bearer ${localStorage.getItem('amp.authToken')}` } });
    return res.json();
  }, assetId);
  expect(asset.data.name).toBe(assetName);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
});
