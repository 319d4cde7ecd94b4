import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, menuHrefs, signIn } from './support/session';

// Issue 12 (score cards): the demo owner sees its providers ranked in the order the API ranks them
// (other specs may add work, so the order is read from the API, not written here), opens one,
// drills into its ratings and lands on a work order; on a phone the ranking is cards without a
// sideways scroll; the MRO opens its own score card and drills into its completed jobs.

async function headersOf(request: APIRequestContext, email: string) {
  const login = await request.post('/v2/account/login', { data: { email, password: DEMO_PASSWORD } });
  return { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

interface RankedRow {
  rank: number;
  provider: { _id: string; name: string };
  figures: { jobsCompleted: number; ratingCount: number; score: number | null };
}

test('the owner ranks its providers, opens one and drills from a figure to a work order', async ({ page, request }) => {
  const headers = await headersOf(request, 'owner@amp.test');
  const answer = (await (await request.get('/v2/score-card/all/list', { headers })).json()) as { data: RankedRow[] };
  const ranked = answer.data;
  // The demo gives the owner three providers with finished, rated work.
  expect(ranked.length).toBeGreaterThanOrEqual(3);
  expect(ranked.filter((row) => row.figures.ratingCount > 0).length).toBeGreaterThanOrEqual(2);

  await signIn(page, 'owner@amp.test');
  // Through the menu: menuHrefs opens its groups.
  expect(await menuHrefs(page)).toContain('/report/score-card');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Score Card', exact: true }).click();
  await expect(page).toHaveURL(/\/report\/score-card$/);
  const names = page.getByRole('table').getByRole('link', { name: /^Open the score card of / });
  await expect(names).toHaveCount(ranked.length);
  expect(await names.allInnerTexts()).toEqual(ranked.map((row) => row.provider.name));

  // The MRO: it has SLA-bound, rated work.
  const mro = ranked.find((row) => row.provider.name === 'Prime Maintenance Services')!;
  await page.getByRole('link', { name: 'Open the score card of Prime Maintenance Services' }).click();
  await expect(page.getByRole('heading', { name: 'Prime Maintenance Services' })).toBeVisible();
  await expect(page.getByText(`Rank ${mro.rank} of ${ranked.length}`)).toBeVisible();
  await page.getByRole('link', { name: 'Average rating: show the work orders' }).click();
  await expect(page.getByRole('heading', { name: 'Rated work orders' })).toBeVisible();
  const orders = page.getByRole('link', { name: /^Open work order WO-/ });
  await expect(orders.first()).toBeVisible();
  const label = (await orders.first().getAttribute('aria-label'))!;
  await orders.first().click();
  await expect(page).toHaveURL(/\/work-order\/view\/[0-9a-f-]{36}$/);
  await expect(page.getByText(label.replace('Open work order ', '')).first()).toBeVisible();

  // Search by name keeps the rank.
  await page.goto('/report/score-card?search=Emeka');
  await expect(names).toHaveCount(1);
  await expect(
    page
      .getByRole('row', { name: /Emeka Okafor/ })
      .getByRole('cell')
      .first(),
  ).toHaveText(String(ranked.find((row) => row.provider.name === 'Emeka Okafor')!.rank));
});

test('on a phone the ranking is cards, without a sideways scroll', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const page = await context.newPage();
  await signIn(page, 'owner@amp.test');
  await page.goto('/report/score-card');
  await expect(page.getByRole('link', { name: 'Open the score card of Prime Maintenance Services' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await context.close();
});

test('the MRO opens its own score card and drills into its completed jobs', async ({ page, request }) => {
  const headers = await headersOf(request, 'mro@amp.test');
  const own = (await (await request.get('/v2/score-card/mine', { headers })).json()) as { data: { figures: { jobsCompleted: number } } };
  expect(own.data.figures.jobsCompleted).toBeGreaterThan(0);

  await signIn(page, 'mro@amp.test');
  expect(await menuHrefs(page)).toContain('/report/my-score-card');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'My Score Card' }).click();
  await expect(page).toHaveURL(/\/report\/my-score-card$/);
  await expect(page.getByRole('heading', { name: 'Prime Maintenance Services' })).toBeVisible();
  await page.getByRole('link', { name: 'Jobs completed: show the work orders' }).first().click();
  await expect(page.getByRole('heading', { name: 'Jobs completed' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Open work order WO-/ })).toHaveCount(Math.min(10, own.data.figures.jobsCompleted));
  // It is the MRO's own: another provider's card is not its to open.
  await page.goto('/report/score-card');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});
