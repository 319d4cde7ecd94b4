import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignToProvider,
  createAsset,
  createCategory,
  createCluster,
  createOrganisation,
  createPurchaseOrder,
  createUser,
  createWarehouse,
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { tellApprovers } from './approval.jobs.js';

let t: TestApp;
/** The work orders' owner (its admin approves none), Head O&M's two approvers and the GM. */
let owner: TestUser;
let headOM: TestUser;
let headOM2: TestUser;
let gm: TestUser;
/** The provider, which also buys (its admin approves none), Head of Stores' two approvers and its own GM. */
let buyer: TestUser;
let headStores: TestUser;
let headStores2: TestUser;
let buyerGm: TestUser;
let supplierId: string;
let store: string;
let asset: string;

const get = (user: TestUser, url: string) => t.app.inject({ url, headers: user.headers });
const post = (user: TestUser, url: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });
const rows = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
const eventsOf = async (user: TestUser, path: string) =>
  (
    await rows<{ event: string }>(
      sql`select event from notifications where recipient_id = ${user.id} and path = ${path} order by created_at, id`,
    )
  ).map((r) => r.event);
/** The texts of a user's notifications, newest first, as the bell shows them. */
const noticesOf = async (user: TestUser) =>
  (await get(user, '/v2/notification')).json().data.map((n: { description: string }) => n.description);
/** Moves a document's pending step back in time, as if its approvers had been asked that many hours ago. */
const askedHoursAgo = (documentId: string, hours: number) =>
  t.db.execute(
    sql`update approval_steps set asked_at = now() - make_interval(hours => ${hours}) where document_id = ${documentId} and status = 'pending'`,
  );
const decide = async (user: TestUser, url: string, payload: object) => {
  const res = await post(user, url, payload);
  expect(res.statusCode, res.body).toBe(200);
};

/** A work order of exactly this many naira for the provider, pending Head O&M's approval. */
const raiseWo = async (title: string, naira: string) => {
  const res = await post(owner, '/v2/wo/create', {
    title,
    description: 'The pump loses pressure; overhaul it.',
    priority: 'high',
    receiverType: 'MRO',
    provider: buyer.organisationId,
    asset,
    lines: [{ name: 'Works', price: naira, quantity: 1 }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { _id: string; code: string };
};
const woPath = (id: string) => `/work-order/view/${id}`;

/** A purchase order of exactly this many naira to the supplier, pending Head of Stores' approval. */
const raisePo = async (title: string, naira: string) => {
  const id = await createPurchaseOrder(t, buyer, {
    supplier: supplierId,
    warehouse: store,
    title,
    lines: [{ name: 'Seal kits', price: naira, quantity: 1 }],
  });
  const [order] = await rows<{ code: string; status: string }>(sql`select code, status from purchase_orders where id = ${id}`);
  expect(order!.status).toBe('pending_approval');
  return { _id: id, code: order!.code };
};
const poPath = (id: string) => `/purchase-order/${id}`;

beforeAll(async () => {
  // No workers: the tests run the reminder job themselves (its schedule cannot run it in between).
  t = await createTestApp({ JOB_WORKERS: 'false' });
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true, firstName: 'Olu' });
  headOM = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['approveWO'], firstName: 'Hauwa' });
  headOM2 = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['approveWO'], firstName: 'Halima' });
  gm = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['approveWO'], firstName: 'Gbenga' });
  buyer = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true, firstName: 'Musa' });
  headStores = await createUser(t.db, { organisationId: buyer.organisationId, permissions: ['approvePO'], firstName: 'Bisi' });
  headStores2 = await createUser(t.db, { organisationId: buyer.organisationId, permissions: ['approvePO'], firstName: 'Bola' });
  buyerGm = await createUser(t.db, { organisationId: buyer.organisationId, permissions: ['approvePO'], firstName: 'Kemi' });
  supplierId = (await createOrganisation(t.db, { kind: 'supplier', name: 'Lagos Bearings and Seals Ltd' })).id;
  store = await createWarehouse(t, buyer, { name: 'Main store' });

  const categoryId = await createCategory(t.db);
  const clusterId = await createCluster(t, owner, { name: 'Ikeja site' });
  asset = await createAsset(t, owner, { categoryId, clusterId, name: 'Borehole pump' });
  await assignToProvider(t, owner, { providerId: buyer.organisationId, clusterIds: [clusterId] });
  for (const [by, type, levels] of [
    [
      owner,
      'wo',
      [
        { name: 'Head O&M', maxAmount: '100000', order: 1, approvers: [headOM.id, headOM2.id] },
        { name: 'GM', maxAmount: '1000000', order: 2, approvers: [gm.id] },
      ],
    ],
    [
      buyer,
      'po',
      [
        { name: 'Head of Stores', maxAmount: '100000', order: 1, approvers: [headStores.id, headStores2.id] },
        { name: 'GM', maxAmount: '1000000', order: 2, approvers: [buyerGm.id] },
      ],
    ],
  ] as const) {
    for (const level of levels) {
      const res = await post(by, `/v2/approval/create/${type}`, level);
      expect(res.statusCode, res.body).toBe(201);
    }
  }
});

