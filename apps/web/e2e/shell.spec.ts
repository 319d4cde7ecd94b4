import { expect, type Locator, test } from '@playwright/test';
import { signIn } from './support/session';

test('an unknown path inside the signed-in area shows the not-found page in the shell, with a way back to the dashboard', async ({
  page,
}) => {
  await signIn(page, 'owner@amp.test');
  await page.goto('/asset/no-such-page');
  const main = page.getByRole('main');
  await expect(main.getByText('404', { exact: true })).toBeVisible();
  await expect(main.getByText('OOPS! Something went wrong here')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  // Still inside the app: the side menu and the header stay.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found · AMP');
  await main.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('every Report menu entry opens its page under its own title, marked as the current entry', async ({ page }) => {
  await signIn(page, 'owner@amp.test');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Report', exact: true }).click();
  for (const [name, path] of [
    ['Asset Report', /\/report\/asset$/],
    ['Score Card', /\/report\/score-card$/],
  ] as const) {
    const entry = nav.getByRole('link', { name, exact: true });
    await entry.click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(entry).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByText('OOPS! Something went wrong here')).toHaveCount(0);
  }
});

test('signed out, an unknown path still shows the public not-found page', async ({ page }) => {
  await page.goto('/asset/no-such-page');
  await expect(page.getByText('OOPS! Something went wrong here')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await expect(page).toHaveURL(/\/asset\/no-such-page$/);
});

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not visible');
  return found;
}

test('on a phone, a page opened from far down a list starts at its top; back returns to the place in the list', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'owner@amp.test');
  await page.goto('/asset/asset-list');
  const links = page.getByRole('main').locator('a[href^="/asset/asset-list/"]:not([href$="/edit"]):not([href$="/label"])');
  await expect(links.first()).toBeVisible();
  const last = links.last();
  await last.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  const scrolled = await page.evaluate(() => window.scrollY);

  // The scroll-to-top button shows and keeps clear of the footer's links.
  const toTop = page.getByRole('button', { name: 'Scroll to top' });
  await expect(toTop).toBeVisible();
  const button = await box(toTop);
  for (const link of await page.locator('footer').getByRole('link').all()) {
    const text = await box(link);
    const overlaps =
      text.x < button.x + button.width &&
      button.x < text.x + text.width &&
      text.y < button.y + button.height &&
      button.y < text.y + text.height;
    expect(overlaps, `the button covers "${await link.textContent()}"`).toBe(false);
  }

  const href = await last.getAttribute('href');
  await last.click();
  await page.waitForURL(`**${href}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Asset Details' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await page.waitForURL('**/asset/asset-list');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
});

test('the dashboard shows the latest five activities without signing in and out, and links to all of them', async ({ page }) => {
  await signIn(page, 'owner@amp.test');
  // A second session adds another "Signed in" and "Signed out" to the feed.
  await page.goto('/logout');
  await page.waitForURL('**/auth/login');
  await signIn(page, 'owner@amp.test');

  const card = page.locator('.mantine-Card-root', { has: page.getByRole('heading', { name: 'Recent Activity' }) });
  const items = card.locator('.mantine-Timeline-item');
  await expect(items.first()).toBeVisible();
  expect(await items.count()).toBeLessThanOrEqual(5);
  await expect(card.getByText(/^Signed (in|out)$/)).toHaveCount(0);

  await card.getByRole('link', { name: 'See all activity' }).click();
  await expect(page).toHaveURL(/\/user-profile\/activity$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Activity' })).toBeVisible();
  const feed = page.getByRole('main').locator('.mantine-Timeline-item');
  await expect(feed.first()).toBeVisible();
  // The whole history: more than the dashboard shows (the owner's demo data alone is longer), still without sessions.
  expect(await feed.count()).toBeGreaterThan(5);
  await expect(page.getByRole('main').getByText(/^Signed (in|out)$/)).toHaveCount(0);
  // On request, signing in and out show too.
  await page.getByRole('switch', { name: 'Include signing in and out' }).check();
  await expect(page.getByRole('main').getByText('Signed in').first()).toBeVisible();
});

test('on a phone, a provider opening "My service requests" sees the Incoming list named as such from the first paint', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'mro@amp.test');
  // Every title the sub-header shows on the way, not only the last one: a page named before its
  // redirect shows the wrong title for a moment.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { titlesSeen: string[] }).titlesSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('h1')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: /open the menu/i }).click();
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('button', { name: 'Service Request', exact: true }).click();
  await nav.getByRole('link', { name: 'My service requests', exact: true }).click();
  await expect(page).toHaveURL(/\/service-request\/incoming$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Incoming' })).toBeVisible();
  // The Incoming list itself: its requests are on the page.
  await expect(
    page
      .getByRole('main')
      .getByText(/^SR-\d+$/)
      .first(),
  ).toBeVisible();
  const crumbs = page.getByLabel('Breadcrumbs');
  await expect(crumbs).toHaveText(/Dashboard.*Service Request.*Incoming/);
  await expect(crumbs).not.toContainText('Send Service Request');
  await expect(page).toHaveTitle('Incoming · AMP');
  expect(await page.evaluate(() => (window as unknown as { titlesSeen: string[] }).titlesSeen)).not.toContain('Send Service Request');
  // The menu marks the entry of the page shown, inside its open group.
  await page.getByRole('button', { name: /open the menu/i }).click();
  await expect(nav.getByRole('link', { name: 'Incoming', exact: true })).toHaveAttribute('aria-current', 'page');
});
