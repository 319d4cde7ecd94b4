import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { reportedTime } from './support/details';
import { gradientPng } from './support/files';
import { DEMO_PASSWORD, signIn } from './support/session';

// Issue 8's public fault portal: a passer-by scans an asset's QR label on a phone, reports a fault
// with a photo, gets a tracking code and follows it; the form's messages are the catalogue's (docs/product.md#fault-form).

test.describe.configure({ mode: 'serial' });
// The passer-by's phone is set to another zone than the owner's desk: one report must still read
// as one time to both (the owner's zone, Africa/Lagos, named).
test.use({ viewport: { width: 375, height: 812 }, timezoneId: 'America/New_York' });

interface Label {
  ownerId: string;
  asset: { _id: string; assetID: string; name: string; locationID: string | null; cluster: { name: string; clusterID: string } | null };
}

/** The demo owner's organisation and an asset in one of its clusters: what a QR label carries. */
async function demoLabel(request: APIRequestContext): Promise<Label> {
  const login = await request.post('/v2/account/login', { data: { email: 'owner@amp.test', password: DEMO_PASSWORD } });
  const { accessToken } = (await login.json()).data;
  const me = await request.get('/v2/account/me', { headers: { authorization: `Bearer ${accessToken}` } });
  const ownerId: string = (await me.json()).data.organisation._id;
  const clusters = (await (await request.get(`/v2/asset/asset-owner/cluster/${ownerId}`)).json()).data;
  const assets = (await (await request.get(`/v2/fault/portal/${ownerId}/assets?cluster=${clusters[0]._id}`)).json()).data;
  return { ownerId, asset: assets[0] };
}

const field = (page: Page, name: string) =>
  page
    .getByRole('textbox', { name, exact: true })
    .or(page.getByRole('combobox', { name, exact: true }))
    .first();

/** The field message under an input (Mantine ties it through aria-describedby). */
async function messageOf(page: Page, name: string): Promise<string> {
  const describedBy = (await field(page, name).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    describedBy
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).textContent()),
  );
  return texts.join(' ').trim();
}

let label: Label;
let trackingCode = '';
let reportedAsTracked = '';

test.beforeAll(async ({ request }) => {
  label = await demoLabel(request);
});