afterAll(async () => {
  await t.close();
});

describe('the approval reminders of work orders', () => {
  it('reminds the approvers once past the reminder hours, and tells the next level once past the escalation hours', async () => {
    const created = await raiseWo('Slow approval', '150000');
    const path = woPath(created._id);
    const reminded = async () => ({
      head: (await eventsOf(headOM, path)).filter((e) => e !== 'work_order.approval_requested'),
      head2: (await eventsOf(headOM2, path)).filter((e) => e !== 'work_order.approval_requested'),
      gm: await eventsOf(gm, path),
    });
    // Not yet due.
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
    await askedHoursAgo(created._id, 25);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 1, escalated: 0 });
    expect(await reminded()).toEqual({ head: ['work_order.approval_reminder'], head2: ['work_order.approval_reminder'], gm: [] });
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
    expect(await reminded()).toEqual({ head: ['work_order.approval_reminder'], head2: ['work_order.approval_reminder'], gm: [] });

    await askedHoursAgo(created._id, 49);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 1 });
    expect((await reminded()).gm).toEqual(['work_order.approval_escalated']);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
    expect((await reminded()).gm).toEqual(['work_order.approval_escalated']);
    expect((await noticesOf(gm))[0]).toBe(`Work order ${created.code} (Slow approval) has awaited the approval of Head O&M for 48 hour(s)`);

    // Approved meanwhile: the next level's step is reminded on its own clock.
    await decide(headOM, `/v2/wo/approve/${created._id}`, { approve: true });
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
  });

  it('times them by the owner’s work order configuration, and tells the owner’s admins after the last level', async () => {
    const saved = await post(owner, '/v2/configuration/create', { type: 'wo', reminderHours: 2, escalationHours: 4 });
    expect(saved.statusCode, saved.body).toBe(201);
    const created = await raiseWo('Under the new rules', '1000');
    await askedHoursAgo(created._id, 3);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 1, escalated: 0 });
    await askedHoursAgo(created._id, 5);
    // Head O&M is the last level this one needs: its escalation goes to the owner's admins.
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 1 });
    expect(await eventsOf(owner, woPath(created._id))).toEqual(['work_order.approval_escalated']);
    expect(await eventsOf(headOM, woPath(created._id))).toEqual(['work_order.approval_requested', 'work_order.approval_reminder']);
    // Back to the defaults for the tests after this one.
    await post(owner, '/v2/configuration/create', { type: 'wo' });
  });
});

