import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { gradientPng } from './support/files';
import { DEMO_PASSWORD, signIn } from './support/session';

// Issue 13, "The technician's day, offline": tech1, on a phone, takes their actions without a
// connection; they wait on the device (surviving a reload), are sent in order when the phone is back
// online, and the owner sees them. A completion queued while someone else ends the work order is
// held as a conflict that shows what happened and keeps what tech1 entered.

const OWNER = 'owner@amp.test';
const MRO = 'mro@amp.test';
const TECH = 'tech1@amp.test';
const PHONE = { width: 375, height: 812 };

async function headersOf(request: APIRequestContext, email: string) {
  const login = await request.post('/v2/account/login', { data: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

const dataOf = async <T>(answer: { json(): Promise<unknown> }) => ((await answer.json()) as { data: T }).data;

async function party(browser: Browser, email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** Tower generator 1 and the MRO that holds it, as the owner's API sees them. */
async function assetAndMro(request: APIRequestContext) {
  const owner = await headersOf(request, OWNER);
  const assets = await request.get('/v2/fault/reportable/assets', { headers: owner, params: { search: 'Tower generator 1' } });
  const asset = (await dataOf<{ _id: string }[]>(assets))[0]!;
  const providers = await request.get('/v2/wo/providers', { headers: owner, params: { receiverType: 'MRO', asset: asset._id } });
  const mro = (await dataOf<{ _id: string; name: string }[]>(providers)).find((p) => p.name === 'Prime Maintenance Services')!;
  return { owner, asset, mro };
}

/** A work order for the MRO, approved by the owner (Head O&M), accepted and assigned to tech1: waiting for tech1 to start. */
async function assignedWorkOrder(request: APIRequestContext, title: string): Promise<{ id: string; code: string }> {
  const { owner, asset, mro } = await assetAndMro(request);
  const created = await request.post('/v2/wo/create', {
    headers: owner,
    data: {
      title,
      description: 'The generator trips under load.',
      priority: 'high',
      receiverType: 'MRO',
      provider: mro._id,
      asset: asset._id,
      cluster: null,
      dueDate: null,
      attachments: [],
      lines: [{ name: 'Inspection and repair', kind: 'service', price: '20000', quantity: 1 }],
      submit: true,
    },
  });
  expect(created.status()).toBe(201);
  const order = await dataOf<{ _id: string; code: string; status: string }>(created);
  if (order.status === 'pending_approval') {
    expect((await request.post(`/v2/wo/approve/${order._id}`, { headers: owner, data: { approve: true } })).status()).toBe(200);
  }
  const mroHeaders = await headersOf(request, MRO);
  expect((await request.post(`/v2/wo/sent/accept/${order._id}`, { headers: mroHeaders, data: {} })).status()).toBe(200);
  const staff = await dataOf<{ _id: string; name: string }[]>(await request.get(`/v2/wo/staff/${order._id}`, { headers: mroHeaders }));
  const tech1 = staff.find((s) => s.name === 'Tunde Technician')!._id;
  expect((await request.post(`/v2/wo/assign/${order._id}`, { headers: mroHeaders, data: { users: [tech1] } })).status()).toBe(200);
  return { id: order._id, code: order.code };
}

/** A service request for the MRO, accepted and assigned to tech1: waiting for tech1's observation. */
async function assignedRequest(request: APIRequestContext, title: string): Promise<{ id: string; code: string }> {
  const { owner, asset, mro } = await assetAndMro(request);
  const sent = await request.post('/v2/sr/create', {
    headers: owner,
    data: {
      title,
      description: 'The generator smokes on start.',
      priority: 'high',
      receiverType: 'MRO',
      provider: mro._id,
      asset: asset._id,
    },
  });
  expect(sent.status()).toBe(201);
  const sr = await dataOf<{ _id: string; code: string }>(sent);
  const mroHeaders = await headersOf(request, MRO);
  expect((await request.post(`/v2/sr/sent/accept/${sr._id}`, { headers: mroHeaders })).status()).toBe(200);
  const staff = await dataOf<{ _id: string; name: string }[]>(await request.get(`/v2/sr/staff/${sr._id}`, { headers: mroHeaders }));
  const tech1 = staff.find((s) => s.name === 'Tunde Technician')!._id;
  expect((await request.post(`/v2/sr/assign/${sr._id}`, { headers: mroHeaders, data: { users: [tech1] } })).status()).toBe(200);
  return { id: sr._id, code: sr.code };
}

/** Waits until the service worker (when there is one) has the app's files, so pages and their scripts load offline. */
async function appKeptOffline(page: Page) {
  await page.evaluate(async () => {
    if ('serviceWorker' in navigator && (await navigator.serviceWorker.getRegistration())) await navigator.serviceWorker.ready;
  });
}

/** Clicks a step of the work order page and confirms it in its dialog. */
async function act(page: Page, action: string, confirm = action, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('main').getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

const indicator = (page: Page) => page.getByTestId('sync-indicator');

/** Opens the sync panel once no toast covers the header (a hovered toast would stay). */
async function openSyncPanel(page: Page) {
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0, { timeout: 15_000 });
  await indicator(page).click();
  await expect(page.getByTestId('sync-panel')).toBeVisible();
}

test('offline: start, complete with a photo and an observation wait on the phone, survive a reload and are sent in order', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const order = await assignedWorkOrder(request, `Generator trips (offline e2e ${run})`);
  const sr = await assignedRequest(request, `Generator smokes (offline e2e ${run})`);

  const tech = await party(browser, TECH, PHONE);
  // Online, tech1 opens the observation form and their work order (the pages and their data are then on the phone).
  await tech.page.goto(`/service-request/observation/new/${sr.id}`);
  await expect(tech.page.getByRole('textbox', { name: 'Report summary' })).toBeVisible();
  await tech.page.goto(`/work-order/view/${order.id}`);
  await expect(tech.page.getByRole('main').getByText(order.code).first()).toBeVisible();
  await expect(indicator(tech.page)).toHaveAttribute('aria-label', /Online/);
  await appKeptOffline(tech.page);

  await tech.context.setOffline(true);
  await expect(indicator(tech.page)).toHaveAttribute('aria-label', /Offline/);

  // Start: kept on the phone, the page moves on at once (the Complete button).
  await act(tech.page, 'Start work');
  await expect(tech.page.getByText('Saved on this device. It will be sent when you are back online.').first()).toBeVisible();
  await expect(tech.page.getByTestId('outbox-pending')).toContainText('Start waiting to send');

  // Complete with a photo, kept on the phone too.
  await act(tech.page, 'Complete', 'Complete work order', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Completion notes' }).fill('Replaced the fuel filter; load test passed.');
    await dialog.getByRole('textbox', { name: 'Time spent' }).fill('2.5');
    await dialog
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'generator.png', mimeType: 'image/png', buffer: gradientPng(640, 480) });
    await expect(dialog.getByRole('button', { name: 'Remove generator.png' })).toBeVisible();
  });
  await expect(tech.page.getByTestId('outbox-pending')).toContainText('Completion waiting to send');
  await expect(tech.page.getByRole('main').getByText('Completed', { exact: true }).first()).toBeVisible();

  // The observation, with a photo and a line, through the app's own navigation (no connection to load a page).
  await tech.page.goBack();
  await expect(tech.page.getByRole('textbox', { name: 'Report summary' })).toBeVisible();
  await tech.page.getByText('Not Okay', { exact: true }).click();
  await tech.page.getByRole('textbox', { name: 'Report summary' }).fill('Injector pump leaking; replace the pump seals.');
  await tech.page.getByRole('textbox', { name: 'Time to complete' }).fill('3');
  await tech.page
    .locator('input[type="file"][accept*="image"]')
    .first()
    .setInputFiles({ name: 'injector.png', mimeType: 'image/png', buffer: gradientPng(320, 240) });
  await expect(tech.page.getByRole('button', { name: 'Remove injector.png' })).toBeVisible();
  await tech.page.getByRole('button', { name: 'Add a free line' }).click();
  await tech.page.getByRole('textbox', { name: 'Name' }).last().fill('Injector pump seal kit');
  await tech.page.getByRole('textbox', { name: 'Unit price' }).last().fill('15000');
  await tech.page.getByRole('textbox', { name: 'Quantity' }).last().fill('1');
  await tech.page.getByRole('button', { name: 'Submit observation' }).click();
  await tech.page.waitForURL(`**/service-request/view/${sr.id}`);
  await expect(tech.page.getByText('Saved on this device. It will be sent when you are back online.').first()).toBeVisible();
  // The request shows its observation as waiting, and offers no second one (issue 26, defect 16).
  await expect(tech.page.getByText('Observation waiting to send').first()).toBeVisible();
  await expect(tech.page.getByRole('main').getByRole('link', { name: 'Submit observation' })).toHaveCount(0);
  await expect(tech.page.getByRole('main').getByRole('button', { name: 'Submit observation' })).toHaveCount(0);

  // Three actions wait on the phone.
  await expect(tech.page.getByTestId('sync-count')).toHaveText('3');
  await expect(indicator(tech.page)).toHaveAttribute('aria-label', /3 waiting to send/);
  await openSyncPanel(tech.page);
  const panel = tech.page.getByTestId('sync-panel');
  await expect(panel.getByTestId('sync-entry')).toHaveCount(3);
  await expect(panel.getByTestId('sync-entry').nth(0)).toContainText(`Start ${order.code}`);
  await expect(panel.getByTestId('sync-entry').nth(1)).toContainText(`Complete ${order.code}`);
  await expect(panel.getByTestId('sync-entry').nth(2)).toContainText(`Observation on ${sr.code}`);
  await tech.page.keyboard.press('Escape');

  // The queue survives a reload while still offline (the service worker serves the shell).
  await tech.page.reload();
  await expect(tech.page.getByTestId('sync-count')).toHaveText('3');
  await expect(indicator(tech.page)).toHaveAttribute('aria-label', /Offline · 3 waiting to send/);
  await tech.context.setOffline(false);

  // Back online: sent in order until nothing waits, with the time of the last sync.
  await expect(tech.page.getByTestId('sync-count')).toHaveCount(0, { timeout: 30_000 });
  await openSyncPanel(tech.page);
  await expect(tech.page.getByTestId('sync-waiting')).toHaveText('Nothing waiting to send');
  await expect(tech.page.getByTestId('sync-last')).toContainText('Last synced');
  await tech.page.keyboard.press('Escape');

  // The owner sees the work order completed (with its photo) and the observation.
  const owner = await party(browser, OWNER);
  await owner.page.goto(`/work-order/view/${order.id}`);
  await expect(owner.page.getByRole('main').getByText('Completed', { exact: true }).first()).toBeVisible();
  await expect(owner.page.getByText('Replaced the fuel filter; load test passed.')).toBeVisible();
  const ownerHeaders = await headersOf(request, OWNER);
  const detail = await dataOf<{ status: string; photos: unknown[]; timeSpentHours: number }>(
    await request.get(`/v2/wo/${order.id}`, { headers: ownerHeaders }),
  );
  expect(detail.status).toBe('completed');
  expect(detail.photos).toHaveLength(1);
  expect(detail.timeSpentHours).toBe(2.5);
  await owner.page.goto(`/service-request/view/${sr.id}`);
  await expect(owner.page.getByText('Injector pump leaking; replace the pump seals.').first()).toBeVisible();
  const request1 = await dataOf<{ observations: { summary: string; evidence: unknown[]; lines: unknown[] }[] }>(
    await request.get(`/v2/sr/${sr.id}`, { headers: ownerHeaders }),
  );
  expect(request1.observations).toHaveLength(1);
  expect(request1.observations[0]!.evidence).toHaveLength(1);
  expect(request1.observations[0]!.lines).toHaveLength(1);

  await owner.context.close();
  await tech.context.close();
});

