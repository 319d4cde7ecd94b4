import { expect, test } from '@playwright/test';
import { signIn } from './support/session';

// Issue 8: a technician reports a fault from the Fault Portal in the app. The generator dispatched to
// tech1 already has an open Replacement fault (the demo's FLT-4HXN8RWD, waiting for the MRO): the
// report is added to it as a "+1", tech1 is told so, and the MRO finds it under Approval Requests
// with two reporters.

test("a technician's report from the Fault Portal on an open fault is a +1 the MRO finds under Approval Requests", async ({
  browser,
  page,
}) => {
  await signIn(page, 'tech1@amp.test');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Fault Portal' }).click();
  await page.waitForURL('**/asset/report-fault');

  // Signed in: the reporter's own details are filled in.
  await expect(page.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue('tech1@amp.test');

  const asset = page.getByRole('combobox', { name: 'Asset', exact: true }).or(page.getByRole('textbox', { name: 'Asset', exact: true }));
  await asset.first().click();
  await page.keyboard.type('Tower generator 2');
  await page.getByRole('option', { name: /Tower generator 2/ }).click();
  await page.getByRole('radio', { name: 'Replacement' }).check();
  const run = Date.now().toString(36);
  await page.getByRole('textbox', { name: 'Description', exact: true }).fill(`Injection pump seal leaking again (e2e ${run})`);
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('08030000101');
  await page.getByRole('button', { name: 'Submit' }).click();

  const told = page.getByRole('status').filter({ hasText: 'This fault has already been reported and is being looked at.' });
  await expect(told).toBeVisible();
  const code = 'FLT-4HXN8RWD';
  await expect(told.getByText(code)).toBeVisible();

  const mroContext = await browser.newContext();
  const mro = await mroContext.newPage();
  await signIn(mro, 'mro@amp.test');
  await mro.goto('/asset/reported-faults?tab=approval');
  await mro.getByRole('link', { name: `Open fault ${code}` }).click();
  await expect(mro.getByText(`Injection pump seal leaking again (e2e ${run})`)).toBeVisible();
  await expect(mro.getByRole('button', { name: 'Approve' })).toBeVisible();
  await mroContext.close();
});
