import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { waitForMail } from './support/mail';
import { DEMO_PASSWORD, signIn } from './support/session';

// docs/product.md#notifications-and-activity: the owner gives a cluster to the MRO while the MRO admin is on the
// dashboard; the MRO's bell counts it at once (live stream, no reload), the panel lists it, and
// clicking it opens what was assigned and clears the count.

const MRO = 'mro@amp.test';
const OWNER = 'owner@amp.test';
const PROVIDER = 'Prime Maintenance Services';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/v2/account/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? 0);
}

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

test('the MRO hears of an assignment live and opens it from the panel', async ({ browser, request }) => {
  const mroContext = await browser.newContext();
  const mro = await mroContext.newPage();
  await signIn(mro, MRO);
  await expect(bell(mro)).toHaveAttribute('aria-label', /\d+ unread/);
  // The count on header load, then the stream's first `count` event: let both settle.
  await mro.waitForTimeout(1_000);
  const before = await unreadCount(mro);

  // The owner, in its own session (through the API with the owner's token), makes a fresh cluster
  // and gives it to the MRO.
  const token = await tokenOf(request, OWNER);
  const headers = { authorization: `Bearer ${token}` };
  const run = Date.now().toString(36).slice(-5).toUpperCase();
  const clusterName = `Notify Depot ${run}`;
  const created = await request.post('/v2/cluster/create/', {
    headers,
    data: { clusterID: `NTF-${run}`, name: clusterName, state: 'lagos' },
  });
  expect(created.status()).toBe(201);
  const cluster = ((await created.json()) as { data: { _id: string } }).data;
  const providers = await request.get('/v2/user/service-provider', { headers, params: { search: PROVIDER, pageSize: 10 } });
  expect(providers.ok()).toBeTruthy();
  const provider = ((await providers.json()) as { data: { _id: string; name: string }[] }).data.find((p) => p.name === PROVIDER);
  expect(provider).toBeTruthy();
  const assigned = await request.post('/v2/asset/assign', { headers, data: { providerId: provider!._id, clusterIds: [cluster._id] } });
  expect(assigned.ok()).toBeTruthy();

  // Without a reload: the badge counts it and a toast tells of it.
  await expect(bell(mro)).toHaveAttribute('aria-label', new RegExp(`\\b${before + 1} unread`));
  await expect(mro.getByText(/New notification/).first()).toBeVisible();

  await bell(mro).click();
  const panel = mro.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('button', { name: new RegExp(clusterName) });
  await expect(item).toBeVisible();
  await expect(item).toContainText(/\d{2}-\d{2}-\d{2}, \d{1,2}:\d{2}:\d{2} (am|pm)/);

  await item.click();
  await mro.waitForURL(`**/asset/assigned/cluster/${cluster._id}`);
  await expect(bell(mro)).toHaveAttribute('aria-label', /\b0 unread/);
  await mroContext.close();

  // And the MRO admin is told by email too, over SMTP, with a link to what was assigned.
  const mail = await waitForMail(MRO, (text) => text.includes(clusterName));
  expect(mail).toContain(`/asset/assigned/cluster/${cluster._id}`);
});
