import { assetListQuery } from '@amp/contracts/asset';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clusters, organisationAssetCounts } from '../../db/schema/index.js';
import { createAsset, createCategory, createCluster, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { listAssets, listOwnAssets } from './asset.repository.js';

// The list's totals come from trigger-kept counters (whole tenant, one cluster) or a capped count
// (any other filter); these tests hold the counters to the rows and the cap to its promise.

let t: TestApp;
let owner: TestUser;
let otherOwner: TestUser;
let power: string;

async function clusterCount(id: string) {
  const [row] = await t.db.select({ n: clusters.assetCount }).from(clusters).where(eq(clusters.id, id));
  return row?.n;
}

async function list(query: string, user = owner) {
  const res = await t.app.inject({ method: 'GET', url: `/v2/asset/created?${query}`, headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: { _id: string; name: string }[]; meta: Record<string, unknown> };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  power = await createCategory(t.db, 'Power');
});
afterAll(async () => {
  await t.close();
});

describe('asset list totals', () => {
  it('keeps the tenant and cluster counters equal to the rows through creates and moves', async () => {
    const north = await createCluster(t, owner, { name: 'North yard' });
    const south = await createCluster(t, owner, { name: 'South yard' });
    const ids = [];
    for (let i = 0; i < 5; i++) ids.push(await createAsset(t, owner, { categoryId: power, name: `Pump ${i}`, clusterId: north }));
    await createAsset(t, owner, { categoryId: power, name: 'Loose generator' });
    await createAsset(t, otherOwner, { categoryId: power, name: 'Elsewhere' });
    expect(await clusterCount(north)).toBe(5);
    expect(await clusterCount(south)).toBe(0);

    const moved = await t.app.inject({ method: 'PUT', url: `/v2/asset/${ids[0]}`, headers: owner.headers, payload: { clusterId: south } });
    expect(moved.statusCode, moved.body).toBe(200);
    const cleared = await t.app.inject({ method: 'PUT', url: `/v2/asset/${ids[1]}`, headers: owner.headers, payload: { clusterId: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await clusterCount(north)).toBe(3);
    expect(await clusterCount(south)).toBe(1);

    const [tenant] = await t.db
      .select({ total: organisationAssetCounts.total })
      .from(organisationAssetCounts)
      .where(eq(organisationAssetCounts.organisationId, owner.organisationId));
    expect(tenant?.total).toBe(6);

    expect((await list('pageSize=2')).meta).toEqual({ page: 1, pageSize: 2, total: 6, pageCount: 3 });
    expect((await list(`clusterId=${north}`)).meta).toMatchObject({ total: 3, pageCount: 1 });
    expect((await list(`clusterId=${south}`)).data.map((a) => a._id)).toEqual([ids[0]]);
    expect((await list('pageSize=5', otherOwner)).meta).toMatchObject({ total: 1 });

    // The cluster list reads the same counter.
    const res = await t.app.inject({ method: 'GET', url: '/v2/cluster/createdBy?sort=name', headers: owner.headers });
    expect(res.json().data.map((c: { name: string; assetCount: number }) => [c.name, c.assetCount])).toEqual([
      ['North yard', 3],
      ['South yard', 1],
    ]);
  });

  it('pages deep in the default order without gaps or repeats', async () => {
    const all = (await list('pageSize=100')).data.map((a) => a._id);
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++) paged.push(...(await list(`pageSize=2&page=${page}`)).data.map((a) => a._id));
    expect(paged).toEqual(all);
    expect((await list('pageSize=2&page=9')).data).toEqual([]);
  });

  it('counts a filtered list exactly up to the cap and reports a lower bound past it', async () => {
    const query = assetListQuery.parse({ search: 'pump', pageSize: 2 });
    const exact = await listAssets(t.db, owner.organisationId, query, 10);
    expect(exact).toMatchObject({ total: 5, totalIsLowerBound: false });
    const capped = await listAssets(t.db, owner.organisationId, query, 3);
    expect(capped).toMatchObject({ total: 3, totalIsLowerBound: true });
    expect(capped.rows).toHaveLength(2);

    const body = await list('search=pump&pageSize=2');
    expect(body.meta).toEqual({ page: 1, pageSize: 2, total: 5, pageCount: 3 });
  });
});

describe('asset list scope', () => {
  const viewer = (user: TestUser, permissions: string[]) => ({
    userId: user.id,
    organisationId: user.organisationId,
    organisationKind: 'asset_owner',
    permissions,
  });

  it('serves every owner from the same prepared statements, each with its own assets only', async () => {
    const mine = (await list('pageSize=100')).data.map((a) => a.name);
    expect(mine).toHaveLength(6);
    expect(mine).not.toContain('Elsewhere');
    expect((await list('pageSize=100', otherOwner)).data.map((a) => a.name)).toEqual(['Elsewhere']);
  });

  it('lists and counts nothing for a colleague who does not see the assets, without the tenant counter', async () => {
    const query = assetListQuery.parse({ pageSize: 2 });
    expect(await listOwnAssets(t.db, viewer(owner, ['manageUser']), query)).toEqual({ rows: [], total: 0, totalIsLowerBound: false });
    expect(await listOwnAssets(t.db, viewer(owner, ['viewAsset']), query)).toMatchObject({ total: 6, totalIsLowerBound: false });
  });
});
