import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { gradientPng } from './support/files';
import { DEMO_PASSWORD, signIn } from './support/session';

// Issue 9, end to end across the parties' own sessions: the owner raises a service request from a
// fault; the MRO accepts it and assigns tech1; tech1, on a phone, submits a Not Okay observation
// with a photo and two lines from the MRO's pricebook; the owner accepts it and closes the request.
// Each step's notification reaches the other party's open tab live (the bell counts it, a toast
// tells of it), without a reload.

const OWNER = 'owner@amp.test';
const MRO = 'mro@amp.test';
const TECH = 'tech1@amp.test';

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

async function unreadCount(page: Page): Promise<number> {
  await expect(bell(page)).toHaveAttribute('aria-label', /\d+ unread/);
  return Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);
}

/** Waits until the bell counts more than `before` (a live notification), and a toast told of it. */
async function heardOf(page: Page, before: number): Promise<number> {
  await expect.poll(() => unreadCount(page), { timeout: 15_000 }).toBeGreaterThan(before);
  await expect(page.getByText(/New notification/).first()).toBeVisible();
  return unreadCount(page);
}

async function party(browser: Browser, email: string, viewport = { width: 1280, height: 800 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** A fault the owner reports through the API on the MRO's generator, with a fault type not open on it. */
async function ownerFault(request: APIRequestContext, description: string): Promise<string> {
  const login = await request.post('/v2/account/login', { data: { email: OWNER, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
  const assets = await request.get('/v2/fault/reportable/assets', { headers, params: { search: 'Tower generator 1' } });
  const asset = ((await assets.json()) as { data: { _id: string }[] }).data[0]!;
  const open = await request.get('/v2/fault', { headers, params: { tab: 'open', assetId: asset._id, pageSize: 100 } });
  const taken = ((await open.json()) as { data: { faultType: string }[] }).data.map((fault) => fault.faultType);
  const faultType = ['Repair', 'Replacement'].find((type) => !taken.includes(type));
  expect(faultType, 'a fault type free on the generator').toBeTruthy();
  const reported = await request.post('/v2/fault/report', {
    headers,
    data: { email: OWNER, fullName: 'Olu Owner', phoneNumber: '08030000001', asset: asset._id, faultType, description },
  });
  expect(reported.status()).toBe(201);
  return ((await reported.json()) as { data: { _id: string } }).data._id;
}

test('owner raises a request from a fault, the MRO assigns tech1, tech1 observes on a phone, the owner accepts and closes', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const run = Date.now().toString(36);
  const mro = await party(browser, MRO);
  await mro.page.goto('/service-request/incoming');
  const tech = await party(browser, TECH, { width: 375, height: 812 });
  await tech.page.goto('/service-request/observation');
  const owner = await party(browser, OWNER);
  let mroUnread = await unreadCount(mro.page);
  let techUnread = await unreadCount(tech.page);
  let ownerUnread = await unreadCount(owner.page);

  // The owner raises a service request from its open fault.
  const description = `Generator 1 surges and cuts out under load (e2e ${run})`;
  const faultId = await ownerFault(request, description);
  await owner.page.goto(`/asset/reported-faults/${faultId}`);
  await owner.page.getByRole('link', { name: 'Raise a service request' }).click();
  await owner.page.waitForURL(`**/service-request/new?fault=${faultId}`);
  await expect(owner.page.getByText(description).first()).toBeVisible();
  // The MRO holds the generator: it is proposed, with the Ikeja SLA to be copied.
  await expect(owner.page.getByText(/holds this asset/).first()).toBeVisible();
  await owner.page.getByText('High', { exact: true }).click();
  await owner.page.getByRole('button', { name: 'Send as a service request' }).click();
  await owner.page.waitForURL(/\/service-request\/view\/[0-9a-f-]{36}$/);
  const requestUrl = new URL(owner.page.url()).pathname;
  const heading = owner.page
    .getByRole('main')
    .getByText(/^SR-\d{6}$/)
    .first();
  await expect(heading).toBeVisible();
  const code = (await heading.textContent())!.trim();
  await expect(owner.page.getByText('Sent', { exact: true }).first()).toBeVisible();

  // The MRO hears of it where it is, opens it, accepts it and assigns tech1.
  mroUnread = await heardOf(mro.page, mroUnread);
  await mro.page.goto(requestUrl);
  await mro.page.getByRole('button', { name: 'Accept' }).click();
  await mro.page
    .getByRole('dialog', { name: `Accept ${code}?` })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(mro.page.getByText('The service request has been accepted')).toBeVisible();
  await mro.page.getByRole('button', { name: 'Assign staff' }).click();
  const assign = mro.page.getByRole('dialog', { name: `Assign staff to ${code}` });
  await assign.getByRole('checkbox', { name: /Tunde Technician/ }).check();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(mro.page.getByText('The staff have been assigned')).toBeVisible();

  // The owner heard of the acceptance; tech1 of the assignment, on the phone.
  ownerUnread = await heardOf(owner.page, ownerUnread);
  techUnread = await heardOf(tech.page, techUnread);
  await tech.page.goto(requestUrl);
  await tech.page.getByRole('link', { name: 'Submit observation' }).click();
  await tech.page.waitForURL(`**/service-request/observation/new/*`);
  await tech.page.getByText('Not Okay', { exact: true }).click();
  await tech.page
    .getByRole('textbox', { name: 'Report summary' })
    .fill('The governor actuator sticks and the air filter is clogged; replace the filter and re-tune the governor.');
  await tech.page.getByRole('textbox', { name: 'Time to complete' }).fill('5');
  await tech.page
    .locator('input[type="file"][accept*="image"]')
    .first()
    .setInputFiles({ name: 'governor.png', mimeType: 'image/png', buffer: gradientPng(640, 480) });
  await expect(tech.page.getByRole('button', { name: 'Remove governor.png' })).toBeVisible();
  await tech.page.getByRole('button', { name: 'Add from pricebook' }).click();
  const picker = tech.page.getByRole('dialog', { name: 'Add from your pricebook' });
  await picker.getByRole('button', { name: 'Add Air filter element' }).click();
  await picker.getByRole('button', { name: 'Add Technician labour' }).click();
  await picker.getByRole('button', { name: 'Done' }).click();
  // ₦32,000.00 + ₦7,500.00 = ₦39,500.00
  await expect(tech.page.getByText('₦39,500.00').first()).toBeVisible();
  await tech.page.getByRole('button', { name: 'Submit observation' }).click();
  await tech.page.waitForURL(`**${requestUrl}`);
  await expect(tech.page.getByText('The observation has been submitted').first()).toBeVisible();

  // The owner hears of the observation, accepts it and closes the request.
  ownerUnread = await heardOf(owner.page, ownerUnread);
  await owner.page.reload();
  await expect(owner.page.getByText('Air filter element').first()).toBeVisible();
  await expect(owner.page.getByText('₦39,500.00').first()).toBeVisible();
  await owner.page.getByRole('button', { name: 'Accept observation' }).click();
  await owner.page
    .getByRole('dialog', { name: `Accept the observation on ${code}?` })
    .getByRole('button', { name: 'Accept observation' })
    .click();
  await expect(owner.page.getByText('The observation has been accepted')).toBeVisible();
  techUnread = await heardOf(tech.page, techUnread);
  await owner.page.getByRole('button', { name: 'Close request' }).click();
  await owner.page
    .getByRole('dialog', { name: `Close ${code}?` })
    .getByRole('button', { name: 'Close request' })
    .click();
  await expect(owner.page.getByText('The service request has been closed')).toBeVisible();
  await expect(owner.page.getByText('Closed', { exact: true }).first()).toBeVisible();

  // The closing reaches the MRO and tech1 live too.
  await heardOf(mro.page, mroUnread);
  await heardOf(tech.page, techUnread);
  // The fault it came from is converted and points at the request.
  await owner.page.goto(`/asset/reported-faults/${faultId}`);
  await expect(owner.page.getByRole('link', { name: 'Open the service request' })).toHaveAttribute('href', requestUrl);

  for (const p of [owner, mro, tech]) await p.context.close();
});
