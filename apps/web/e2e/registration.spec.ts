import { expect, type Page, test } from '@playwright/test';
import { waitForResetLink } from './support/mail';
import { menuHrefs, signIn } from './support/session';

/** Picks an option of a Mantine Select or MultiSelect by its label. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).filter({ visible: true }).first().click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

// docs/product.md#side-menu filtered by the Supplier system role's permissions (docs/roles-and-permissions.md).
const SUPPLIER_MENU = [
  '/dashboard',
  '/user/add',
  '/user/view',
  '/user/roles/create',
  '/user/role',
  '/manage-warehouse/view',
  '/material-request',
  '/purchase-order/incoming',
  '/purchase-order/completed',
  '/pricebook/view',
  '/report/warehouse',
  '/user-profile/profile-overview',
  '/logout',
];

// The demo owner's staff holds the custom role "Asset Officer": viewAsset, manageAsset,
// createNewAsset, manageAssetFault, viewSR, viewOutgoingSR, viewCompletedSR.
const ASSET_OFFICER_MENU = [
  '/dashboard',
  '/asset/asset-list',
  '/asset/cluster',
  '/sla/manage',
  '/service-request',
  '/service-request/outgoing',
  '/service-request/completed',
  '/asset/reported-faults',
  '/asset/report-fault',
  '/user-profile/profile-overview',
  '/logout',
];

test('company registration, approval by the super admin, set password from the mail, sign in', async ({ page }) => {
  const email = `adaeze.${Date.now()}@example.com`;

  await page.goto('/auth/registration');
  await page.getByRole('tab', { name: 'Company' }).click();
  await page.getByLabel('First name').fill('Adaeze');
  await page.getByLabel('Last name').fill('Nwosu');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Company name').fill('Niger Delta Spares Ltd');
  await page.getByLabel('Telephone').fill('08031234567');
  await choose(page, 'State', 'Rivers');
  await choose(page, 'LGA', 'Port Harcourt');
  await choose(page, 'Account type', 'Asset Owner');
  await choose(page, 'Category', 'Power & Energy');
  await page.keyboard.press('Escape');
  await choose(page, 'Sub-category', 'Inverter');
  await page.keyboard.press('Escape');
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox').check();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(
    page.getByText('Registration successfully submited. A system adminstrator will contact you soon for approval of your account.'),
  ).toBeVisible();

  await signIn(page, 'super@amp.test');
  await page.goto('/user/request');
  const request = page.getByRole('article').filter({ hasText: email });
  await expect(request).toContainText('Niger Delta Spares Ltd');
  await request.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog');
  // The super admin changes the type the applicant asked for.
  await dialog.getByRole('combobox', { name: 'Account type' }).click();
  await page.getByRole('option', { name: 'Supplier', exact: true }).click();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('The registration has been approved and the user emailed a link to set a password')).toBeVisible();
  await expect(page.getByRole('article').filter({ hasText: email })).toHaveCount(0);
  await page.goto('/logout');
  await page.waitForURL('**/auth/login');

  const link = await waitForResetLink(email);
  await page.goto(new URL(link).pathname);
  await page.getByLabel('Password', { exact: true }).fill('my-new-password');
  await page.getByLabel('Confirm Password').fill('my-new-password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByText('Your account has been successfully reset')).toBeVisible();

  await signIn(page, email, 'my-new-password');
  await page.getByRole('button', { name: /open the user menu/i }).click();
  await expect(page.getByRole('menu')).toContainText('Supplier');
  await page.keyboard.press('Escape');
  expect(await menuHrefs(page)).toEqual(SUPPLIER_MENU);
});

test('the side menu shows exactly what a custom role allows', async ({ page }) => {
  await signIn(page, 'owner.staff@amp.test');
  expect(await menuHrefs(page)).toEqual(ASSET_OFFICER_MENU);
  // A page outside the role is refused even by its address.
  await page.goto('/user/view');
  await expect(page.getByRole('heading', { name: 'Access denied' })).toBeVisible();
});