test('an anonymous reporter on a phone reports a fault from a QR label and follows it', async ({ page }) => {
  await page.goto(`/report/fault/${label.ownerId}?asset=${label.asset._id}`);
  await expect(page.getByRole('heading', { name: 'Report a fault', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Fault Information' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible();

  // The label chose the cluster, the location and the asset.
  await expect(field(page, 'Cluster')).toHaveValue(`${label.asset.cluster?.name} (${label.asset.cluster?.clusterID})`);
  await expect(field(page, 'Location')).toHaveValue(new RegExp(`\\(${label.asset.locationID}\\)`));
  await expect(field(page, 'Asset')).toHaveValue(`${label.asset.name} (${label.asset.assetID})`);
  // Anonymous: Submit (no Next), and a Back link to /auth.
  await expect(page.getByRole('button', { name: 'Next' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/auth');

  // Nothing sticks out sideways on a 375 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByRole('radio', { name: 'Repair' }).check();
  await field(page, 'Description').fill('The rectifier alarm is on and the fan is silent.');
  await page.locator('input[type="file"]').setInputFiles({ name: 'fault.png', mimeType: 'image/png', buffer: gradientPng(240, 180) });
  await expect(page.getByRole('img', { name: 'Photo of the fault' })).toBeVisible();
  await field(page, 'Email').fill('passer.by@example.com');
  await field(page, 'Full name').fill('Passer By');
  await field(page, 'Phone number').fill('08031234567');
  await page.getByRole('button', { name: 'Submit' }).click();

  const success = page.getByRole('status').filter({ hasText: 'Fault report has been successfully submitted.' });
  await expect(success).toBeVisible();
  trackingCode = ((await success.getByText(/^FLT-/).textContent()) ?? '').trim();
  expect(trackingCode).toMatch(/^FLT-[0-9A-Z]{8}$/);
  // The form is reset and the page is back at its top.
  await expect(field(page, 'Description')).toHaveValue('');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(50);

  await success.getByRole('link', { name: 'Follow this fault' }).click();
  await page.waitForURL(`**/report/fault/track/${trackingCode}`);
  await expect(page.getByText(trackingCode).first()).toBeVisible();
  await expect(page.getByText('Awaiting owner')).toBeVisible();
  await expect(page.getByText(`${label.asset.name}`)).toBeVisible();
  await expect(page.getByText('Reported', { exact: true }).first()).toBeVisible();
  reportedAsTracked = ((await reportedTime(page).textContent()) ?? '').trim();
  expect(reportedAsTracked).toMatch(/GMT\+1|WAT/);
});

test('the tracking page says so when a code is unknown', async ({ page }) => {
  await page.goto('/report/fault/track/FLT-ZZZZZZZZ');
  await expect(page.getByText('No fault has this tracking code.', { exact: false })).toBeVisible();
  await field(page, 'Tracking code').fill(trackingCode.toLowerCase());
  await page.getByRole('button', { name: 'Show' }).click();
  await page.waitForURL(`**/report/fault/track/${trackingCode}`);
  await expect(page.getByText('Awaiting owner')).toBeVisible();
});

test('the owner finds the portal report under Approval Requests with its photo, rejects it, and the tracking page says so', async ({
  browser,
}) => {
  // The owner at a desk, in its own session.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'UTC' });
  const page = await context.newPage();
  await signIn(page, 'owner@amp.test');
  await page.goto('/asset/reported-faults?tab=approval');
  await page.getByRole('link', { name: `Open fault ${trackingCode}` }).click();
  await expect(page.getByText('The rectifier alarm is on and the fan is silent.').first()).toBeVisible();
  // The same time the reporter's tracking page showed, though this desk's clock is on UTC.
  await expect(reportedTime(page)).toHaveText(reportedAsTracked);
  await expect(page.getByRole('button', { name: /^Show the photo/ }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'fault.png' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject fault ${trackingCode}?` });
  await dialog.getByLabel('Reason').fill('The alarm was a sensor fault; the rectifier is working.');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('The fault has been rejected')).toBeVisible();
  await context.close();
});

test('the tracking page shows the rejection and its reason, and no names', async ({ page }) => {
  await page.goto(`/report/fault/track/${trackingCode}`);
  await expect(page.getByText('Rejected').first()).toBeVisible();
  await expect(page.getByText('The alarm was a sensor fault; the rectifier is working.')).toBeVisible();
  await expect(page.getByText('Passer By')).toHaveCount(0);
  await expect(page.getByText('Olumide')).toHaveCount(0);
});

test('the form shows the catalogue’s messages on the empty and the malformed form', async ({ page }) => {
  await page.goto(`/report/fault/${label.ownerId}`);
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const name of ['Email', 'Full name', 'Phone number', 'Description']) expect(await messageOf(page, name)).toBe('Required field');
  await expect(page.getByText('Required field')).toHaveCount(6); // and the asset and the fault type

  await field(page, 'Email').fill('not-an-address');
  await field(page, 'Phone number').fill('call me');
  await expect.poll(() => messageOf(page, 'Email')).toBe('Field is not valid');
  expect(await messageOf(page, 'Phone number')).toBe('Field is not valid');
  await field(page, 'Email').fill('someone@example.com');
  await expect.poll(() => messageOf(page, 'Email')).toBe('');
});

/** Whether the portal's draft of this owner keeps a photo on the device (IndexedDB, written after the pick). */
const draftPhotoKept = (page: Page, ownerId: string) =>
  page.evaluate(
    (key) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('amp-fault-drafts', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('photos');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const get = open.result.transaction('photos').objectStore('photos').get(key);
          get.onsuccess = () => {
            resolve(get.result instanceof File);
            open.result.close();
          };
          get.onerror = () => resolve(false);
        };
      }),
    ownerId,
  );

test('a half-filled report survives closing the page, comes back with a note, and is gone once sent', async ({ context, page }) => {
  const portal = `/report/fault/${label.ownerId}?asset=${label.asset._id}`;
  await page.goto(portal);
  await page.getByRole('radio', { name: 'Replacement' }).check();
  await field(page, 'Description').fill('Water drips from the cabinet roof onto the batteries.');
  await page.locator('input[type="file"]').setInputFiles({ name: 'drip.png', mimeType: 'image/png', buffer: gradientPng(200, 150) });
  await expect(page.getByRole('img', { name: 'Photo of the fault' })).toBeVisible();
  await field(page, 'Email').fill('careful@example.com');
  await expect.poll(() => draftPhotoKept(page, label.ownerId)).toBe(true);

  // The tab is closed; later the reporter opens the label's link again.
  await page.close();
  const again = await context.newPage();
  await again.goto(portal);
  await expect(again.getByText('Your unsent report was restored.')).toBeVisible();
  await expect(field(again, 'Description')).toHaveValue('Water drips from the cabinet roof onto the batteries.');
  await expect(again.getByRole('radio', { name: 'Replacement' })).toBeChecked();
  await expect(field(again, 'Email')).toHaveValue('careful@example.com');
  await expect(field(again, 'Asset')).toHaveValue(`${label.asset.name} (${label.asset.assetID})`);
  await expect(again.getByRole('img', { name: 'Photo of the fault' })).toBeVisible();
  await expect(again.getByText('drip.png')).toBeVisible();

  await field(again, 'Full name').fill('Careful Reporter');
  await field(again, 'Phone number').fill('08039876543');
  await again.getByRole('button', { name: 'Submit' }).click();
  await expect(again.getByRole('status').filter({ hasText: 'Fault report has been successfully submitted.' })).toBeVisible();
  await expect(again.getByText('Your unsent report was restored.')).toHaveCount(0);

  await again.reload();
  await expect(again.getByRole('heading', { name: 'Fault Information' })).toBeVisible();
  await expect(field(again, 'Description')).toHaveValue('');
  await expect(field(again, 'Email')).toHaveValue('');
  await expect(again.getByRole('img', { name: 'Photo of the fault' })).toHaveCount(0);
  await expect(again.getByText('Your unsent report was restored.')).toHaveCount(0);
  expect(await draftPhotoKept(again, label.ownerId)).toBe(false);
});

test('a restored report can be discarded for a fresh form', async ({ page }) => {
  await page.goto(`/report/fault/${label.ownerId}?asset=${label.asset._id}`);
  await field(page, 'Description').fill('Half a thought');
  await page.reload();
  await expect(field(page, 'Description')).toHaveValue('Half a thought');
  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(field(page, 'Description')).toHaveValue('');
  await expect(page.getByText('Your unsent report was restored.')).toHaveCount(0);
  // The label's asset is chosen again, as on a first visit.
  await expect(field(page, 'Asset')).toHaveValue(`${label.asset.name} (${label.asset.assetID})`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Fault Information' })).toBeVisible();
  await expect(field(page, 'Description')).toHaveValue('');
  await expect(page.getByText('Your unsent report was restored.')).toHaveCount(0);
});

test('an unknown owner shows the not-found page', async ({ page }) => {
  await page.goto('/report/fault/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('OOPS! Something went wrong here')).toBeVisible();
});
