import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { gradientPng } from './support/files';
import { DEMO_PASSWORD, signIn } from './support/session';

// Issue 13, reading offline: tech1 opens their work orders and records once with a signal; with the
// network off, a reload still opens the app (the service worker) and shows the list, the records and
// a record's photo from what the device saved, with a note saying when; back online, the page reads
// the server again and shows what changed meanwhile; signing out deletes what was saved.

const OWNER = 'owner@amp.test';
const MRO = 'mro@amp.test';
const TECH = 'tech1@amp.test';
/** tech1's work order in progress in the demo data. */
const WORK_ORDER = '500-hour service of tower generator 1';
/** A service request assigned to tech1 in the demo data, which the test never opens online. */
const UNOPENED_REQUEST = 'Generator loses power under load';

async function headersOf(request: APIRequestContext, email: string) {
  const login = await request.post('/v2/account/login', { data: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

/**
 * The demo data has no photos: the owner sends the MRO a service request with a photo of the fault,
 * the MRO accepts it and assigns tech1 (all through the API).
 */
async function requestWithPhoto(request: APIRequestContext, run: string) {
  const owner = await headersOf(request, OWNER);
  const photoName = `oil-leak-${run}.png`;
  const upload = await request.post('/v2/file/upload', {
    headers: owner,
    multipart: { file: { name: photoName, mimeType: 'image/png', buffer: gradientPng(320, 240) } },
  });
  expect(upload.status()).toBe(201);
  const photoId = ((await upload.json()) as { data: { _id: string } }).data._id;
  const assets = await request.get('/v2/fault/reportable/assets', { headers: owner, params: { search: 'Tower generator 1' } });
  const asset = ((await assets.json()) as { data: { _id: string }[] }).data[0]!;
  const providers = await request.get('/v2/sr/providers', { headers: owner, params: { receiverType: 'MRO', asset: asset._id } });
  const mroId = ((await providers.json()) as { data: { _id: string; name: string }[] }).data.find(
    (p) => p.name === 'Prime Maintenance Services',
  )!._id;
  const title = `Oil under generator 1 (offline e2e ${run})`;
  const sent = await request.post('/v2/sr/create', {
    headers: owner,
    data: {
      title,
      description: 'A pool of oil under the engine after the night run.',
      priority: 'high',
      receiverType: 'MRO',
      provider: mroId,
      asset: asset._id,
      attachments: [photoId],
    },
  });
  expect(sent.status()).toBe(201);
  const id = ((await sent.json()) as { data: { _id: string } }).data._id;
  const mro = await headersOf(request, MRO);
  expect((await request.post(`/v2/sr/sent/accept/${id}`, { headers: mro })).status()).toBe(200);
  const staff = await request.get(`/v2/sr/staff/${id}`, { headers: mro });
  const tech1 = ((await staff.json()) as { data: { _id: string; name: string }[] }).data.find((s) => s.name === 'Tunde Technician')!._id;
  expect((await request.post(`/v2/sr/assign/${id}`, { headers: mro, data: { users: [tech1] } })).status()).toBe(200);
  return { id, title, photoName };
}

/** The ids of the records whose details the device has saved for tech1. */
function savedDetails(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('amp-offline-reading');
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('saved-queries')) return resolve([]);
          const all = db.transaction('saved-queries').objectStore('saved-queries').getAll();
          all.onsuccess = () =>
            resolve(
              (all.result as { state: { queries: { queryKey: unknown[] }[] } }[]).flatMap((record) =>
                record.state.queries.filter((q) => q.queryKey[1] === 'detail').map((q) => String(q.queryKey[2])),
              ),
            );
        };
        open.onerror = () => resolve([]);
      }),
  );
}