describe('the approval reminders of purchase orders', () => {
  it('reminds each approver once past the reminder hours, and tells the next level once past the escalation hours', async () => {
    const order = await raisePo('Seals for the pumps', '150000');
    const path = poPath(order._id);
    const heard = async () => ({
      head: await eventsOf(headStores, path),
      head2: await eventsOf(headStores2, path),
      gm: await eventsOf(buyerGm, path),
      buyer: await eventsOf(buyer, path),
    });
    const asked = ['purchase_order.approval_requested'];
    const remindedOnce = [...asked, 'purchase_order.approval_reminder'];
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
    expect(await heard()).toEqual({ head: asked, head2: asked, gm: [], buyer: [] });

    await askedHoursAgo(order._id, 25);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 1, escalated: 0 });
    expect(await heard()).toEqual({ head: remindedOnce, head2: remindedOnce, gm: [], buyer: [] });
    expect((await noticesOf(headStores2))[0]).toBe(
      `Reminder: purchase order ${order.code} (Seals for the pumps) has awaited your approval as Head of Stores for 24 hour(s)`,
    );
    // A second run finds nothing more to say.
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
    expect(await heard()).toEqual({ head: remindedOnce, head2: remindedOnce, gm: [], buyer: [] });

    await askedHoursAgo(order._id, 49);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 1 });
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
    expect(await heard()).toEqual({ head: remindedOnce, head2: remindedOnce, gm: ['purchase_order.approval_escalated'], buyer: [] });
    expect((await noticesOf(buyerGm))[0]).toBe(
      `Purchase order ${order.code} (Seals for the pumps) has awaited the approval of Head of Stores for 48 hour(s)`,
    );

    // Approved meanwhile: the GM's own step starts its own clock.
    await decide(headStores, `/v2/purchase-order/approve/${order._id}`, { approve: true });
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
    await askedHoursAgo(order._id, 25);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 1, escalated: 0 });
    expect((await heard()).gm).toEqual([
      'purchase_order.approval_escalated',
      'purchase_order.approval_requested',
      'purchase_order.approval_reminder',
    ]);
    await decide(buyerGm, `/v2/purchase-order/approve/${order._id}`, { approve: true });
  });

  it('tells the buyer’s admins once when the last level waits past the escalation hours', async () => {
    const order = await raisePo('Gaskets', '5000');
    const path = poPath(order._id);
    // Long overdue: the reminder and the escalation both come due in one run.
    await askedHoursAgo(order._id, 72);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 1, escalated: 1 });
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
    expect(await eventsOf(buyer, path)).toEqual(['purchase_order.approval_escalated']);
    expect(await eventsOf(headStores, path)).toEqual(['purchase_order.approval_requested', 'purchase_order.approval_reminder']);
    expect(await eventsOf(buyerGm, path)).toEqual([]);
    await decide(headStores, `/v2/purchase-order/approve/${order._id}`, { approve: true });
  });

  it('reminds no step already decided', async () => {
    const order = await raisePo('Bearings', '150000');
    const path = poPath(order._id);
    await decide(headStores, `/v2/purchase-order/approve/${order._id}`, { approve: true });
    await t.db.execute(sql`update approval_steps set asked_at = now() - interval '72 hours' where document_id = ${order._id}
                           and status = 'approved'`);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });

    // A rejection decides one step and cancels the rest: none of them is reminded either.
    await decide(buyerGm, `/v2/purchase-order/approve/${order._id}`, { approve: false, reason: 'Buy from the framework supplier' });
    await t.db.execute(sql`update approval_steps set asked_at = now() - interval '72 hours' where document_id = ${order._id}`);
    expect(await rows(sql`select status from approval_steps where document_id = ${order._id} order by position`)).toEqual([
      { status: 'approved' },
      { status: 'rejected' },
    ]);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
    expect(await eventsOf(headStores, path)).toEqual(['purchase_order.approval_requested']);
    expect(await eventsOf(buyerGm, path)).toEqual(['purchase_order.approval_requested']);
  });

  it('times them by the buyer’s purchase order configuration, not by another type’s', async () => {
    // No screen saves a purchase order configuration yet: the row the job reads, as the work orders' is stored.
    await t.db.execute(sql`insert into configurations (organisation_id, type, settings)
                           values (${buyer.organisationId}, 'po', ${JSON.stringify({ reminderHours: 2, escalationHours: 4 })}::jsonb)`);
    // The buyer's work order hours (were it an owner) would be other ones: only the `po` row counts.
    await t.db.execute(sql`insert into configurations (organisation_id, type, settings)
                           values (${buyer.organisationId}, 'wo', ${JSON.stringify({ reminderHours: 100, escalationHours: 200 })}::jsonb)`);
    const order = await raisePo('Filters', '5000');
    await askedHoursAgo(order._id, 1);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
    await askedHoursAgo(order._id, 3);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 1, escalated: 0 });
    await askedHoursAgo(order._id, 5);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 1 });
    expect(await eventsOf(buyer, poPath(order._id))).toEqual(['purchase_order.approval_escalated']);
    // The owner's work orders keep the default hours.
    const workOrder = await raiseWo('Still on the defaults', '1000');
    await askedHoursAgo(workOrder._id, 5);
    expect(await tellApprovers(t.app.deps)).toEqual({ reminded: 0, escalated: 0 });
  });
});
