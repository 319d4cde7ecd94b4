import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { visibleIds } from '../../access/visibility.js';
import {
  assignToProvider,
  createAsset,
  createCategory,
  createCluster,
  createFault,
  createFile,
  createPricebookItem,
  createSla,
  createUser,
  type TestUser,
  viewerOf,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028).
afterEach(() => expectRollupsAgree(t.db));
/** The owner's admin: raises work orders, approves none (it is no level's member). */
let owner: TestUser;
/** Head O&M's two approvers, the GM and the CEO. */
let headOM: TestUser;
let headOM2: TestUser;
let gm: TestUser;
let ceo: TestUser;
/** Owner staff who only follow the outgoing work orders, and one who reads nothing of them. */
let follower: TestUser;
let plainStaff: TestUser;
let mro: TestUser;
let tech: TestUser;
let otherTech: TestUser;
let unrelatedMro: TestUser;
/** Another tenant, without approval levels. */
let otherOwner: TestUser;
let clusterId: string;
let pump: string;
let generator: string;
let otherAsset: string;
let slaId: string;
let overhaul: string;
let seal: string;
let foreignItem: string;

type Wo = {
  _id: string;
  code: string;
  status: string;
  approval: string;
  totalKobo: number;
  total: string;
  steps: { _id: string; name: string; status: string; selfApproved: boolean; reason: string | null; decidedBy: { _id: string } | null }[];
  lines: {
    name: string;
    free: boolean;
    stage: string;
    quantity: number;
    unitPriceKobo: number;
    totalKobo: number;
    pricebookItem: string | null;
  }[];
  timeline: { action: string; description: string }[];
  recalls: { _id: string; code: string; createdAt: string }[];
  actions: string[];
  [key: string]: unknown;
};

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });
const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const put = (user: TestUser, url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: user.headers, payload });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const woCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from work_orders`))[0]!.n;
const stepCount = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from approval_steps`))[0]!.n;
const eventsOf = async (user: TestUser, path?: string) =>
  (
    await rows<{ event: string }>(
      sql`select event from notifications where recipient_id = ${user.id} ${path ? sql`and path = ${path}` : sql``} order by created_at, id`,
    )
  ).map((r) => r.event);
const pathOf = (id: string) => `/work-order/view/${id}`;
const detail = async (user: TestUser, id: string): Promise<Wo> => {
  const res = await get(user, `/v2/wo/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const ids = (res: { json(): { data: { _id: string }[] } }) => res.json().data.map((r) => r._id);
const fieldErrors = (res: { json(): { errors?: { path: string; message: string }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.path, e.message]));

/** A free line of exactly this many naira. */
const costing = (price: string) => [{ name: 'Works', price, quantity: 1 }];
const form = (extra: Record<string, unknown> = {}) => ({
  title: 'Overhaul the borehole pump',
  description: 'The pump loses pressure; overhaul it and replace the seals.',
  priority: 'high',
  receiverType: 'MRO',
  provider: mro.organisationId,
  asset: pump,
  lines: costing('1000'),
  ...extra,
});
/** The body of PUT /v2/wo/update/{id}: the words, the priority, the lines. */
const changes = (extra: Record<string, unknown> = {}) => {
  const { title, description, priority, lines } = form();
  return { title, description, priority, lines, ...extra };
};
const raise = async (extra: Record<string, unknown> = {}, by: TestUser = owner): Promise<Wo> => {
  const res = await post(by, '/v2/wo/create', form(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};
/** A workflow step that must succeed; the work order as it now is. */
const act = async (user: TestUser, path: string, id: string, payload?: object): Promise<Wo> => {
  const res = await post(user, `/v2/wo/${path}/${id}`, payload);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json().data;
};
const approve = (user: TestUser, id: string) => act(user, 'approve', id, { approve: true });

/** A work order of 1,000 NGN approved by Head O&M: with the provider. */
const sentOrder = async (extra: Record<string, unknown> = {}) => {
  const created = await raise(extra);
  return approve(headOM, created._id);
};
/** Further along: accepted, assigned to the technician, started and completed. */
const completedOrder = async (extra: Record<string, unknown> = {}) => {
  const { _id: id } = await sentOrder(extra);
  await act(mro, 'sent/accept', id);
  await act(mro, 'assign', id, { users: [tech.id] });
  await act(tech, 'start', id);
  await act(tech, 'complete', id, { note: 'Done as asked', timeSpent: 1 });
  return id;
};
const certifiedOrder = async (extra: Record<string, unknown> = {}) => {
  const id = await completedOrder(extra);
  await act(owner, 'certify', id, { comment: 'Works again' });
  await act(mro, 'certify', id, { comment: 'Handed over' });
  return id;
};

beforeAll(async () => {
  // No workers: no scheduled job (the approval reminders) runs in between, and mails stay in the
  // outbox, undelivered, instead of competing for the embedded database.
  t = await createTestApp({ JOB_WORKERS: 'false' });
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true, firstName: 'Olu' });
  const approver = ['approveWO', 'manageWO', 'viewOutgoingWO', 'viewCompletedWO'];
  headOM = await createUser(t.db, { organisationId: owner.organisationId, permissions: approver, firstName: 'Hauwa' });
  headOM2 = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['approveWO'], firstName: 'Halima' });
  gm = await createUser(t.db, { organisationId: owner.organisationId, permissions: approver, firstName: 'Gbenga' });
  ceo = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['approveWO'], firstName: 'Chidi' });
  follower = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewOutgoingWO'], firstName: 'Femi' });
  plainStaff = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset'] });
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true, firstName: 'Musa' });
  tech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician', firstName: 'Tunde' });
  otherTech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician', firstName: 'Bola' });
  unrelatedMro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  const categoryId = await createCategory(t.db);
  clusterId = await createCluster(t, owner, { name: 'Ikeja site' });
  pump = await createAsset(t, owner, { categoryId, clusterId, name: 'Borehole pump' });
  generator = await createAsset(t, owner, { categoryId, name: 'Standby generator' });
  otherAsset = await createAsset(t, otherOwner, { categoryId, name: 'Other pump' });
  await assignToProvider(t, owner, { providerId: mro.organisationId, clusterIds: [clusterId] });
  slaId = await createSla(t, owner, { providerId: mro.organisationId, clusterIds: [clusterId], responseHours: 4, resolutionHours: 72 });
  overhaul = await createPricebookItem(t, mro, { name: 'Pump overhaul', price: '45000.50', kind: 'service' });
  seal = await createPricebookItem(t, mro, { name: 'Seal kit', price: '1250.25', kind: 'spare_part' });
  foreignItem = await createPricebookItem(t, unrelatedMro, { name: 'Someone else’s service', price: '10' });
  // The help text's levels: Head O&M up to 100,000 NGN (two approvers), GM up to 1,000,000, CEO up to 10,000,000.
  for (const level of [
    { name: 'Head O&M', maxAmount: '100000', order: 1, approvers: [headOM.id, headOM2.id] },
    { name: 'GM', maxAmount: '1000000', order: 2, approvers: [gm.id] },
    { name: 'CEO', maxAmount: '10000000', order: 3, approvers: [ceo.id] },
  ]) {
    const res = await post(owner, '/v2/approval/create/wo', level);
    expect(res.statusCode, res.body).toBe(201);
  }
});

afterAll(async () => {
  await t.close();
});

describe('raising a work order', () => {
  it('answers 401 without a session on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls: [string, string][] = [
      ['GET', '/v2/wo'],
      ['GET', '/v2/wo/counts'],
      ['GET', '/v2/wo/sent/approval'],
      ['GET', '/v2/wo/providers'],
      ['GET', `/v2/wo/raised/${id}`],
      ['GET', `/v2/wo/staff/${id}`],
      ['GET', `/v2/wo/${id}`],
      ['GET', `/v2/wo/close/${id}`],
      ['GET', `/v2/user/rating/${id}`],
      ['GET', '/v2/configuration/created/wo'],
      ['POST', '/v2/wo/create'],
      ['POST', `/v2/wo/fault/${id}`],
      ['PUT', `/v2/wo/update/${id}`],
      ['POST', `/v2/user/rate-user/${id}`],
      ['POST', '/v2/configuration/create'],
      ['PUT', `/v2/configuration/update/${id}`],
      ...['submit', 'approve', 'sent/accept', 'sent/decline', 'assign', 'start', 'hold', 'resume', 'complete', 'certify']
        .concat(['unsatisfactory', 'close', 'end'])
        .map((path): [string, string] => ['POST', `/v2/wo/${path}/${id}`]),
    ];
    for (const [method, url] of calls) {
      const res = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses staff without manageWO (403), and any asset not the caller’s own, writing nothing', async () => {
    const before = await woCount();
    expect((await post(follower, '/v2/wo/create', form())).statusCode).toBe(403);
    expect((await post(plainStaff, '/v2/wo/create', form())).statusCode).toBe(403);
    expect((await get(plainStaff, '/v2/wo?tab=outgoing')).statusCode).toBe(403);
    expect((await get(follower, '/v2/wo/providers')).statusCode).toBe(403);
    // A provider holds manageWO for its menu; raising work orders is an owner's (the route's rule).
    expect((await post(mro, '/v2/wo/create', form())).statusCode).toBe(403);
    expect((await get(mro, '/v2/wo/providers')).statusCode).toBe(403);
    const foreign = await post(owner, '/v2/wo/create', form({ asset: otherAsset }));
    expect(foreign.json().errors).toEqual([
      { path: 'asset', message: 'You can only raise work orders about your own assets and clusters' },
    ]);
    expect(await woCount()).toBe(before);
  });

  it("answers an empty form and bad lines with the catalogue's texts, writing nothing", async () => {
    const before = await woCount();
    const empty = await post(owner, '/v2/wo/create', {});
    expect(empty.statusCode).toBe(400);
    expect(fieldErrors(empty)).toEqual({
      title: 'Title is required',
      description: 'Description is required',
      priority: 'Priority is required',
      receiverType: 'Receiver type is required',
      provider: 'Provider is required',
    });
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ asset: null }, { asset: 'Asset is required' }],
      [{ receiverType: 'IMO' }, { provider: 'This provider is not a IMO' }],
      [
        { lines: [{ pricebookItem: foreignItem, quantity: 1 }] },
        { 'lines.0.pricebookItem': 'This item is not offered in the provider’s pricebook' },
      ],
      [{ lines: [{ name: 'Works', quantity: 1 }] }, { 'lines.0.price': 'Price is required' }],
      [{ lines: [{ name: 'Works', price: '12.345', quantity: 1 }] }, { 'lines.0.price': 'Price is not valid' }],
      [{ lines: [{ pricebookItem: overhaul, quantity: 0 }] }, { 'lines.0.quantity': 'Quantity is not valid' }],
      [{ dueDate: '31/01/2030' }, { dueDate: 'Due date is not valid' }],
      [{ title: 'ab' }, { title: 'Title should have at least 3 characters' }],
    ];
    for (const [extra, errors] of cases) {
      const res = await post(owner, '/v2/wo/create', form(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(fieldErrors(res)).toEqual(errors);
    }
    expect(await woCount()).toBe(before);
  });

  it('proposes the provider holding the asset first, with the SLA binding it', async () => {
    const res = await get(owner, `/v2/wo/providers?receiverType=MRO&asset=${pump}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({ _id: mro.organisationId, holder: true, sla: { _id: slaId } });
    expect(ids(res)).toContain(unrelatedMro.organisationId);
    // A provider holds manageWO for its menu only: it has nothing to send.
    expect((await get(mro, '/v2/wo/providers')).statusCode).toBe(403);
  });

  it('keeps a draft to itself until it is submitted', async () => {
    const draft = await raise({ submit: false, lines: costing('500') });
    expect(draft).toMatchObject({ status: 'draft', approval: 'none', steps: [], total: '500.00', sentAt: null });
    expect(draft.actions).toEqual(expect.arrayContaining(['edit', 'submit', 'end']));
    expect(await eventsOf(headOM, pathOf(draft._id))).toEqual([]);
    expect((await get(mro, `/v2/wo/${draft._id}`)).statusCode).toBe(404);
    // Submitted twice at the same moment (a double click): one round, the other stale.
    const steps = await stepCount();
    const [a, b] = await Promise.all([post(owner, `/v2/wo/submit/${draft._id}`), post(owner, `/v2/wo/submit/${draft._id}`)]);
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    expect(lost.json().message).toBe('This record is now pending approval, so this step no longer applies. Reload to see what changed.');
    const submitted: Wo = won.json().data;
    expect(submitted).toMatchObject({ status: 'pending_approval', approval: 'pending' });
    expect(submitted.steps.map((s) => [s.name, s.status])).toEqual([['Head O&M', 'pending']]);
    expect(await eventsOf(headOM, pathOf(draft._id))).toEqual(['work_order.approval_requested']);
    expect(await stepCount()).toBe(steps + 1);
    expect((await post(owner, `/v2/wo/submit/${draft._id}`)).statusCode).toBe(409);
    expect(await rows(sql`select approval_round from work_orders where id = ${draft._id}`)).toEqual([{ approval_round: 1 }]);
    expect((await detail(owner, draft._id)).steps).toHaveLength(1);
  });
});