test('offline: a completion queued while the owner ends the work order is held as a conflict that keeps what tech1 entered', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const order = await assignedWorkOrder(request, `Generator overheats (offline conflict e2e ${run})`);
  const owner = await headersOf(request, OWNER);
  const techHeaders = await headersOf(request, TECH);
  expect((await request.post(`/v2/wo/start/${order.id}`, { headers: techHeaders, data: {} })).status()).toBe(200);

  const tech = await party(browser, TECH, PHONE);
  await tech.page.goto(`/work-order/view/${order.id}`);
  await expect(tech.page.getByRole('main').getByRole('button', { name: 'Complete', exact: true })).toBeVisible();
  await appKeptOffline(tech.page);
  await tech.context.setOffline(true);
  await act(tech.page, 'Complete', 'Complete work order', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Completion notes' }).fill('Cleaned the radiator; temperature normal.');
    await dialog.getByRole('textbox', { name: 'Time spent' }).fill('1');
    await dialog
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'radiator.png', mimeType: 'image/png', buffer: gradientPng(320, 240) });
    await expect(dialog.getByRole('button', { name: 'Remove radiator.png' })).toBeVisible();
  });
  await expect(tech.page.getByTestId('sync-count')).toHaveText('1');

  // Meanwhile the owner ends it.
  expect(
    (await request.post(`/v2/wo/end/${order.id}`, { headers: owner, data: { reason: 'The generator is being replaced.' } })).status(),
  ).toBe(200);

  await tech.context.setOffline(false);
  await expect(tech.page.getByTestId('outbox-pending')).toContainText('Complete', { timeout: 30_000 });
  await expect(tech.page.getByTestId('outbox-pending')).toContainText('not sent');
  await openSyncPanel(tech.page);
  const entry = tech.page.getByTestId('sync-entry');
  await expect(entry).toContainText('Conflict');
  await entry.getByRole('button', { name: 'See what happened' }).click();
  const conflict = tech.page.getByTestId('outbox-conflict');
  await expect(conflict).toContainText('Now: Ended');
  await expect(conflict.getByTestId('outbox-entered-note')).toHaveText('Cleaned the radiator; temperature normal.');
  await expect(conflict.getByRole('img', { name: 'radiator.png' })).toBeVisible();
  // The work order no longer allows a completion: it cannot be sent anyway.
  await expect(conflict.getByRole('button', { name: 'Send anyway' })).toBeDisabled();

  // Discarding asks first, then removes it.
  await conflict.getByRole('button', { name: 'Discard' }).click();
  await conflict.getByRole('button', { name: 'Discard it' }).click();
  await expect(tech.page.getByTestId('sync-count')).toHaveCount(0);
  const detail = await dataOf<{ status: string }>(await request.get(`/v2/wo/${order.id}`, { headers: owner }));
  expect(detail.status).toBe('ended');
  await tech.context.close();
});

