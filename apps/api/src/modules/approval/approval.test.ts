import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';
import type { ApprovedSubject } from './approval-document.service.js';

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028).
afterEach(() => expectRollupsAgree(t.db));
let owner: TestUser;
let headOM: TestUser;
let gm: TestUser;
let ceo: TestUser;
let poOnly: TestUser;
let plainStaff: TestUser;
let idleApprover: TestUser;
let mro: TestUser;
let otherOwner: TestUser;
let otherApprover: TestUser;

const NOT_RISING = 'Maximums must rise with the order: each level must approve more than the levels before it and less than those after it';
const NOT_ALLOWED = 'Approvers must be active staff of your organisation who may approve';

const post = (user: TestUser | null, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, ...(user ? { headers: user.headers } : {}), ...(payload ? { payload } : {}) });
const get = (user: TestUser | null, url: string) => t.app.inject({ url, ...(user ? { headers: user.headers } : {}) });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

/** What the database holds of an organisation's levels of a type: order, name, maximum in kobo and approvers. */
const stored = async (organisationId: string, type = 'wo') =>
  rows<{ position: number; name: string; max: string; approvers: string[] }>(sql`
    select l.position, l.name, l.max_kobo::text as max,
           coalesce((select array_agg(m.user_id::text order by m.user_id) from approval_level_members m where m.level_id = l.id), '{}') as approvers
      from approval_levels l where l.organisation_id = ${organisationId} and l.document_type = ${type} order by l.position`);

const level = (extra: Record<string, unknown> = {}) => ({
  name: 'Head O&M',
  maxAmount: '100000',
  order: 1,
  approvers: [headOM.id],
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp({ JOB_WORKERS: 'false' });
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true, firstName: 'Olu' });
  headOM = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['approveWO'], firstName: 'Hauwa' });
  gm = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['approveWO'], firstName: 'Gbenga' });
  ceo = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['approveWO', 'viewAsset'], firstName: 'Chidi' });
  poOnly = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['poConfiguration'] });
  plainStaff = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset'], firstName: 'Plain' });
  idleApprover = await createUser(t.db, {
    organisationId: owner.organisationId,
    permissions: ['approveWO'],
    status: 'inactive',
    firstName: 'Idle',
  });
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  otherApprover = await createUser(t.db, { organisationId: otherOwner.organisationId, permissions: ['approveWO'] });
});

afterAll(async () => {
  await t.close();
});

describe('the documents the engine serves', () => {
  it('are the subjects whose modules declare the approval events, and no other', () => {
    const served: ApprovedSubject[] = ['work_order', 'purchase_order'];
    // @ts-expect-error a fault declares no approval events, so the engine cannot be told to name one
    const fault: ApprovedSubject = 'fault';
    expect([...served, fault]).toHaveLength(3);
  });
});

describe('who may configure approval levels', () => {
  it('answers 401 without a session on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const res of [
      await get(null, '/v2/approval/wo'),
      await get(null, '/v2/approval/approvers/wo'),
      await post(null, '/v2/approval/create/wo', level()),
      await post(null, `/v2/approval/update/${id}`, level()),
      await post(null, `/v2/approval/delete/${id}`),
    ]) {
      expect(res.statusCode).toBe(401);
    }
    expect(await stored(owner.organisationId)).toEqual([]);
  });

  it('refuses staff without woConfiguration and a provider organisation (403), writing nothing', async () => {
    // poConfiguration opens the routes (purchase orders' levels) but not the work orders'.
    for (const user of [poOnly, plainStaff, headOM]) {
      const res = await post(user, '/v2/approval/create/wo', level());
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission to do this');
      expect((await get(user, '/v2/approval/approvers/wo')).statusCode).toBe(403);
    }
    // A provider holds poConfiguration as a buyer, but it raises no work orders: it has no levels of them.
    const provider = await post(mro, '/v2/approval/create/wo', level({ approvers: [mro.id] }));
    expect(provider.statusCode).toBe(403);
    expect((await get(mro, '/v2/approval/approvers/wo')).statusCode).toBe(403);
    // Reading them needs configuring or approving.
    expect((await get(plainStaff, '/v2/approval/wo')).statusCode).toBe(403);
    expect(await stored(owner.organisationId)).toEqual([]);
    expect(await stored(mro.organisationId)).toEqual([]);
  });

  it('offers as approvers the active staff holding approveWO and the admins only', async () => {
    const res = await get(owner, '/v2/approval/approvers/wo');
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((u: { _id: string }) => u._id);
    expect(ids.sort()).toEqual([owner.id, headOM.id, gm.id, ceo.id].sort());
    expect(res.json().data.find((u: { _id: string }) => u._id === headOM.id)).toMatchObject({ name: 'Hauwa User' });
  });
});

