import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

// Issue 9: a provider keeps its pricebook: the form's catalogue messages, an exact price, a change,
// and an item retired after a question and found again under Retired; a supplier imports items
// from a file.

test('the MRO adds an item to its pricebook, changes its price and retires it', async ({ page }) => {
  await signIn(page, 'mro@amp.test');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Pricebook' }).click();
  await page.waitForURL('**/pricebook/view');
  await expect(page.getByRole('heading', { name: 'Pricebook', level: 1 })).toBeVisible();

  const run = Date.now().toString(36);
  const name = `Starter motor ${run}`;
  await page.getByRole('button', { name: 'Add item' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a pricebook item' });
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Price is required')).toBeVisible();
  await expect(dialog.getByText('Kind is required')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog
    .getByRole('combobox', { name: 'Kind' })
    .or(dialog.getByRole('textbox', { name: 'Kind' }))
    .first()
    .click();
  await page.getByRole('option', { name: 'Spare part' }).click();
  await dialog.getByRole('textbox', { name: 'Price (NGN)' }).fill('12.345');
  await dialog.getByRole('textbox', { name: 'Unit' }).fill('piece');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog.getByText('Price is not valid')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Price (NGN)' }).fill('148,500.50');
  await dialog.getByRole('textbox', { name: 'Brand' }).fill('Perkins');
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${name} was added to the pricebook.`)).toBeVisible();

  await page.getByRole('textbox', { name: 'Search' }).fill(run);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('₦148,500.50 per piece');

  await row.getByRole('button', { name: `Change ${name}` }).click();
  const edit = page.getByRole('dialog', { name: `Change ${name}` });
  await expect(edit.getByRole('textbox', { name: 'Price (NGN)' })).toHaveValue('148500.50');
  await edit.getByRole('textbox', { name: 'Price (NGN)' }).fill('152000');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('₦152,000.00 per piece');

  await row.getByRole('button', { name: `Retire ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Retire this item?' });
  await expect(confirm).toContainText('will no longer be offered');
  await confirm.getByRole('button', { name: 'Retire' }).click();
  await expect(page.getByText(`${name} was retired.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  await page
    .getByRole('combobox', { name: 'Offered or retired' })
    .or(page.getByRole('textbox', { name: 'Offered or retired' }))
    .first()
    .click();
  await page.getByRole('option', { name: 'Retired', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Retired');

  // The retired items as a CSV file, with the exact price.
  await page.getByRole('button', { name: 'Export' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV file (.csv)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^pricebook-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync((await download.path())!, 'utf8');
  expect(text).toContain('name,kind,price,unit,brand,model,description,status');
  expect(text).toContain(`${name},spare_part,152000.00,piece,Perkins,,,retired`);
});

test('the supplier imports items from a CSV file and finds them in its pricebook', async ({ page }) => {
  await signIn(page, 'supplier@amp.test');
  await page.goto('/pricebook/view');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await page.waitForURL('**/pricebook/import');
  await expect(page.getByRole('heading', { name: 'Import pricebook', level: 1 })).toBeVisible();

  const run = Date.now().toString(36);
  const csv = [
    'name,kind,price,unit,status',
    `Lubricant ${run},product,"4,500.25",litre,`,
    `Delivery ${run},Service,15000,trip,offered`,
    `Old stock ${run},spare_part,1,piece,retired`,
  ].join('\n');
  await page.locator('input[type="file"]').setInputFiles({ name: 'supplies.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const result = page.getByRole('alert', { name: 'Import complete' });
  await expect(result).toContainText('Pricebook items added or changed from supplies.csv: 3', { timeout: 30_000 });
  await expect(page.getByRole('row', { name: /supplies\.csv/ })).toContainText('Succeeded');

  await page.getByRole('link', { name: 'Open the pricebook' }).click();
  await page.waitForURL('**/pricebook/view');
  await page.getByRole('textbox', { name: 'Search' }).fill(run);
  await expect(page.getByRole('row', { name: new RegExp(`Lubricant ${run}`) })).toContainText('₦4,500.25 per litre');
  await expect(page.getByRole('row', { name: new RegExp(`Delivery ${run}`) })).toContainText('₦15,000.00 per trip');
  // Retired in the file: not among the offered items.
  await expect(page.getByRole('row', { name: new RegExp(`Old stock ${run}`) })).toHaveCount(0);
});

test("the owner reads its MRO's pricebook from their SLA, without a way to change it", async ({ page }) => {
  await signIn(page, 'owner@amp.test');
  await page.goto('/sla/manage');
  await page.getByRole('link', { name: 'Ikeja tower site maintenance' }).first().click();
  await page.getByRole('link', { name: 'Pricebook' }).click();
  await page.waitForURL('**/pricebook/provider/**');
  await expect(page.getByRole('heading', { name: 'Provider pricebook', level: 1 })).toBeVisible();
  await expect(page.getByText('What Prime Maintenance Services charges')).toBeVisible();
  await expect(page.getByRole('row', { name: /Fuel injection pump/ })).toContainText('₦412,500.00 per piece');
  // Offered items only, and nothing to change.
  await expect(page.getByText('Oil filter (old part number)')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Change / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add item' })).toHaveCount(0);
});
