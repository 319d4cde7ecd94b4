import { expect, test } from '@playwright/test';
import { waitForMail } from './support/mail';
import { signIn } from './support/session';

// Mail the delivery job gave up on is the super admin's to see and send again (the demo data holds
// one, to a mistyped address). Sent again, it arrives at the mail server once, and leaves the list.

test('the super admin finds a failed mail from the dashboard and sends it again', async ({ page }) => {
  await signIn(page, 'super@amp.test');
  await page.getByRole('link', { name: '1 mail not delivered' }).click();
  await page.waitForURL('**/mail/failed');
  await expect(page.getByRole('heading', { name: 'Failed mail' })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: 'f.okafor@lagostowers.example' });
  await expect(row).toContainText('Welcome to AMP');
  await expect(row).toContainText('Recipient address rejected');
  await row.getByRole('button', { name: 'Send the mail to f.okafor@lagostowers.example again' }).click();

  await expect(page.getByText('The mail will be sent again')).toBeVisible();
  await expect(page.getByText('No failed mail', { exact: true })).toBeVisible();
  const mail = await waitForMail('f.okafor@lagostowers.example', (text) => text.includes('Welcome to AMP'));
  expect(mail).toContain('Sign in at');

  // Back on the dashboard, the warning is gone.
  await page.goto('/dashboard');
  await expect(page.getByText('No registrations waiting').or(page.getByText(/registrations? waiting/))).toBeVisible();
  await expect(page.getByRole('link', { name: /not delivered/ })).toHaveCount(0);
});