describe('saving levels', () => {
  it('answers an empty form with the catalogue texts and writes nothing', async () => {
    const res = await post(owner, '/v2/approval/create/wo', {});
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(messages).toEqual({
      name: 'Name is required',
      maxAmount: 'Maximum amount is required',
      order: 'Order is required',
      approvers: 'Approvers is required',
    });
    const bad = await post(owner, '/v2/approval/create/wo', level({ maxAmount: '0', order: 0, approvers: [] }));
    expect(bad.json().errors).toEqual([
      { path: 'maxAmount', message: 'Maximum amount is not valid' },
      { path: 'order', message: 'Order is not valid' },
      { path: 'approvers', message: 'Approvers is required' },
    ]);
    expect((await post(owner, '/v2/approval/create/xx', level())).statusCode).toBe(400);
    expect(await stored(owner.organisationId)).toEqual([]);
  });

  it('refuses approvers who are not active staff holding approveWO, writing nothing', async () => {
    for (const approver of [plainStaff.id, idleApprover.id, otherApprover.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await post(owner, '/v2/approval/create/wo', level({ approvers: [headOM.id, approver] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'approvers', message: NOT_ALLOWED }]);
    }
    expect(await stored(owner.organisationId)).toEqual([]);
  });

  it('keeps Head O&M 100,000, GM 1,000,000 and CEO 10,000,000 with three approvers, in order', async () => {
    // Saved out of order: the order decides, not the moment.
    const ceoLevel = await post(owner, '/v2/approval/create/wo', { name: 'CEO', maxAmount: '10,000,000', order: 3, approvers: [ceo.id] });
    expect(ceoLevel.statusCode, ceoLevel.body).toBe(201);
    const head = await post(owner, '/v2/approval/create/wo', level());
    expect(head.statusCode, head.body).toBe(201);
    const gmLevel = await post(owner, '/v2/approval/create/wo', { name: 'GM', maxAmount: 1_000_000, order: 2, approvers: [gm.id, gm.id] });
    expect(gmLevel.statusCode, gmLevel.body).toBe(201);
    const levels = gmLevel.json().data;
    expect(
      levels.map((l: { name: string; order: number; maxAmountKobo: number; maxAmount: string; approvers: { name: string }[] }) => [
        l.name,
        l.order,
        l.maxAmountKobo,
        l.maxAmount,
        l.approvers.map((a) => a.name),
      ]),
    ).toEqual([
      ['Head O&M', 1, 10_000_000, '100000.00', ['Hauwa User']],
      ['GM', 2, 100_000_000, '1000000.00', ['Gbenga User']],
      ['CEO', 3, 1_000_000_000, '10000000.00', ['Chidi User']],
    ]);
    expect(await stored(owner.organisationId)).toEqual([
      { position: 1, name: 'Head O&M', max: '10000000', approvers: [headOM.id] },
      { position: 2, name: 'GM', max: '100000000', approvers: [gm.id] },
      { position: 3, name: 'CEO', max: '1000000000', approvers: [ceo.id] },
    ]);
    // The approvers read them too (to know who comes next); another owner sees none of them.
    const read = await get(gm, '/v2/approval/wo');
    expect(read.statusCode).toBe(200);
    expect(read.json().data.map((l: { name: string }) => l.name)).toEqual(['Head O&M', 'GM', 'CEO']);
    expect((await get(otherOwner, '/v2/approval/wo')).json().data).toEqual([]);
    expect((await get(owner, '/v2/approval/po')).json().data).toEqual([]);
    const saved = await rows<{ action: string }>(
      sql`select action from activities where organisation_id = ${owner.organisationId} and action = 'approval.level_saved'`,
    );
    expect(saved).toHaveLength(3);
  });

  it('refuses a maximum that does not rise with the order, and an order taken, writing nothing', async () => {
    const before = await stored(owner.organisationId);
    const cases: [Record<string, unknown>, { path: string; message: string }][] = [
      // Above the CEO's order but below its maximum.
      [
        { name: 'Board', maxAmount: '5000000', order: 4 },
        { path: 'maxAmount', message: NOT_RISING },
      ],
      // Equal to the level before it: not more.
      [
        { name: 'Board', maxAmount: '10000000', order: 4 },
        { path: 'maxAmount', message: NOT_RISING },
      ],
      // Far after the others, by a kobo short.
      [
        { name: 'Board', maxAmount: '9999999.99', order: 9 },
        { path: 'maxAmount', message: NOT_RISING },
      ],
      [
        { name: 'Supervisor', maxAmount: '1000', order: 0 },
        { path: 'order', message: 'Order is not valid' },
      ],
      [
        { name: 'Board', maxAmount: '20000000', order: 2 },
        { path: 'order', message: 'Another level already has order 2' },
      ],
    ];
    for (const [input, error] of cases) {
      const res = await post(owner, '/v2/approval/create/wo', level(input));
      expect(res.statusCode, JSON.stringify(input)).toBe(400);
      expect(res.json().errors).toEqual([error]);
      expect(res.json().message).toBe(error.message);
    }
    expect(await stored(owner.organisationId)).toEqual(before);
  });

  it('changes a level within the order, refuses one out of it, and keeps other tenants out (404)', async () => {
    const [head, gmLevel] = (await get(owner, '/v2/approval/wo')).json().data;
    const changed = await post(owner, `/v2/approval/update/${gmLevel._id}`, {
      name: 'General Manager',
      maxAmount: '2000000.50',
      order: 2,
      approvers: [gm.id, ceo.id],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data[1]).toMatchObject({ _id: gmLevel._id, name: 'General Manager', maxAmountKobo: 200_000_050 });
    const before = await stored(owner.organisationId);
    expect(before[1]).toEqual({ position: 2, name: 'General Manager', max: '200000050', approvers: [gm.id, ceo.id].sort() });

    // Below Head O&M: not rising. Onto the CEO's order: taken. Another tenant: not found.
    const falling = await post(owner, `/v2/approval/update/${gmLevel._id}`, level({ name: 'GM', maxAmount: '50000', order: 2 }));
    expect(falling.statusCode).toBe(400);
    expect(falling.json().errors).toEqual([{ path: 'maxAmount', message: NOT_RISING }]);
    const taken = await post(owner, `/v2/approval/update/${gmLevel._id}`, level({ name: 'GM', maxAmount: '2000000', order: 3 }));
    expect(taken.json().errors).toEqual([{ path: 'order', message: 'Another level already has order 3' }]);
    const stranger = await post(owner, `/v2/approval/update/${gmLevel._id}`, level({ approvers: [otherApprover.id] }));
    expect(stranger.json().errors).toEqual([{ path: 'approvers', message: NOT_ALLOWED }]);
    const foreign = await post(otherOwner, `/v2/approval/update/${head._id}`, level({ approvers: [otherOwner.id] }));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('The requested approval level is not found');
    expect((await post(poOnly, `/v2/approval/update/${head._id}`, level())).statusCode).toBe(403);
    expect(await stored(owner.organisationId)).toEqual(before);

    // Back as it was, for the levels the help text gives.
    const back = await post(owner, `/v2/approval/update/${gmLevel._id}`, {
      name: 'GM',
      maxAmount: '1000000',
      order: 2,
      approvers: [gm.id],
    });
    expect(back.statusCode).toBe(200);
  });

  it('deletes a level of its own only', async () => {
    const extra = await post(owner, '/v2/approval/create/wo', { name: 'Board', maxAmount: '50000000', order: 4, approvers: [owner.id] });
    expect(extra.statusCode).toBe(201);
    const board = extra.json().data[3];
    expect((await post(otherOwner, `/v2/approval/delete/${board._id}`)).statusCode).toBe(404);
    expect((await post(poOnly, `/v2/approval/delete/${board._id}`)).statusCode).toBe(403);
    expect((await post(owner, '/v2/approval/delete/not-an-id')).statusCode).toBe(400);
    expect(await stored(owner.organisationId)).toHaveLength(4);
    const deleted = await post(owner, `/v2/approval/delete/${board._id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().data.message).toBe('The approval level has been deleted');
    expect((await stored(owner.organisationId)).map((l) => l.name)).toEqual(['Head O&M', 'GM', 'CEO']);
    expect((await post(owner, `/v2/approval/delete/${board._id}`)).statusCode).toBe(404);
  });

  it("keeps purchase orders' levels apart: a provider buying configures its own", async () => {
    const res = await post(mro, '/v2/approval/create/po', { name: 'Procurement', maxAmount: '250000', order: 1, approvers: [mro.id] });
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored(mro.organisationId, 'po')).toEqual([{ position: 1, name: 'Procurement', max: '25000000', approvers: [mro.id] }]);
    expect((await get(owner, '/v2/approval/wo')).json().data).toHaveLength(3);
    expect((await get(mro, '/v2/approval/wo')).json().data).toEqual([]);
  });
});
