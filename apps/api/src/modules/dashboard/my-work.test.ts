import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequestAssignees, serviceRequests, workOrderAssignees, workOrders } from '../../db/schema/index.js';
import { createAsset, createCategory, createCluster, createOrganisation, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

// The technician's home (GET /v2/dashboard/my-work): the caller's own open work orders and service
// requests, breached first, then by due time, with their asset and site; nobody else's.

const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);

let t: TestApp;
let owner: TestUser;
let tech1: TestUser;
let tech2: TestUser;
let manager: TestUser;
let extTechnician: TestUser;
let otherTech: TestUser;
let clusterId: string;
let clusterCode: string;
let assetId: string;
let assetCode: string;
let looseAssetId: string;
let code = 0;
const ids: Record<string, string> = {};

type Status = 'assigned' | 'in_progress' | 'on_hold' | 'completed' | 'observed' | 'resolved';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { roleKey: 'asset_owner' });
  const otherOwner = await createUser(t.db, { roleKey: 'asset_owner' });
  const provider = await createOrganisation(t.db, { kind: 'mro' });
  const otherProvider = await createOrganisation(t.db, { kind: 'imo' });
  tech1 = await createUser(t.db, { organisationId: provider.id, roleKey: 'technician', firstName: 'Tunde' });
  tech2 = await createUser(t.db, { organisationId: provider.id, roleKey: 'technician', firstName: 'Chika' });
  manager = await createUser(t.db, { organisationId: provider.id, roleKey: 'mro' });
  extTechnician = await createUser(t.db, { kind: 'external_technician', roleKey: 'external_technician' });
  otherTech = await createUser(t.db, { organisationId: otherProvider.id, roleKey: 'technician' });

  const categoryId = await createCategory(t.db);
  clusterId = await createCluster(t, owner, { name: 'Ikeja tower site' });
  const cluster = await t.app.inject({ url: `/v2/cluster/${clusterId}`, headers: owner.headers });
  clusterCode = cluster.json().data.clusterID;
  assetId = await createAsset(t, owner, { categoryId, name: 'Tower generator 1', clusterId, locationName: 'Generator room' });
  const asset = await t.app.inject({ url: `/v2/asset/${assetId}`, headers: owner.headers });
  assetCode = asset.json().data.assetID;
  looseAssetId = await createAsset(t, owner, { categoryId, name: 'Roof pump' });
  const otherAsset = await createAsset(t, otherOwner, { categoryId, name: 'Other tenant pump' });

  const subject = (asset: string, title: string) => ({
    receiverType: 'MRO' as const,
    assetId: asset,
    title,
    description: title,
    subjectLabel: title,
    priority: 'high' as const,
  });
  const sla = (sentHoursAgo: number | null) =>
    sentHoursAgo === null
      ? { sentAt: hoursAgo(1) }
      : { sentAt: hoursAgo(sentHoursAgo), slaTitle: 'Gold', responseHours: 4, resolutionHours: 24, acceptedAt: hoursAgo(sentHoursAgo - 1) };
  const wo = async (
    name: string,
    status: Status,
    assignee: TestUser,
    o: { sentHoursAgo: number | null; dueDate?: string; asset?: string; organisationId?: string; providerId?: string },
  ) => {
    const [row] = await t.db
      .insert(workOrders)
      .values({
        code: `WO-9${String(++code).padStart(5, '0')}`,
        organisationId: o.organisationId ?? owner.organisationId,
        providerId: o.providerId ?? provider.id,
        ...subject(o.asset ?? assetId, name),
        status: status as never,
        totalKobo: 100_000,
        dueDate: o.dueDate ?? null,
        ...sla(o.sentHoursAgo),
      })
      .returning();
    await t.db.insert(workOrderAssignees).values({ workOrderId: row!.id, userId: assignee.id });
    ids[name] = row!.id;
  };
  const sr = async (
    name: string,
    status: Status,
    assignee: TestUser,
    o: { sentHoursAgo: number | null; pausedHoursAgo?: number; asset?: string; providerId?: string },
  ) => {
    const [row] = await t.db
      .insert(serviceRequests)
      .values({
        code: `SR-9${String(++code).padStart(5, '0')}`,
        organisationId: owner.organisationId,
        providerId: o.providerId ?? provider.id,
        ...subject(o.asset ?? assetId, name),
        status: status as never,
        pausedSince: o.pausedHoursAgo === undefined ? null : hoursAgo(o.pausedHoursAgo),
        ...sla(o.sentHoursAgo),
      })
      .returning();
    await t.db.insert(serviceRequestAssignees).values({ serviceRequestId: row!.id, userId: assignee.id });
    ids[name] = row!.id;
  };
  const inTwoDays = new Date(Date.now() + 48 * HOUR).toISOString().slice(0, 10);

  // tech1's: two breached (the request's due first), one due soon, one on time and paused, one without an SLA.
  await wo('wo breached', 'in_progress', tech1, { sentHoursAgo: 30 });
  await wo('wo due soon', 'assigned', tech1, { sentHoursAgo: 22 });
  await wo('wo by date', 'on_hold', tech1, { sentHoursAgo: null, dueDate: inTwoDays, asset: looseAssetId });
  await sr('sr breached', 'assigned', tech1, { sentHoursAgo: 50 });
  await sr('sr paused', 'observed', tech1, { sentHoursAgo: 2, pausedHoursAgo: 1 });
  // Done on tech1's side: never on the home.
  await wo('wo completed', 'completed', tech1, { sentHoursAgo: 40 });
  await sr('sr resolved', 'resolved', tech1, { sentHoursAgo: 40 });
  // A colleague's, the manager's own, the external technician's, another tenant's.
  await wo('wo of tech2', 'in_progress', tech2, { sentHoursAgo: 60 });
  await wo('wo of the manager', 'assigned', manager, { sentHoursAgo: 3 });
  await sr('sr of the ext technician', 'assigned', extTechnician, { sentHoursAgo: 5, providerId: extTechnician.organisationId });
  await wo('wo of another tenant', 'in_progress', otherTech, {
    sentHoursAgo: 70,
    asset: otherAsset,
    organisationId: otherOwner.organisationId,
    providerId: otherProvider.id,
  });
});
afterAll(async () => {
  await t.close();
});

