import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support/session';

// Issue 8: the provider returned tech1's report (demo fault FLT-9TBE5YQM) asking for more detail;
// tech1 finds it among their pending requests, corrects it and sends it again, and it is back with
// the provider.

test('a technician corrects a returned fault report and sends it back to the provider', async ({ page, request }) => {
  const login = await request.post('/v2/account/login', { data: { email: 'tech1@amp.test', password: DEMO_PASSWORD } });
  const { accessToken } = ((await login.json()) as { data: { accessToken: string } }).data;
  const found = await request.get('/v2/fault', {
    headers: { authorization: `Bearer ${accessToken}` },
    params: { tab: 'mine', search: 'FLT-9TBE5YQM' },
  });
  const [fault] = ((await found.json()) as { data: { _id: string; status: string }[] }).data;
  expect(fault?.status).toBe('returned');

  await signIn(page, 'tech1@amp.test');
  await page.goto(`/asset/reported-faults/${fault!._id}`);
  await expect(page.getByText("Please add the module's slot number and serial number.").first()).toBeVisible();
  await page.getByRole('link', { name: 'Edit and resubmit' }).click();
  await page.waitForURL(`**/asset/report-fault/edit/${fault!._id}`);
  await expect(page.getByText('Returned with this reason')).toBeVisible();

  const description = page.getByLabel('Description');
  await expect(description).toHaveValue('One rectifier module shows a red alarm LED.');
  await description.fill('Rectifier module in slot 3 (serial RM48-22170) shows a red alarm LED.');
  await page.getByRole('button', { name: 'Send again' }).click();

  await page.waitForURL(`**/asset/reported-faults/${fault!._id}`);
  await expect(page.getByText('The fault has been corrected and sent again')).toBeVisible();
  await expect(page.getByText('Rectifier module in slot 3 (serial RM48-22170) shows a red alarm LED.').first()).toBeVisible();
  await expect(page.getByText('Awaiting provider').first()).toBeVisible();
  // Nothing left for tech1 to correct on it.
  await expect(page.getByRole('link', { name: 'Edit and resubmit' })).toHaveCount(0);
});
