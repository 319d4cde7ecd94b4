import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support/session';

// A calendar date (an installation date, a due date) is a day, not an instant: a reader west of
// UTC sees the same day the owner entered, not the day before.

test.use({ timezoneId: 'America/Los_Angeles', locale: 'en-US' });

test('an asset’s installation and warranty dates show as the days entered, west of UTC', async ({ page, request }) => {
  // A demo asset with both dates (the owner's list, found through the API the pages use).
  const login = await request.post('/v2/account/login', { data: { email: 'owner@amp.test', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: { accessToken: string } }).data.accessToken}` };
  const listed = await request.get('/v2/asset/created', { headers, params: { search: 'generator', pageSize: 50 } });
  expect(listed.ok()).toBeTruthy();
  type Dated = { _id: string; installationDate: string | null; warrantyExpiry: string | null };
  const asset = ((await listed.json()) as { data: Dated[] }).data.find((a) => a.installationDate && a.warrantyExpiry);
  expect(asset, 'a demo generator with an installation date and a warranty expiry').toBeTruthy();
  expect(asset!.installationDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  await signIn(page, 'owner@amp.test');
  await page.goto(`/asset/asset-list/${asset!._id}`);

  // The day as written, in words ("Mar 15, 2022" for 2022-03-15), whatever the reader's time zone.
  const day = (date: string) => {
    const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
    const month3 = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][month - 1];
    return `${month3} ${dayOfMonth}, ${year}`;
  };
  const fact = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
  await expect(fact('Installation date')).toHaveText(day(asset!.installationDate!));
  await expect(fact('Warranty expiry')).toHaveText(day(asset!.warrantyExpiry!));
});
