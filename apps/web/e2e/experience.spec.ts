import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { menuHrefs, signIn } from './support/session';

test('the language is chosen in the user menu, kept in local storage and applied everywhere', async ({ page }) => {
  await signIn(page, 'mro@amp.test');
  await page.getByRole('button', { name: 'Open the user menu' }).click();
  await page.getByRole('menuitem', { name: 'Français' }).click();
  await page.waitForLoadState('load');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('amp.language'))).toBe('fr');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
  // The shared schema's messages come out translated too.
  await page.goto('/logout');
  await page.waitForURL('**/auth/login');
  await page.getByRole('textbox').first().fill('pas-un-email');
  await page.getByRole('textbox').first().blur();
  await expect(page.getByText('Format d’e-mail incorrect')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('amp.language', 'en'));
});

test("a time zone of one's own: every time is shown in it, named, until the organisation's is chosen again", async ({ browser }) => {
  // A desk whose clock is on UTC, reading the organisation's zone (Africa/Lagos) by default.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, timezoneId: 'UTC' });
  const page = await context.newPage();
  await signIn(page, 'owner.staff@amp.test');
  await page.goto('/user-profile/language');
  const zoneField = () =>
    page
      .getByRole('textbox', { name: 'Time zone' })
      .or(page.getByRole('combobox', { name: 'Time zone' }))
      .first();
  const saveAndWaitForReload = () => Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Save changes' }).click()]);
  const zone = zoneField();
  await expect(zone).toHaveValue("My organisation's (Africa/Lagos)");
  await zone.click();
  await zone.fill('Tokyo');
  await page.getByRole('option', { name: 'Asia/Tokyo' }).click();
  // Applied by a reload, as a language is: navigating before it ends would abort one of the two.
  await saveAndWaitForReload();
  await expect(zoneField()).toHaveValue('Asia/Tokyo');
  // The dashboard's recent activity reads in Tokyo, named.
  await page.goto('/dashboard');
  await expect(page.getByText(/GMT\+9/).first()).toBeVisible();
  await page.goto('/user-profile/language');
  await zoneField().click();
  await page.getByRole('option', { name: "My organisation's (Africa/Lagos)" }).click();
  await saveAndWaitForReload();
  await expect(zoneField()).toHaveValue("My organisation's (Africa/Lagos)");
  await page.goto('/dashboard');
  await expect(page.getByText(/GMT\+1/).first()).toBeVisible();
  await expect(page.getByText(/GMT\+9/)).toHaveCount(0);
  await context.close();
});

test('the shell works at phone width: the menu opens from the burger', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, 'owner@amp.test');
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).not.toBeInViewport();
  await page.getByRole('button', { name: /open the menu/i }).click();
  await expect(nav).toBeInViewport();
  expect(await menuHrefs(page)).toContain('/user/view');
  await nav.getByRole('link', { name: 'View User' }).click();
  await page.waitForURL('**/user/view');
  await expect(nav).not.toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const path of ['/auth/login', '/auth/registration', '/error/error-v1']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test('the dashboard and user list have no serious accessibility violations', async ({ page }) => {
  await signIn(page, 'super@amp.test');
  for (const path of ['/dashboard', '/user/view', '/user/request']) {
    await page.goto(path);
    // The live notification stream stays open, so the network never idles: wait for the page to
    // finish loading its data instead (no skeletons or loaders left).
    await page.waitForLoadState('load');
    await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path} ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});
