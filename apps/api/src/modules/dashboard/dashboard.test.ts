import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  faults,
  purchaseOrderLines,
  purchaseOrders,
  serviceRequestAssignees,
  serviceRequests,
  users,
  warehouses,
  workOrderAssignees,
  workOrders,
} from '../../db/schema/index.js';
import { createAsset, createCategory, createOrganisation, createRole, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';
import { lastMonths } from './dashboard.service.js';

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028);
// the scenarios' faults are inserted with SQL, past the fault service that keeps this count.
afterEach(() => expectRollupsAgree(t.db, ['assets.open_fault_count']));
let superAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await createUser(t.db, { kind: 'platform', roleKey: 'super_admin' });
});
afterAll(async () => {
  await t.close();
});

describe('lastMonths', () => {
  it('labels the twelve months up to the current one, across a year boundary', () => {
    const months = lastMonths(new Date('2026-01-31T23:59:59Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toMatchObject({ key: '2025-02', label: 'Feb 2025' });
    expect(months[10]).toMatchObject({ key: '2025-12', label: 'Dec 2025' });
    expect(months[11]).toMatchObject({ key: '2026-01', label: 'Jan 2026' });
    expect(months[0]!.start.toISOString()).toBe('2025-02-01T00:00:00.000Z');
  });
});

describe('GET /v2/dashboard-sa', () => {
  it('counts active organisations per kind, technicians, pending registrations and users per month', async () => {
    for (const kind of ['asset_owner', 'asset_owner', 'mro', 'imo', 'external_technician', 'supplier'] as const) {
      await createOrganisation(t.db, { kind });
    }
    await createOrganisation(t.db, { kind: 'asset_owner', status: 'pending' });
    await createOrganisation(t.db, { kind: 'supplier', status: 'pending' });
    await createOrganisation(t.db, { kind: 'mro', status: 'rejected' });
    const mro = await createOrganisation(t.db, { kind: 'mro' });
    await createUser(t.db, { organisationId: mro.id, roleKey: 'technician' });
    await createUser(t.db, { organisationId: mro.id, roleKey: 'technician' });
    await createUser(t.db, { organisationId: mro.id, roleKey: 'technician', status: 'inactive' });
    const fieldRole = await createRole(t.db, mro.id, ['viewTechAssignedAsset']);
    await createUser(t.db, { organisationId: mro.id, roleId: fieldRole.id });
    const old = await createUser(t.db, { organisationId: mro.id, roleKey: 'mro' });
    const ancient = await createUser(t.db, { organisationId: mro.id, roleKey: 'mro' });
    // Back-date two users: three months ago is counted, thirteen months ago is not.
    await t.db
      .update(users)
      .set({ createdAt: sql`date_trunc('month', now()) - interval '3 months' + interval '2 days'` })
      .where(eq(users.id, old.id));
    await t.db.update(users).set({ createdAt: sql`date_trunc('month', now()) - interval '13 months'` }).where(eq(users.id, ancient.id));

    const res = await t.app.inject({ url: '/v2/dashboard-sa', headers: superAdmin.headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const now = new Date();
    const labels = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
      return `${d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${d.getUTCFullYear()}`;
    });
    // super admin, three technicians, the custom one: five users this month; one three months ago.
    const userData = Array(12).fill(0);
    userData[11] = 5;
    userData[8] = 1;
    expect(data).toEqual({
      ao: 2,
      mro: 2,
      imo: 1,
      extTechnician: 1,
      technician: 2,
      supplier: 1,
      pending: 2,
      failedMail: 0,
      failedJobs: 0,
      userData,
      categories: labels,
    });
  });

  it('answers 401 without a session and 403 without manageUserRegistration', async () => {
    expect((await t.app.inject({ url: '/v2/dashboard-sa' })).statusCode).toBe(401);
    const owner = await createUser(t.db, { roleKey: 'asset_owner' });
    expect((await t.app.inject({ url: '/v2/dashboard-sa', headers: owner.headers })).statusCode).toBe(403);
  });
});

/** Twelve zeros with the given months set (index 11: this month, 10: last month...). */
function series(values: Record<number, number>): number[] {
  return Array.from({ length: 12 }, (_, i) => values[i] ?? 0);
}

/** The first day of the month `monthsAgo` before this one, plus a few days (UTC). */
const monthsAgo = (months: number) =>
  sql`date_trunc('month', now() at time zone 'UTC') at time zone 'UTC' - make_interval(months => ${months}) + interval '3 days'`;

describe('the work dashboards (GET /v2/activities/dashboard/sr-wo) and the supplier dashboard', () => {
  let owner: TestUser;
  let otherOwner: TestUser;
  let manager: TestUser;
  let technician: TestUser;
  let supplier: TestUser;
  let supplierClerk: TestUser;
  let code = 0;

  beforeAll(async () => {
    owner = await createUser(t.db, { roleKey: 'asset_owner' });
    otherOwner = await createUser(t.db, { roleKey: 'asset_owner' });
    const provider = await createOrganisation(t.db, { kind: 'mro' });
    manager = await createUser(t.db, { organisationId: provider.id, roleKey: 'mro' });
    technician = await createUser(t.db, { organisationId: provider.id, roleKey: 'technician' });
    const supplierOrg = await createOrganisation(t.db, { kind: 'supplier' });
    supplier = await createUser(t.db, { organisationId: supplierOrg.id, roleKey: 'supplier' });
    supplierClerk = await createUser(t.db, { organisationId: supplierOrg.id, permissions: ['viewCompletedPO'] });

    const categoryId = await createCategory(t.db);
    const [a1, a2, a3, b1] = [
      await createAsset(t, owner, { categoryId }),
      await createAsset(t, owner, { categoryId }),
      await createAsset(t, owner, { categoryId }),
      await createAsset(t, otherOwner, { categoryId }),
    ];
    const A = owner.organisationId;
    const B = otherOwner.organisationId;
    const P = provider.id;
    const S = supplierOrg.id;

    // The records are written as rows (the triggers under test see every write the same way);
    // each gets its status and, when back-dated, its month after the insert, as a workflow would.
    const subject = (assetId: string) => ({
      receiverType: 'MRO' as const,
      assetId,
      title: 'Pump',
      description: 'Pump',
      subjectLabel: 'Pump',
      priority: 'low' as const,
    });
    const sr = async (organisationId: string, assetId: string, status: string, assignee?: string) => {
      const [row] = await t.db
        .insert(serviceRequests)
        .values({ code: `SR-${++code}`, organisationId, providerId: P, ...subject(assetId), status: status as never })
        .returning();
      if (assignee) await t.db.insert(serviceRequestAssignees).values({ serviceRequestId: row!.id, userId: assignee });
      return row!.id;
    };
    await sr(A, a1, 'sent');
    await sr(A, a1, 'assigned', technician.id);
    await sr(A, a1, 'closed', technician.id);
    const declined = await sr(A, a2, 'declined');
    const ancient = await sr(A, a2, 'accepted');
    await sr(B, b1, 'sent');
    await t.db
      .update(serviceRequests)
      .set({ createdAt: monthsAgo(2) })
      .where(eq(serviceRequests.id, declined));
    await t.db
      .update(serviceRequests)
      .set({ createdAt: monthsAgo(13) })
      .where(eq(serviceRequests.id, ancient));

    const wo = async (status: string, totalKobo: number, sent: boolean, assignee?: string) => {
      const [row] = await t.db
        .insert(workOrders)
        .values({
          code: `WO-${++code}`,
          organisationId: A,
          providerId: P,
          ...subject(a3),
          status: status as never,
          totalKobo,
          sentAt: sent ? new Date() : null,
        })
        .returning();
      if (assignee) await t.db.insert(workOrderAssignees).values({ workOrderId: row!.id, userId: assignee });
      return row!.id;
    };
    await wo('draft', 100_000, false);
    await wo('pending_approval', 200_000, false);
    await wo('in_progress', 300_000, true, technician.id);
    const lastMonth = await wo('closed', 400_000, true);
    const ended = await wo('sent', 500_000, true);
    await t.db
      .update(workOrders)
      .set({ createdAt: monthsAgo(1) })
      .where(eq(workOrders.id, lastMonth));
    await t.db.update(workOrders).set({ status: 'ended' }).where(eq(workOrders.id, ended));

    const fault = (assetId: string, faultType: 'Repair' | 'Replacement', status: string, providerId: string | null, reporter: TestUser) =>
      t.db.insert(faults).values({
        code: `F-${++code}`,
        organisationId: A,
        assetId,
        faultType,
        description: 'Leaking',
        status: status as never,
        source: 'staff',
        providerId,
        reporterUserId: reporter.id,
        reporterName: 'Ada Reporter',
      });
    await fault(a1, 'Repair', 'awaiting_provider', P, technician);
    await fault(a1, 'Replacement', 'rejected', P, owner);
    await fault(a2, 'Repair', 'converted', null, owner);
    await fault(a3, 'Repair', 'awaiting_owner', null, technician);

    const [warehouse] = await t.db.insert(warehouses).values({ organisationId: A, name: 'Main store' }).returning();
    const [providerStore] = await t.db.insert(warehouses).values({ organisationId: P, name: 'Provider store' }).returning();
    const po = async (
      buyer: string,
      warehouseId: string,
      status: string,
      totalKobo: number,
      sent: boolean,
      line?: { dispatched: number; received: number },
    ) => {
      const [row] = await t.db
        .insert(purchaseOrders)
        .values({
          organisationId: buyer,
          supplierId: S,
          warehouseId,
          code: `PO-${++code}`,
          title: 'Parts',
          status: status as never,
          totalKobo,
          sentAt: sent ? new Date() : null,
        })
        .returning();
      if (line) {
        await t.db
          .insert(purchaseOrderLines)
          .values({ orderId: row!.id, position: 1, free: true, name: 'Valve', quantity: 2, unitPriceKobo: totalKobo / 2, ...line });
      }
      return row!.id;
    };
    await po(A, warehouse!.id, 'draft', 10_000, false);
    const repriced = await po(A, warehouse!.id, 'sent', 20_000, true);
    await po(A, warehouse!.id, 'accepted', 30_000, true, { dispatched: 0, received: 0 });
    await po(A, warehouse!.id, 'partly_received', 40_000, true, { dispatched: 2, received: 1 });
    const delivered = await po(A, warehouse!.id, 'closed', 50_000, true);
    await po(A, warehouse!.id, 'declined', 60_000, true);
    await po(A, warehouse!.id, 'cancelled', 70_000, false);
    await po(P, providerStore!.id, 'sent', 80_000, true);
    await t.db
      .update(purchaseOrders)
      .set({ createdAt: monthsAgo(2) })
      .where(eq(purchaseOrders.id, delivered));
    // A change of the total moves the value, not the count.
    await t.db.update(purchaseOrders).set({ totalKobo: 25_000 }).where(eq(purchaseOrders.id, repriced));
  });

  const workDashboard = async (user: TestUser) => {
    const res = await t.app.inject({ url: '/v2/activities/dashboard/sr-wo', headers: user.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it("shows an owner what it sent: opened and closed now, created per month; drafts are the owner's open work orders", async () => {
    const data = await workDashboard(owner);
    expect(data).toEqual({
      openedSr: 3, // sent, assigned, accepted (13 months old: counted, not charted)
      closedSr: 2, // closed, declined
      openedWo: 3, // draft, pending approval, in progress
      closedWo: 2, // closed, ended
      openedFaults: 2, // awaiting provider, awaiting owner
      closedFaults: 2, // rejected, converted
      openedPO: 4, // draft, sent, accepted, partly received
      closedPO: 3, // closed, declined, cancelled
      srData: series({ 11: 3, 9: 1 }),
      woData: series({ 11: 4, 10: 1 }),
      poData: series({ 11: 6, 9: 1 }),
      categories: lastMonths(new Date()).map((m) => m.label),
    });
  });

  it("shows a provider's manager what it received (never a draft), and the orders its organisation bought", async () => {
    const data = await workDashboard(manager);
    expect(data).toMatchObject({
      openedSr: 4, // the owner's three and the other owner's one
      closedSr: 2,
      openedWo: 1, // in progress; the draft and the one awaiting approval are the owner's alone
      closedWo: 2,
      openedFaults: 1,
      closedFaults: 1,
      openedPO: 1,
      closedPO: 0,
      srData: series({ 11: 4, 9: 1 }),
      woData: series({ 11: 2, 10: 1 }),
      poData: series({ 11: 1 }),
    });
  });

  it('shows a technician what is assigned to them and the faults they reported, and no purchase orders', async () => {
    const data = await workDashboard(technician);
    expect(data).toMatchObject({
      openedSr: 1,
      closedSr: 1,
      openedWo: 1,
      closedWo: 0,
      openedFaults: 2,
      closedFaults: 0,
      openedPO: 0,
      closedPO: 0,
      srData: series({ 11: 2 }),
      woData: series({ 11: 1 }),
      poData: series({}),
    });
  });

  it('shows another owner only its own request, and a new organisation zeros', async () => {
    expect(await workDashboard(otherOwner)).toMatchObject({
      openedSr: 1,
      closedSr: 0,
      openedWo: 0,
      openedFaults: 0,
      openedPO: 0,
      srData: series({ 11: 1 }),
    });
    const newcomer = await createUser(t.db, { roleKey: 'asset_owner' });
    expect(await workDashboard(newcomer)).toMatchObject({
      openedSr: 0,
      closedSr: 0,
      openedWo: 0,
      closedWo: 0,
      srData: series({}),
      poData: series({}),
    });
  });

  it('is not taken for a user id by GET /v2/activities/:userId', async () => {
    const res = await t.app.inject({ url: '/v2/activities/dashboard/sr-wo', headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveProperty('openedSr');
    expect((await t.app.inject({ url: '/v2/activities/dashboard/sr-wo' })).statusCode).toBe(401);
  });

  it('shows a supplier the orders sent to it: received, accepted, to dispatch, delivered, declined, and their value per month', async () => {
    const res = await t.app.inject({ url: '/v2/dashboard-supplier', headers: supplier.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      received: 6, // every order sent: never the draft or the one cancelled before it was sent
      accepted: 2, // accepted, partly received
      toDispatch: 1, // the accepted one, nothing dispatched yet; the partly received one is all dispatched
      delivered: 1,
      declined: 1,
      valueData: series({ 11: 25_000 + 30_000 + 40_000 + 60_000 + 80_000, 9: 50_000 }),
      poData: series({ 11: 5, 9: 1 }),
      categories: lastMonths(new Date()).map((m) => m.label),
    });
  });

  it('answers 403 for the supplier dashboard without viewIncomingPO', async () => {
    expect((await t.app.inject({ url: '/v2/dashboard-supplier', headers: supplierClerk.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/v2/dashboard-supplier', headers: owner.headers })).statusCode).toBe(403);
  });

  it('keeps dashboard_counts equal to a count of the records after all those writes, and after a delete', async () => {
    const [gone] = await t.db.select({ id: workOrders.id }).from(workOrders).where(eq(workOrders.status, 'draft'));
    await t.db.delete(workOrders).where(eq(workOrders.id, gone!.id));
    const month = (column: string) => sql.raw(`date_trunc('month', ${column} at time zone 'UTC')::date`);
    const counted = await t.db.execute(sql`
      select organisation_id, side, subject, status, month::text, total::int, value_kobo::bigint::text as value from dashboard_counts
       where total <> 0 or value_kobo <> 0 order by 1, 2, 3, 4, 5`);
    const expected = await t.db.execute(sql`
      select * from (
        select organisation_id, 'owner' as side, 'sr' as subject, status, ${month('created_at')}::text as month, count(*)::int as total, '0' as value from service_requests group by 1, 4, 5
        union all select provider_id, 'provider', 'sr', status, ${month('created_at')}::text, count(*)::int, '0' from service_requests group by 1, 4, 5
        union all select organisation_id, 'owner', 'wo', status, ${month('created_at')}::text, count(*)::int, sum(total_kobo)::text from work_orders group by 1, 4, 5
        union all select provider_id, 'provider', 'wo', status, ${month('created_at')}::text, count(*)::int, sum(total_kobo)::text from work_orders where sent_at is not null group by 1, 4, 5
        union all select organisation_id, 'owner', 'fault', status, ${month('created_at')}::text, count(*)::int, '0' from faults group by 1, 4, 5
        union all select provider_id, 'provider', 'fault', status, ${month('created_at')}::text, count(*)::int, '0' from faults where provider_id is not null group by 1, 4, 5
        union all select organisation_id, 'buyer', 'po', status, ${month('created_at')}::text, count(*)::int, sum(total_kobo)::text from purchase_orders group by 1, 4, 5
        union all select supplier_id, 'supplier', 'po', status, ${month('created_at')}::text, count(*)::int, sum(total_kobo)::text from purchase_orders where sent_at is not null group by 1, 4, 5
      ) expected order by 1, 2, 3, 4, 5`);
    const rows = (result: unknown) => (result as { rows: unknown[] }).rows;
    expect(rows(counted)).toEqual(rows(expected));
    // 8 SR rows (owner and provider sides), 9 WO rows, 6 fault rows, 9 PO rows: the scenario's, not an empty match.
    expect(rows(counted).length).toBeGreaterThan(20);
    // The deleted draft is gone from the owner's open work orders.
    expect(await workDashboard(owner)).toMatchObject({ openedWo: 2, woData: series({ 11: 3, 10: 1 }) });
  });
});

describe('failed jobs on the super admin dashboard', () => {
  it('counts the jobs of every queue that failed after their last attempt', async () => {
    const before = (await t.app.inject({ url: '/v2/dashboard-sa', headers: superAdmin.headers })).json().data.failedJobs;
    expect(before).toBe(0);
    const queues = await t.db.execute(sql`select name from pgboss.queue order by name limit 2`);
    const [first, second] = (queues as unknown as { rows: { name: string }[] }).rows;
    await t.db.execute(sql`insert into pgboss.job (name, data, state) values
      (${first!.name}, '{}', 'failed'), (${second!.name}, '{}', 'failed'), (${second!.name}, '{}', 'completed')`);
    const res = await t.app.inject({ url: '/v2/dashboard-sa', headers: superAdmin.headers });
    expect(res.json().data.failedJobs).toBe(2);
  });
});
