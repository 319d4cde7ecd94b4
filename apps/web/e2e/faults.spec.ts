import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support/session';

// Issue 8 "Faults": the reported-faults list and a fault's page. A technician's report goes to its
// provider, who approves it under Approval Requests; the owner, on its own Approval Requests tab,
// hears of it live and sees it arrive without a reload. The owner rejects a fault with a reason
// and it moves to Closed Faults.
//
// The reports themselves are made through the API with the reporter's session (the Fault Portal
// form is another engineer's page and has its own tests).

const OWNER = 'owner@amp.test';
const MRO = 'mro@amp.test';
const TECH = 'tech1@amp.test';
const IMO = 'imo@amp.test';

interface ReportableAsset {
  _id: string;
  assetID: string;
  name: string;
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/v2/account/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
}

type Headers = { authorization: string };

async function headersOf(request: APIRequestContext, email: string): Promise<Headers> {
  return { authorization: `Bearer ${await tokenOf(request, email)}` };
}

/**
 * A fault type with no open fault on the asset (a report of it is a new fault, not a "+1" on an
 * older one). The reporter's view and the providers' are read together: a technician's report
 * still with its provider (the demo data holds one) is not the owner's to see yet.
 */
async function freeType(request: APIRequestContext, readers: Headers[], assetId: string): Promise<string | undefined> {
  const taken = new Set<string>();
  for (const reader of readers) {
    const open = await request.get('/v2/fault', { headers: reader, params: { tab: 'open', assetId, pageSize: 100 } });
    expect(open.ok()).toBeTruthy();
    for (const fault of ((await open.json()) as { data: { faultType: string }[] }).data) taken.add(fault.faultType);
  }
  return ['Repair', 'Replacement'].find((type) => !taken.has(type));
}

/** An asset `email` may report on, with a fault type still free on it. */
async function reportable(request: APIRequestContext, headers: Headers): Promise<{ asset: ReportableAsset; faultType: string } | null> {
  const assets = await request.get('/v2/fault/reportable/assets', { headers, params: { pageSize: 100 } });
  expect(assets.ok()).toBeTruthy();
  const readers = [headers, await headersOf(request, MRO), await headersOf(request, IMO)];
  for (const asset of ((await assets.json()) as { data: ReportableAsset[] }).data) {
    const faultType = await freeType(request, readers, asset._id);
    if (faultType) return { asset, faultType };
  }
  return null;
}

/**
 * Reports a fault as `email` through the API. When the technician's own assets all have open
 * faults of both types already (the demo data's), the MRO first dispatches another of its assets to them.
 */
async function report(request: APIRequestContext, email: string, description: string): Promise<{ _id: string; code: string }> {
  const headers = await headersOf(request, email);
  let target = await reportable(request, headers);
  if (!target && email === TECH) {
    const mro = await headersOf(request, MRO);
    const free = await reportable(request, mro);
    expect(free, 'the MRO holds an asset without open faults of both types').toBeTruthy();
    const technicians = await request.get('/v2/user/assign/list', { headers: mro, params: { technician: 'true', pageSize: 100 } });
    const technician = ((await technicians.json()) as { data: { _id: string; email: string }[] }).data.find((u) => u.email === TECH);
    expect(technician).toBeTruthy();
    const assigned = await request.post(`/v2/asset/technician/asset/assign/${free!.asset._id}`, {
      headers: mro,
      data: { technicianId: technician!._id },
    });
    expect(assigned.ok()).toBeTruthy();
    target = free;
  }
  expect(target, `${email} has an asset without open faults of both types`).toBeTruthy();
  const created = await request.post('/v2/fault/report', {
    headers,
    data: {
      email,
      fullName: 'E2E Reporter',
      phoneNumber: '+234 803 000 0000',
      asset: target!.asset._id,
      faultType: target!.faultType,
      description,
    },
  });
  expect(created.status()).toBe(201);
  const answer = ((await created.json()) as { data: { _id: string; code: string; duplicate: boolean } }).data;
  expect(answer.duplicate).toBe(false);
  return answer;
}

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

async function unreadCount(page: Page): Promise<number> {
  return Number(/(\d+)/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);
}

function faultLink(page: Page, code: string) {
  return page.getByRole('link', { name: `Open fault ${code}` });
}

test('a technician reports, the MRO approves under Approval Requests, the owner hears of it live', async ({ browser, request }) => {
  // The owner is signed in first, on its Approval Requests tab, in its own browser.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await signIn(owner, OWNER);
  await owner.goto('/asset/reported-faults?tab=approval');
  await expect(owner.getByRole('tab', { name: /Approval Requests/, selected: true })).toBeVisible();
  await expect(bell(owner)).toHaveAttribute('aria-label', /\d+ unread/);
  await owner.waitForTimeout(1_000);
  const before = await unreadCount(owner);

  const run = Date.now().toString(36);
  const fault = await report(request, TECH, `Generator trips under load (e2e ${run})`);

  // The MRO finds it waiting for its decision and approves it from its page.
  const mroContext = await browser.newContext();
  const mro = await mroContext.newPage();
  await signIn(mro, MRO);
  await mro.goto('/asset/reported-faults?tab=approval');
  await faultLink(mro, fault.code).click();
  await mro.waitForURL(`**/asset/reported-faults/${fault._id}`);
  await expect(mro.getByText('Awaiting provider').first()).toBeVisible();
  await mro.getByRole('button', { name: 'Approve' }).click();
  const dialog = mro.getByRole('dialog', { name: `Approve fault ${fault.code}?` });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(mro.getByText('The fault has been sent to the asset owner')).toBeVisible();
  await expect(mro.getByText('Awaiting owner').first()).toBeVisible();
  // Approved: the provider has nothing left to decide on it.
  await expect(mro.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await mroContext.close();

  // The owner's bell counts it at once, and the tab shows the fault without a reload.
  await expect(bell(owner)).toHaveAttribute('aria-label', new RegExp(`\\b${before + 1} unread`));
  await expect(owner.getByText(/New notification/).first()).toBeVisible();
  await expect(faultLink(owner, fault.code)).toBeVisible();
  await ownerContext.close();
});

test('the owner rejects a fault with a reason and it moves to Closed Faults', async ({ page, request }) => {
  const run = Date.now().toString(36);
  const fault = await report(request, OWNER, `Door closer broken at the gate (e2e ${run})`);

  await signIn(page, OWNER);
  await page.goto('/asset/reported-faults?tab=approval');
  await faultLink(page, fault.code).click();
  await page.waitForURL(`**/asset/reported-faults/${fault._id}`);

  await page.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject fault ${fault.code}?` });
  // A reason is required: nothing is sent without one.
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(dialog.getByText('Reason is required')).toBeVisible();
  const reason = `Already covered by this month's planned maintenance (${run}).`;
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Reject' }).click();

  await expect(page.getByText('The fault has been rejected')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(reason).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reject' })).toHaveCount(0);

  await page.goto('/asset/reported-faults?tab=closed');
  await expect(faultLink(page, fault.code)).toBeVisible();
  await page.goto('/asset/reported-faults');
  await expect(page.getByRole('tab', { name: /Open Faults/, selected: true })).toBeVisible();
  await expect(faultLink(page, fault.code)).toHaveCount(0);
});
