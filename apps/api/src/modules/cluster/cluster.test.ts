import { describeActivity } from '@amp/contracts/activity';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, assets, clusters } from '../../db/schema/index.js';
import { createCategory, createCluster, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let owner: TestUser;
let otherOwner: TestUser;
let categoryId: string;

type Headers = { authorization: string } | null;

const createClusterCall = (payload: object, headers: Headers = owner.headers) =>
  t.app.inject({ method: 'POST', url: '/v2/cluster/create/', headers: headers ?? undefined, payload });

async function counts() {
  return {
    clusters: (await t.db.select({ value: count() }).from(clusters))[0]!.value,
    activities: (await t.db.select({ value: count() }).from(activities))[0]!.value,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  categoryId = await createCategory(t.db, 'Power');
});
afterAll(async () => {
  await t.close();
});

describe('POST /v2/cluster/create/', () => {
  it('creates a cluster with a typed clusterID, the state by alias and the LGA as the reference spells it', async () => {
    const res = await createClusterCall({
      clusterID: 'LAG-01',
      name: 'Lagos Mainland',
      state: { state: 'Lagos', alias: 'lagos' },
      lga: 'ikeja',
      address: '1 Allen Avenue',
      description: 'Towers on the mainland',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      _id: expect.any(String),
      clusterID: 'LAG-01',
      name: 'Lagos Mainland',
      state: { state: 'Lagos', alias: 'lagos' },
      lga: 'Ikeja',
      address: '1 Allen Avenue',
      description: 'Towers on the mainland',
      assetCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await t.db.select().from(clusters).where(eq(clusters.id, res.json().data._id));
    expect(row).toMatchObject({ organisationId: owner.organisationId, createdBy: owner.id });
    const logged = await t.db.select().from(activities).where(eq(activities.subjectId, row!.id));
    expect(logged.map((a) => describeActivity(a.action, a.params))).toEqual(['Created the cluster Lagos Mainland (LAG-01)']);
  });

  it('generates CL-000001, CL-000002 ... per owner when clusterID is blank, skipping codes typed by hand', async () => {
    const fresh = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner' });
    await createCluster(t, fresh, { clusterID: 'cl-000002', name: 'Typed' });
    const codes: string[] = [];
    for (const clusterID of [undefined, '', undefined]) {
      const res = await createClusterCall({ clusterID, name: 'Generated' }, fresh.headers);
      codes.push(res.json().data.clusterID);
    }
    expect(codes).toEqual(['CL-000001', 'CL-000003', 'CL-000004']);
    // Another owner counts on its own.
    const other = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner' });
    expect((await createClusterCall({ name: 'Elsewhere' }, other.headers)).json().data.clusterID).toBe('CL-000001');
  });

  it('hands out distinct generated codes to concurrent creates', async () => {
    const fresh = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner' });
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => createClusterCall({ name: `Parallel ${i}` }, fresh.headers)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const codes = results.map((r) => r.json().data.clusterID).sort();
    expect(new Set(codes).size).toBe(6);
  });

  it('refuses bad input and a taken clusterID with 400 and the catalogue messages, writing nothing', async () => {
    await createCluster(t, owner, { clusterID: 'DUP-1', name: 'First' });
    const before = await counts();
    const taken = await createClusterCall({ clusterID: 'dup-1', name: 'Second' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ path: 'clusterID', message: 'Cluster ID is already in use' }]);
    const bad = await createClusterCall({ name: '', clusterID: 'has space' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'clusterID', message: 'Cluster ID is not valid' },
      { path: 'name', message: 'Name is required' },
    ]);
    const state = await createClusterCall({ name: 'Nowhere', state: 'atlantis' });
    expect(state.json().errors).toEqual([{ path: 'state', message: 'State is not valid' }]);
    const lga = await createClusterCall({ name: 'Wrong LGA', state: 'lagos', lga: 'Kano Municipal' });
    expect(lga.json().errors).toEqual([{ path: 'lga', message: 'LGA is not valid' }]);
    const lgaWithoutState = await createClusterCall({ name: 'No state', lga: 'Ikeja' });
    expect(lgaWithoutState.json().errors).toEqual([{ path: 'lga', message: 'LGA is not valid' }]);
    expect(await counts()).toEqual(before);
    // Another owner may use the same code.
    expect((await createClusterCall({ clusterID: 'DUP-1', name: 'Theirs' }, otherOwner.headers)).statusCode).toBe(201);
  });

  it('answers 401 without a session and 403 without createNewAsset', async () => {
    expect((await createClusterCall({ name: 'Nope' }, null)).statusCode).toBe(401);
    const viewer = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset', 'manageAsset'] });
    expect((await createClusterCall({ name: 'Nope' }, viewer.headers)).statusCode).toBe(403);
  });
});

describe('GET /v2/cluster/createdBy', () => {
  let lister: TestUser;
  beforeAll(async () => {
    lister = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner' });
    const north = await createCluster(t, lister, { clusterID: 'N-1', name: 'Kano North', state: 'kano' });
    await createCluster(t, lister, { clusterID: 'S-1', name: 'Lagos South', state: 'lagos' });
    await createCluster(t, lister, { clusterID: 'S-2', name: 'Lagos Island', state: 'lagos' });
    await t.db.insert(assets).values(
      ['A1', 'A2'].map((assetCode) => ({
        organisationId: lister.organisationId,
        assetCode,
        name: assetCode,
        clusterId: north,
        categoryId,
      })),
    );
    await createCluster(t, otherOwner, { name: 'Not mine' });
  });

  it("lists the owner's clusters, newest first, with their asset counts and page meta", async () => {
    const res = await t.app.inject({ url: '/v2/cluster/createdBy', headers: lister.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, pageSize: 20, total: 3, pageCount: 1 });
    expect(res.json().data.map((c: { clusterID: string; assetCount: number }) => [c.clusterID, c.assetCount])).toEqual([
      ['S-2', 0],
      ['S-1', 0],
      ['N-1', 2],
    ]);
  });

  it('searches name and clusterID, filters by state, sorts by a whitelisted column and pages', async () => {
    const get = async (query: string) => (await t.app.inject({ url: `/v2/cluster/createdBy?${query}`, headers: lister.headers })).json();
    expect((await get('search=island')).data.map((c: { clusterID: string }) => c.clusterID)).toEqual(['S-2']);
    expect((await get('search=s-')).data.map((c: { clusterID: string }) => c.clusterID).sort()).toEqual(['S-1', 'S-2']);
    expect((await get('search=100%25')).data).toEqual([]);
    expect((await get('state=KANO')).data.map((c: { clusterID: string }) => c.clusterID)).toEqual(['N-1']);
    expect((await get('sort=assetCount&order=desc&pageSize=1')).data.map((c: { clusterID: string }) => c.clusterID)).toEqual(['N-1']);
    const page2 = await get('sort=name&pageSize=2&page=2');
    expect(page2.meta).toEqual({ page: 2, pageSize: 2, total: 3, pageCount: 2 });
    expect(page2.data.map((c: { name: string }) => c.name)).toEqual(['Lagos South']);
  });

  it('answers 400 for a sort outside the whitelist, 401 and 403', async () => {
    const bad = await t.app.inject({ url: '/v2/cluster/createdBy?sort=address', headers: lister.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'sort', message: 'Sort is not valid' }]);
    expect((await t.app.inject({ url: '/v2/cluster/createdBy' })).statusCode).toBe(401);
    const creator = await createUser(t.db, { organisationId: lister.organisationId, permissions: ['createNewAsset'] });
    expect((await t.app.inject({ url: '/v2/cluster/createdBy', headers: creator.headers })).statusCode).toBe(403);
  });
});

