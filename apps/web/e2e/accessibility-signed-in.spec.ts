import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { menuHrefs, signIn } from './support/session';

// Issue 8: every signed-in page, for each demo role with pages of its own, at desktop and phone
// width, has no serious or critical accessibility violation. One signed-in context per role; each
// page is loaded once and checked at both widths (the layout reflows, no reload needed).

const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 812 },
];

/** The record pages, by the links to them the lists show (ids are UUIDs). */
const RECORD_PAGES = {
  workOrder: /^\/work-order\/view\/[0-9a-f-]{36}$/,
  serviceRequest: /^\/service-request\/view\/[0-9a-f-]{36}$/,
  purchaseOrder: /^\/purchase-order\/[0-9a-f-]{36}$/,
  fault: /^\/asset\/reported-faults\/[0-9a-f-]{36}$/,
} as const;
type RecordKind = keyof typeof RECORD_PAGES;

/** The demo accounts whose menus differ (apps/api/src/db/seed.ts), with the record pages each must reach. */
const ROLES: { email: string; records: RecordKind[] }[] = [
  // The demo owner raises no purchase orders; the MRO's store manager and the supplier have them.
  { email: 'owner@amp.test', records: ['workOrder', 'serviceRequest', 'fault'] },
  { email: 'mro@amp.test', records: ['workOrder', 'serviceRequest', 'purchaseOrder', 'fault'] },
  { email: 'tech1@amp.test', records: ['workOrder', 'serviceRequest', 'fault'] },
  { email: 'store@amp.test', records: ['purchaseOrder'] },
  { email: 'supplier@amp.test', records: ['purchaseOrder'] },
];

/** Waits for the page's data (the live stream keeps the network busy, so not for network idle). */
async function settled(page: Page) {
  await page.waitForLoadState('load');
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root, .mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
}

/** The serious and critical violations of the page at each width, named with their elements. */
async function violations(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    // Only the violations are collected: listing every passing node doubles the time of a run.
    const results = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).analyze();
    for (const violation of results.violations) {
      if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
      found.push(`${size.width}px ${path} ${violation.id}: ${violation.help} ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  return found;
}

/** The first link on the page to each kind of record page. */
async function recordLinks(page: Page): Promise<Partial<Record<RecordKind, string>>> {
  const hrefs = await page
    .getByRole('main')
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const found: Partial<Record<RecordKind, string>> = {};
  for (const [kind, pattern] of Object.entries(RECORD_PAGES) as [RecordKind, RegExp][]) {
    const href = hrefs.find((candidate) => pattern.test(candidate));
    if (href) found[kind] = href;
  }
  return found;
}

async function checkRole(browser: Browser, email: string, records: RecordKind[]) {
  const context = await browser.newContext({ viewport: WIDTHS[0] });
  const page = await context.newPage();
  await signIn(page, email);
  const paths = (await menuHrefs(page)).filter((path) => path !== '/logout');
  const found: string[] = [];
  const detail: Partial<Record<RecordKind, string>> = {};
  for (const path of [...new Set(paths)]) {
    await page.setViewportSize(WIDTHS[0]!);
    await page.goto(path);
    await settled(page);
    found.push(...(await violations(page, path)));
    for (const [kind, href] of Object.entries(await recordLinks(page)) as [RecordKind, string][]) detail[kind] ??= href;
  }
  // Every record page the role works with is reached from its own lists, and checked too.
  // Soft: the violations found so far are still reported below.
  expect.soft(Object.keys(detail).sort(), `${email} reaches its record pages`).toEqual(expect.arrayContaining(records));
  for (const href of Object.values(detail)) {
    await page.setViewportSize(WIDTHS[0]!);
    await page.goto(href);
    await settled(page);
    found.push(...(await violations(page, href)));
  }
  await context.close();
  expect(found, `${email}: serious or critical violations`).toEqual([]);
}

for (const { email, records } of ROLES) {
  test(`signed in as ${email}, every page of the menu and the record pages have no serious accessibility violations`, async ({
    browser,
  }) => {
    // A role's whole menu, each page at two widths: the owner's has about thirty pages.
    test.setTimeout(900_000);
    await checkRole(browser, email, records);
  });
}
