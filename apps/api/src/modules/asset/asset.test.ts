import { describeActivity } from '@amp/contracts/activity';
import { nairaToKobo } from '@amp/contracts/asset';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activities, assets, organisations, rateLimits } from '../../db/schema/index.js';
import {
  type Caller,
  createAsset,
  createCategory,
  createCluster,
  createOrganisation,
  createUser,
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { expectRollupsAgree } from '../../test/rollups.js';

let t: TestApp;
// After each scenario, every counter and rollup equals its rebuild from the rows (decision 0028).
afterEach(() => expectRollupsAgree(t.db));
let owner: TestUser;
let otherOwner: TestUser;
let power: string;
let generator: string;
let solar: string;
let water: string;
let pump: string;

type Headers = { authorization: string } | null;

const createAssetCall = (payload: object, headers: Headers = owner.headers) =>
  t.app.inject({ method: 'POST', url: '/v2/asset/create/', headers: headers ?? undefined, payload });

/** An asset of `by`, in the Power category unless the payload names another. */
const assetId = (payload: object, by: Caller = owner) => createAsset(t, by, { categoryId: power, ...payload });

async function counts() {
  return {
    assets: (await t.db.select({ value: count() }).from(assets))[0]!.value,
    activities: (await t.db.select({ value: count() }).from(activities))[0]!.value,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  power = await createCategory(t.db, 'Power');
  generator = await createCategory(t.db, 'Generator', power);
  solar = await createCategory(t.db, 'Solar', power);
  water = await createCategory(t.db, 'Water');
  pump = await createCategory(t.db, 'Pump', water);
});
afterAll(async () => {
  await t.close();
});

describe('naira to kobo', () => {
  it('is exact for strings and numbers and refuses anything else', () => {
    expect(nairaToKobo('1250000.50')).toBe(125000050);
    expect(nairaToKobo('1,250,000.5')).toBe(125000050);
    expect(nairaToKobo(19.99)).toBe(1999);
    expect(nairaToKobo(0.29)).toBe(29);
    expect(nairaToKobo('0')).toBe(0);
    expect(nairaToKobo('9999999999999.99')).toBe(999999999999999);
    for (const bad of ['1.234', '-5', 'abc', '1e5', '', '.5', 0.1 + 0.2, -1, Number.NaN, 1e21, '99999999999999']) {
      expect(nairaToKobo(bad), String(bad)).toBeUndefined();
    }
  });
});

describe('POST /v2/asset/create/', () => {
  it('creates an asset with every field, cost in kobo, and records the activity', async () => {
    const cluster = await createCluster(t, owner, { clusterID: 'IKJ', name: 'Ikeja', state: 'lagos' });
    const res = await createAssetCall({
      assetID: 'GEN-001',
      name: 'Main generator',
      clusterId: cluster,
      locationID: 'LOC-7',
      locationName: 'Plant room',
      categoryId: power,
      subCategoryId: generator,
      brand: 'Perkins',
      model: '4006-23',
      serialNumber: 'SN-123',
      installationDate: '2024-01-15',
      warrantyExpiry: '2027-01-14',
      status: 'faulty',
      purchaseCost: '12500000.75',
      description: '500 kVA',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      _id: expect.any(String),
      assetID: 'GEN-001',
      name: 'Main generator',
      openFaults: 0,
      cluster: { _id: cluster, clusterID: 'IKJ', name: 'Ikeja' },
      locationID: 'LOC-7',
      locationName: 'Plant room',
      category: { _id: power, name: 'Power' },
      subCategory: { _id: generator, name: 'Generator' },
      brand: 'Perkins',
      model: '4006-23',
      serialNumber: 'SN-123',
      installationDate: '2024-01-15',
      warrantyExpiry: '2027-01-14',
      status: 'faulty',
      purchaseCostKobo: 1250000075,
      purchaseCost: '12500000.75',
      description: '500 kVA',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await t.db.select().from(assets).where(eq(assets.id, res.json().data._id));
    expect(row).toMatchObject({ organisationId: owner.organisationId, createdBy: owner.id, purchaseCostKobo: 1250000075 });
    const logged = await t.db.select().from(activities).where(eq(activities.subjectId, row!.id));
    expect(logged.map((a) => describeActivity(a.action, a.params))).toEqual(['Created the asset Main generator (GEN-001)']);
  });

  it('generates AS-000001 ... per owner when assetID is blank, and defaults the status to active', async () => {
    const fresh = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner' });
    await assetId({ assetID: 'as-000001', name: 'Typed' }, fresh.headers);
    const a = await createAssetCall({ name: 'Generated A', categoryId: power, assetID: '' }, fresh.headers);
    const b = await createAssetCall({ name: 'Generated B', categoryId: power }, fresh.headers);
    expect([a.json().data.assetID, b.json().data.assetID]).toEqual(['AS-000002', 'AS-000003']);
    expect(a.json().data).toMatchObject({ status: 'active', purchaseCost: null, cluster: null, subCategory: null });
    const parallel = await Promise.all(
      Array.from({ length: 5 }, (_, i) => createAssetCall({ name: `P${i}`, categoryId: power }, fresh.headers)),
    );
    expect(parallel.map((r) => r.statusCode)).toEqual(Array(5).fill(201));
    expect(new Set(parallel.map((r) => r.json().data.assetID)).size).toBe(5);
  });

  it('refuses bad input with 400 and the catalogue messages, writing nothing', async () => {
    await assetId({ assetID: 'TAKEN-1', name: 'First' });
    const theirCluster = await createCluster(t, otherOwner, { name: 'Their cluster' });
    const before = await counts();
    const cases: [object, { path: string; message: string }[]][] = [
      [{ assetID: 'taken-1', name: 'Dup', categoryId: power }, [{ path: 'assetID', message: 'Asset ID is already in use' }]],
      [
        { name: '' },
        [
          { path: 'name', message: 'Name is required' },
          { path: 'categoryId', message: 'Category is required' },
        ],
      ],
      [{ name: 'Bad id', categoryId: 'nope' }, [{ path: 'categoryId', message: 'Category is not valid' }]],
      [{ name: 'Unknown', categoryId: crypto.randomUUID() }, [{ path: 'categoryId', message: 'Category is not valid' }]],
      [{ name: 'Sub as top', categoryId: generator }, [{ path: 'categoryId', message: 'Category is not valid' }]],
      [
        { name: 'Mismatch', categoryId: power, subCategoryId: pump },
        [{ path: 'subCategoryId', message: 'The sub-category does not belong to the chosen category' }],
      ],
      [{ name: 'Cluster', categoryId: power, clusterId: theirCluster }, [{ path: 'clusterId', message: 'Cluster is not valid' }]],
      [{ name: 'Status', categoryId: power, status: 'decommissioned' }, [{ path: 'status', message: 'Status is not valid' }]],
      [{ name: 'Cost', categoryId: power, purchaseCost: '12.345' }, [{ path: 'purchaseCost', message: 'Purchase cost is not valid' }]],
      [{ name: 'Cost', categoryId: power, purchaseCost: -5 }, [{ path: 'purchaseCost', message: 'Purchase cost is not valid' }]],
      [
        { name: 'Date', categoryId: power, installationDate: '2024-02-30' },
        [{ path: 'installationDate', message: 'Installation date is not valid' }],
      ],
      [
        { name: 'Dates', categoryId: power, installationDate: '2024-05-01', warrantyExpiry: '2024-04-30' },
        [{ path: 'warrantyExpiry', message: 'Warranty expiry cannot be before Installation date' }],
      ],
    ];
    for (const [payload, errors] of cases) {
      const res = await createAssetCall(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    expect(await counts()).toEqual(before);
    // Another owner may use the same code.
    expect((await createAssetCall({ assetID: 'TAKEN-1', name: 'Theirs', categoryId: power }, otherOwner.headers)).statusCode).toBe(201);
  });

  it('answers 401 without a session and 403 without createNewAsset', async () => {
    expect((await createAssetCall({ name: 'Nope', categoryId: power }, null)).statusCode).toBe(401);
    const manager = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset', 'manageAsset'] });
    expect((await createAssetCall({ name: 'Nope', categoryId: power }, manager.headers)).statusCode).toBe(403);
  });
});

describe('GET /v2/asset/created', () => {
  let lister: TestUser;
  let lagos: string;
  let kano: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    lister = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner' });
    lagos = await createCluster(t, lister, { clusterID: 'LAG', name: 'Lagos', state: 'lagos' });
    kano = await createCluster(t, lister, { clusterID: 'KAN', name: 'Kano', state: 'kano' });
    const rows: [string, object][] = [
      [
        'Alpha pump',
        { assetID: 'P-100', clusterId: lagos, categoryId: water, subCategoryId: pump, locationName: 'Yaba depot', purchaseCost: 300 },
      ],
      ['Bravo generator', { assetID: 'G-200', clusterId: lagos, subCategoryId: generator, status: 'faulty', purchaseCost: 100 }],
      ['Charlie panel', { assetID: 'S-300', clusterId: kano, subCategoryId: solar, locationID: 'ROOF-9', purchaseCost: 200 }],
      ['Delta spare', { assetID: 'X-400', status: 'under_maintenance' }],
    ];
    for (const [name, values] of rows) ids[name] = await assetId({ name, ...values }, lister.headers);
    await assetId({ name: 'Alpha pump elsewhere' }, otherOwner.headers);
  });

  const list = async (query = '') => {
    const res = await t.app.inject({ url: `/v2/asset/created?${query}`, headers: lister.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: { _id: string; name: string; assetID: string }[]; meta: object };
  };
  const names = async (query: string) => (await list(query)).data.map((a) => a.name);

  it("lists only the owner's assets, newest first, with page meta", async () => {
    const res = await list();
    expect(res.meta).toEqual({ page: 1, pageSize: 20, total: 4, pageCount: 1 });
    expect(res.data.map((a) => a.name)).toEqual(['Delta spare', 'Charlie panel', 'Bravo generator', 'Alpha pump']);
  });

  it('searches assetID, name and location anywhere, case-insensitive, with wildcards taken literally', async () => {
    expect(await names('search=pump')).toEqual(['Alpha pump']);
    expect(await names('search=g-2')).toEqual(['Bravo generator']);
    expect(await names('search=yaba')).toEqual(['Alpha pump']);
    expect(await names('search=roof')).toEqual(['Charlie panel']);
    expect(await names('search=_')).toEqual([]);
  });

  it('filters by cluster, category, sub-category, status and the cluster’s state', async () => {
    expect(await names(`clusterId=${lagos}`)).toEqual(['Bravo generator', 'Alpha pump']);
    expect(await names(`categoryId=${water}`)).toEqual(['Alpha pump']);
    expect(await names(`subCategoryId=${solar}`)).toEqual(['Charlie panel']);
    expect(await names('status=faulty')).toEqual(['Bravo generator']);
    expect(await names('state=kano')).toEqual(['Charlie panel']);
    expect(await names(`state=lagos&status=active`)).toEqual(['Alpha pump']);
  });

  it('sorts by a whitelisted column and pages with the page count', async () => {
    expect(await names('sort=name')).toEqual(['Alpha pump', 'Bravo generator', 'Charlie panel', 'Delta spare']);
    expect(await names('sort=assetID&order=desc')).toEqual(['Delta spare', 'Charlie panel', 'Alpha pump', 'Bravo generator']);
    expect(await names('sort=purchaseCost')).toEqual(['Bravo generator', 'Charlie panel', 'Alpha pump', 'Delta spare']);
    const page = await list('sort=name&pageSize=3&page=2');
    expect(page.meta).toEqual({ page: 2, pageSize: 3, total: 4, pageCount: 2 });
    expect(page.data.map((a) => a.name)).toEqual(['Delta spare']);
  });

  it('answers 400 for a bad sort, status or filter id, 401 and 403', async () => {
    const get = (query: string, headers: Headers = lister.headers) =>
      t.app.inject({ url: `/v2/asset/created?${query}`, headers: headers ?? undefined });
    expect((await get('sort=serialNumber')).json().errors).toEqual([{ path: 'sort', message: 'Sort is not valid' }]);
    expect((await get('status=broken')).json().errors).toEqual([{ path: 'status', message: 'Status is not valid' }]);
    expect((await get('clusterId=abc')).json().errors).toEqual([{ path: 'clusterId', message: 'Cluster is not valid' }]);
    expect((await get('pageSize=101')).statusCode).toBe(400);
    expect((await get('', null)).statusCode).toBe(401);
    const creator = await createUser(t.db, { organisationId: lister.organisationId, permissions: ['createNewAsset'] });
    expect((await get('', creator.headers)).statusCode).toBe(403);
  });
});

describe('GET and PUT /v2/asset/:id', () => {
  it('reads one of the owner’s assets; another owner’s is 404, 401 and 403 as usual', async () => {
    const id = await assetId({ name: 'Readable' });
    const res = await t.app.inject({ url: `/v2/asset/${id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, name: 'Readable', category: { _id: power } });
    const hidden = await t.app.inject({ url: `/v2/asset/${id}`, headers: otherOwner.headers });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('The requested asset is not found');
    expect((await t.app.inject({ url: `/v2/asset/${id}` })).statusCode).toBe(401);
    const creator = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['createNewAsset'] });
    expect((await t.app.inject({ url: `/v2/asset/${id}`, headers: creator.headers })).statusCode).toBe(403);
  });

  it('edits fields, moves it between clusters, clears optional ones and records the change', async () => {
    const cluster = await createCluster(t, owner, { name: 'Target' });
    const id = await assetId({ assetID: 'ED-1', name: 'Editable', brand: 'Old', subCategoryId: generator, purchaseCost: '10' });
    const put = (payload: object) => t.app.inject({ method: 'PUT', url: `/v2/asset/${id}`, headers: owner.headers, payload });
    const res = await put({ name: 'Edited', clusterId: cluster, brand: '', status: 'under_maintenance', purchaseCost: 1234.5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      assetID: 'ED-1',
      name: 'Edited',
      cluster: { _id: cluster },
      brand: null,
      status: 'under_maintenance',
      purchaseCostKobo: 123450,
      purchaseCost: '1234.50',
      subCategory: { _id: generator },
    });
    // A new category needs a matching sub-category (or none).
    expect((await put({ categoryId: water })).json().errors).toEqual([
      { path: 'subCategoryId', message: 'The sub-category does not belong to the chosen category' },
    ]);
    const moved = await put({ categoryId: water, subCategoryId: pump, clusterId: null, purchaseCost: null });
    expect(moved.json().data).toMatchObject({ category: { _id: water }, subCategory: { _id: pump }, cluster: null, purchaseCost: null });
    const logged = await t.db.select().from(activities).where(eq(activities.subjectId, id)).orderBy(activities.createdAt);
    expect(logged.map((a) => a.action)).toEqual(['asset.created', 'asset.updated', 'asset.updated']);
  });

  it('refuses bad edits with 400 writing nothing, and another owner’s asset with 404', async () => {
    await assetId({ assetID: 'OTHER-CODE', name: 'Holder' });
    const id = await assetId({ name: 'Guarded', installationDate: '2024-06-01' });
    const theirs = await assetId({ name: 'Theirs' }, otherOwner.headers);
    const before = await counts();
    const put = (target: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: `/v2/asset/${target}`, headers: owner.headers, payload });
    expect((await put(id, { assetID: 'other-code' })).json().errors).toEqual([{ path: 'assetID', message: 'Asset ID is already in use' }]);
    expect((await put(id, { warrantyExpiry: '2024-05-31' })).json().errors).toEqual([
      { path: 'warrantyExpiry', message: 'Warranty expiry cannot be before Installation date' },
    ]);
    expect((await put(id, { status: 'decommissioned' })).json().errors).toEqual([{ path: 'status', message: 'Status is not valid' }]);
    expect((await put(theirs, { name: 'Mine now' })).statusCode).toBe(404);
    expect(await counts()).toEqual(before);
    const viewer = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset', 'createNewAsset'] });
    expect(
      (await t.app.inject({ method: 'PUT', url: `/v2/asset/${id}`, headers: viewer.headers, payload: { name: 'No' } })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/v2/asset/${id}`, payload: { name: 'No' } })).statusCode).toBe(401);
  });
});

describe('POST /v2/asset/:id/decommission', () => {
  it('decommissions once (409 the second time), after which the status cannot change but other fields can', async () => {
    const id = await assetId({ name: 'Old pump' });
    const post = (target: string, headers: Headers = owner.headers) =>
      t.app.inject({
        method: 'POST',
        url: `/v2/asset/${target}/decommission`,
        headers: headers ?? undefined,
        payload: { reason: 'Worn out' },
      });
    const res = await post(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('decommissioned');
    const before = await counts();
    const again = await post(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This asset is already decommissioned');
    const revive = await t.app.inject({ method: 'PUT', url: `/v2/asset/${id}`, headers: owner.headers, payload: { status: 'active' } });
    expect(revive.statusCode).toBe(409);
    expect(revive.json().message).toBe('A decommissioned asset cannot change its status');
    expect(await counts()).toEqual(before);
    const rename = await t.app.inject({
      method: 'PUT',
      url: `/v2/asset/${id}`,
      headers: owner.headers,
      payload: { name: 'Old pump (scrap)' },
    });
    expect(rename.json().data).toMatchObject({ name: 'Old pump (scrap)', status: 'decommissioned' });
    const logged = await t.db.select().from(activities).where(eq(activities.subjectId, id)).orderBy(activities.createdAt);
    expect(logged.map((a) => describeActivity(a.action, a.params))).toContain(
      `Decommissioned the asset Old pump (${res.json().data.assetID}): Worn out`,
    );
  });

  it('works without a body and answers 404, 401 and 403', async () => {
    const id = await assetId({ name: 'No reason' });
    expect((await t.app.inject({ method: 'POST', url: `/v2/asset/${id}/decommission`, headers: owner.headers })).statusCode).toBe(200);
    const theirs = await assetId({ name: 'Theirs' }, otherOwner.headers);
    expect((await t.app.inject({ method: 'POST', url: `/v2/asset/${theirs}/decommission`, headers: owner.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/v2/asset/${theirs}/decommission` })).statusCode).toBe(401);
    const viewer = await createUser(t.db, { organisationId: otherOwner.organisationId, permissions: ['viewAsset'] });
    expect((await t.app.inject({ method: 'POST', url: `/v2/asset/${theirs}/decommission`, headers: viewer.headers })).statusCode).toBe(403);
  });
});

describe('the public look-ups of the fault portal', () => {
  let portalOwner: TestUser;
  let site: string;

  beforeAll(async () => {
    portalOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner' });
    site = await createCluster(t, portalOwner, {
      clusterID: 'SITE-1',
      name: 'Site One',
      state: 'lagos',
      lga: 'Ikeja',
      address: '2 Road',
      description: 'secret',
    });
    await createCluster(t, portalOwner, { clusterID: 'SITE-2', name: 'Another site' });
    await assetId(
      {
        assetID: 'T-1',
        name: 'Tower',
        clusterId: site,
        locationID: 'L1',
        locationName: 'Hill',
        serialNumber: 'SECRET-SN',
        purchaseCost: '999',
      },
      portalOwner.headers,
    );
    const scrapped = await assetId({ assetID: 'T-2', name: 'Scrapped', clusterId: site }, portalOwner.headers);
    await t.app.inject({ method: 'POST', url: `/v2/asset/${scrapped}/decommission`, headers: portalOwner.headers });
  });

  it("lists an owner's clusters with only ids, codes, names and location, to anyone", async () => {
    const res = await t.app.inject({ url: `/v2/asset/asset-owner/cluster/${portalOwner.organisationId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { _id: expect.any(String), clusterID: 'SITE-2', name: 'Another site', state: null, lga: null, address: null },
        { _id: site, clusterID: 'SITE-1', name: 'Site One', state: { state: 'Lagos', alias: 'lagos' }, lga: 'Ikeja', address: '2 Road' },
      ],
      meta: { page: 1, pageSize: 100, total: 2, pageCount: 1 },
    });
    const search = await t.app.inject({ url: `/v2/asset/asset-owner/cluster/${portalOwner.organisationId}?search=one` });
    expect(search.json().data.map((c: { clusterID: string }) => c.clusterID)).toEqual(['SITE-1']);
  });

  it("lists a cluster's reportable assets (not decommissioned) in the portal's Asset shape, leaking nothing else", async () => {
    const res = await t.app.inject({ url: `/v2/asset/asset-owner/cluster-name/${site}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          _id: expect.any(String),
          assetID: 'T-1',
          name: 'Tower',
          locationID: 'L1',
          locationName: 'Hill',
          clusterName: { _id: site, clusterID: 'SITE-1', name: 'Site One' },
        },
      ],
      meta: { page: 1, pageSize: 100, total: 1, pageCount: 1 },
    });
    expect(res.body).not.toContain('SECRET');
    expect(res.body).not.toContain('99900');
  });

  it('answers 404 for unknown, non-owner or inactive owners and clusters, 400 for a malformed id', async () => {
    const provider = await createOrganisation(t.db, { kind: 'mro' });
    const pending = await createOrganisation(t.db, { kind: 'asset_owner', status: 'pending' });
    for (const id of [crypto.randomUUID(), provider.id, pending.id]) {
      const res = await t.app.inject({ url: `/v2/asset/asset-owner/cluster/${id}` });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: `/v2/asset/asset-owner/cluster-name/${crypto.randomUUID()}` })).json().message).toBe(
      'The requested cluster is not found',
    );
    expect((await t.app.inject({ url: '/v2/asset/asset-owner/cluster/abc' })).json().errors).toEqual([
      { path: 'ownerId', message: 'Owner is not valid' },
    ]);
  });

  it('is rate-limited per IP with 429 and Retry-After', async () => {
    const url = `/v2/asset/asset-owner/cluster/${portalOwner.organisationId}`;
    await t.db.insert(rateLimits).values({ key: 'lookup:ip:10.9.8.7', count: 120, resetAt: new Date(Date.now() + 60_000) });
    const blocked = await t.app.inject({ url, remoteAddress: '10.9.8.7' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect((await t.app.inject({ url: `/v2/asset/asset-owner/cluster-name/${site}`, remoteAddress: '10.9.8.7' })).statusCode).toBe(429);
    // Another address is unaffected.
    expect((await t.app.inject({ url, remoteAddress: '10.9.8.8' })).statusCode).toBe(200);
  });
});

describe('the assignment on GET /v2/asset/:id', () => {
  it('is null, then the provider through the asset or through its cluster, and null again once taken back', async () => {
    const mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
    const [provider] = await t.db.select().from(organisations).where(eq(organisations.id, mro.organisationId));
    const cluster = await createCluster(t, owner, { name: 'Assigned estate' });
    const direct = await assetId({ name: 'Direct pump' });
    const grouped = await assetId({ name: 'Grouped pump', clusterId: cluster });
    const detail = async (id: string) => (await t.app.inject({ url: `/v2/asset/${id}`, headers: owner.headers })).json().data;
    expect((await detail(direct)).assignment).toBeNull();

    const assign = (payload: object, path = 'assign') =>
      t.app.inject({
        method: 'POST',
        url: `/v2/asset/${path}`,
        headers: owner.headers,
        payload: { providerId: mro.organisationId, ...payload },
      });
    expect((await assign({ assetIds: [direct], clusterIds: [cluster] })).statusCode).toBe(200);
    expect((await detail(direct)).assignment).toEqual({
      provider: { _id: mro.organisationId, name: provider!.name },
      via: 'asset',
      since: expect.any(String),
    });
    expect((await detail(grouped)).assignment).toMatchObject({ provider: { _id: mro.organisationId }, via: 'cluster' });

    expect((await assign({ clusterIds: [cluster] }, 'unassign')).statusCode).toBe(200);
    expect((await detail(grouped)).assignment).toBeNull();
    expect((await detail(direct)).assignment).toMatchObject({ via: 'asset' });
  });
});

describe('GET /v2/asset/:id/history', () => {
  const history = (id: string, query = '', headers: Headers = owner.headers) =>
    t.app.inject({ url: `/v2/asset/${id}/history${query}`, headers: headers ?? undefined });

  it('lists the asset’s activities newest first with who did them, paged, and only the owner’s own records', async () => {
    const mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
    const tech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician' });
    const editor = await createUser(t.db, { organisationId: owner.organisationId, roleKey: 'asset_owner', firstName: 'Ada' });
    const id = await assetId({ assetID: 'HIST-1', name: 'Historic pump' });
    const other = await assetId({ name: 'Unrelated' });
    const put = await t.app.inject({ method: 'PUT', url: `/v2/asset/${id}`, headers: editor.headers, payload: { brand: 'Grundfos' } });
    expect(put.statusCode).toBe(200);
    const assigned = await t.app.inject({
      method: 'POST',
      url: '/v2/asset/assign',
      headers: owner.headers,
      payload: { providerId: mro.organisationId, assetIds: [id] },
    });
    expect(assigned.statusCode).toBe(200);
    // The provider's own dispatch is its record, not the owner's.
    const dispatched = await t.app.inject({
      method: 'POST',
      url: `/v2/asset/technician/asset/assign/${id}`,
      headers: mro.headers,
      payload: { technicianId: tech.id },
    });
    expect(dispatched.statusCode, dispatched.body).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: `/v2/asset/${id}/decommission`, headers: owner.headers })).statusCode).toBe(200);

    const res = await history(id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ page: 1, pageSize: 20, total: 4, pageCount: 1 });
    expect(body.data.map((a: { action: string }) => a.action)).toEqual([
      'asset.decommissioned',
      'asset.assigned',
      'asset.updated',
      'asset.created',
    ]);
    expect(body.data[2]).toEqual({
      _id: expect.any(String),
      createdAt: expect.any(String),
      action: 'asset.updated',
      description: 'Updated the asset Historic pump (HIST-1)',
      user: { _id: editor.id, name: 'Ada User' },
    });
    expect(body.data[3].user).toEqual({ _id: owner.id, name: 'Test User' });

    const page2 = (await history(id, '?page=2&pageSize=3')).json();
    expect(page2.meta).toEqual({ page: 2, pageSize: 3, total: 4, pageCount: 2 });
    expect(page2.data.map((a: { action: string }) => a.action)).toEqual(['asset.created']);
    expect((await history(other)).json().data.map((a: { action: string }) => a.action)).toEqual(['asset.created']);
  });

  it('answers 404 for another owner’s asset, 401 without a session, 403 without viewAsset and 400 for a bad page', async () => {
    const id = await assetId({ name: 'Private history' });
    const hidden = await history(id, '', otherOwner.headers);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('The requested asset is not found');
    expect((await history(crypto.randomUUID())).statusCode).toBe(404);
    expect((await history(id, '', null)).statusCode).toBe(401);
    const creator = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['createNewAsset'] });
    expect((await history(id, '', creator.headers)).statusCode).toBe(403);
    expect((await history(id, '?pageSize=101')).statusCode).toBe(400);
    expect((await history('abc')).json().errors).toEqual([{ path: 'id', message: 'Asset is not valid' }]);
  });
});
