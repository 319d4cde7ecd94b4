import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support/session';

// Issue 8: a signed-in user on an owner's public portal (its own page, outside the app) gets their
// details filled in and Next instead of Submit; Next carries the prepared fault into the app's
// review page, Back to edit returns to the portal with it, and Submit sends it as their report.

test.use({ viewport: { width: 375, height: 812 } });

const field = (page: Page, name: string) =>
  page
    .getByRole('textbox', { name, exact: true })
    .or(page.getByRole('combobox', { name, exact: true }))
    .first();

test('a signed-in staff member reports from the public portal through the review page', async ({ page, request }) => {
  const login = await request.post('/v2/account/login', { data: { email: 'owner@amp.test', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).data.accessToken}` };
  const ownerId: string = (await (await request.get('/v2/account/me', { headers })).json()).data.organisation._id;
  const assets = (await (await request.get(`/v2/fault/portal/${ownerId}/assets?search=Fire%20pump`)).json()).data;
  const pumpSet = assets.find((a: { name: string }) => a.name === 'Fire pump set');

  await signIn(page, 'owner.staff@amp.test');
  await page.goto(`/report/fault/${ownerId}?asset=${pumpSet._id}`);
  await expect(page.getByRole('heading', { name: 'Report a fault', level: 1 })).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue('owner.staff@amp.test');
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);

  const run = Date.now().toString(36);
  await page.getByRole('radio', { name: 'Replacement' }).check();
  await field(page, 'Description').fill(`Jockey pump motor burnt out (e2e ${run})`);
  await field(page, 'Phone number').fill('08030000011');
  await page.getByRole('button', { name: 'Next' }).click();

  // The app's review page shows what was prepared.
  await page.waitForURL('**/service-request/fault');
  await expect(page.getByText(`Jockey pump motor burnt out (e2e ${run})`)).toBeVisible();
  await expect(page.getByText(/Fire pump set/)).toBeVisible();

  // Back to edit: the portal again, with the fault as it was.
  await page.getByRole('button', { name: 'Back to edit' }).click();
  await page.waitForURL(`**/report/fault/${ownerId}`);
  await expect(field(page, 'Description')).toHaveValue(`Jockey pump motor burnt out (e2e ${run})`);
  await expect(page.getByRole('radio', { name: 'Replacement' })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.waitForURL('**/service-request/fault');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Fault report has been successfully submitted.')).toBeVisible();

  // It is the staff member's own report, waiting for the owner's decision.
  const list = await request.get(`/v2/fault?tab=approval&search=${encodeURIComponent(`e2e ${run}`)}`, { headers });
  const [fault] = (await list.json()).data;
  expect(fault).toMatchObject({ status: 'awaiting_owner', source: 'staff' });
});
