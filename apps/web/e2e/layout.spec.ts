import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, menuHrefs, signIn } from './support/session';

// Issue 17, layout: what the header, the approval badges, the score card table and the live toast
// look like at the widths people use, measured in the page as a person would see it.

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

async function signedIn(browser: Browser, email: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await signIn(page, email);
  return { context, page };
}

/** The right edge of an element on screen, in CSS pixels. */
async function rightEdge(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!.x + box!.width;
}

const userMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: 'Open the user menu' });
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });

test('at 375 px the header, with its user menu and chevron, fits the screen on every technician page, also offline', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { context, page } = await signedIn(browser, 'tech1@amp.test', PHONE);
  await page.getByRole('button', { name: /open the menu/i }).click();
  const paths = (await menuHrefs(page)).filter((path) => path !== '/logout');
  for (const path of paths) {
    await page.goto(path);
    await expect(userMenu(page)).toBeVisible();
    expect(await rightEdge(userMenu(page)), path).toBeLessThanOrEqual(PHONE.width);
  }
  // The offline badge takes room in the header too: the avatar and the chevron still show whole.
  await context.setOffline(true);
  await expect(page.getByTestId('sync-indicator')).toHaveAttribute('aria-label', /Offline/);
  await expect(page.getByTestId('sync-indicator')).toBeInViewport({ ratio: 1 });
  expect(await rightEdge(userMenu(page))).toBeLessThanOrEqual(PHONE.width);
  expect(await rightEdge(userMenu(page).locator('svg').last())).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: '/tmp/wt-ux-header-375-offline.png' });
  await context.setOffline(false);
  await context.close();
});

/** Elements of the locator whose text is cut (scrolls inside its own box). */
async function cutTexts(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) =>
    elements.filter((element) => element.scrollWidth > element.clientWidth).map((element) => element.textContent ?? ''),
  );
}

test('at 1280 px the approval badges of "Approved by me" show their whole words', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'owner@amp.test', DESKTOP);
  await page.goto('/work-order/approval-requests?view=approved');
  const badges = page.getByRole('main').locator('.mantine-Badge-label');
  await expect(badges.filter({ hasText: /Approval under way|Fully approved/ }).first()).toBeVisible();
  expect(await cutTexts(badges)).toEqual([]);
  await page.screenshot({ path: '/tmp/wt-ux-approved-1280.png' });
  await context.close();
});

test('at 1280 px the score card table fits its card without scrolling sideways', async ({ browser }) => {
  const { context, page } = await signedIn(browser, 'owner@amp.test', DESKTOP);
  await page.goto('/report/score-card');
  const table = page.getByRole('main').getByRole('table');
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  const overflow = await table.evaluate((element) => {
    const scroller = element.closest('.mantine-ScrollArea-viewport, .mantine-Table-scrollContainer') ?? element.parentElement!;
    return scroller.scrollWidth - scroller.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: '/tmp/wt-ux-score-card-1280.png' });
  await context.close();
});

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/v2/account/login', { data: { email, password: DEMO_PASSWORD } });
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const viewport of [DESKTOP, PHONE]) {
  test(`at ${viewport.width} px the live notification toast leaves the bell and the user menu free`, async ({ browser, request }) => {
    const { context, page } = await signedIn(browser, 'mro@amp.test', viewport);
    await expect(bell(page)).toHaveAttribute('aria-label', /Notifications/);
    await page.waitForTimeout(1_000);
    // The owner gives the MRO a fresh cluster: the MRO hears of it live.
    const headers = { authorization: `Bearer ${await tokenOf(request, 'owner@amp.test')}` };
    const run = `${viewport.width}${Date.now().toString(36).slice(-4)}`.toUpperCase();
    const created = await request.post('/v2/cluster/create/', {
      headers,
      data: { clusterID: `LAY-${run}`, name: `Layout Depot ${run}`, state: 'lagos' },
    });
    const cluster = ((await created.json()) as { data: { _id: string } }).data;
    const providers = await request.get('/v2/user/service-provider', { headers, params: { search: 'Prime Maintenance Services' } });
    const provider = ((await providers.json()) as { data: { _id: string }[] }).data[0]!;
    expect((await request.post('/v2/asset/assign', { headers, data: { providerId: provider._id, clusterIds: [cluster._id] } })).ok()).toBe(
      true,
    );
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'New notification' });
    await expect(toast).toBeVisible();
    await expect(toast.getByRole('button', { name: 'Close the notification' })).toBeVisible();
    const toastBox = (await toast.boundingBox())!;
    for (const target of [bell(page), userMenu(page)]) expect(overlaps(toastBox, (await target.boundingBox())!)).toBe(false);
    // The bell stays in reach while the toast shows: a click opens the panel.
    await bell(page).click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await page.screenshot({ path: `/tmp/wt-ux-toast-${viewport.width}.png` });
    await context.close();
  });
}
