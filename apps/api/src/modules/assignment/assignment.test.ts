import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, assetAssignments, notifications, organisations, technicianAssignments } from '../../db/schema/index.js';
import { createAsset, createCategory, createCluster, createOrganisation, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let owner: TestUser;
let otherOwner: TestUser;
let mro: TestUser;
let imo: TestUser;
let tech: TestUser;
let otherTech: TestUser;
let mroClerk: TestUser;
let categoryId: string;

type Headers = { authorization: string } | null;

const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers: headers ?? undefined, payload });

const assign = (payload: object, headers: Headers = owner.headers) => inject('POST', '/v2/asset/assign', headers, payload);
const unassign = (payload: object, headers: Headers = owner.headers) => inject('POST', '/v2/asset/unassign', headers, payload);
const dispatch = (kind: 'asset' | 'cluster', id: string, technicianId: string, headers: Headers = mro.headers) =>
  inject('POST', `/v2/asset/technician/${kind}/assign/${id}`, headers, { technicianId });
const targetIds = (res: { json(): { data: { target: { _id: string } }[] } }) =>
  res
    .json()
    .data.map((r) => r.target._id)
    .sort();

async function counts() {
  return {
    assignments: (await t.db.select({ value: count() }).from(assetAssignments))[0]!.value,
    technicianAssignments: (await t.db.select({ value: count() }).from(technicianAssignments))[0]!.value,
    activities: (await t.db.select({ value: count() }).from(activities))[0]!.value,
  };
}

const missingId = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  imo = await createUser(t.db, { kind: 'imo', roleKey: 'imo', isOrgAdmin: true });
  tech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician' });
  otherTech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician' });
  mroClerk = await createUser(t.db, {
    organisationId: mro.organisationId,
    permissions: ['viewAssignedAsset', 'viewOrganizationAssignedAsset'],
  });
  categoryId = await createCategory(t.db, 'Power');
});
afterAll(async () => {
  await t.close();
});

