import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { GUIDES } from '../src/features/help/guides';
import { signIn } from './support/session';

const NOT_FOUND = 'OOPS! Something went wrong here';
const PHONE = { width: 375, height: 740 };

function quickAccess(page: Page): Locator {
  return page.getByRole('region', { name: 'Quick Access' });
}

/** The paths of this site a group of links leads to (links to a section of the same page are checked apart). */
async function internalHrefs(page: Page, links: Locator): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).href));
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin && !url.hash)
    .map((url) => url.pathname + url.search);
}

/** Opens each path and checks it is a real page with content, not the not-found page. */
async function expectPagesExist(page: Page, paths: readonly string[]) {
  expect(paths.length).toBeGreaterThan(0);
  for (const path of new Set(paths)) {
    await page.goto(path);
    await page.waitForLoadState('load');
    await expect(page.locator('main').first(), path).toBeVisible();
    await expect(page.getByRole('heading').first(), path).toBeVisible();
    await expect(page.getByText(NOT_FOUND), `${path} shows the not-found page`).toHaveCount(0);
  }
}

test.describe('the help centre', () => {
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    test(`the search filters Quick Access on title or category (${viewport.width} px)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/help');
      const list = quickAccess(page);
      await expect(list.getByRole('link')).toHaveCount(30);
      await expect(list.getByRole('link', { name: 'Add an asset' })).toBeVisible();

      const search = page.getByPlaceholder('Search guides...');
      await search.fill('work order');
      await expect(list.getByText('6 guides match “work order”')).toBeVisible();
      await expect(list.getByRole('link', { name: 'Create a work order' })).toBeVisible();
      await expect(list.getByRole('link', { name: 'Approve or reject a work order' })).toBeVisible();
      await expect(list.getByRole('link', { name: 'Add an asset' })).toHaveCount(0);
      await expect(list.getByRole('link', { name: 'Send a service request' })).toHaveCount(0);
      await expect(page).toHaveURL(/\/help\?q=work\+order$/);

      // The category counts too: no title says "SLA management", its guide does belong to it.
      await search.fill('sla management');
      await expect(list.getByRole('link')).toHaveCount(1);
      await expect(list.getByRole('link', { name: 'Create a service level agreement' })).toBeVisible();

      await search.fill('zzzz');
      await expect(list.getByText('No guide matches “zzzz”. Try another word or browse the categories.')).toBeVisible();
      await expect(list.getByRole('link')).toHaveCount(0);

      await search.fill('');
      await expect(list.getByRole('link')).toHaveCount(30);
      await expect(page).toHaveURL(/\/help$/);

      // Popular Guides: the first six.
      const popular = page.getByRole('region', { name: 'Popular Guides' });
      await expect(popular.getByRole('link')).toHaveCount(7); // six guides and "See all guides"
      await expect(popular.getByRole('link', { name: 'Sign in and read your dashboard' })).toBeVisible();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }

  test('searching from a guide page takes the reader to the results', async ({ page }) => {
    await page.goto('/help/guides/add-asset');
    await page.getByPlaceholder('Search guides...').fill('purchase');
    await page.waitForURL('**/help?q=purchase');
    await expect(quickAccess(page).getByRole('link')).toHaveCount(2);
    await expect(page.getByPlaceholder('Search guides...')).toHaveValue('purchase');
  });

  test('a guide shows who it is for, its difficulty, numbered steps, a screenshot and its neighbours', async ({ page }) => {
    await page.goto('/help/guides/approval-levels');
    await expect(page.getByRole('heading', { level: 1, name: 'Set up work order approval levels' })).toBeVisible();
    await expect(page.getByText('Hard', { exact: true })).toBeVisible();
    await expect(page.getByText('Asset owners', { exact: true })).toBeVisible();
    const steps = page.getByRole('region', { name: /Steps/ }).getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.nth(0)).toHaveText(/Open Work Order, then Configuration\./);
    await expect(steps.nth(1)).toContainText('CEO up to 10,000,000');
    // The screenshot, or the placeholder while the script has not taken it: never a broken image.
    const shot = page.getByRole('img', { name: 'Screenshot: Set up work order approval levels' });
    await expect(shot).toBeVisible();
    await expect
      .poll(() =>
        page
          .locator('figure img')
          .evaluateAll(
            (images) => images.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0).length,
          ),
      )
      .toBe(0);

    await page.getByRole('link', { name: /Next guide/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Approve or reject a work order' })).toBeVisible();
    await expect(page.getByText('Easy', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: /Previous guide/ }).click();
    await expect(page).toHaveURL(/\/help\/guides\/approval-levels$/);

    await page.goto('/help/guides/no-such-guide');
    await expect(page.getByText(NOT_FOUND)).toBeVisible();
  });

  test('a category from the topics lists its guides only', async ({ page }) => {
    await page.goto('/help');
    await page.getByRole('navigation', { name: 'Help topics' }).getByRole('link', { name: 'Work order' }).click();
    await page.waitForURL('**/help/guides?category=work-order');
    await expect(page.getByRole('heading', { level: 1, name: 'Work order' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Create a work order' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Add an asset' })).toHaveCount(0);
    await main.getByRole('link', { name: 'Show all topics' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'User guides' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Add an asset' })).toBeVisible();
  });

  test('the FAQ lists questions by category, opens answers and filters', async ({ page }) => {
    await page.goto('/help/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Account and sign-in' })).toBeVisible();
    await page.getByRole('button', { name: 'Can I report a fault without an account?' }).click();
    await expect(page.getByText('Scan the QR label on the asset', { exact: false })).toBeVisible();

    await page.locator('label', { hasText: 'Privacy and data' }).click();
    await expect(page.getByRole('radio', { name: 'Privacy and data' })).toBeChecked();
    await expect(page.getByRole('button', { name: 'What do you store about me?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'What is AMP?' })).toHaveCount(0);

    await page.locator('label', { hasText: 'All topics' }).click();
    await page.getByLabel('Search the questions').fill('password');
    await expect(page.getByRole('button', { name: 'I forgot my password. What do I do?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Which currency does AMP use?' })).toHaveCount(0);
  });

  test('the contact page offers email with a 24-hour reply, phone, the hotline and the system status', async ({ page }) => {
    await page.goto('/help/contact');
    await expect(page.getByRole('heading', { level: 2, name: 'Email support' })).toBeVisible();
    await expect(page.getByText('We reply within 24 hours.', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'support@amp.ng' })).toHaveAttribute('href', 'mailto:support@amp.ng');
    await expect(page.getByRole('heading', { level: 2, name: 'Phone support' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Emergency hotline' })).toBeVisible();
    await expect(page.getByRole('link', { name: '+234 800 267 0911' })).toHaveAttribute('href', 'tel:+2348002670911');
    await expect(page.getByRole('link', { name: 'System status' })).toHaveAttribute('href', '/help/status');
  });

  test('the privacy notice and the terms are real pages', async ({ page }) => {
    await page.goto('/help/privacy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
    await expect(page.getByText('including anonymous reports from the public portal', { exact: false })).toBeVisible();
    await expect(page.getByText('Nigeria Data Protection Act 2023 (NDPA)', { exact: false })).toBeVisible();
    await expect(page.getByRole('link', { name: 'privacy@amp.ng' })).toBeVisible();
    await page.goto('/help/legal');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Acceptable use' })).toBeVisible();
  });

  test('the help pages are in the reader’s language', async ({ page }) => {
    await page.goto('/help');
    await page.evaluate(() => localStorage.setItem('amp.language', 'de'));
    await page.goto('/help/guides/add-asset');
    await expect(page.getByRole('heading', { level: 1, name: 'Eine Anlage anlegen' })).toBeVisible();
    await expect(page.getByText('Leicht', { exact: true })).toBeVisible();
    await expect(page.getByPlaceholder('Anleitungen durchsuchen...')).toBeVisible();
    await page.evaluate(() => localStorage.setItem('amp.language', 'en'));
  });

  test('signed in, the help centre opens without the shell and leads back to the dashboard', async ({ page }) => {
    await signIn(page, 'tech1@amp.test');
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.waitForURL('**/dashboard');
  });
});

test('every guide’s screen is a page its demo account may open (the screenshot script photographs it)', async ({ page }) => {
  test.setTimeout(180_000);
  const byAccount = new Map<string, string[]>();
  for (const { screen } of GUIDES) byAccount.set(screen.account, [...(byAccount.get(screen.account) ?? []), screen.path]);
  for (const [account, paths] of byAccount) {
    await signIn(page, account);
    for (const path of paths) {
      await page.goto(path);
      await page.waitForLoadState('load');
      await expect(page.getByRole('heading').first(), `${account} ${path}`).toBeVisible();
      await expect(page.getByText(NOT_FOUND), `${account} ${path} is no page`).toHaveCount(0);
      await expect(page.getByText('Access denied'), `${account} may not open ${path}`).toHaveCount(0);
    }
    await page.goto('/logout');
    await page.waitForURL('**/auth/login');
  }
});

test.describe('every footer and landing link leads to a page', () => {
  test('the landing page: navigation, footer and section links', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Site' });
    await expect(nav.getByRole('link', { name: 'User guides' })).toBeVisible();
    const navHrefs = await nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(navHrefs).toEqual(['#features', '#stakeholders', '/help', '/help/guides']);
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth/login');
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/auth/registration');
    await expect(page.getByRole('link', { name: 'Start Free Trial' })).toHaveAttribute('href', '/auth/registration');
    await expect(page.getByRole('link', { name: /App Store/ })).toBeVisible();
    await expect(page.getByRole('link', { name: /Google Play/ })).toBeVisible();

    const footer = page.locator('footer');
    const footerAnchors = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    for (const hash of [...navHrefs, ...footerAnchors].filter((href) => href.startsWith('#'))) {
      await expect(page.locator(hash), `${hash} has a section`).toHaveCount(1);
    }
    const paths = [...(await internalHrefs(page, nav.getByRole('link'))), ...(await internalHrefs(page, footer.getByRole('link')))];
    expect(paths).toEqual(expect.arrayContaining(['/help', '/help/guides', '/help/contact', '/help/privacy', '/help/legal']));
    await expectPagesExist(page, [...paths, '/auth/login']);
  });

  test('the landing page on a phone: the menu holds the same links', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Open the menu' }).click();
    const menu = page.getByRole('dialog').getByRole('navigation', { name: 'Site' });
    await expect(menu.getByRole('link', { name: 'User guides' })).toBeVisible();
    await menu.getByRole('link', { name: 'Help' }).click();
    await page.waitForURL('**/help');
    await expect(page.getByRole('heading', { level: 1, name: 'How can we help?' })).toBeVisible();
  });

  test('the auth screens’ footers', async ({ page }) => {
    const paths: string[] = [];
    for (const screen of ['/auth/login', '/auth/registration', '/auth/forgot-password']) {
      await page.goto(screen);
      const footer = page.locator('footer');
      await expect(footer.getByRole('link', { name: 'Privacy' })).toBeVisible();
      paths.push(...(await internalHrefs(page, footer.getByRole('link'))));
    }
    expect(paths).toEqual(expect.arrayContaining(['/help/privacy', '/help/legal', '/help/contact']));
    await expectPagesExist(page, paths);
  });

  test('the signed-in app footer', async ({ page }) => {
    await signIn(page, 'owner@amp.test');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Help Center' })).toBeVisible();
    const paths = await internalHrefs(page, footer.getByRole('link'));
    expect(paths).toEqual(expect.arrayContaining(['/help', '/help/privacy', '/help/contact']));
    await expectPagesExist(page, paths);
  });
});

test.describe('the public pages have no serious accessibility violations', () => {
  const paths = [
    '/',
    '/help',
    '/help/guides',
    '/help/guides/submit-observation',
    '/help/faq',
    '/help/contact',
    '/help/privacy',
    '/help/legal',
    '/auth/login',
  ];
  for (const viewport of [PHONE, { width: 1280, height: 800 }]) {
    test(`at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${path} ${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      }
    });
  }
});
