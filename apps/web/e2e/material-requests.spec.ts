import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './support/session';

// Issue 11, the material request screens on a phone: tech1 asks the MRO's store for parts for the
// work order they are on, from that work order's page; the store manager hears of it, is refused
// with what is on hand when the stock is short (nothing issued), rejects the short line with a
// reason and issues the rest, which takes that item to its reorder level: the manager is told so;
// the work order then counts the issued parts in its materials.

const PHONE = { width: 375, height: 812 };
const TECH = 'tech1@amp.test';
const STORE = 'store@amp.test';
const SHORT_ITEM = 'Fuel injection pump';
/** The demo store holds 3 with a reorder level of 1: issuing 2 takes it to its level. */
const ISSUED_ITEM = 'Rectifier module, 48 V 50 A';
const ISSUED_PRICE = 265_000;

async function phone(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await signIn(page, email);
  return page;
}

/** Nothing sticks out sideways on a phone. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

test('tech1 requests parts for a work order on a phone; the store manager is refused on short stock, rejects that line and issues the rest', async ({
  browser,
}) => {
  const tech = await phone(browser, TECH);
  const store = await phone(browser, STORE);

  // tech1 starts from the work order they are working on.
  await tech.goto('/work-order/incoming?search=WO-000005');
  await tech.getByRole('link', { name: 'Open work order WO-000005' }).click();
  const materials = tech.getByRole('region', { name: 'Materials' });
  const costBefore = await materials.getByText(/^₦/).first().textContent();
  await materials.getByRole('link', { name: 'Request materials' }).click();
  await tech.waitForURL('**/material-request/new?workOrder=*');
  await expect(tech.getByRole('combobox', { name: 'Work order' })).toHaveValue(/^WO-000005/);

  // Sending nothing says what is missing, next to the fields.
  await tech.getByRole('button', { name: 'Send request' }).click();
  await expect(tech.getByText('Warehouse is required')).toBeVisible();
  await expect(tech.getByText('Add at least one item.')).toBeVisible();

  await tech.getByRole('combobox', { name: 'Warehouse' }).click();
  await tech.getByRole('option', { name: 'Ikeja Central Store' }).click();
  await tech.getByRole('button', { name: 'Add items' }).click();
  const picker = tech.getByRole('dialog', { name: 'Stock of Ikeja Central Store' });
  await picker.getByRole('textbox', { name: 'Search by name, brand or model' }).fill('fu');
  await picker.getByRole('button', { name: `Add ${SHORT_ITEM}` }).click();
  await picker.getByRole('textbox', { name: 'Search by name, brand or model' }).fill('rectifier');
  await picker.getByRole('button', { name: `Add ${ISSUED_ITEM}` }).click();
  await picker.getByRole('button', { name: 'Done' }).click();
  await tech.getByRole('textbox', { name: `Quantity of ${SHORT_ITEM}` }).fill('500');
  await expect(tech.getByText(/^More than the \d+ in stock/)).toBeVisible();
  await tech.getByRole('textbox', { name: `Quantity of ${ISSUED_ITEM}` }).fill('2');
  await tech.getByRole('textbox', { name: 'Note' }).fill('For the injector repair on site');
  await fitsThePhone(tech);
  await tech.getByRole('button', { name: 'Send request' }).click();
  await tech.waitForURL(/\/material-request\/[0-9a-f-]{36}$/);
  await expect(tech.getByText('The material request has been sent to the warehouse').first()).toBeVisible();
  const code = (await tech.getByRole('heading', { level: 2, name: /^MR-/ }).textContent())?.trim() ?? '';
  expect(code).toMatch(/^MR-\d{6}$/);
  const requestUrl = new URL(tech.url()).pathname;

  // The store manager finds it under To decide, with its count.
  await store.goto('/material-request');
  await expect(store.getByRole('tab', { name: /To decide/ })).toHaveAttribute('aria-selected', 'true');
  await store.getByRole('link', { name: `Open material request ${code}` }).click();
  await store.waitForURL(`**${requestUrl}`);
  await expect(store.getByText('2 items wait for your decision')).toBeVisible();
  await fitsThePhone(store);

  // Accepting everything is refused: the pump is short; nothing is issued.
  await store.getByRole('button', { name: 'Accept all' }).click();
  await store.getByRole('button', { name: 'Accept and issue' }).click();
  const refused = store.getByRole('alert').filter({ hasText: 'Nothing was issued' });
  await expect(refused).toContainText(new RegExp(`Not enough stock of ${SHORT_ITEM}: \\d+ available`));
  await expect(store.getByText('2 items wait for your decision')).toBeVisible();

  // The short line is rejected with a reason, the other issued.
  await store.getByRole('checkbox', { name: `Choose ${SHORT_ITEM}` }).check();
  await store.getByRole('button', { name: 'Reject 1 item' }).click();
  const reject = store.getByRole('dialog', { name: 'Reject 1 item?' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText('Reason is required')).toBeVisible();
  await reject.getByRole('textbox', { name: 'Reason' }).fill('Only one pump left: it is kept for the Lekki job');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(store.getByText('The material request has been rejected').first()).toBeVisible();
  await store.getByRole('button', { name: 'Accept all' }).click();
  await store.getByRole('dialog', { name: 'Issue 1 item?' }).getByRole('button', { name: 'Accept and issue' }).click();
  await expect(store.getByText('The material request has been accepted and the stock issued').first()).toBeVisible();
  await expect(store.getByText('Partly accepted').first()).toBeVisible();
  await expect(store.getByText('Issued at ₦265,000.00 each')).toBeVisible();

  // The issue took the rectifiers to their reorder level: the store manager hears of it once.
  const bell = store.getByRole('banner').getByRole('button', { name: /^Notifications/ });
  await bell.click();
  await expect(store.getByText(`${ISSUED_ITEM} in Ikeja Central Store is low: 1 left (reorder level 1)`).first()).toBeVisible();
  await store.keyboard.press('Escape');
  await expect(store.getByText('Only one pump left: it is kept for the Lekki job')).toBeVisible();

  // tech1's work order now counts the two rectifiers.
  await tech.goto('/work-order/incoming?search=WO-000005');
  await tech.getByRole('link', { name: 'Open work order WO-000005' }).click();
  await expect(materials.getByText(code)).toBeVisible();
  await expect(materials.getByText('Partly accepted')).toBeVisible();
  const costAfter = await materials.getByText(/^₦/).first().textContent();
  const naira = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));
  expect(naira(costAfter) - naira(costBefore)).toBe(2 * ISSUED_PRICE);
});
