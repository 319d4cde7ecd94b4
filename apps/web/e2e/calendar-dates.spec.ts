import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

// A calendar date (an installation date, a due date) is a day, not an instant: a reader west of
// UTC sees the same day the owner entered, not the day before.

test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });

test('an asset’s installation and warranty dates show as the days entered, west of UTC', async ({ page }) => {
  await signIn(page, 'owner@amp.test');
  await page.goto('/asset/asset-list');
  const detail = page.waitForResponse((response) => /\/v2\/asset\/[0-9a-f-]{36}$/.test(new URL(response.url()).pathname));
  await page
    .getByRole('link', { name: /generator/i })
    .first()
    .click();
  const asset = ((await (await detail).json()) as { data: { installationDate: string | null; warrantyExpiry: string | null } }).data;
  expect(asset.installationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // The day as written, in words ("Mar 15, 2022" for 2022-03-15), whatever the reader's time zone.
  const day = (date: string) => {
    const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
    const month3 = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1];
    return `${month3} ${dayOfMonth}, ${year}`;
  };
  const fact = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(fact('Installation date')).toHaveText(day(asset.installationDate!));
  if (asset.warrantyExpiry) await expect(fact('Warranty expiry')).toHaveText(day(asset.warrantyExpiry));
});