test('offline: a completion refused because the work order changed meanwhile (412) is sent anyway once tech1 decides', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const order = await assignedWorkOrder(request, `Generator leaks oil (offline 412 e2e ${run})`);
  const techHeaders = await headersOf(request, TECH);
  expect((await request.post(`/v2/wo/start/${order.id}`, { headers: techHeaders, data: {} })).status()).toBe(200);

  const tech = await party(browser, TECH, PHONE);
  await tech.page.goto(`/work-order/view/${order.id}`);
  await expect(tech.page.getByRole('main').getByRole('button', { name: 'Complete', exact: true })).toBeVisible();
  await appKeptOffline(tech.page);
  await tech.context.setOffline(true);
  await act(tech.page, 'Complete', 'Complete work order', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Completion notes' }).fill('Replaced the sump gasket; no more leaks.');
    await dialog.getByRole('textbox', { name: 'Time spent' }).fill('1.5');
  });

  // Meanwhile the MRO puts it on hold and resumes it: still open to a completion, but changed.
  const mro = await headersOf(request, MRO);
  expect((await request.post(`/v2/wo/hold/${order.id}`, { headers: mro, data: { reason: 'Waiting for the gasket.' } })).status()).toBe(200);
  expect((await request.post(`/v2/wo/resume/${order.id}`, { headers: mro, data: {} })).status()).toBe(200);

  await tech.context.setOffline(false);
  await expect(tech.page.getByTestId('outbox-pending')).toContainText('not sent', { timeout: 30_000 });
  await openSyncPanel(tech.page);
  await tech.page.getByTestId('sync-entry').getByRole('button', { name: 'See what happened' }).click();
  const conflict = tech.page.getByTestId('outbox-conflict');
  await expect(conflict).toContainText('This record was changed by someone else since you opened it.');
  await expect(conflict).toContainText('Now: In Progress');
  await expect(conflict.getByTestId('outbox-entered-note')).toHaveText('Replaced the sump gasket; no more leaks.');
  await conflict.getByRole('button', { name: 'Send anyway' }).click();

  await expect(tech.page.getByTestId('sync-count')).toHaveCount(0, { timeout: 30_000 });
  const owner = await headersOf(request, OWNER);
  const detail = await dataOf<{ status: string; completionNote: string }>(await request.get(`/v2/wo/${order.id}`, { headers: owner }));
  expect(detail).toMatchObject({ status: 'completed', completionNote: 'Replaced the sump gasket; no more leaks.' });
  await tech.context.close();
});

