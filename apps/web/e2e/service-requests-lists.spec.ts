import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support/session';

// Issue 9 "Service requests": the Outgoing, Incoming and Completed lists and one request's page.
// The owner sends requests through the API (the send form is another page with its own tests); the
// MRO accepts and assigns one and declines another from the request's page; the owner finds the
// declined one under Completed, and a notification's "?sla=breached" link opens the list filtered.

const OWNER = 'owner@amp.test';
const MRO = 'mro@amp.test';

type Headers = { authorization: string };

async function headersOf(request: APIRequestContext, email: string): Promise<Headers> {
  const response = await request.post('/v2/account/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBeTruthy();
  return { authorization: `Bearer ${((await response.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

/** Sends a request about the demo's rectifier cabinet (on the MRO's Ikeja site, under its SLA) as the owner. */
async function send(request: APIRequestContext, title: string): Promise<{ _id: string; code: string }> {
  const headers = await headersOf(request, OWNER);
  const assets = await request.get('/v2/asset/created', { headers, params: { search: 'Rectifier cabinet', pageSize: 1 } });
  const asset = ((await assets.json()) as { data: { _id: string }[] }).data[0];
  expect(asset, 'the demo owner has its rectifier cabinet').toBeTruthy();
  const providers = await request.get('/v2/sr/providers', { headers, params: { receiverType: 'MRO', asset: asset!._id } });
  const provider = ((await providers.json()) as { data: { _id: string; holder: boolean }[] }).data.find((p) => p.holder);
  expect(provider, 'the MRO holds the rectifier cabinet').toBeTruthy();
  const created = await request.post('/v2/sr/create', {
    headers,
    data: {
      title,
      description: `${title}: seen by the site monitoring.`,
      priority: 'high',
      receiverType: 'MRO',
      provider: provider!._id,
      asset: asset!._id,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { data: { _id: string; code: string } }).data;
}

const requestLink = (page: Page, code: string) => page.getByRole('link', { name: `Open service request ${code}` });

test('the MRO accepts and assigns one request and declines another; the owner sees both', async ({ page, request }) => {
  const run = Date.now().toString(36);
  const first = await send(request, `Rectifier alarm (e2e ${run})`);
  const second = await send(request, `Cabinet fan noise (e2e ${run})`);

  await signIn(page, MRO);
  await page.goto('/service-request/incoming');
  await expect(page.getByRole('tab', { name: /Incoming/, selected: true })).toBeVisible();
  await requestLink(page, first.code).click();
  await page.waitForURL(`**/service-request/view/${first._id}`);
  await expect(page.getByText('On time').first()).toBeVisible();

  await page.getByRole('button', { name: 'Accept' }).click();
  const accept = page.getByRole('dialog', { name: `Accept ${first.code}?` });
  await accept.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('The service request has been accepted')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Assign staff' }).click();
  const assign = page.getByRole('dialog', { name: `Assign staff to ${first.code}` });
  // Nobody ticked: nothing is sent.
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(assign.getByText('Staff is required')).toBeVisible();
  await assign.getByRole('checkbox', { name: /Tunde Technician/ }).check();
  await assign.getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByText('The staff have been assigned')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Assigned staff (1)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Submit observation' })).toHaveAttribute(
    'href',
    `/service-request/observation/new/${first._id}`,
  );

  await page.goto(`/service-request/view/${second._id}`);
  await page.getByRole('button', { name: 'Decline' }).click();
  const decline = page.getByRole('dialog', { name: `Decline ${second.code}?` });
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline.getByText('Reason is required')).toBeVisible();
  const reason = `Our rectifier specialist is away this week (${run}).`;
  await decline.getByLabel('Reason').fill(reason);
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('The service request has been declined')).toBeVisible();
  await expect(page.getByText(reason).first()).toBeVisible();

  // The owner: the first is still outgoing, the declined one is completed.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, OWNER);
  await page.goto('/service-request/outgoing');
  await expect(requestLink(page, first.code)).toBeVisible();
  await expect(requestLink(page, second.code)).toHaveCount(0);
  await page.getByRole('tab', { name: /Completed/ }).click();
  await page.waitForURL('**/service-request/completed');
  await expect(requestLink(page, second.code)).toBeVisible();
});

test('a notification link opens the outgoing list filtered to breached requests, as cards on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, OWNER);
  await page.goto('/service-request/outgoing?sla=breached');
  // The filter shows open on a phone when the link carries one.
  await expect(page.getByRole('combobox', { name: 'Filter by SLA state' })).toHaveValue('Breached');
  await expect(page.getByRole('link', { name: /^Open service request / }).first()).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('Breached', { exact: true }).first()).toBeVisible();
  for (const state of ['On time', 'Due soon']) await expect(main.getByText(state, { exact: true })).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
});