describe('the workflow, end to end', () => {
  it('climbs the levels, goes to the provider, is done, certified by both, rated and closed, telling each party', async () => {
    // 2 x 45,000.50 + 4 x 1,250.25 + 7,500.00 = 102,502.00: above Head O&M's 100,000, so the GM too.
    const terms = await createFile(t, owner, { name: 'scope.pdf' });
    const created = await raise({
      lines: [
        { pricebookItem: overhaul, quantity: 2 },
        { pricebookItem: seal, quantity: 4 },
        { name: 'Scaffolding hire', price: '7500', quantity: 1, kind: 'service', unit: 'day' },
      ],
      dueDate: '2030-01-31',
      attachments: [terms],
    });
    const id = created._id;
    expect(created.attachments).toMatchObject([{ _id: terms, name: 'scope.pdf' }]);
    // The provider reads its attachment only once it is sent.
    expect((await get(mro, `/v2/file/${terms}`)).statusCode).toBe(404);
    expect(created.code).toMatch(/^WO-\d{6}$/);
    expect(created).toMatchObject({
      status: 'pending_approval',
      approval: 'pending',
      totalKobo: 10_250_200,
      total: '102502.00',
      dueDate: '2030-01-31',
      sla: { _id: slaId },
      asset: { _id: pump, name: 'Borehole pump' },
      provider: { _id: mro.organisationId },
      createdBy: { _id: owner.id },
      response: null,
    });
    expect(created.lines.map((l) => [l.stage, l.name, l.free, l.quantity, l.unitPriceKobo, l.totalKobo])).toEqual([
      ['planned', 'Pump overhaul', false, 2, 4_500_050, 9_000_100],
      ['planned', 'Seal kit', false, 4, 125_025, 500_100],
      ['planned', 'Scaffolding hire', true, 1, 750_000, 750_000],
    ]);
    expect(created.steps.map((s) => [s.name, s.status])).toEqual([
      ['Head O&M', 'pending'],
      ['GM', 'waiting'],
    ]);
    // Head O&M's approvers are asked; the GM waits; the provider knows nothing yet.
    expect(await eventsOf(headOM, pathOf(id))).toEqual(['work_order.approval_requested']);
    expect(await eventsOf(headOM2, pathOf(id))).toEqual(['work_order.approval_requested']);
    expect(await eventsOf(gm, pathOf(id))).toEqual([]);
    expect(await eventsOf(mro, pathOf(id))).toEqual([]);
    expect((await get(mro, `/v2/wo/${id}`)).statusCode).toBe(404);
    expect(ids(await get(mro, '/v2/wo?tab=incoming'))).not.toContain(id);
    expect((await detail(headOM, id)).actions).toContain('approve');
    expect((await detail(gm, id)).actions).not.toContain('approve');

    // In order: the GM meets Head O&M still pending; the CEO is no approver of it; neither writes anything.
    const early = await post(gm, `/v2/wo/approve/${id}`, { approve: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This work order first needs the approval of Head O&M');
    const outsider = await post(ceo, `/v2/wo/approve/${id}`, { approve: true });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().message).toBe('You are not an approver of the level this work order awaits (Head O&M)');
    expect((await post(follower, `/v2/wo/approve/${id}`, { approve: true })).statusCode).toBe(403);
    expect((await post(headOM, `/v2/wo/approve/${id}`, {})).json().errors).toEqual([{ path: 'approve', message: 'Approve is required' }]);
    expect((await detail(owner, id)).steps.map((s) => s.status)).toEqual(['pending', 'waiting']);

    const first = await approve(headOM, id);
    expect(first.status).toBe('pending_approval');
    expect(first.steps.map((s) => [s.status, s.decidedBy?._id ?? null])).toEqual([
      ['approved', headOM.id],
      ['pending', null],
    ]);
    expect(await eventsOf(gm, pathOf(id))).toEqual(['work_order.approval_requested']);
    const twice = await post(headOM2, `/v2/wo/approve/${id}`, { approve: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('The Head O&M level has already been approved by Hauwa User');

    // The Approval Requests lists, labelled as docs/product.md#approval-levels says.
    const awaiting = await get(gm, '/v2/wo/sent/approval?view=awaiting');
    expect(awaiting.statusCode, awaiting.body).toBe(200);
    const waitingRow = awaiting.json().data.find((r: { _id: string }) => r._id === id);
    expect(waitingRow).toMatchObject({ label: 'Awaiting Approval', step: { name: 'GM', order: 2, steps: 2 } });
    const approvedByMe = await get(headOM, '/v2/wo/sent/approval?view=approved');
    expect(approvedByMe.json().data.find((r: { _id: string }) => r._id === id)).toMatchObject({
      label: 'Approved by me',
      step: { name: 'Head O&M', order: 1 },
    });
    expect(ids(await get(headOM, '/v2/wo/sent/approval'))).not.toContain(id);
    expect((await get(mro, '/v2/wo/sent/approval')).statusCode).toBe(403);

    const sent = await approve(gm, id);
    expect(sent).toMatchObject({ status: 'sent', approval: 'approved', response: { targetHours: 4, state: 'on_time' } });
    expect(await eventsOf(mro, pathOf(id))).toEqual(['work_order.sent']);
    expect(await eventsOf(tech, pathOf(id))).toEqual([]);
    expect((await get(mro, `/v2/file/${terms}`)).statusCode).toBe(200);
    const mailed = await rows<{ text: string }>(
      sql`select text from mail_outbox where "to" = ${mro.email} and text like ${`%${created.code}%`}`,
    );
    expect(mailed.map((m) => m.text).join('\n')).toContain(`sent you work order ${created.code}: Overhaul the borehole pump`);
    // Approved: its cost is fixed.
    const change = await put(owner, `/v2/wo/update/${id}`, changes({ lines: costing('1') }));
    expect(change.statusCode).toBe(409);
    expect((await detail(owner, id)).totalKobo).toBe(10_250_200);

    // The provider accepts (once), assigns its technician, who starts, holds, resumes and completes.
    expect(ids(await get(mro, '/v2/wo?tab=incoming'))).toContain(id);
    expect((await detail(mro, id)).actions).toEqual(expect.arrayContaining(['accept', 'decline']));
    const [a, b] = await Promise.all([post(mro, `/v2/wo/sent/accept/${id}`), post(mro, `/v2/wo/sent/accept/${id}`)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().message).toBe(
      'This record is now accepted, so this step no longer applies. Reload to see what changed.',
    );
    expect(await eventsOf(owner, pathOf(id))).toContain('work_order.accepted');
    expect((await detail(owner, id)).response).toMatchObject({ stopped: true });

    const staff = await get(mro, `/v2/wo/staff/${id}`);
    expect(staff.json().data.map((s: { _id: string }) => s._id)).toEqual(expect.arrayContaining([tech.id, otherTech.id]));
    expect((await get(tech, `/v2/wo/staff/${id}`)).statusCode).toBe(404);
    const stranger = await post(mro, `/v2/wo/assign/${id}`, { users: [unrelatedMro.id] });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().errors).toEqual([{ path: 'users', message: 'Staff is not valid' }]);
    expect((await post(tech, `/v2/wo/start/${id}`)).statusCode).toBe(404);
    const assigned = await act(mro, 'assign', id, { users: [tech.id] });
    expect(assigned).toMatchObject({ status: 'assigned', assignedStaff: [{ _id: tech.id, name: 'Tunde User' }] });
    expect(await eventsOf(tech, pathOf(id))).toEqual(['work_order.assigned']);
    expect((await get(otherTech, `/v2/wo/${id}`)).statusCode).toBe(404);
    expect((await get(tech, `/v2/wo/staff/${id}`)).statusCode).toBe(403);

    await act(tech, 'start', id);
    expect((await post(tech, `/v2/wo/hold/${id}`, {})).json().errors).toEqual([{ path: 'reason', message: 'Reason is required' }]);
    const held = await act(tech, 'hold', id, { reason: 'Waiting for the seal kit' });
    expect(held).toMatchObject({ status: 'on_hold', holdReason: 'Waiting for the seal kit' });
    expect((await post(tech, `/v2/wo/complete/${id}`, { note: 'Done', timeSpent: 1 })).statusCode).toBe(409);
    const resumed = await act(tech, 'resume', id);
    expect(resumed).toMatchObject({ status: 'in_progress', holdReason: null });

    const photo = await createFile(t, tech, { type: 'png' });
    const bad = await post(tech, `/v2/wo/complete/${id}`, {
      note: 'Done',
      timeSpent: 1.1,
      lines: [{ pricebookItem: foreignItem, quantity: 1 }],
    });
    expect(fieldErrors(bad)).toEqual({ timeSpent: 'Time spent is not valid' });
    const foreign = await post(tech, `/v2/wo/complete/${id}`, {
      note: 'Done',
      timeSpent: 1,
      lines: [{ pricebookItem: foreignItem, quantity: 1 }],
    });
    expect(fieldErrors(foreign)).toEqual({ 'lines.0.pricebookItem': 'This item is not offered in your pricebook' });
    expect((await detail(owner, id)).status).toBe('in_progress');
    const completed = await act(tech, 'complete', id, {
      note: 'Overhauled the pump and replaced the seal',
      timeSpent: 3.5,
      lines: [
        { pricebookItem: seal, quantity: 2 },
        { name: 'Gasket', price: '800', quantity: 1 },
      ],
      photos: [photo],
    });
    // 2 x 1,250.25 + 800 = 3,300.50 used, apart from the approved 102,502.00.
    expect(completed).toMatchObject({
      status: 'completed',
      completionNote: 'Overhauled the pump and replaced the seal',
      timeSpentHours: 3.5,
      usedTotalKobo: 330_050,
      usedTotal: '3300.50',
      totalKobo: 10_250_200,
      photos: [{ _id: photo }],
    });
    expect(completed.lines.filter((l) => l.stage === 'used').map((l) => [l.name, l.free, l.totalKobo])).toEqual([
      ['Seal kit', false, 250_050],
      ['Gasket', true, 80_000],
    ]);
    expect(await eventsOf(owner, pathOf(id))).toContain('work_order.completed');
    expect((await get(owner, `/v2/file/${photo}`)).statusCode).toBe(200);

    // Both sides certify, in either order; each once.
    const ownerCertified = await act(owner, 'certify', id, { comment: 'Pressure is back' });
    expect(ownerCertified).toMatchObject({
      status: 'owner_certified',
      ownerCertification: { comment: 'Pressure is back', by: { _id: owner.id } },
    });
    expect((await post(owner, `/v2/wo/certify/${id}`, { comment: 'Again' })).statusCode).toBe(409);
    expect(await eventsOf(mro, pathOf(id))).toContain('work_order.owner_certified');
    expect(await eventsOf(tech, pathOf(id))).toContain('work_order.owner_certified');
    const certified = await act(mro, 'certify', id, { comment: 'Handed over' });
    expect(certified).toMatchObject({ status: 'certified', providerCertification: { comment: 'Handed over', by: { _id: mro.id } } });
    expect(await eventsOf(owner, pathOf(id))).toContain('work_order.provider_certified');
    expect(ids(await get(owner, '/v2/wo?tab=certified'))).toContain(id);
    expect((await detail(owner, id)).actions).toEqual(expect.arrayContaining(['close', 'rate']));

    // The owner rates the provider, which closes it.
    const rateUrl = `/v2/user/rate-user/${mro.organisationId}`;
    expect(fieldErrors(await post(owner, rateUrl, { workOrder: id, rating: 6 }))).toEqual({ rating: 'Rating is not valid' });
    expect(fieldErrors(await post(owner, rateUrl, { rating: 4 }))).toEqual({ workOrder: 'Work order is required' });
    expect((await post(owner, `/v2/user/rate-user/${unrelatedMro.organisationId}`, { workOrder: id, rating: 4 })).statusCode).toBe(404);
    expect((await post(mro, rateUrl, { workOrder: id, rating: 5 })).statusCode).toBe(403);
    expect((await detail(owner, id)).status).toBe('certified');
    const rated = await post(owner, rateUrl, { workOrder: id, rating: 4, comment: 'Quick and tidy' });
    expect(rated.statusCode, rated.body).toBe(200);
    expect(rated.json().data).toMatchObject({
      status: 'closed',
      rating: 4,
      ratingComment: 'Quick and tidy',
      ratedBy: { _id: owner.id },
      providerRating: { average: 4, count: 1 },
      resolution: { stopped: true },
    });
    const again = await post(owner, rateUrl, { workOrder: id, rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This work order has already been rated');
    expect(await eventsOf(mro, pathOf(id))).toContain('work_order.rated');
    expect(await eventsOf(tech, pathOf(id))).toContain('work_order.closed');

    const rating = await get(owner, `/v2/user/rating/${mro.organisationId}`);
    expect(rating.statusCode, rating.body).toBe(200);
    expect(rating.json().data).toMatchObject({ _id: mro.organisationId, average: 4, count: 1 });
    expect((await get(mro, `/v2/user/rating/${mro.organisationId}`)).json().data.average).toBe(4);
    expect((await get(otherOwner, `/v2/user/rating/${mro.organisationId}`)).statusCode).toBe(404);

    const timeline = (await detail(owner, id)).timeline.map((s) => s.action);
    expect(timeline).toEqual(
      expect.arrayContaining([
        'work_order.created',
        'work_order.submitted',
        'work_order.step_approved',
        'work_order.sent',
        'work_order.accepted',
        'work_order.assigned',
        'work_order.started',
        'work_order.held',
        'work_order.resumed',
        'work_order.completed',
        'work_order.owner_certified',
        'work_order.provider_certified',
        'work_order.rated',
      ]),
    );
    expect(timeline.filter((action) => action === 'work_order.step_approved')).toHaveLength(2);
    const submittedEntry = (await detail(owner, id)).timeline.find((s) => s.action === 'work_order.submitted');
    expect(submittedEntry!.description).toBe(
      `Submitted work order ${created.code} (Overhaul the borehole pump, NGN 102,502.00) for approval by Head O&M → GM`,
    );
    // What the owner's side was told, in order.
    expect(await eventsOf(owner, pathOf(id))).toEqual([
      'work_order.accepted',
      'work_order.staffed',
      'work_order.completed',
      'work_order.provider_certified',
    ]);
    expect(await eventsOf(mro, pathOf(id))).toEqual(['work_order.sent', 'work_order.owner_certified', 'work_order.rated']);
  });
});

describe('approval thresholds, exact to the kobo', () => {
  it('asks the levels from the lowest up to the first covering the total', async () => {
    const cases: [string, string[]][] = [
      ['99999.99', ['Head O&M']],
      ['100000.00', ['Head O&M']],
      ['100000.01', ['Head O&M', 'GM']],
      ['1000000.00', ['Head O&M', 'GM']],
      ['1000000.01', ['Head O&M', 'GM', 'CEO']],
      ['10000000.00', ['Head O&M', 'GM', 'CEO']],
    ];
    for (const [total, levels] of cases) {
      const created = await raise({ lines: costing(total) });
      expect(created.total).toBe(total);
      expect(
        created.steps.map((s) => s.name),
        total,
      ).toEqual(levels);
    }
  });

  it('refuses a total above the highest level, naming it, and writes nothing', async () => {
    const [before, steps] = [await woCount(), await stepCount()];
    const res = await post(owner, '/v2/wo/create', form({ lines: costing('10000000.01') }));
    expect(res.statusCode).toBe(400);
    const message =
      'The total of NGN 10000000.01 is above the highest approval level (CEO, NGN 10000000.00). Add a higher level or lower the cost.';
    expect(res.json().errors).toEqual([{ path: 'lines', message }]);
    expect(res.json().message).toBe(message);
    expect([await woCount(), await stepCount()]).toEqual([before, steps]);
    // Kept as a draft, it is saved; submitting it is refused the same way and leaves it a draft.
    const draft = await raise({ lines: costing('10000000.01'), submit: false });
    const submit = await post(owner, `/v2/wo/submit/${draft._id}`);
    expect(submit.statusCode).toBe(400);
    expect(submit.json().errors).toEqual([{ path: 'lines', message }]);
    expect(await detail(owner, draft._id)).toMatchObject({ status: 'draft', steps: [] });
    expect(await stepCount()).toBe(steps);
    expect(await rows(sql`select approval_round from work_orders where id = ${draft._id}`)).toEqual([{ approval_round: 0 }]);
  });

  it('goes straight to the provider when the owner has no levels', async () => {
    const res = await post(otherOwner, '/v2/wo/create', form({ asset: otherAsset, lines: costing('50000000') }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ status: 'sent', approval: 'none', steps: [], total: '50000000.00', sla: null });
    expect(await eventsOf(mro, pathOf(created._id))).toEqual(['work_order.sent']);
    expect((await detail(mro, created._id)).actions).toEqual(expect.arrayContaining(['accept', 'decline']));
  });

  it('keeps the steps a work order copied when the levels change later', async () => {
    const created = await raise({ lines: costing('200000') });
    const levels = (await get(owner, '/v2/approval/wo')).json().data;
    const renamed = await post(owner, `/v2/approval/update/${levels[1]._id}`, {
      name: 'General Manager',
      maxAmount: '150000',
      order: 2,
      approvers: [ceo.id],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await detail(owner, created._id);
    expect(after.steps.map((s) => [s.name, s.status])).toEqual([
      ['Head O&M', 'pending'],
      ['GM', 'waiting'],
    ]);
    expect((after.steps[1] as unknown as { approvers: { _id: string }[] }).approvers.map((a) => a._id)).toEqual([gm.id]);
    const back = await post(owner, `/v2/approval/update/${levels[1]._id}`, {
      name: 'GM',
      maxAmount: '1000000',
      order: 2,
      approvers: [gm.id],
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('deciding the approvals', () => {
  it('does not let the creator approve their own work order when the level has other approvers', async () => {
    const created = await raise({ lines: costing('50000') }, headOM);
    // Its detail offers the approval to the other approver, not to its creator.
    expect((await detail(headOM, created._id)).actions).not.toContain('approve');
    expect((await detail(headOM2, created._id)).actions).toContain('approve');
    const own = await post(headOM, `/v2/wo/approve/${created._id}`, { approve: true });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You created or last changed this work order, so another approver of Head O&M must approve it');
    expect((await detail(owner, created._id)).steps[0]!.status).toBe('pending');
    const approved = await approve(headOM2, created._id);
    expect(approved).toMatchObject({ status: 'sent' });
    expect(approved.steps[0]).toMatchObject({ status: 'approved', selfApproved: false, decidedBy: { _id: headOM2.id } });
  });

  it("lets the creator approve as the level's only approver, recorded as such", async () => {
    const created = await raise({ lines: costing('500000') }, gm);
    await approve(headOM, created._id);
    expect((await detail(gm, created._id)).actions).toContain('approve');
    const approved = await approve(gm, created._id);
    expect(approved.status).toBe('sent');
    expect(approved.steps.map((s) => [s.name, s.selfApproved])).toEqual([
      ['Head O&M', false],
      ['GM', true],
    ]);
    const [step] = await rows<{ self_approved: boolean; decided_by: string }>(
      sql`select self_approved, decided_by from approval_steps where document_id = ${created._id} and position = 2`,
    );
    expect(step).toEqual({ self_approved: true, decided_by: gm.id });
    expect(approved.timeline.map((s) => s.action)).toContain('work_order.step_self_approved');
  });

  it('does not let whoever last changed it approve it while the level has another approver', async () => {
    const created = await raise({ lines: costing('50000') });
    // Hauwa, an approver of Head O&M, changes its words while it awaits approval (a revision: the steps stay).
    const changed = await put(headOM, `/v2/wo/update/${created._id}`, changes({ title: 'Changed by Hauwa', lines: costing('50000') }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await detail(headOM, created._id)).actions).not.toContain('approve');
    const own = await post(headOM, `/v2/wo/approve/${created._id}`, { approve: true });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You created or last changed this work order, so another approver of Head O&M must approve it');
    expect((await approve(headOM2, created._id)).steps[0]).toMatchObject({ status: 'approved', selfApproved: false });
  });

  it('requires a second person always when the organisation says so, even from a level’s only approver', async () => {
    expect((await get(owner, '/v2/approval/settings/wo')).json().data).toEqual({ type: 'wo', requireSecondPerson: false });
    const on = await put(owner, '/v2/approval/settings/wo', { requireSecondPerson: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toEqual({ type: 'wo', requireSecondPerson: true });
    // Who may not configure the levels may not change it.
    expect((await put(headOM2, '/v2/approval/settings/wo', { requireSecondPerson: false })).statusCode).toBe(403);
    try {
      const created = await raise({ lines: costing('500000') }, gm);
      await approve(headOM, created._id);
      expect((await detail(gm, created._id)).actions).not.toContain('approve');
      const refused = await post(gm, `/v2/wo/approve/${created._id}`, { approve: true });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(
        'Your organisation requires a second person: someone who did not create or change this work order must approve it at GM',
      );
      expect((await detail(owner, created._id)).steps[1]!.status).toBe('pending');
      const [said] = await rows<{ action: string; params: Record<string, string> }>(
        sql`select action, params from activities where subject_type = 'approval_settings' and subject_id = ${owner.organisationId}`,
      );
      expect(said).toEqual({ action: 'approval.second_person_required', params: { kind: 'wo' } });
    } finally {
      expect((await put(owner, '/v2/approval/settings/wo', { requireSecondPerson: false })).statusCode).toBe(200);
    }
  });

  it('rejects with a reason back to the creator as a draft, cancelling the steps left', async () => {
    const created = await raise({ lines: costing('2000000') });
    await approve(headOM, created._id);
    const noReason = await post(gm, `/v2/wo/approve/${created._id}`, { approve: false });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ path: 'reason', message: 'Reason is required' }]);
    expect((await detail(owner, created._id)).status).toBe('pending_approval');

    const rejected = await act(gm, 'approve', created._id, { approve: false, reason: 'Get a second quote' });
    expect(rejected).toMatchObject({ status: 'draft', approval: 'rejected' });
    expect(rejected.steps.map((s) => [s.name, s.status, s.reason])).toEqual([
      ['Head O&M', 'approved', null],
      ['GM', 'rejected', 'Get a second quote'],
      ['CEO', 'cancelled', null],
    ]);
    expect(await eventsOf(owner, pathOf(created._id))).toEqual(['work_order.approval_rejected']);
    expect(await eventsOf(ceo, pathOf(created._id))).toEqual([]);
    const late = await post(ceo, `/v2/wo/approve/${created._id}`, { approve: true });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This work order is not awaiting approval');
    expect(ids(await get(owner, '/v2/wo?tab=outgoing&approval=rejected'))).toContain(created._id);

    // Submitted again: a new round from the first level.
    const resubmitted = await act(owner, 'submit', created._id);
    expect(resubmitted.steps.map((s) => [s.name, s.status])).toEqual([
      ['Head O&M', 'pending'],
      ['GM', 'waiting'],
      ['CEO', 'waiting'],
    ]);
    const rounds = await rows<{ round: number; statuses: string }>(sql`
      select round, string_agg(status, ',' order by position) as statuses from approval_steps
       where document_id = ${created._id} group by round order by round`);
    expect(rounds).toEqual([
      { round: 1, statuses: 'approved,rejected,cancelled' },
      { round: 2, statuses: 'pending,waiting,waiting' },
    ]);
  });
});

describe('changing a work order awaiting approval', () => {
  it('restarts at the first level when its lines change, and keeps the approvals when only its words do', async () => {
    const created = await raise({ lines: costing('150000') });
    const id = created._id;
    await approve(headOM, id);
    const askedBefore = (await eventsOf(headOM2, pathOf(id))).length;

    // The words only: the approvals stand.
    const worded = await put(owner, `/v2/wo/update/${id}`, changes({ title: 'Overhaul the pump, urgently', lines: costing('150000') }));
    expect(worded.statusCode, worded.body).toBe(200);
    expect(worded.json().data).toMatchObject({ title: 'Overhaul the pump, urgently', status: 'pending_approval' });
    expect(worded.json().data.steps.map((s: { status: string }) => s.status)).toEqual(['approved', 'pending']);

    // The lines: the steps under way are cancelled and the approval starts again at Head O&M.
    const repriced = await put(owner, `/v2/wo/update/${id}`, changes({ lines: costing('160000') }));
    expect(repriced.statusCode, repriced.body).toBe(200);
    expect(repriced.json().data).toMatchObject({ status: 'pending_approval', total: '160000.00' });
    expect(repriced.json().data.steps.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Head O&M', 'pending'],
      ['GM', 'waiting'],
    ]);
    const rounds = await rows<{ round: number; statuses: string }>(sql`
      select round, string_agg(status, ',' order by position) as statuses from approval_steps
       where document_id = ${id} group by round order by round`);
    expect(rounds).toEqual([
      { round: 1, statuses: 'approved,cancelled' },
      { round: 2, statuses: 'pending,waiting' },
    ]);
    expect((await eventsOf(headOM2, pathOf(id))).length).toBe(askedBefore + 1);
    // Head O&M's earlier approval is no longer "approved by me".
    expect(ids(await get(headOM, '/v2/wo/sent/approval?view=approved'))).not.toContain(id);
    expect(ids(await get(headOM, '/v2/wo/sent/approval?view=awaiting'))).toContain(id);

    // Changed again and kept as a draft: its approval is withdrawn, not rejected.
    const withdrawn = await put(owner, `/v2/wo/update/${id}`, changes({ lines: costing('170000'), submit: false }));
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data).toMatchObject({ status: 'draft', approval: 'none' });
    expect(withdrawn.json().data.steps.map((s: { status: string }) => s.status)).toEqual(['cancelled', 'cancelled']);
    expect(ids(await get(owner, '/v2/wo?tab=outgoing&approval=none&pageSize=100'))).toContain(id);
    expect(ids(await get(owner, '/v2/wo?tab=outgoing&approval=rejected&pageSize=100'))).not.toContain(id);
    expect(ids(await get(headOM, '/v2/wo/sent/approval?view=awaiting&pageSize=100'))).not.toContain(id);
    await act(owner, 'submit', id);

    // Bad input changes nothing; another tenant and the provider do not reach it.
    const bad = await put(owner, `/v2/wo/update/${id}`, changes({ title: '' }));
    expect(fieldErrors(bad)).toMatchObject({ title: 'Title is required' });
    expect((await put(otherOwner, `/v2/wo/update/${id}`, changes({ lines: costing('1') }))).statusCode).toBe(404);
    expect((await put(follower, `/v2/wo/update/${id}`, changes({ lines: costing('1') }))).statusCode).toBe(403);
    expect((await detail(owner, id)).total).toBe('170000.00');
  });
});

describe('two approvers of the same level at the same moment', () => {
  it('lets exactly one approve, 200 rounds over', { timeout: 240_000 }, async () => {
    const ROUNDS = 200;
    // One work order through the API, awaiting Head O&M; the others are its copies (with their
    // lines and their pending step), written at once so the rounds, not the set-up, take the time.
    const seed = await raise({ title: 'Race 0' });
    await t.db.execute(sql`
      insert into work_orders (code, organisation_id, provider_id, receiver_type, asset_id, title, description, subject_label,
                               priority, status, total_kobo, approval_round, approval_needed, submitted_at, created_by)
      select 'RACE-' || lpad(n::text, 6, '0'), w.organisation_id, w.provider_id, w.receiver_type, w.asset_id, 'Race ' || n,
             w.description, w.subject_label, w.priority, w.status, w.total_kobo, w.approval_round, w.approval_needed, w.submitted_at, w.created_by
        from work_orders w cross join generate_series(1, ${ROUNDS - 1}) n where w.id = ${seed._id}`);
    await t.db.execute(sql`
      insert into work_order_lines (work_order_id, stage, position, pricebook_item_id, free, name, kind, unit, quantity, unit_price_kobo, total_kobo)
      select c.id, l.stage, l.position, l.pricebook_item_id, l.free, l.name, l.kind, l.unit, l.quantity, l.unit_price_kobo, l.total_kobo
        from work_orders c cross join work_order_lines l where c.code like 'RACE-%' and l.work_order_id = ${seed._id}`);
    await t.db.execute(sql`
      insert into approval_steps (document_type, document_id, organisation_id, round, position, level_id, name, max_kobo, approver_ids, status, asked_at)
      select 'wo', c.id, s.organisation_id, s.round, s.position, s.level_id, s.name, s.max_kobo, s.approver_ids, s.status, s.asked_at
        from work_orders c cross join approval_steps s where c.code like 'RACE-%' and s.document_id = ${seed._id}`);
    const made = (await rows<{ id: string }>(sql`select id from work_orders where title like 'Race %' order by title`)).map((r) => r.id);
    expect(made).toHaveLength(ROUNDS);
    expect(await rows(sql`select distinct status, approval_round from work_orders where title like 'Race %'`)).toEqual([
      { status: 'pending_approval', approval_round: 1 },
    ]);

    // A few work orders at a time, each raced by both of Head O&M's approvers.
    const BATCH = 5;
    for (let i = 0; i < made.length; i += BATCH) {
      await Promise.all(
        made.slice(i, i + BATCH).map(async (id) => {
          const [a, b] = await Promise.all([
            post(headOM, `/v2/wo/approve/${id}`, { approve: true }),
            post(headOM2, `/v2/wo/approve/${id}`, { approve: true }),
          ]);
          expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409]);
          const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
          expect(winner.json().data.status).toBe('sent');
          expect(loser.json().message).toMatch(/^The Head O&M level has already been approved by (Hauwa|Halima) User$/);
        }),
      );
    }
    const doubled = await rows<{ id: string }>(sql`
      select document_id as id from approval_steps
       where document_type = 'wo' and status = 'approved' and document_id in (select id from work_orders where title like 'Race %')
       group by document_id, round, position having count(*) > 1`);
    expect(doubled).toEqual([]);
    const approved = await rows<{ n: number }>(sql`
      select count(*)::int as n from approval_steps
       where status = 'approved' and document_id in (select id from work_orders where title like 'Race %')`);
    expect(approved[0]!.n).toBe(ROUNDS);
    expect(await rows(sql`select status, count(*)::int as n from work_orders where title like 'Race %' group by status`)).toEqual([
      { status: 'sent', n: ROUNDS },
    ]);
    const told = await rows<{ n: number }>(sql`
      select count(*)::int as n from notifications n join work_orders w on n.path = '/work-order/view/' || w.id
       where w.title like 'Race %' and n.event = 'work_order.sent' and n.recipient_id = ${mro.id}`);
    expect(told[0]!.n).toBe(ROUNDS);
  });
});

describe('raising one from a fault', () => {
  it('takes the fault’s asset and description, converts the fault and links both ways', async () => {
    const faultId = await createFault(t, owner, { asset: generator, description: 'Generator will not crank' });
    const body = { priority: 'critical', receiverType: 'MRO', provider: mro.organisationId, lines: costing('20000') };
    expect((await post(otherOwner, `/v2/wo/fault/${faultId}`, body)).statusCode).toBe(404);
    expect((await post(follower, `/v2/wo/fault/${faultId}`, body)).statusCode).toBe(403);
    expect(fieldErrors(await post(owner, `/v2/wo/fault/${faultId}`, { ...body, priority: undefined }))).toEqual({
      priority: 'Priority is required',
    });
    const res = await post(owner, `/v2/wo/fault/${faultId}`, body);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      title: 'Repair: Standby generator',
      description: 'Generator will not crank',
      priority: 'critical',
      asset: { _id: generator },
      fault: { _id: faultId },
      status: 'pending_approval',
    });
    const [fault] = await rows<{ status: string; converted_type: string; converted_id: string }>(
      sql`select status, converted_type, converted_id from faults where id = ${faultId}`,
    );
    expect(fault).toEqual({ status: 'converted', converted_type: 'work_order', converted_id: created._id });
    // Converted: raising another is stale, and writes nothing.
    const before = await woCount();
    const again = await post(owner, `/v2/wo/fault/${faultId}`, body);
    expect(again.statusCode).toBe(409);
    expect(await woCount()).toBe(before);
    // Two raises of one fault at the same moment: one work order.
    const twin = await createFault(t, owner, { asset: pump, description: 'Pump hums but does not start' });
    const raced = await Promise.all([post(owner, `/v2/wo/fault/${twin}`, body), post(owner, `/v2/wo/fault/${twin}`, body)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await rows(sql`select count(*)::int as n from work_orders where fault_id = ${twin}`)).toEqual([{ n: 1 }]);
    expect(ids(await get(owner, `/v2/wo/raised/${faultId}`))).toEqual([created._id]);
    expect(ids(await get(owner, `/v2/wo/raised/${generator}`))).toContain(created._id);
    // The provider sees nothing of it before it is sent: a fault it does not see is not found.
    expect((await get(mro, `/v2/wo/raised/${faultId}`)).statusCode).toBe(404);
  });
});

describe('raising one from an observation', () => {
  it('accepts the observation, resolves the request and copies its lines and evidence unchanged', async () => {
    const wiring = await createPricebookItem(t, mro, { name: 'Rewiring (per hour)', price: '12500.50', kind: 'service' });
    const sent = await post(owner, '/v2/sr/create', {
      title: 'Pump trips its breaker',
      description: 'The breaker trips every morning.',
      priority: 'high',
      receiverType: 'MRO',
      provider: mro.organisationId,
      asset: pump,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const srId = sent.json().data._id;
    expect((await post(mro, `/v2/sr/sent/accept/${srId}`)).statusCode).toBe(200);
    expect((await post(mro, `/v2/sr/assign/${srId}`, { users: [tech.id] })).statusCode).toBe(200);
    const photo = await createFile(t, tech, { type: 'png' });
    const observed = await post(tech, `/v2/observation/create/${srId}`, {
      type: 'not_okay',
      summary: 'The motor wiring is burnt and must be replaced.',
      timeToComplete: 6,
      evidence: [photo],
      lines: [
        { pricebookItem: wiring, quantity: 3 },
        { name: 'Cable ties', price: '1999.99', quantity: 2, kind: 'product' },
      ],
    });
    expect(observed.statusCode, observed.body).toBe(201);
    const observation = observed.json().data.observations[0];
    // The pricebook changes before the owner decides: the work order keeps the observation's prices.
    const repriced = await put(mro, `/v2/pricebook/update/${wiring}`, { price: '99999' });
    expect(repriced.statusCode, repriced.body).toBe(200);

    // Owner staff who may not raise work orders are refused, and nothing is decided.
    const srOnly = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewSR', 'viewOutgoingSR'] });
    const before = await woCount();
    const refused = await post(srOnly, `/v2/observation/accept/${observation._id}`, { action: 'work_order' });
    expect(refused.statusCode).toBe(403);
    expect(await woCount()).toBe(before);
    expect((await get(owner, `/v2/sr/${srId}`)).json().data.observations[0].status).toBe('submitted');

    const raised = await post(owner, `/v2/observation/accept/${observation._id}`, {
      action: 'work_order',
      workOrder: { title: 'Rewire the pump motor', priority: 'critical', dueDate: '2030-02-28', submit: true },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const request = raised.json().data;
    expect(request.status).toBe('resolved');
    expect(request.observations[0]).toMatchObject({ status: 'accepted', workOrder: { _id: expect.any(String) } });
    const woId = request.observations[0].workOrder._id;
    expect(await eventsOf(tech)).toContain('observation.accepted');

    const wo = await detail(owner, woId);
    // 3 x 12,500.50 + 2 x 1,999.99 = 41,501.48: Head O&M only.
    expect(wo).toMatchObject({
      title: 'Rewire the pump motor',
      description: 'The motor wiring is burnt and must be replaced.',
      priority: 'critical',
      dueDate: '2030-02-28',
      status: 'pending_approval',
      total: '41501.48',
      totalKobo: observation.totalKobo,
      serviceRequest: { _id: srId },
      observation: { _id: observation._id, type: 'not_okay' },
      asset: { _id: pump },
      provider: { _id: mro.organisationId },
      evidence: [{ _id: photo }],
    });
    expect(wo.lines.map((l) => [l.name, l.free, l.quantity, l.unitPriceKobo, l.pricebookItem])).toEqual(
      observation.lines.map((l: { name: string; free: boolean; quantity: number; unitPriceKobo: number; pricebookItem: string | null }) => [
        l.name,
        l.free,
        l.quantity,
        l.unitPriceKobo,
        l.pricebookItem,
      ]),
    );
    expect(wo.lines[0]!.unitPriceKobo).toBe(1_250_050);
    expect(wo.steps.map((s) => s.name)).toEqual(['Head O&M']);
    // The evidence is readable through the work order by staff who follow work orders but not requests.
    const evidence = await get(follower, `/v2/file/${photo}`);
    expect(evidence.statusCode).toBe(200);
    expect(evidence.headers['content-type']).toMatch(/^image\/png/);
    expect((await get(plainStaff, `/v2/file/${photo}`)).statusCode).toBe(404);
    // Decided: a second decision is stale.
    expect((await post(owner, `/v2/observation/accept/${observation._id}`, { action: 'work_order' })).statusCode).toBe(409);
  });
});

describe('who sees a work order', () => {
  it('hides drafts and pending ones from the provider, others’ from technicians, and all from other tenants', async () => {
    const draft = await raise({ submit: false, title: 'Hidden draft' });
    const pending = await raise({ title: 'Hidden pending' });
    const assigned = await sentOrder({ title: 'Assigned to Tunde' });
    await act(mro, 'sent/accept', assigned._id);
    await act(mro, 'assign', assigned._id, { users: [tech.id] });
    for (const id of [draft._id, pending._id]) {
      expect((await get(mro, `/v2/wo/${id}`)).statusCode).toBe(404);
      expect((await post(mro, `/v2/wo/sent/accept/${id}`)).statusCode).toBe(404);
    }
    const incoming = ids(await get(mro, '/v2/wo?tab=incoming&pageSize=100'));
    expect(incoming).not.toContain(draft._id);
    expect(incoming).not.toContain(pending._id);
    expect(incoming).toContain(assigned._id);
    const incomingStatuses = (await get(mro, '/v2/wo?tab=incoming&pageSize=100')).json().data.map((r: { status: string }) => r.status);
    expect(incomingStatuses.every((s: string) => !['draft', 'pending_approval'].includes(s))).toBe(true);

    // The technician: only what is assigned to them.
    const techList = ids(await get(tech, '/v2/wo?tab=incoming&pageSize=100'));
    expect(techList).toContain(assigned._id);
    const techRows = await rows<{ id: string }>(
      sql`select work_order_id as id from work_order_assignees where user_id = ${tech.id} and work_order_id in
          (select id from work_orders where status in ('sent','accepted','assigned','in_progress','on_hold'))`,
    );
    expect(techList.sort()).toEqual(techRows.map((r) => r.id).sort());
    expect((await get(otherTech, '/v2/wo?tab=incoming')).json().data).toEqual([]);
    expect((await get(otherTech, `/v2/wo/${assigned._id}`)).statusCode).toBe(404);
    expect((await get(tech, `/v2/wo/${assigned._id}`)).json().data.parties).toEqual(['assignee']);
    expect((await get(tech, '/v2/wo?tab=outgoing')).json().data).toEqual([]);

    // Another tenant and an unrelated provider: not found, whatever they try.
    for (const user of [otherOwner, unrelatedMro]) {
      expect((await get(user, `/v2/wo/${assigned._id}`)).statusCode).toBe(404);
      // Ending is an owner's (the route's rule): a provider is refused before the order is looked at.
      expect((await post(user, `/v2/wo/end/${assigned._id}`, { reason: 'Mine now' })).statusCode).toBe(user === otherOwner ? 404 : 403);
      expect(ids(await get(user, '/v2/wo?tab=outgoing&pageSize=100'))).not.toContain(assigned._id);
      expect(ids(await get(user, '/v2/wo?tab=incoming&pageSize=100'))).not.toContain(assigned._id);
    }
    expect((await post(unrelatedMro, `/v2/wo/start/${assigned._id}`)).statusCode).toBe(404);
    // The other way round: another owner's work order with another provider.
    const foreign = await post(otherOwner, '/v2/wo/create', form({ asset: otherAsset, provider: unrelatedMro.organisationId }));
    expect(foreign.statusCode, foreign.body).toBe(201);
    const foreignId = foreign.json().data._id;
    expect((await get(unrelatedMro, `/v2/wo/${foreignId}`)).statusCode).toBe(200);
    for (const [user, method, url, payload] of [
      [owner, 'GET', `/v2/wo/${foreignId}`],
      [owner, 'PUT', `/v2/wo/update/${foreignId}`, changes()],
      [owner, 'POST', `/v2/wo/end/${foreignId}`, { reason: 'Not ours' }],
      [owner, 'POST', `/v2/wo/certify/${foreignId}`, { comment: 'Not ours' }],
      [owner, 'GET', `/v2/wo/close/${foreignId}`],
      [owner, 'POST', `/v2/user/rate-user/${unrelatedMro.organisationId}`, { workOrder: foreignId, rating: 1 }],
      [headOM, 'POST', `/v2/wo/approve/${foreignId}`, { approve: true }],
      [mro, 'GET', `/v2/wo/${foreignId}`],
      [mro, 'GET', `/v2/wo/staff/${foreignId}`],
      [mro, 'POST', `/v2/wo/sent/accept/${foreignId}`],
      [mro, 'POST', `/v2/wo/assign/${foreignId}`, { users: [tech.id] }],
      [tech, 'POST', `/v2/wo/start/${foreignId}`],
    ] as [TestUser, 'GET' | 'POST' | 'PUT', string, object?][]) {
      const res = await t.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await get(unrelatedMro, `/v2/wo/${foreignId}`)).json().data.status).toBe('sent');
    expect((await post(otherOwner, `/v2/wo/certify/${assigned._id}`, { comment: 'x' })).statusCode).toBe(404);
    expect((await get(otherOwner, `/v2/wo/raised/${pump}`)).statusCode).toBe(404);
    // An owner's staff without any work order permission: 403 on the lists and the detail.
    expect((await get(plainStaff, `/v2/wo/${assigned._id}`)).statusCode).toBe(403);
    expect((await get(follower, `/v2/wo/${assigned._id}`)).statusCode).toBe(200);
  });

  it('refuses each step to the side that does not take it (403) and a stale one (409)', async () => {
    const { _id: id } = await sentOrder();
    // The owner cannot take the provider's steps, nor the provider the owner's.
    expect((await post(owner, `/v2/wo/sent/accept/${id}`)).statusCode).toBe(403);
    expect((await post(mro, `/v2/wo/end/${id}`, { reason: 'No' })).statusCode).toBe(403);
    expect((await post(mro, `/v2/wo/approve/${id}`, { approve: true })).statusCode).toBe(403);
    expect((await post(mro, `/v2/wo/submit/${id}`)).statusCode).toBe(403);
    // Steps out of order: 409 with the status it is in.
    for (const [path, payload] of [
      ['start', undefined],
      ['complete', { note: 'Done already', timeSpent: 1 }],
      ['resume', undefined],
      ['hold', { reason: 'Later' }],
    ] as const) {
      const res = await post(mro, `/v2/wo/${path}/${id}`, payload);
      expect(res.statusCode, path).toBe(409);
      expect(res.json().message).toBe('This record is now sent, so this step no longer applies. Reload to see what changed.');
    }
    expect((await post(owner, `/v2/wo/certify/${id}`, { comment: 'Early' })).statusCode).toBe(409);
    expect((await post(owner, `/v2/wo/unsatisfactory/${id}`, { reason: 'Early' })).statusCode).toBe(409);
    expect((await get(owner, `/v2/wo/close/${id}`)).statusCode).toBe(409);
    expect((await post(owner, `/v2/wo/submit/${id}`)).statusCode).toBe(409);
    expect((await post(headOM, `/v2/wo/approve/${id}`, { approve: true })).statusCode).toBe(409);
    // Unknown ids: not found; bad ids: 400.
    const nobody = '00000000-0000-4000-8000-000000000000';
    expect((await get(owner, `/v2/wo/${nobody}`)).statusCode).toBe(404);
    expect((await post(mro, `/v2/wo/sent/accept/${nobody}`)).statusCode).toBe(404);
    expect((await get(owner, '/v2/wo/not-an-id')).statusCode).toBe(400);
    expect((await detail(owner, id)).status).toBe('sent');
  });
});

describe('what hangs on a work order', () => {
  it('lets its timeline, cost lines and approval steps be read by exactly those who see it (inherited through the access registry)', async () => {
    const order = await raise({ title: 'Inherited reach', lines: costing('150000') });
    const hanging = async (viewer: TestUser) => {
      const as = await viewerOf(t.db, viewer);
      const of = async (table: string, column: string) =>
        (await rows<{ id: string }>(sql`select id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${order._id}`)).map(
          (r) => r.id,
        );
      const seen = async (subject: 'activity' | 'work_order_line' | 'approval_step', table: string, column: string) => {
        const all = await of(table, column);
        expect(all.length, `${table} of the order`).toBeGreaterThan(0);
        const visible = (await visibleIds(t.db, as, subject, all)).size;
        return visible === all.length ? 'all' : visible;
      };
      return {
        timeline: await seen('activity', 'activities', 'subject_id'),
        lines: await seen('work_order_line', 'work_order_lines', 'work_order_id'),
        steps: await seen('approval_step', 'approval_steps', 'document_id'),
      };
    };
    // Awaiting approval: the owner's; the provider has not been sent it, another tenant never.
    expect(await hanging(owner)).toEqual({ timeline: 'all', lines: 'all', steps: 'all' });
    expect(await hanging(mro)).toEqual({ timeline: 0, lines: 0, steps: 0 });
    expect(await hanging(otherOwner)).toEqual({ timeline: 0, lines: 0, steps: 0 });
    // Once approved and sent, the provider sees all of it with the work order; the detail answers it.
    await approve(headOM, order._id);
    await approve(gm, order._id);
    expect(await hanging(mro)).toEqual({ timeline: 'all', lines: 'all', steps: 'all' });
    const seen = await detail(mro, order._id);
    expect(seen.steps.map((step) => step.status)).toEqual(['approved', 'approved']);
    expect(seen.lines).toHaveLength(1);
    expect(seen.timeline.map((entry) => entry.action)).toContain('work_order.sent');
    expect(await hanging(otherOwner)).toEqual({ timeline: 0, lines: 0, steps: 0 });
  });
});

describe('the lists', () => {
  it('split the work orders by tab and filter them by status, priority, approval, dates and code', async () => {
    const critical = await raise({ title: 'Critical one', priority: 'critical', lines: costing('300') });
    const draft = await raise({ title: 'Listed draft', submit: false, priority: 'low' });
    const declined = await sentOrder({ title: 'To be declined' });
    expect((await post(mro, `/v2/wo/sent/decline/${declined._id}`, {})).json().errors).toEqual([
      { path: 'reason', message: 'Reason is required' },
    ]);
    const declinedNow = await act(mro, 'sent/decline', declined._id, { reason: 'Out of our area' });
    expect(declinedNow).toMatchObject({ status: 'declined', declineReason: 'Out of our area', resolution: null });
    expect(await eventsOf(owner, pathOf(declined._id))).toEqual(['work_order.declined']);

    const rejected = await raise({ title: 'Listed rejection', lines: costing('300') });
    await act(headOM, 'approve', rejected._id, { approve: false, reason: 'Not this month' });
    const list = async (user: TestUser, query: string) => {
      const res = await get(user, `/v2/wo?${query}&pageSize=100`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        data: { _id: string; status: string; priority: string; approval: string; code: string }[];
        meta: { total: number };
      };
    };
    const outgoing = await list(owner, 'tab=outgoing');
    expect(outgoing.data.map((r) => r._id)).toEqual(expect.arrayContaining([critical._id, draft._id]));
    expect(outgoing.data.map((r) => r._id)).not.toContain(declined._id);
    expect(new Set(outgoing.data.map((r) => r.status))).not.toContain('declined');
    expect((await list(owner, 'tab=completed')).data.map((r) => r._id)).toContain(declined._id);
    expect((await list(mro, 'tab=completed')).data.map((r) => r._id)).toContain(declined._id);

    const drafts = await list(owner, 'tab=outgoing&status=draft');
    expect(drafts.data.every((r) => r.status === 'draft')).toBe(true);
    expect(drafts.data.map((r) => r._id)).toContain(draft._id);
    expect(drafts.meta.total).toBe(drafts.data.length);
    const criticals = await list(owner, 'tab=outgoing&priority=critical');
    expect(criticals.data.every((r) => r.priority === 'critical')).toBe(true);
    expect(criticals.data.map((r) => r._id)).toContain(critical._id);
    for (const approval of ['pending', 'none', 'rejected'] as const) {
      const filtered = await list(owner, `tab=outgoing&approval=${approval}`);
      expect(filtered.data.length, approval).toBeGreaterThan(0);
      expect(filtered.data.every((r) => r.approval === approval)).toBe(true);
    }
    expect((await list(owner, 'tab=outgoing&approval=pending')).data.map((r) => r._id)).toContain(critical._id);
    expect((await list(owner, 'tab=outgoing&approval=none')).data.map((r) => r._id)).toContain(draft._id);
    expect((await list(owner, 'tab=outgoing&approval=rejected')).data.map((r) => r._id)).toContain(rejected._id);
    const approvedList = await list(mro, 'tab=incoming&approval=approved');
    expect(approvedList.data.length).toBeGreaterThan(0);
    expect(approvedList.data.every((r) => r.approval === 'approved')).toBe(true);

    // The day it was created (in Lagos) holds it; the next day does not.
    const [{ day, next }] = await rows<{ day: string; next: string }>(sql`
      select to_char((created_at at time zone 'Africa/Lagos')::date, 'YYYY-MM-DD') as day,
             to_char((created_at at time zone 'Africa/Lagos')::date + 1, 'YYYY-MM-DD') as next
        from work_orders where id = ${critical._id}`);
    expect((await list(owner, `tab=outgoing&from=${day}&to=${day}`)).data.map((r) => r._id)).toContain(critical._id);
    expect((await list(owner, `tab=outgoing&from=${next}`)).data).toEqual([]);
    expect((await list(owner, `tab=outgoing&to=${day}&priority=critical&status=pending_approval`)).data.map((r) => r._id)).toContain(
      critical._id,
    );
    expect((await get(owner, '/v2/wo?tab=outgoing&from=yesterday')).statusCode).toBe(400);
    expect((await get(owner, '/v2/wo?tab=elsewhere')).statusCode).toBe(400);

    // About a whole cluster: found by the cluster, as are those about its assets; by the other party; sorted by total.
    const wholeSite = await raise({ title: 'Paint the whole site', asset: null, cluster: clusterId, lines: costing('400') });
    expect(wholeSite).toMatchObject({ asset: null, cluster: { _id: clusterId, name: 'Ikeja site' }, sla: { _id: slaId } });
    const outside = await raise({ title: 'Generator service', asset: generator, submit: false });
    const inCluster = (await list(owner, `tab=outgoing&clusterId=${clusterId}`)).data.map((r) => r._id);
    expect(inCluster).toEqual(expect.arrayContaining([wholeSite._id, critical._id]));
    expect(inCluster).not.toContain(outside._id);
    const elsewhere = await post(
      owner,
      '/v2/wo/create',
      form({ provider: unrelatedMro.organisationId, lines: costing('700'), title: 'Second opinion' }),
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const byParty = await list(owner, `tab=outgoing&partyId=${unrelatedMro.organisationId}`);
    expect(byParty.data.map((r) => r._id)).toEqual([elsewhere.json().data._id]);
    const byTotal = (await list(owner, 'tab=outgoing&sort=total&order=desc')).data.map(
      (r) => (r as unknown as { totalKobo: number }).totalKobo,
    );
    expect(byTotal).toEqual([...byTotal].sort((x, y) => y - x));
    expect((await get(owner, '/v2/wo?tab=outgoing&sort=colour')).statusCode).toBe(400);
    const onTime = await list(mro, 'tab=incoming&sla=on_time');
    expect(onTime.data.length).toBeGreaterThan(0);
    expect(onTime.data.every((r) => (r as unknown as { resolution: { state: string } | null }).resolution?.state === 'on_time')).toBe(true);

    // A code is looked up exactly (in any case); a title by its words.
    expect((await list(owner, `tab=outgoing&search=${critical.code.toLowerCase()}`)).data.map((r) => r._id)).toEqual([critical._id]);
    expect((await list(owner, 'tab=outgoing&search=listed draft')).data.map((r) => r._id)).toEqual([draft._id]);
    expect((await list(owner, 'tab=outgoing&search=nothing-like-this')).meta.total).toBe(0);
  });

  it('count what the lists hold, and keep the counters equal to the rows', async () => {
    const counted = await rows<{ organisation_id: string; side: string; status: string; total: number }>(
      sql`select organisation_id, side, status, total from work_order_counts where total <> 0 order by 1, 2, 3`,
    );
    const actual = await rows<{ organisation_id: string; side: string; status: string; total: number }>(sql`
      select organisation_id, side, status, count(*)::int as total from (
        select organisation_id, 'owner' as side, status from work_orders
        union all select provider_id, 'provider', status from work_orders where sent_at is not null) s
      group by 1, 2, 3 order by 1, 2, 3`);
    expect(counted).toEqual(actual);
    // Each approver's awaiting counter equals the pending steps naming them, after every scenario above.
    const awaitingCounted = await rows(
      sql`select user_id, document_type, total from approval_awaiting_counts where total <> 0 order by 1, 2`,
    );
    const awaitingActual = await rows(sql`
      select u as user_id, document_type, count(*)::int as total
        from approval_steps, unnest(approver_ids) u where status = 'pending' group by 1, 2 order by 1, 2`);
    expect(awaitingCounted).toEqual(awaitingActual);
    expect(awaitingActual.length).toBeGreaterThan(0);
    for (const [user, tabs] of [
      [owner, ['outgoing', 'completed', 'certified']],
      [mro, ['incoming', 'completed', 'certified']],
      [tech, ['incoming', 'completed', 'certified']],
    ] as const) {
      const counts = (await get(user, '/v2/wo/counts')).json().data;
      for (const tab of tabs) {
        const listed = (await get(user, `/v2/wo?tab=${tab}&pageSize=100`)).json();
        expect(counts[tab], `${tab}`).toBe(listed.meta.total);
        expect(listed.data.length).toBe(Math.min(100, listed.meta.total));
      }
    }
    const approvals = (await get(headOM2, '/v2/wo/counts')).json().data.approvals;
    const awaiting = (await get(headOM2, '/v2/wo/sent/approval?view=awaiting&pageSize=100')).json();
    expect(approvals).toBe(awaiting.meta.total);
    expect(approvals).toBeGreaterThan(0);
    expect(awaiting.data.every((r: { label: string }) => r.label === 'Awaiting Approval')).toBe(true);
    expect((await get(mro, '/v2/wo/counts')).json().data.approvals).toBe(0);
    // A page past the end still answers the total, whatever the filters.
    for (const [user, path] of [
      [owner, '/v2/wo?tab=outgoing&approval=rejected'],
      [owner, '/v2/wo?tab=outgoing&priority=high&search=pump'],
      [mro, '/v2/wo?tab=completed&status=declined'],
      [headOM2, '/v2/wo/sent/approval?view=approved&search=WO'],
      [headOM2, '/v2/wo/sent/approval?view=awaiting'],
    ] as const) {
      const first = (await get(user, `${path}&pageSize=5`)).json().meta.total;
      const beyond = (await get(user, `${path}&pageSize=5&page=500`)).json();
      expect(beyond.data, path).toEqual([]);
      expect(beyond.meta.total, path).toBe(first);
    }
  });
});

describe('certifying, finding it unsatisfactory, closing and ending', () => {
  it('sends unsatisfactory work back in progress, withdrawing the certifications, counted', async () => {
    const id = await completedOrder({ title: 'Redo me' });
    await act(mro, 'certify', id, { comment: 'All good from us' });
    expect((await post(mro, `/v2/wo/unsatisfactory/${id}`, { reason: 'Not mine to say' })).statusCode).toBe(403);
    expect((await post(owner, `/v2/wo/unsatisfactory/${id}`, {})).json().errors).toEqual([
      { path: 'reason', message: 'Reason is required' },
    ]);
    const back = await act(owner, 'unsatisfactory', id, { reason: 'Still leaking' });
    expect(back).toMatchObject({
      status: 'in_progress',
      unsatisfactoryReason: 'Still leaking',
      unsatisfactoryCount: 1,
      providerCertification: null,
      ownerCertification: null,
      completedAt: null,
    });
    const [row] = await rows<{ provider_certified_by: string | null; unsatisfactory_count: number }>(
      sql`select provider_certified_by, unsatisfactory_count from work_orders where id = ${id}`,
    );
    expect(row).toEqual({ provider_certified_by: null, unsatisfactory_count: 1 });
    expect(await eventsOf(mro, pathOf(id))).toContain('work_order.unsatisfactory');
    expect(await eventsOf(tech, pathOf(id))).toContain('work_order.unsatisfactory');
    expect((await post(owner, `/v2/wo/certify/${id}`, { comment: 'Fine' })).statusCode).toBe(409);

    // Done again, certified by both, closed by GET (the mobile apps) without a rating.
    await act(tech, 'complete', id, { note: 'Replaced the seal again', timeSpent: 2 });
    expect((await post(owner, `/v2/wo/unsatisfactory/${id}`, { reason: 'Once more' })).statusCode).toBe(200);
    expect((await detail(owner, id)).unsatisfactoryCount).toBe(2);
    await act(tech, 'complete', id, { note: 'Third time', timeSpent: 2 });
    await act(tech, 'certify', id, { comment: 'Done' });
    await act(owner, 'certify', id, { comment: 'Accepted' });
    expect((await get(mro, `/v2/wo/close/${id}`)).statusCode).toBe(403);
    // Closing carries nothing: a body with a field is refused and the work order stays certified.
    expect((await post(owner, `/v2/wo/close/${id}`, { note: 'Closed' })).statusCode).toBe(400);
    expect((await detail(owner, id)).status).toBe('certified');
    const closed = await get(owner, `/v2/wo/close/${id}`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'closed', rating: null });
    expect((await get(owner, `/v2/wo/close/${id}`)).statusCode).toBe(409);
    expect(await eventsOf(mro, pathOf(id))).toContain('work_order.closed');
    // Closed without a rating: too late to rate it.
    expect((await post(owner, `/v2/user/rate-user/${mro.organisationId}`, { workOrder: id, rating: 3 })).statusCode).toBe(409);
    expect((await get(owner, '/v2/wo?tab=certified&status=closed&pageSize=100')).json().data.map((r: { _id: string }) => r._id)).toContain(
      id,
    );
  });

  it('ends an open work order early with a reason, cancelling its approvals, and tells a provider that had it', async () => {
    const pending = await raise({ title: 'End me while pending', lines: costing('500000') });
    expect((await post(owner, `/v2/wo/end/${pending._id}`, {})).json().errors).toEqual([{ path: 'reason', message: 'Reason is required' }]);
    const ended = await act(owner, 'end', pending._id, { reason: 'Budget withdrawn' });
    expect(ended).toMatchObject({ status: 'ended', endReason: 'Budget withdrawn' });
    expect(ended.steps.map((s) => s.status)).toEqual(['cancelled', 'cancelled']);
    expect(ended.approval).toBe('none');
    expect(ids(await get(owner, '/v2/wo?tab=completed&approval=none&pageSize=100'))).toContain(pending._id);
    expect(await eventsOf(mro, pathOf(pending._id))).toEqual([]);
    expect((await post(owner, `/v2/wo/end/${pending._id}`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await post(headOM, `/v2/wo/approve/${pending._id}`, { approve: true })).statusCode).toBe(409);
    expect(ids(await get(headOM, '/v2/wo/sent/approval?view=awaiting&pageSize=100'))).not.toContain(pending._id);

    const started = await sentOrder({ title: 'End me while in progress' });
    await act(mro, 'sent/accept', started._id);
    await act(mro, 'assign', started._id, { users: [tech.id] });
    await act(tech, 'start', started._id);
    await act(owner, 'end', started._id, { reason: 'Asset sold' });
    expect(await eventsOf(mro, pathOf(started._id))).toEqual(['work_order.sent', 'work_order.ended']);
    expect(await eventsOf(tech, pathOf(started._id))).toEqual(['work_order.assigned', 'work_order.ended']);
    expect((await post(tech, `/v2/wo/complete/${started._id}`, { note: 'Too late', timeSpent: 1 })).statusCode).toBe(409);
    expect(ids(await get(owner, '/v2/wo?tab=completed&status=ended&pageSize=100'))).toEqual(
      expect.arrayContaining([pending._id, started._id]),
    );
  });
});

describe('recalls', () => {
  it('lists a new fault on the asset of a work order closed recently', async () => {
    const categoryId = await createCategory(t.db);
    const valve = await createAsset(t, owner, { categoryId, clusterId, name: 'Inlet valve' });
    const id = await certifiedOrder({ asset: valve, title: 'Replace the inlet valve' });
    // Before it closes, a fault is no recall of it.
    const early = await createFault(t, owner, { asset: valve, description: 'Valve drips' });
    await post(owner, `/v2/user/rate-user/${mro.organisationId}`, { workOrder: id, rating: 5 });
    expect((await detail(owner, id)).recalls).toEqual([]);
    // Resolve the first fault so the next report is a new fault, not a "+1".
    const rejected = await post(owner, `/v2/fault/reject/${early}`, { reason: 'Fixed by the work order' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const recall = await createFault(t, owner, { asset: valve, description: 'Valve leaks again' });
    const after = await detail(owner, id);
    expect(after.recalls).toEqual([{ _id: recall, code: expect.any(String), createdAt: expect.any(String) }]);
    expect((await detail(mro, id)).recalls.map((r) => r._id)).toEqual([recall]);
    // A fault on another asset is none.
    await createFault(t, owner, { asset: generator, description: 'Another fault elsewhere' });
    expect((await detail(owner, id)).recalls).toHaveLength(1);
  });
});

describe('the work order configuration', () => {
  it('is the defaults until saved, then sets the codes, the reminder hours and the recall days', async () => {
    const initial = await get(owner, '/v2/configuration/created/wo');
    expect(initial.statusCode, initial.body).toBe(200);
    expect(initial.json().data).toEqual({
      _id: null,
      type: 'wo',
      codePrefix: 'WO',
      reminderHours: 24,
      escalationHours: 48,
      recallDays: 30,
      updatedAt: null,
    });
    expect((await get(mro, '/v2/configuration/created/wo')).statusCode).toBe(403);
    expect((await get(follower, '/v2/configuration/created/wo')).statusCode).toBe(403);
    expect((await post(mro, '/v2/configuration/create', { type: 'wo', codePrefix: 'MRO' })).statusCode).toBe(403);
    const before = await rows(sql`select id from configurations where organisation_id = ${owner.organisationId}`);
    const early = await post(owner, '/v2/configuration/create', { type: 'wo', reminderHours: 10, escalationHours: 5 });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([
      { path: 'escalationHours', message: 'The escalation time cannot be shorter than the reminder time' },
    ]);
    expect(fieldErrors(await post(owner, '/v2/configuration/create', { type: 'wo', codePrefix: 'W-1', recallDays: -1 }))).toEqual({
      codePrefix: 'Code prefix is not valid',
      recallDays: 'Recall days is not valid',
    });
    expect(await rows(sql`select id from configurations where organisation_id = ${owner.organisationId}`)).toEqual(before);

    const saved = await post(owner, '/v2/configuration/create', { type: 'wo', codePrefix: 'job', reminderHours: 2, escalationHours: 4 });
    expect(saved.statusCode, saved.body).toBe(201);
    const configId = saved.json().data._id;
    expect(saved.json().data).toMatchObject({ type: 'wo', codePrefix: 'JOB', reminderHours: 2, escalationHours: 4, recallDays: 30 });
    // The service requests' configuration is another.
    expect((await get(owner, '/v2/configuration/created/sr')).json().data).toMatchObject({ _id: null, codePrefix: 'SR' });
    const foreign = await put(otherOwner, `/v2/configuration/update/${configId}`, { type: 'wo', codePrefix: 'MINE' });
    expect(foreign.statusCode).toBe(404);
    const updated = await put(owner, `/v2/configuration/update/${configId}`, {
      type: 'wo',
      codePrefix: 'JOB',
      reminderHours: 2,
      escalationHours: 4,
      recallDays: 0,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ _id: configId, recallDays: 0 });

    // New codes take the prefix (approval.jobs.test.ts times the reminders by the saved hours).
    const created = await raise({ title: 'Under the new rules' });
    expect(created.code).toMatch(/^JOB-\d{6}$/);

    // Recall days 0: a fault after a closed work order is no recall.
    const categoryId = await createCategory(t.db);
    const tank = await createAsset(t, owner, { categoryId, clusterId, name: 'Water tank' });
    const closedId = await certifiedOrder({ asset: tank });
    await get(owner, `/v2/wo/close/${closedId}`);
    await createFault(t, owner, { asset: tank });
    expect((await detail(owner, closedId)).recalls).toEqual([]);
    await post(owner, '/v2/configuration/create', { type: 'wo' });
  });
});