test('offline: a material request made without a connection is sent when the phone is back online', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const note = `Seal kit for the injector job (offline e2e ${Date.now().toString(36)})`;
  const tech = await party(browser, TECH, PHONE);
  // Online, tech1 opens the form and picks from the warehouse's stock.
  await tech.page.goto('/material-request/new');
  await tech.page.getByRole('combobox', { name: 'Warehouse' }).click();
  await tech.page.getByRole('option', { name: 'Ikeja Central Store' }).click();
  await tech.page.getByRole('button', { name: 'Add items' }).click();
  const picker = tech.page.getByRole('dialog', { name: 'Stock of Ikeja Central Store' });
  await picker.getByRole('textbox', { name: 'Search by name, brand or model' }).fill('rectifier');
  await picker.getByRole('button', { name: 'Add Rectifier module, 48 V 50 A' }).click();
  await picker.getByRole('button', { name: 'Done' }).click();
  await appKeptOffline(tech.page);

  await tech.context.setOffline(true);
  await tech.page.getByRole('textbox', { name: 'Quantity of Rectifier module, 48 V 50 A' }).fill('1');
  await tech.page.getByRole('textbox', { name: 'Note' }).fill(note);
  await tech.page.getByRole('button', { name: 'Send request' }).click();
  await tech.page.waitForURL('**/material-request');
  await expect(tech.page.getByTestId('outbox-pending')).toContainText('Material request waiting to send');
  await expect(tech.page.getByTestId('sync-count')).toHaveText('1');

  await tech.context.setOffline(false);
  await expect(tech.page.getByTestId('sync-count')).toHaveCount(0, { timeout: 30_000 });
  await expect(tech.page.getByTestId('outbox-pending')).toHaveCount(0);
  const techHeaders = await headersOf(request, TECH);
  const mine = await dataOf<{ _id: string }[]>(
    await request.get('/v2/material-request', { headers: techHeaders, params: { tab: 'mine', pageSize: 100 } }),
  );
  const details = await Promise.all(
    mine.map(async (row) =>
      dataOf<{ note: string | null; lines: { quantity: number }[] }>(
        await request.get(`/v2/material-request/${row._id}`, { headers: techHeaders }),
      ),
    ),
  );
  const sent = details.filter((detail) => detail.note === note);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.lines.map((line) => Number(line.quantity))).toEqual([1]);
  await tech.context.close();
});