describe('GET, PUT and DELETE /v2/cluster/:id', () => {
  it('reads one of the owner’s clusters; another owner’s or an unknown id is 404', async () => {
    const id = await createCluster(t, owner, { name: 'Readable', state: 'abuja', lga: 'Gwagwalada' });
    const res = await t.app.inject({ url: `/v2/cluster/${id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, name: 'Readable', state: { alias: 'abuja' }, lga: 'Gwagwalada' });
    for (const headers of [otherOwner.headers]) {
      const hidden = await t.app.inject({ url: `/v2/cluster/${id}`, headers });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe('The requested cluster is not found');
    }
    expect((await t.app.inject({ url: `/v2/cluster/${crypto.randomUUID()}`, headers: owner.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/v2/cluster/not-a-uuid', headers: owner.headers })).json().message).toBe('Cluster is not valid');
    expect((await t.app.inject({ url: `/v2/cluster/${id}` })).statusCode).toBe(401);
    const creator = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['createNewAsset'] });
    expect((await t.app.inject({ url: `/v2/cluster/${id}`, headers: creator.headers })).statusCode).toBe(403);
  });

  it('edits fields, clears optional ones with "", checks the code and the location, and records the change', async () => {
    const id = await createCluster(t, owner, { clusterID: 'ED-1', name: 'Editable', state: 'lagos', lga: 'Ikeja', address: 'Somewhere' });
    await createCluster(t, owner, { clusterID: 'ED-2', name: 'Neighbour' });
    const put = (payload: object, headers: Headers = owner.headers) =>
      t.app.inject({ method: 'PUT', url: `/v2/cluster/${id}`, headers: headers ?? undefined, payload });
    const res = await put({ name: 'Edited', clusterID: 'ED-1B', address: '', state: 'kano', lga: 'Kano Municipal' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      clusterID: 'ED-1B',
      name: 'Edited',
      address: null,
      state: { alias: 'kano' },
      lga: 'Kano Municipal',
    });
    const before = await counts();
    expect((await put({ clusterID: 'ed-2' })).json().errors).toEqual([{ path: 'clusterID', message: 'Cluster ID is already in use' }]);
    // Changing the state alone leaves an LGA of the old state: refused.
    expect((await put({ state: 'lagos' })).json().errors).toEqual([{ path: 'lga', message: 'LGA is not valid' }]);
    expect((await put({ name: 'x' })).json().errors).toEqual([{ path: 'name', message: 'Name should have at least 2 characters' }]);
    expect(await counts()).toEqual(before);
    expect((await put({ state: 'lagos', lga: '' })).json().data).toMatchObject({ state: { alias: 'lagos' }, lga: null });
    const logged = await t.db.select().from(activities).where(eq(activities.subjectId, id)).orderBy(activities.createdAt);
    expect(logged.map((a) => a.action)).toEqual(['cluster.created', 'cluster.updated', 'cluster.updated']);
  });

  it('answers 404 for another owner’s cluster on PUT and DELETE, 401 and 403 without manageAsset', async () => {
    const theirs = await createCluster(t, otherOwner, { name: 'Theirs' });
    const put = await t.app.inject({ method: 'PUT', url: `/v2/cluster/${theirs}`, headers: owner.headers, payload: { name: 'Mine now' } });
    expect(put.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v2/cluster/${theirs}`, headers: owner.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v2/cluster/${theirs}` })).statusCode).toBe(401);
    const viewer = await createUser(t.db, { organisationId: otherOwner.organisationId, permissions: ['viewAsset', 'createNewAsset'] });
    expect((await t.app.inject({ method: 'DELETE', url: `/v2/cluster/${theirs}`, headers: viewer.headers })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/v2/cluster/${theirs}`, headers: viewer.headers, payload: { name: 'No' } })).statusCode,
    ).toBe(403);
    const [row] = await t.db.select().from(clusters).where(eq(clusters.id, theirs));
    expect(row?.name).toBe('Theirs');
  });

  it('deletes an empty cluster (204) and refuses one with assets (409)', async () => {
    const full = await createCluster(t, owner, { name: 'Full' });
    await t.db
      .insert(assets)
      .values({ organisationId: owner.organisationId, assetCode: 'IN-FULL', name: 'Pump', clusterId: full, categoryId });
    const before = await counts();
    const refused = await t.app.inject({ method: 'DELETE', url: `/v2/cluster/${full}`, headers: owner.headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This cluster still has assets. Move or remove them first');
    expect(await counts()).toEqual(before);

    const empty = await createCluster(t, owner, { name: 'Empty' });
    const res = await t.app.inject({ method: 'DELETE', url: `/v2/cluster/${empty}`, headers: owner.headers });
    expect(res.statusCode).toBe(204);
    expect(await t.db.select().from(clusters).where(eq(clusters.id, empty))).toEqual([]);
    const logged = await t.db.select().from(activities).where(eq(activities.subjectId, empty)).orderBy(activities.createdAt);
    expect(logged.map((a) => a.action)).toEqual(['cluster.created', 'cluster.deleted']);
    expect(describeActivity(logged[1]!.action, logged[1]!.params)).toMatch(/^Deleted the cluster Empty \(CL-\d{6}\)$/);
    expect((await t.app.inject({ method: 'DELETE', url: `/v2/cluster/${empty}`, headers: owner.headers })).statusCode).toBe(404);
  });
});
