import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'amp-demo-2026';

/** Signs in through the login form, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
}

/** The hrefs of the side menu's links, in order. */
export async function menuHrefs(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.getByRole('link').first().waitFor();
  // Open every collapsed group so nested entries are in the page.
  // (Locators re-resolve as groups open, so take the first closed one each time.)
  const closed = nav.locator('[aria-expanded="false"]');
  while ((await closed.count()) > 0) await closed.first().click();
  return nav.getByRole('link').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}
