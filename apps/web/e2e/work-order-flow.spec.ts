import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { gradientPng } from './support/files';
import { DEMO_PASSWORD, signIn } from './support/session';

// Issue 10, end to end across the parties' own sessions: the owner configures Head O&M (100,000),
// GM (1,000,000) and CEO (10,000,000) with three different users; raises a 250,000 NGN work order
// from an observation; Head O&M (the owner, the level's only approver) then the GM approve it in
// their own sessions while the CEO is never asked; the MRO accepts it and assigns tech1; tech1, on a
// phone, starts and completes it with a photo; both sides certify; the owner rates the MRO 4 stars;
// the work order is in Certified and the rating is on the provider.

const OWNER = 'owner@amp.test';
const GM = 'gm@amp.test';
const CEO = 'ceo@amp.test';
const MRO = 'mro@amp.test';
const TECH = 'tech1@amp.test';

async function party(browser: Browser, email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

async function headersOf(request: APIRequestContext, email: string) {
  const login = await request.post('/v2/account/login', { data: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

/**
 * The service request the work order is raised from, through the API: the owner sends it to the MRO
 * about tower generator 1, the MRO accepts it and assigns tech1, tech1 submits a Not Okay observation
 * costing exactly NGN 250,000.
 */
async function observedRequest(request: APIRequestContext, run: string): Promise<{ requestId: string; title: string }> {
  const owner = await headersOf(request, OWNER);
  const assets = await request.get('/v2/fault/reportable/assets', { headers: owner, params: { search: 'Tower generator 1' } });
  const asset = ((await assets.json()) as { data: { _id: string }[] }).data[0]!;
  const providers = await request.get('/v2/sr/providers', { headers: owner, params: { receiverType: 'MRO', asset: asset._id } });
  const mroId = ((await providers.json()) as { data: { _id: string; name: string }[] }).data.find(
    (p) => p.name === 'Prime Maintenance Services',
  )!._id;
  const title = `Generator 1 alternator failing (e2e ${run})`;
  const sent = await request.post('/v2/sr/create', {
    headers: owner,
    data: {
      title,
      description: 'The alternator output collapses under load.',
      priority: 'high',
      receiverType: 'MRO',
      provider: mroId,
      asset: asset._id,
    },
  });
  expect(sent.status()).toBe(201);
  const requestId = ((await sent.json()) as { data: { _id: string } }).data._id;
  const mro = await headersOf(request, MRO);
  expect((await request.post(`/v2/sr/sent/accept/${requestId}`, { headers: mro })).status()).toBe(200);
  const staff = await request.get(`/v2/sr/staff/${requestId}`, { headers: mro });
  const tech1 = ((await staff.json()) as { data: { _id: string; name: string }[] }).data.find((s) => s.name === 'Tunde Technician')!._id;
  expect((await request.post(`/v2/sr/assign/${requestId}`, { headers: mro, data: { users: [tech1] } })).status()).toBe(200);
  const tech = await headersOf(request, TECH);
  const observed = await request.post(`/v2/observation/create/${requestId}`, {
    headers: tech,
    data: {
      type: 'not_okay',
      summary: 'The alternator windings are burnt: rewind the alternator and replace its bearings.',
      timeToComplete: 8,
      lines: [{ name: 'Alternator rewind and bearings', kind: 'service', price: '250000', quantity: 1 }],
    },
  });
  expect(observed.status()).toBe(201);
  return { requestId, title };
}

/** Clicks an action of the work order page and confirms it in its dialog. */
async function act(page: Page, action: string, confirm = action, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('main').getByRole('button', { name: action, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  if (fill) await fill(dialog);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('levels by cost, sequential approvals, acceptance, completion on a phone, dual certification and a rating', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const run = Date.now().toString(36);
  const { requestId, title } = await observedRequest(request, run);
  const owner = await party(browser, OWNER);

  // The owner sets its three levels afresh, each with its own approver.
  await owner.page.goto('/work-order/configuration');
  // (The demo's levels are these three: they go first.)
  for (const name of ['CEO', 'GM', 'Head O&M']) {
    const remove = owner.page.getByRole('button', { name: `Delete ${name}` }).first();
    await remove.click();
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Delete level' }).click();
    await expect(owner.page.getByRole('button', { name: `Delete ${name}` })).toHaveCount(0);
  }
  const levels: [string, string, string, string][] = [
    ['Head O&M', '100000', '1', 'Olumide Owner'],
    ['GM', '1000000', '2', 'Grace Manager'],
    ['CEO', '10000000', '3', 'Chidi Executive'],
  ];
  for (const [name, max, order, approver] of levels) {
    await owner.page.getByRole('button', { name: 'Add level' }).first().click();
    const form = owner.page.getByRole('dialog');
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await form.getByRole('textbox', { name: 'Maximum amount' }).fill(max);
    await form.getByRole('textbox', { name: 'Order' }).fill(order);
    await form.getByRole('combobox', { name: 'Approvers' }).click();
    await owner.page.getByRole('option', { name: new RegExp(approver) }).click();
    // The list of approvers closes, as a person's Escape or click elsewhere would close it.
    await owner.page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Add level' }).click();
    await expect(form).toBeHidden();
    await expect(owner.page.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  }

  // The owner raises the work order from the observation awaiting its decision.
  await owner.page.goto(`/service-request/view/${requestId}`);
  await expect(owner.page.getByText(title).first()).toBeVisible();
  await owner.page.getByRole('button', { name: 'Raise a work order' }).click();
  const raise = owner.page.getByRole('dialog');
  await raise.getByRole('button', { name: 'Raise and submit' }).click();
  await owner.page.waitForURL(/\/work-order\/view\/[0-9a-f-]{36}$/);
  const orderUrl = new URL(owner.page.url()).pathname;
  const heading = owner.page
    .getByRole('main')
    .getByText(/^WO-\d{6}$/)
    .first();
  await expect(heading).toBeVisible();
  const code = (await heading.textContent())!.trim();
  await expect(owner.page.getByText('₦250,000.00').first()).toBeVisible();
  await expect(owner.page.getByText('Alternator rewind and bearings').first()).toBeVisible();
  // NGN 250,000 needs Head O&M then GM; the CEO's level does not apply.
  const approvals = owner.page.getByRole('region', { name: 'Approvals' });
  await expect(approvals.getByText('Head O&M')).toBeVisible();
  await expect(approvals.getByText('GM', { exact: true })).toBeVisible();
  await expect(approvals.getByText('CEO')).toHaveCount(0);

  // Head O&M: the owner, its only approver, approves its own work order (recorded as such).
  await act(owner.page, 'Approve');
  await expect(owner.page.getByText('The work order has been approved').first()).toBeVisible();

  // The GM approves it from Approval Requests, in its own session.
  const gm = await party(browser, GM);
  await gm.page.goto('/work-order/approval-requests');
  await expect(gm.page.getByText('Awaiting Approval').first()).toBeVisible();
  const row = gm.page.getByRole('row', { name: new RegExp(code) });
  await row.getByRole('button', { name: 'Approve' }).click();
  await gm.page.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(gm.page.getByText('The work order has been approved').first()).toBeVisible();
  await gm.page.getByText('Approved by me', { exact: true }).click();
  await expect(gm.page.getByText(code).first()).toBeVisible();

  // The CEO was never asked.
  const ceo = await party(browser, CEO);
  await ceo.page.goto('/work-order/approval-requests');
  await expect(ceo.page.getByText('Nothing awaits your approval')).toBeVisible();
  const ceoHeaders = await headersOf(request, CEO);
  const ceoNotices = await request.get('/v2/notification', { headers: ceoHeaders, params: { pageSize: 100 } });
  expect(JSON.stringify(await ceoNotices.json())).not.toContain(code);

  // The MRO accepts it and assigns tech1.
  const mro = await party(browser, MRO);
  await mro.page.goto(orderUrl);
  await act(mro.page, 'Accept');
  await expect(mro.page.getByText('The work order has been accepted').first()).toBeVisible();
  await act(mro.page, 'Assign staff', 'Assign', async (dialog) => {
    await dialog.getByRole('checkbox', { name: /Tunde Technician/ }).check();
  });
  await expect(mro.page.getByText('The staff have been assigned').first()).toBeVisible();

  // tech1, on a phone, starts and completes it with a photo.
  const tech = await party(browser, TECH, { width: 375, height: 812 });
  await tech.page.goto('/work-order/incoming');
  await tech.page.getByText(code).first().click();
  await tech.page.waitForURL(`**${orderUrl}`);
  await act(tech.page, 'Start work');
  await expect(tech.page.getByText('Work has started').first()).toBeVisible();
  await act(tech.page, 'Complete', 'Complete work order', async (dialog) => {
    await dialog
      .getByRole('textbox', { name: 'Completion notes' })
      .fill('Rewound the alternator and replaced both bearings; load test passed.');
    await dialog.getByRole('textbox', { name: 'Time spent' }).fill('7.5');
    await dialog
      .locator('input[type="file"]')
      .first()
      .setInputFiles({ name: 'alternator.png', mimeType: 'image/png', buffer: gradientPng(640, 480) });
    // Uploaded: its thumbnail shows with a way to remove it.
    await expect(dialog.getByRole('button', { name: 'Remove alternator.png' })).toBeVisible();
  });
  await expect(tech.page.getByText('The work order has been completed').first()).toBeVisible();

  // Both sides certify.
  await owner.page.goto(orderUrl);
  await act(owner.page, 'Certify', 'Certify', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Checked on site: the generator holds the load.');
  });
  await expect(owner.page.getByText('Your certification has been recorded').first()).toBeVisible();
  await mro.page.goto(orderUrl);
  await act(mro.page, 'Certify', 'Certify', async (dialog) => {
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Work done as ordered.');
  });
  await expect(mro.page.getByRole('main').getByText('Certified', { exact: true }).first()).toBeVisible();

  // The owner rates the MRO 4 stars, which closes it.
  await owner.page.goto(orderUrl);
  await act(owner.page, 'Rate the provider', 'Rate and close', async (dialog) => {
    await dialog.getByRole('radio', { name: /4/ }).first().check({ force: true });
    await dialog.getByRole('textbox', { name: 'Comment' }).fill('Good work, a little slow to start.');
  });
  await expect(owner.page.getByText(/rating has been recorded/).first()).toBeVisible();

  // It is among the certified work orders, with its rating; the rating counts on the provider.
  await owner.page.goto('/work-order/certified');
  const certified = owner.page.getByRole('main').getByText(code).first();
  await expect(certified).toBeVisible();
  const ownerHeaders = await headersOf(request, OWNER);
  const detail = (await (await request.get(`/v2/wo/${orderUrl.split('/').pop()}`, { headers: ownerHeaders })).json()) as {
    data: { status: string; rating: number; provider: { _id: string }; steps: { name: string; status: string; selfApproved: boolean }[] };
  };
  expect(detail.data.status).toBe('closed');
  expect(detail.data.rating).toBe(4);
  expect(detail.data.steps.map((step) => [step.name, step.status, step.selfApproved])).toEqual([
    ['Head O&M', 'approved', true],
    ['GM', 'approved', false],
  ]);
  const rating = (await (await request.get(`/v2/user/rating/${detail.data.provider._id}`, { headers: ownerHeaders })).json()) as {
    data: { count: number };
  };
  expect(rating.data.count).toBeGreaterThanOrEqual(2);

  for (const p of [owner, gm, ceo, mro, tech]) await p.context.close();
});