const myWork = async (user: TestUser) => {
  const res = await t.app.inject({ url: '/v2/dashboard/my-work', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>[];
};

describe('GET /v2/dashboard/my-work', () => {
  it("lists the technician's own open work, breached first and then by due time, with asset, site, due time and SLA state", async () => {
    const items = await myWork(tech1);
    expect(items.map((item) => item.title)).toEqual(['sr breached', 'wo breached', 'wo due soon', 'sr paused', 'wo by date']);
    expect(items.map((item) => [item.kind, item.sla])).toEqual([
      ['sr', 'breached'],
      ['wo', 'breached'],
      ['wo', 'due_soon'],
      ['sr', 'on_time'],
      ['wo', null],
    ]);
    const [srBreached, woBreached, , srPaused, byDate] = items;
    // The work order names its asset only: the site is the asset's cluster and location.
    expect(woBreached).toEqual({
      kind: 'wo',
      _id: ids['wo breached'],
      code: expect.stringMatching(/^WO-9\d{5}$/),
      title: 'wo breached',
      status: 'in_progress',
      priority: 'high',
      asset: { _id: assetId, assetID: assetCode, name: 'Tower generator 1' },
      site: { cluster: { _id: clusterId, clusterID: clusterCode, name: 'Ikeja tower site' }, location: 'Generator room' },
      sla: 'breached',
      paused: false,
      dueAt: expect.any(String),
    });
    // Due 24 h after it was sent: 6 h ago (the request's, 26 h ago, comes before it).
    expect(Date.parse(woBreached!.dueAt as string)).toBeCloseTo(Date.now() - 6 * HOUR, -5);
    expect(Date.parse(srBreached!.dueAt as string)).toBeCloseTo(Date.now() - 26 * HOUR, -5);
    // The paused request's clock: 1 h counted of 24.
    expect(srPaused).toMatchObject({ kind: 'sr', status: 'observed', paused: true });
    expect(Date.parse(srPaused!.dueAt as string)).toBeCloseTo(Date.now() + 23 * HOUR, -5);
    // Without an SLA, the work order's due date at the end of that day in Lagos; an asset without a cluster has no site.
    expect(byDate).toMatchObject({ sla: null, site: { cluster: null, location: null }, asset: { _id: looseAssetId } });
    const inTwoDays = new Date(Date.now() + 48 * HOUR).toISOString().slice(0, 10);
    expect(byDate!.dueAt).toBe(new Date(`${inTwoDays}T23:59:59.999+01:00`).toISOString());
  });

  it("never shows a colleague's, finished, or another tenant's work", async () => {
    const titles = (await myWork(tech1)).map((item) => item.title);
    for (const other of [
      'wo completed',
      'sr resolved',
      'wo of tech2',
      'wo of the manager',
      'sr of the ext technician',
      'wo of another tenant',
    ])
      expect(titles).not.toContain(other);
    expect((await myWork(tech2)).map((item) => item.title)).toEqual(['wo of tech2']);
    expect((await myWork(otherTech)).map((item) => item.title)).toEqual(['wo of another tenant']);
  });

  it("gives a provider's manager and an external technician only what is assigned to them", async () => {
    // The manager sees every work order of the MRO in its lists; the home is their own day only.
    expect((await myWork(manager)).map((item) => item.title)).toEqual(['wo of the manager']);
    expect((await myWork(extTechnician)).map((item) => [item.kind, item.title, item.sla])).toEqual([
      ['sr', 'sr of the ext technician', 'on_time'],
    ]);
  });

  it('answers 401 without a session and 403 to whoever opens no Incoming list (an owner)', async () => {
    expect((await t.app.inject({ url: '/v2/dashboard/my-work' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/v2/dashboard/my-work', headers: owner.headers })).statusCode).toBe(403);
  });
});