/** Whether an image has really been drawn (not the "image unavailable" placeholder). */
async function expectLoadedImage(page: Page, name: string) {
  const image = page.getByRole('button', { name: `Open ${name}` }).getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test.use({ viewport: { width: 375, height: 740 } });

test('tech1 reads their work orders and a request with its photo offline, and online again it refreshes', async ({
  page,
  context,
  request,
}) => {
  const run = Date.now().toString(36);
  const job = await requestWithPhoto(request, run);

  await signIn(page, TECH);
  // The service worker is installed and serves this page: the app's files are kept on the device.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 });

  // With a signal: the work order list, then one work order.
  await page.goto('/work-order/incoming');
  const main = page.getByRole('main');
  await main.getByText(WORK_ORDER).first().click();
  await page.waitForURL('**/work-order/view/**');
  const orderUrl = page.url();
  const orderId = orderUrl.split('/').pop()!;
  await expect(main.getByText(WORK_ORDER, { exact: true }).first()).toBeVisible();
  await expect(main.getByTestId('offline-note')).toHaveCount(0);

  // And the request with its photo.
  await page.goto(`/service-request/view/${job.id}`);
  await expect(main.getByText(job.title, { exact: true }).first()).toBeVisible();
  await expectLoadedImage(page, job.photoName);
  await expect.poll(() => savedDetails(page), { timeout: 15_000 }).toEqual(expect.arrayContaining([orderId, job.id]));

  // No network at all: the reload is answered by the service worker, the data by what was saved.
  await context.setOffline(true);
  await page.reload();
  await expect(main.getByText(job.title, { exact: true }).first()).toBeVisible();
  await expect(main.getByTestId('offline-note')).toContainText(/^Offline — showing what was saved at \d{1,2}:\d{2}/);
  await expectLoadedImage(page, job.photoName);
  // The photo came from this session's own cache, not from the network.
  const savedFiles = await page.evaluate(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('amp-files-'));
    const urls = await Promise.all(names.map(async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname)));
    return { sessions: names.length, urls: urls.flat() };
  });
  expect(savedFiles.sessions).toBe(1);
  expect(savedFiles.urls.some((url) => url.startsWith('/v2/file/'))).toBe(true);

  // Read ahead when tech1 signed in: their requests list and a request they never opened.
  await page.goto('/service-request/incoming');
  await expect(main.getByTestId('offline-note')).toContainText('Offline — showing what was saved at');
  await main.getByText(UNOPENED_REQUEST).first().click();
  await page.waitForURL('**/service-request/view/**');
  await expect(main.getByText(UNOPENED_REQUEST, { exact: true }).first()).toBeVisible();
  await expect(main.getByTestId('offline-note')).toContainText('Offline — showing what was saved at');

  await page.goto('/work-order/incoming');
  await expect(main.getByText(WORK_ORDER).first()).toBeVisible();
  await expect(main.getByTestId('offline-note')).toContainText('Offline — showing what was saved at');
  await main.getByText(WORK_ORDER).first().click();
  await page.waitForURL(orderUrl);
  await expect(main.getByText(WORK_ORDER, { exact: true }).first()).toBeVisible();
  await expect(main.getByTestId('offline-note')).toContainText('Offline — showing what was saved at');

  // Meanwhile tech1's observation reaches the server from elsewhere; online again, the request shows it.
  await page.goto(`/service-request/view/${job.id}`);
  await expect(main.getByText(job.title, { exact: true }).first()).toBeVisible();
  const summary = `Gasket of the sump replaced, no more leak (offline e2e ${run}).`;
  const observed = await request.post(`/v2/observation/create/${job.id}`, {
    headers: await headersOf(request, TECH),
    data: { type: 'okay', summary, timeToComplete: 1 },
  });
  expect(observed.status()).toBe(201);
  await expect(main.getByText(summary)).toHaveCount(0);

  await context.setOffline(false);
  await expect(main.getByText(summary)).toBeVisible();
  await expect(main.getByTestId('offline-note')).toHaveCount(0);

  // Signing out leaves nothing of tech1's on the device.
  await page.goto('/logout');
  await page.waitForURL('**/auth/login');
  await expect.poll(() => savedDetails(page)).toEqual([]);
  await expect.poll(() => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('amp-files-')))).toEqual([]);
});