describe('the assignment flow', () => {
  it('owner assigns a cluster to the MRO, the MRO dispatches an asset of it, the technician sees it, the owner takes it back', async () => {
    const clusterId = await createCluster(t, owner, { name: 'Flow estate' });
    const assetId = await createAsset(t, owner, { categoryId, name: 'Flow pump', clusterId: clusterId });
    const res = await assign({ providerId: mro.organisationId, clusterIds: [clusterId] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ assets: 0, clusters: 1 });

    const mine = await inject('GET', '/v2/asset/assign', owner.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data[0]).toMatchObject({
      provider: { _id: mro.organisationId, kind: 'mro' },
      target: { type: 'cluster', _id: clusterId, name: 'Flow estate', code: expect.stringMatching(/^CL-/) },
    });

    const held = await inject('GET', '/v2/asset/assigned?search=flow', mro.headers);
    expect(held.statusCode).toBe(200);
    expect(held.json().data).toEqual([
      expect.objectContaining({
        owner: { _id: owner.organisationId, name: expect.any(String) },
        target: expect.objectContaining({ _id: clusterId }),
      }),
    ]);
    expect(held.json().meta).toEqual({ page: 1, pageSize: 20, total: 1, pageCount: 1 });
    const cluster = await inject('GET', `/v2/asset/assigned-cluster/details/${clusterId}`, mro.headers);
    expect(cluster.statusCode).toBe(200);
    expect(cluster.json().data.assets.map((a: { _id: string }) => a._id)).toEqual([assetId]);
    const asset = await inject('GET', `/v2/asset/assigned-asset/details/${assetId}`, mro.headers);
    expect(asset.statusCode).toBe(200);
    expect(asset.json().data).toMatchObject({ _id: assetId, name: 'Flow pump', owner: { _id: owner.organisationId } });

    const dispatched = await dispatch('asset', assetId, tech.id);
    expect(dispatched.statusCode, dispatched.body).toBe(201);
    expect(dispatched.json().data).toMatchObject({ technician: { _id: tech.id }, target: { type: 'asset', _id: assetId } });

    const seen = await inject('GET', '/v2/asset/technician/assigned', tech.headers);
    expect(seen.statusCode).toBe(200);
    expect(targetIds(seen)).toEqual([assetId]);
    expect((await inject('GET', '/v2/asset/technician/assigned', otherTech.headers)).json().data).toEqual([]);

    const back = await unassign({ clusterIds: [clusterId] });
    expect(back.statusCode, back.body).toBe(200);
    expect((await inject('GET', '/v2/asset/assigned?search=flow', mro.headers)).json().data).toEqual([]);
    expect((await inject('GET', `/v2/asset/assigned-asset/details/${assetId}`, mro.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/v2/asset/assigned-cluster/details/${clusterId}`, mro.headers)).statusCode).toBe(404);
    expect((await inject('GET', '/v2/asset/technician/assigned', tech.headers)).json().data).toEqual([]);
    // The technician's row went with it: assigning the cluster again does not bring it back.
    expect((await assign({ providerId: mro.organisationId, clusterIds: [clusterId] })).statusCode).toBe(200);
    expect((await inject('GET', '/v2/asset/technician/assigned', tech.headers)).json().data).toEqual([]);
    const logged = await t.db.select().from(activities).where(eq(activities.subjectId, clusterId));
    expect(logged.map((a) => a.action)).toEqual(expect.arrayContaining(['cluster.assigned', 'cluster.unassigned']));
  });
});

describe('POST /v2/asset/assign', () => {
  it('assigns assets directly and answers 409 for anything already assigned, directly or through its cluster', async () => {
    const clusterId = await createCluster(t, owner, { name: 'Assign estate' });
    const inCluster = await createAsset(t, owner, { categoryId, name: 'Assign pump', clusterId: clusterId });
    const loose = await createAsset(t, owner, { categoryId, name: 'Assign loose' });
    expect((await assign({ providerId: imo.organisationId, assetIds: [loose, loose] })).json().data).toEqual({ assets: 1, clusters: 0 });
    expect((await assign({ providerId: mro.organisationId, clusterIds: [clusterId] })).statusCode).toBe(200);
    const before = await counts();
    const again = await assign({ providerId: mro.organisationId, assetIds: [loose] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^Assign loose \(AS-\d+\) is already assigned to a provider\. Take it back first$/);
    const viaCluster = await assign({ providerId: imo.organisationId, assetIds: [inCluster] });
    expect(viaCluster.statusCode).toBe(409);
    expect(viaCluster.json().message).toMatch(/^Assign pump \(AS-\d+\) is already assigned to a provider/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a cluster with an asset of it assigned to another provider (409)', async () => {
    const clusterId = await createCluster(t, owner, { name: 'Crowded estate' });
    const assetId = await createAsset(t, owner, { categoryId, name: 'Crowded pump', clusterId: clusterId });
    expect((await assign({ providerId: imo.organisationId, assetIds: [assetId] })).statusCode).toBe(200);
    const res = await assign({ providerId: mro.organisationId, clusterIds: [clusterId] });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^Some assets of Crowded estate \(CL-\d+\) are assigned to another provider\. Take them back first$/,
    );
  });

  it('answers 400 with catalogue messages for bad input or a non-provider, writing nothing', async () => {
    const assetId = await createAsset(t, owner, { categoryId, name: 'Bad input pump' });
    const before = await counts();
    const empty = await assign({ providerId: mro.organisationId });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ path: 'assetIds', message: 'Choose at least one asset or cluster' }]);
    const bad = await assign({ providerId: 'nope', assetIds: ['x'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'providerId', message: 'Provider is not valid' },
        { path: 'assetIds.0', message: 'Asset is not valid' },
      ]),
    );
    const notProvider = await assign({ providerId: otherOwner.organisationId, assetIds: [assetId] });
    expect(notProvider.json().errors).toEqual([{ path: 'providerId', message: 'Provider is not valid' }]);
    const pending = await createOrganisation(t.db, { kind: 'mro', status: 'pending' });
    expect((await assign({ providerId: pending.id, assetIds: [assetId] })).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("answers 404 for another owner's asset or cluster, and 401 / 403", async () => {
    const theirs = await createAsset(t, otherOwner, { categoryId, name: 'Their pump' });
    const theirCluster = await createCluster(t, otherOwner, { name: 'Their estate' });
    const before = await counts();
    expect((await assign({ providerId: mro.organisationId, assetIds: [theirs] })).statusCode).toBe(404);
    expect((await assign({ providerId: mro.organisationId, clusterIds: [theirCluster] })).statusCode).toBe(404);
    expect((await assign({ providerId: mro.organisationId, assetIds: [missingId] })).statusCode).toBe(404);
    expect((await assign({ providerId: mro.organisationId, assetIds: [theirs] }, null)).statusCode).toBe(401);
    const viewer = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset'] });
    expect((await assign({ providerId: mro.organisationId, assetIds: [theirs] }, viewer.headers)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('POST /v2/asset/unassign', () => {
  it('takes back from the named provider only; 409 when not assigned, 404 for another owner, 400, 401, 403', async () => {
    const assetId = await createAsset(t, owner, { categoryId, name: 'Unassign pump' });
    expect((await assign({ providerId: mro.organisationId, assetIds: [assetId] })).statusCode).toBe(200);
    const theirs = await createAsset(t, otherOwner, { categoryId, name: 'Their other pump' });
    const before = await counts();
    const wrongProvider = await unassign({ providerId: imo.organisationId, assetIds: [assetId] });
    expect(wrongProvider.statusCode).toBe(409);
    expect(wrongProvider.json().message).toMatch(/^Unassign pump \(AS-\d+\) is not assigned, so there is nothing to take back$/);
    expect((await unassign({})).json().errors).toEqual([{ path: 'assetIds', message: 'Choose at least one asset or cluster' }]);
    expect((await unassign({ assetIds: [theirs] })).statusCode).toBe(404);
    expect((await unassign({ assetIds: [assetId] }, null)).statusCode).toBe(401);
    expect((await unassign({ assetIds: [assetId] }, mro.headers)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    const ok = await unassign({ providerId: mro.organisationId, assetIds: [assetId] });
    expect(ok.json().data).toEqual({ assets: 1, clusters: 0 });
    expect((await unassign({ assetIds: [assetId] })).statusCode).toBe(409);
  });
});

describe('GET /v2/asset/assign', () => {
  it("lists only the owner's live assignments, for manageAsset or viewAsset; 401 / 403", async () => {
    const assetId = await createAsset(t, owner, { categoryId, name: 'Listed pump' });
    expect((await assign({ providerId: imo.organisationId, assetIds: [assetId] })).statusCode).toBe(200);
    const viewer = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset'] });
    const res = await inject('GET', `/v2/asset/assign?search=listed&providerId=${imo.organisationId}&type=asset`, viewer.headers);
    expect(res.statusCode).toBe(200);
    expect(targetIds(res)).toEqual([assetId]);
    expect(res.json().data[0].provider).toEqual({ _id: imo.organisationId, name: expect.any(String), kind: 'imo' });
    expect((await inject('GET', '/v2/asset/assign?search=listed', otherOwner.headers)).json().data).toEqual([]);
    expect((await inject('GET', '/v2/asset/assign?type=other', owner.headers)).statusCode).toBe(400);
    expect((await inject('GET', '/v2/asset/assign', null)).statusCode).toBe(401);
    expect((await inject('GET', '/v2/asset/assign', mro.headers)).statusCode).toBe(403);
  });
});

describe('the provider routes', () => {
  it("GET /v2/asset/assigned lists only the caller's organisation's holdings; 401 / 403", async () => {
    const assetId = await createAsset(t, owner, { categoryId, name: 'Held by IMO' });
    expect((await assign({ providerId: imo.organisationId, assetIds: [assetId] })).statusCode).toBe(200);
    expect(targetIds(await inject('GET', '/v2/asset/assigned?search=held%20by%20imo', imo.headers))).toEqual([assetId]);
    expect((await inject('GET', '/v2/asset/assigned?search=held%20by%20imo', mro.headers)).json().data).toEqual([]);
    expect((await inject('GET', '/v2/asset/assigned', null)).statusCode).toBe(401);
    expect((await inject('GET', '/v2/asset/assigned', owner.headers)).statusCode).toBe(403);
  });

  it('details answer 404 unless assigned to the caller, 400 for a bad id, 401 / 403', async () => {
    const clusterId = await createCluster(t, owner, { name: 'Details estate' });
    const assetId = await createAsset(t, owner, { categoryId, name: 'Details pump', clusterId: clusterId });
    expect((await inject('GET', `/v2/asset/assigned-asset/details/${assetId}`, mro.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/v2/asset/assigned-cluster/details/${clusterId}`, mro.headers)).statusCode).toBe(404);
    expect((await assign({ providerId: imo.organisationId, clusterIds: [clusterId] })).statusCode).toBe(200);
    expect((await inject('GET', `/v2/asset/assigned-asset/details/${assetId}`, imo.headers)).statusCode).toBe(200);
    expect((await inject('GET', `/v2/asset/assigned-asset/details/${assetId}`, mro.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/v2/asset/assigned-cluster/details/${clusterId}`, mro.headers)).statusCode).toBe(404);
    const bad = await inject('GET', '/v2/asset/assigned-asset/details/nope', imo.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'id', message: 'Asset is not valid' }]);
    expect((await inject('GET', `/v2/asset/assigned-cluster/details/${clusterId}`, null)).statusCode).toBe(401);
    expect((await inject('GET', `/v2/asset/assigned-cluster/details/${clusterId}`, owner.headers)).statusCode).toBe(403);
  });

  it('dispatches a held cluster to a technician; 409 twice, 400 for a non-technician, 404 for what it does not hold, 401 / 403', async () => {
    const clusterId = await createCluster(t, owner, { name: 'Dispatch estate' });
    const assetId = await createAsset(t, owner, { categoryId, name: 'Dispatch pump', clusterId: clusterId });
    const notHeld = await createAsset(t, owner, { categoryId, name: 'Not held pump' });
    expect((await assign({ providerId: mro.organisationId, clusterIds: [clusterId] })).statusCode).toBe(200);
    const ok = await dispatch('cluster', clusterId, otherTech.id, mroClerk.headers);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(targetIds(await inject('GET', '/v2/asset/technician/assigned?search=dispatch', otherTech.headers))).toEqual([clusterId]);
    const before = await counts();
    const twice = await dispatch('cluster', clusterId, otherTech.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toMatch(/^This technician is already assigned to Dispatch estate \(CL-\d+\)$/);
    const notTech = await dispatch('asset', assetId, mroClerk.id);
    expect(notTech.statusCode).toBe(400);
    expect(notTech.json().errors).toEqual([{ path: 'technicianId', message: 'Technician is not valid' }]);
    const imoStaff = await createUser(t.db, { organisationId: imo.organisationId, roleKey: 'technician' });
    expect((await dispatch('asset', assetId, imoStaff.id)).statusCode).toBe(400);
    const inactive = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician', status: 'inactive' });
    expect((await dispatch('asset', assetId, inactive.id)).statusCode).toBe(400);
    expect((await inject('POST', `/v2/asset/technician/asset/assign/${assetId}`, mro.headers, {})).json().errors).toEqual([
      { path: 'technicianId', message: 'Technician is not valid' },
    ]);
    expect((await dispatch('asset', notHeld, tech.id)).statusCode).toBe(404);
    expect((await dispatch('cluster', missingId, tech.id)).statusCode).toBe(404);
    expect((await dispatch('asset', assetId, tech.id, imo.headers)).statusCode).toBe(404);
    expect((await dispatch('asset', assetId, tech.id, null)).statusCode).toBe(401);
    expect((await dispatch('asset', assetId, tech.id, owner.headers)).statusCode).toBe(403);
    expect((await dispatch('cluster', clusterId, tech.id, tech.headers)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

describe('GET /v2/asset/technician/assigned', () => {
  it('answers 401 / 403, and an external technician sees what their organisation holds', async () => {
    expect((await inject('GET', '/v2/asset/technician/assigned', null)).statusCode).toBe(401);
    expect((await inject('GET', '/v2/asset/technician/assigned', mroClerk.headers)).statusCode).toBe(403);
    const ext = await createUser(t.db, { kind: 'external_technician', roleKey: 'external_technician' });
    const assetId = await createAsset(t, owner, { categoryId, name: 'Ext pump' });
    expect((await assign({ providerId: ext.organisationId, assetIds: [assetId] })).statusCode).toBe(200);
    expect(targetIds(await inject('GET', '/v2/asset/technician/assigned', ext.headers))).toEqual([assetId]);
  });
});

describe('the details pages', () => {
  it("list the provider's technicians on an asset (directly or through its cluster) and on a cluster", async () => {
    const clusterId = await createCluster(t, owner, { name: 'Crew estate' });
    const assetId = await createAsset(t, owner, { categoryId, name: 'Crew pump', clusterId: clusterId });
    expect((await assign({ providerId: mro.organisationId, clusterIds: [clusterId] })).statusCode).toBe(200);
    expect((await dispatch('cluster', clusterId, tech.id)).statusCode).toBe(201);
    expect((await dispatch('asset', assetId, otherTech.id)).statusCode).toBe(201);
    const asset = await inject('GET', `/v2/asset/assigned-asset/details/${assetId}`, mro.headers);
    expect(asset.json().data.technicians).toEqual([
      {
        _id: expect.any(String),
        technician: { _id: tech.id, firstName: expect.any(String), lastName: expect.any(String) },
        via: 'cluster',
        assignedAt: expect.any(String),
      },
      expect.objectContaining({ technician: expect.objectContaining({ _id: otherTech.id }), via: 'asset' }),
    ]);
    const cluster = await inject('GET', `/v2/asset/assigned-cluster/details/${clusterId}`, mro.headers);
    expect(cluster.json().data.technicians).toEqual([
      expect.objectContaining({ technician: expect.objectContaining({ _id: tech.id }), via: 'cluster' }),
    ]);
    expect(cluster.json().data.owner).toEqual({ _id: owner.organisationId, name: expect.any(String) });
  });

  it('let a technician read only what is assigned to them, while their organisation holds it', async () => {
    const clusterId = await createCluster(t, owner, { name: 'Tech read estate' });
    const assetId = await createAsset(t, owner, { categoryId, name: 'Tech read pump', clusterId: clusterId });
    const loose = await createAsset(t, owner, { categoryId, name: 'Tech read loose' });
    expect((await assign({ providerId: mro.organisationId, clusterIds: [clusterId], assetIds: [loose] })).statusCode).toBe(200);
    const assetUrl = `/v2/asset/assigned-asset/details/${assetId}`;
    const clusterUrl = `/v2/asset/assigned-cluster/details/${clusterId}`;
    expect((await inject('GET', assetUrl, tech.headers)).statusCode).toBe(404);
    expect((await inject('GET', clusterUrl, tech.headers)).statusCode).toBe(404);
    expect((await dispatch('cluster', clusterId, tech.id)).statusCode).toBe(201);
    // The cluster's assignment covers its assets; the loose asset is not the technician's.
    expect((await inject('GET', clusterUrl, tech.headers)).json().data).toMatchObject({ _id: clusterId, assets: [{ _id: assetId }] });
    expect((await inject('GET', assetUrl, tech.headers)).json().data).toMatchObject({ _id: assetId, owner: { _id: owner.organisationId } });
    expect((await inject('GET', `/v2/asset/assigned-asset/details/${loose}`, tech.headers)).statusCode).toBe(404);
    expect((await inject('GET', clusterUrl, otherTech.headers)).statusCode).toBe(404);
    expect((await inject('GET', assetUrl, otherTech.headers)).statusCode).toBe(404);
    // Given one asset only, the technician does not see the rest of its cluster.
    expect((await dispatch('asset', loose, otherTech.id)).statusCode).toBe(201);
    expect((await inject('GET', `/v2/asset/assigned-asset/details/${loose}`, otherTech.headers)).statusCode).toBe(200);
    // Taken back from the provider: gone for its technician at once.
    expect((await unassign({ clusterIds: [clusterId] })).statusCode).toBe(200);
    expect((await inject('GET', clusterUrl, tech.headers)).statusCode).toBe(404);
    expect((await inject('GET', assetUrl, tech.headers)).statusCode).toBe(404);
  });
});

describe('GET /v2/asset/assign?clusterId=', () => {
  it("keeps one cluster's assignments: the whole cluster's and its assets' own; 400 for a bad id", async () => {
    const clusterId = await createCluster(t, owner, { name: 'Filter estate' });
    const inCluster = await createAsset(t, owner, { categoryId, name: 'Filter pump', clusterId: clusterId });
    const otherCluster = await createCluster(t, owner, { name: 'Filter other estate' });
    const elsewhere = await createAsset(t, owner, { categoryId, name: 'Filter elsewhere', clusterId: otherCluster });
    expect((await assign({ providerId: imo.organisationId, assetIds: [inCluster, elsewhere] })).statusCode).toBe(200);
    expect(targetIds(await inject('GET', `/v2/asset/assign?clusterId=${clusterId}`, owner.headers))).toEqual([inCluster]);
    expect((await unassign({ assetIds: [inCluster] })).statusCode).toBe(200);
    expect((await assign({ providerId: imo.organisationId, clusterIds: [clusterId] })).statusCode).toBe(200);
    const whole = await inject('GET', `/v2/asset/assign?clusterId=${clusterId}`, owner.headers);
    expect(whole.json().data).toEqual([expect.objectContaining({ target: expect.objectContaining({ type: 'cluster', _id: clusterId }) })]);
    expect((await inject('GET', `/v2/asset/assign?clusterId=${clusterId}`, otherOwner.headers)).json().data).toEqual([]);
    const bad = await inject('GET', '/v2/asset/assign?clusterId=nope', owner.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'clusterId', message: 'Cluster is not valid' }]);
  });
});

/** The notifications of one event about these targets (by name): who got them, with what, leading where. */
async function notified(event: 'assignment.assigned' | 'assignment.revoked' | 'assignment.dispatched', names: string) {
  const rows = await t.db.select().from(notifications).where(eq(notifications.event, event));
  return rows
    .filter((row) => row.params.names === names || row.params.name === names)
    .map((row) => ({ recipientId: row.recipientId, params: row.params, path: row.path }))
    .sort((a, b) => a.recipientId.localeCompare(b.recipientId));
}

const orgName = async (id: string) => (await t.db.select().from(organisations).where(eq(organisations.id, id)))[0]!.name;
const sorted = (ids: string[]) => [...ids].sort();

describe('notifications', () => {
  it('tell the provider’s admins and dispatchers once per request what was assigned, naming three at most', async () => {
    const clusterId = await createCluster(t, owner, { name: 'Notice estate' });
    const pumps = [
      await createAsset(t, owner, { categoryId, name: 'Notice pump A' }),
      await createAsset(t, owner, { categoryId, name: 'Notice pump B' }),
      await createAsset(t, owner, { categoryId, name: 'Notice pump C' }),
    ];
    const res = await assign({ providerId: mro.organisationId, assetIds: pumps, clusterIds: [clusterId] });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await notified('assignment.assigned', 'Notice pump A, Notice pump B, Notice pump C…');
    // The MRO's admin and its clerk (viewOrganizationAssignedAsset); not its technicians, not the owner.
    expect(rows.map((r) => r.recipientId)).toEqual(sorted([mro.id, mroClerk.id]));
    const params = { owner: await orgName(owner.organisationId), provider: await orgName(mro.organisationId), count: 4, kind: 'mixed' };
    for (const row of rows) {
      expect(row).toMatchObject({ params: { ...params, names: 'Notice pump A, Notice pump B, Notice pump C…' }, path: '/asset/assigned' });
    }
    const list = await inject('GET', '/v2/notification?pageSize=1', mroClerk.headers);
    expect(list.json().data[0].description).toBe(
      `${params.owner} assigned 4 asset(s) and cluster(s) to ${params.provider}: Notice pump A, Notice pump B, Notice pump C…`,
    );

    // Taking one back tells the same people; one target assigned alone leads to its page.
    expect((await unassign({ assetIds: [pumps[0]] })).statusCode).toBe(200);
    const revoked = await notified('assignment.revoked', 'Notice pump A');
    expect(revoked.map((r) => r.recipientId)).toEqual(sorted([mro.id, mroClerk.id]));
    expect(revoked[0]).toMatchObject({
      params: { owner: params.owner, count: 1, kind: 'asset', names: 'Notice pump A' },
      path: '/asset/assigned',
    });
    expect((await assign({ providerId: imo.organisationId, assetIds: [pumps[0]] })).statusCode).toBe(200);
    const alone = await notified('assignment.assigned', 'Notice pump A');
    expect(alone).toEqual([
      {
        recipientId: imo.id,
        params: { ...params, provider: await orgName(imo.organisationId), count: 1, kind: 'asset', names: 'Notice pump A' },
        path: `/asset/assigned/asset/${pumps[0]}`,
      },
    ]);
  });

  it('tell only the dispatched technician, and a refused dispatch leaves no activity and no notification', async () => {
    const clusterId = await createCluster(t, owner, { name: 'Notice tower' });
    expect((await assign({ providerId: mro.organisationId, clusterIds: [clusterId] })).statusCode).toBe(200);
    expect((await dispatch('cluster', clusterId, tech.id)).statusCode).toBe(201);
    const rows = await notified('assignment.dispatched', 'Notice tower');
    expect(rows).toEqual([
      {
        recipientId: tech.id,
        params: {
          owner: await orgName(owner.organisationId),
          kind: 'cluster',
          name: 'Notice tower',
          code: expect.stringMatching(/^CL-\d{6}$/),
        },
        path: `/asset/assigned/technician/cluster/${clusterId}`,
      },
    ]);
    const activitiesOf = () =>
      t.db
        .select()
        .from(activities)
        .where(and(eq(activities.subjectId, clusterId), eq(activities.action, 'cluster.dispatched')));
    expect(await activitiesOf()).toHaveLength(1);

    // The same dispatch again: the unique index refuses it inside the write, which rolls back whole.
    const notificationsBefore = await t.db
      .select()
      .from(notifications)
      .where(inArray(notifications.recipientId, [tech.id, mro.id]));
    const twice = await dispatch('cluster', clusterId, tech.id);
    expect(twice.statusCode).toBe(409);
    expect(await activitiesOf()).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(inArray(notifications.recipientId, [tech.id, mro.id])),
    ).toHaveLength(notificationsBefore.length);
  });
});
