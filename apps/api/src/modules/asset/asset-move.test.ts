import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, technicianAssignments } from '../../db/schema/index.js';
import { createAsset, createCategory, createCluster, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

// Moving an asset between clusters keeps "one provider per asset", and a provider that saw the
// asset only through its old cluster loses it together with its technicians' dispatches.

let t: TestApp;
let owner: TestUser;
let mro: TestUser;
let tech: TestUser;
let otherMro: TestUser;
let categoryId: string;

const post = (url: string, headers: { authorization: string }, payload: object) => t.app.inject({ method: 'POST', url, headers, payload });

const move = (assetId: string, clusterId: string | null) =>
  t.app.inject({ method: 'PUT', url: `/v2/asset/${assetId}`, headers: owner.headers, payload: { clusterId } });

const technicianSees = async (assetId: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/v2/asset/technician/assigned', headers: tech.headers });
  return JSON.stringify(res.json().data).includes(assetId);
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  tech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician' });
  otherMro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  categoryId = await createCategory(t.db, 'Power');
});
afterAll(async () => {
  await t.close();
});

describe('moving an asset between clusters', () => {
  it("takes the asset away from the old cluster's provider and its technician", async () => {
    const held = await createCluster(t, owner, { name: 'Held estate' });
    const free = await createCluster(t, owner, { name: 'Free estate' });
    const assetId = await createAsset(t, owner, { name: 'Moving pump', categoryId, clusterId: held });
    expect((await post('/v2/asset/assign', owner.headers, { providerId: mro.organisationId, clusterIds: [held] })).statusCode).toBe(200);
    const dispatched = await post(`/v2/asset/technician/asset/assign/${assetId}`, mro.headers, { technicianId: tech.id });
    expect(dispatched.statusCode, dispatched.body).toBeLessThan(300);
    expect(await technicianSees(assetId)).toBe(true);

    const res = await move(assetId, free);
    expect(res.statusCode, res.body).toBe(200);
    expect(await technicianSees(assetId)).toBe(false);
    const live = await t.db
      .select()
      .from(technicianAssignments)
      .where(and(eq(technicianAssignments.assetId, assetId), isNull(technicianAssignments.revokedAt)));
    expect(live).toEqual([]);
    const details = await t.app.inject({ method: 'GET', url: `/v2/asset/assigned-asset/details/${assetId}`, headers: mro.headers });
    expect(details.statusCode).toBe(404);
  });

  it('refuses to move an asset assigned on its own into a cluster held by another provider, changing nothing', async () => {
    const theirs = await createCluster(t, owner, { name: 'Other provider estate' });
    const assetId = await createAsset(t, owner, { name: 'Directly held generator', categoryId });
    expect((await post('/v2/asset/assign', owner.headers, { providerId: mro.organisationId, assetIds: [assetId] })).statusCode).toBe(200);
    expect((await post('/v2/asset/assign', owner.headers, { providerId: otherMro.organisationId, clusterIds: [theirs] })).statusCode).toBe(
      200,
    );

    const res = await move(assetId, theirs);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This asset is assigned to a different service provider than the chosen cluster. Take one of the assignments back first',
    );
    const [row] = await t.db.select({ clusterId: assets.clusterId }).from(assets).where(eq(assets.id, assetId));
    expect(row?.clusterId).toBeNull();

    // Into a cluster held by the same provider is fine.
    const same = await createCluster(t, owner, { name: 'Same provider estate' });
    expect((await post('/v2/asset/assign', owner.headers, { providerId: mro.organisationId, clusterIds: [same] })).statusCode).toBe(200);
    expect((await move(assetId, same)).statusCode).toBe(200);
  });
});
