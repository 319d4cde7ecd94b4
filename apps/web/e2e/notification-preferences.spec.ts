import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

// docs/product.md#notifications-and-activity: per-event preferences on the profile page. The IMO admin turns one
// event off in the app and by email, saves, and finds the choices kept after a reload. (The IMO,
// not the MRO: the MRO's bell is watched by notifications.spec.ts.)

const EVENT = 'Assets or clusters assigned to my organisation';

test('the IMO admin keeps per-event notification choices across a reload', async ({ page }) => {
  await signIn(page, 'imo@amp.test');
  await page.goto('/user-profile/profile-overview');
  await page.getByRole('navigation', { name: 'Profile sections' }).getByRole('link', { name: 'Notifications', exact: true }).click();
  await page.waitForURL('**/user-profile/notifications');

  const row = page.getByRole('group', { name: EVENT });
  const inApp = row.getByRole('switch', { name: 'Show in the app' });
  const email = row.getByRole('combobox', { name: 'Email' });
  const save = page.getByRole('button', { name: 'Save changes' });
  // The defaults: every event in the app and by email each time; nothing to save yet.
  await expect(inApp).toBeChecked();
  await expect(email).toHaveValue('Each time');
  await expect(save).toBeDisabled();

  await inApp.uncheck();
  await expect(inApp).not.toBeChecked();
  await email.click();
  await page.getByRole('option', { name: 'Never' }).click();
  await expect(email).toHaveValue('Never');
  await expect(save).toBeEnabled();

  const saved = page.waitForResponse(
    (response) => response.url().endsWith('/v2/notification/preferences') && response.request().method() === 'PUT',
  );
  await save.click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Your notification choices have been saved')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.reload();
  await expect(row.getByRole('switch', { name: 'Show in the app' })).not.toBeChecked();
  await expect(row.getByRole('combobox', { name: 'Email' })).toHaveValue('Never');
  // The other events kept their defaults.
  const revoked = page.getByRole('group', { name: 'Assets or clusters taken back' });
  await expect(revoked.getByRole('switch', { name: 'Show in the app' })).toBeChecked();
  await expect(revoked.getByRole('combobox', { name: 'Email' })).toHaveValue('Each time');
  await expect(save).toBeDisabled();
});