test('offline: a fault reported from the Fault Portal with a photo is sent when the phone is back online', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const description = `Cabinet door hinge broken (offline e2e ${Date.now().toString(36)})`;
  const tech = await party(browser, TECH, PHONE);
  // Online once: the form and its asset picker are kept for later.
  await tech.page.goto('/asset/report-fault');
  const asset = tech.page
    .getByRole('combobox', { name: 'Asset', exact: true })
    .or(tech.page.getByRole('textbox', { name: 'Asset', exact: true }));
  await asset.first().click();
  await expect(tech.page.getByRole('option', { name: /Tower generator 2/ })).toBeVisible();
  await tech.page.keyboard.press('Escape');
  await appKeptOffline(tech.page);

  await tech.context.setOffline(true);
  await asset.first().click();
  await tech.page.getByRole('option', { name: /Tower generator 2/ }).click();
  await tech.page.getByRole('radio', { name: 'Repair' }).check();
  await tech.page.getByRole('textbox', { name: 'Description', exact: true }).fill(description);
  await tech.page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('08030000101');
  await tech.page.locator('input[type="file"]').setInputFiles({ name: 'hinge.png', mimeType: 'image/png', buffer: gradientPng(320, 240) });
  await tech.page.getByRole('button', { name: 'Submit' }).click();
  await expect(
    tech.page.getByRole('status').filter({ hasText: 'Saved on this device. It will be sent when you are back online.' }),
  ).toBeVisible();
  await expect(tech.page.getByTestId('sync-count')).toHaveText('1');

  await tech.context.setOffline(false);
  await expect(tech.page.getByTestId('sync-count')).toHaveCount(0, { timeout: 30_000 });
  // Sent once, with its photo: the report is on one of tech1's faults.
  const techHeaders = await headersOf(request, TECH);
  const faults = await dataOf<{ _id: string }[]>(
    await request.get('/v2/fault', { headers: techHeaders, params: { tab: 'all', pageSize: 100 } }),
  );
  const details = await Promise.all(
    faults.map(async (fault) =>
      dataOf<{ reports: { description: string; image: { kind: string } | null }[] }>(
        await request.get(`/v2/fault/${fault._id}`, { headers: techHeaders }),
      ),
    ),
  );
  const reports = details.flatMap((detail) => detail.reports).filter((report) => report.description === description);
  expect(reports).toHaveLength(1);
  expect(reports[0]!.image?.kind).toBe('image');
  await tech.context.close();
});
