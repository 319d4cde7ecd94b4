import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { SENDER_CARD_LINKS } from '../src/features/dashboard/dashboard-links.fixture';
import { DEMO_PASSWORD, signIn } from './support/session';

// Issue 12: each role's dashboard (docs/product.md#dashboard) shows its own figures, the ones its call answers
// (read from the API in the test, on the demo data), and its cards lead where docs/product.md#dashboard says: to
// the list the user may open, or nowhere.

const WORK = ['openedSr', 'closedSr', 'openedWo', 'closedWo', 'openedFaults', 'closedFaults', 'openedPO', 'closedPO'];
const SUPPLIER = ['received', 'accepted', 'toDispatch', 'delivered', 'declined'];
const SUPER_ADMIN = ['ao', 'mro', 'technician', 'supplier', 'imo', 'extTechnician'];

async function figuresOf(request: APIRequestContext, email: string, path: string): Promise<Record<string, number>> {
  const login = await request.post('/v2/account/login', { data: { email, password: DEMO_PASSWORD } });
  const token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  const res = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: Record<string, number> }).data;
}

/** Each card shows the API's figure, written as the page writes numbers in English. */
async function expectFigures(page: Page, figures: Record<string, number>, keys: readonly string[]) {
  for (const key of keys) {
    await expect(page.getByTestId(`figure-${key}`).locator('[data-figure]'), key).toHaveText(
      new Intl.NumberFormat('en').format(figures[key]!),
    );
  }
}

/** Where each card leads: its link's path, or null for a card that is no link. */
async function cardLinks(page: Page, keys: readonly string[]): Promise<Record<string, string | null>> {
  const links: Record<string, string | null> = {};
  for (const key of keys) links[key] = await page.getByTestId(`figure-${key}`).getAttribute('href');
  return links;
}

test('an asset owner sees what it sent, and its cards lead to its outgoing and completed lists', async ({ page, request }) => {
  const figures = await figuresOf(request, 'owner@amp.test', '/v2/activities/dashboard/sr-wo');
  await signIn(page, 'owner@amp.test');
  await expect(page.getByRole('heading', { name: 'Your work summary' })).toBeVisible();
  await expectFigures(page, figures, WORK);
  expect(figures.openedSr! + figures.closedSr!).toBeGreaterThan(0);
  expect(await cardLinks(page, WORK)).toEqual(SENDER_CARD_LINKS);
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();

  await page.getByTestId('figure-openedSr').click();
  await page.waitForURL('**/service-request/outgoing');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("an MRO's manager sees what it received, and its opened cards lead to its incoming lists", async ({ page, request }) => {
  const figures = await figuresOf(request, 'mro@amp.test', '/v2/activities/dashboard/sr-wo');
  await signIn(page, 'mro@amp.test');
  await expectFigures(page, figures, WORK);
  const links = await cardLinks(page, WORK);
  expect(links).toMatchObject({
    openedSr: '/service-request/incoming',
    closedSr: '/service-request/completed',
    openedWo: '/work-order/incoming',
    closedWo: '/work-order/completed',
  });

  await page.getByTestId('figure-openedWo').click();
  await page.waitForURL('**/work-order/incoming');
});

test('a technician sees what is assigned to them; a card of a list they cannot open is no link', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const figures = await figuresOf(request, 'tech1@amp.test', '/v2/activities/dashboard/sr-wo');
  await signIn(page, 'tech1@amp.test');
  await expectFigures(page, figures, WORK);
  expect(figures.openedPO).toBe(0);
  const links = await cardLinks(page, WORK);
  expect(links).toMatchObject({
    openedSr: '/service-request/incoming',
    // A technician holds no viewCompletedSR: the figure, but no link to a page that would refuse them.
    closedSr: null,
    openedWo: '/work-order/incoming',
    openedFaults: '/asset/reported-faults',
    openedPO: null,
  });
  // Two cards a row on a phone, and nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByTestId('figure-openedFaults').click();
  await page.waitForURL('**/asset/reported-faults');
});

test('a supplier sees the purchase orders sent to it and their value per month', async ({ page, request }) => {
  const figures = await figuresOf(request, 'supplier@amp.test', '/v2/dashboard-supplier');
  await signIn(page, 'supplier@amp.test');
  await expect(page.getByRole('heading', { name: 'Your purchase orders' })).toBeVisible();
  await expectFigures(page, figures, SUPPLIER);
  expect(figures.received).toBeGreaterThan(0);
  await expect(page.getByRole('figure', { name: 'Value of orders received per month' })).toBeVisible();
  await expect(page.getByTestId('figure-openedSr')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();

  await page.getByTestId('figure-received').click();
  await page.waitForURL('**/purchase-order/incoming');
});

test('the super admin sees the organisations by kind and new users per month', async ({ page, request }) => {
  const figures = await figuresOf(request, 'super@amp.test', '/v2/dashboard-sa');
  await signIn(page, 'super@amp.test');
  await expect(page.getByRole('heading', { name: 'User Statistics' })).toBeVisible();
  await expectFigures(page, figures, SUPER_ADMIN);
  await expect(page.getByRole('figure', { name: 'New users per month' })).toBeVisible();
  await expect(page.getByTestId('figure-openedSr')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Recent Activity' })).toBeVisible();
});
