import { describeActivity } from '@amp/contracts/activity';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, files, notifications, organisations, slas, slaTargets } from '../../db/schema/index.js';
import {
  createAsset,
  createCategory,
  createCluster,
  createFile,
  createOrganisation,
  createSla,
  createUser,
  type TestUser,
} from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let owner: TestUser;
let otherOwner: TestUser;
let viewer: TestUser;
let ownerClerk: TestUser;
let mro: TestUser;
let mroTech: TestUser;
let imo: TestUser;
let pendingProviderId: string;
let supplierId: string;
let categoryId: string;

let clusterA: string;
let clusterB: string;
let assetInA: string;
let looseAsset: string;
let otherAsset: string;
let otherCluster: string;

type Headers = { authorization: string } | null;
type Method = 'GET' | 'POST' | 'PUT';

const inject = (method: Method, url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers: headers ?? undefined, payload });

const createSlaCall = (payload: object, headers: Headers = owner.headers) => inject('POST', '/v2/sla/create/', headers, payload);
const updateSla = (id: string, payload: object, headers: Headers = owner.headers) =>
  inject('PUT', `/v2/sla/update/${id}`, headers, payload);
const getSla = (id: string, headers: Headers = owner.headers) => inject('GET', `/v2/sla/${id}`, headers);
const listSlas = (query: string, headers: Headers = owner.headers) => inject('GET', `/v2/sla${query}`, headers);

async function counts() {
  return {
    slas: (await t.db.select({ value: count() }).from(slas))[0]!.value,
    targets: (await t.db.select({ value: count() }).from(slaTargets))[0]!.value,
    activities: (await t.db.select({ value: count() }).from(activities))[0]!.value,
  };
}

const missingId = '00000000-0000-4000-8000-000000000000';

function valid(overrides: object = {}) {
  return {
    title: 'Tower power maintenance',
    terms: 'Respond within 4 hours, resolve within 24.',
    providerId: mro.organisationId,
    assetIds: [looseAsset],
    clusterIds: [clusterA],
    responseHours: 4,
    resolutionHours: 24,
    ...overrides,
  };
}

/** A 400 whose field errors are exactly these messages, and nothing written. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json(): unknown; body: string }>,
  errors: { path: string; message: string }[],
) {
  const before = await counts();
  const res = await send();
  expect(res.statusCode, res.body).toBe(400);
  expect((res.json() as { errors: unknown }).errors).toEqual(errors);
  expect(await counts()).toEqual(before);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true, firstName: 'Ada' });
  otherOwner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  viewer = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewAsset'] });
  ownerClerk = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['viewSR'] });
  mro = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  mroTech = await createUser(t.db, { organisationId: mro.organisationId, roleKey: 'technician' });
  imo = await createUser(t.db, { kind: 'imo', roleKey: 'imo', isOrgAdmin: true });
  pendingProviderId = (await createOrganisation(t.db, { kind: 'mro', status: 'pending' })).id;
  supplierId = (await createOrganisation(t.db, { kind: 'supplier' })).id;
  categoryId = await createCategory(t.db, 'Power');

  clusterA = await createCluster(t, owner, { name: 'Lagos Mainland' });
  clusterB = await createCluster(t, owner, { name: 'Abuja Central' });
  assetInA = await createAsset(t, owner, { categoryId, name: 'Generator A1', clusterId: clusterA });
  looseAsset = await createAsset(t, owner, { categoryId, name: 'Inverter 7' });
  otherCluster = await createCluster(t, otherOwner, { name: 'Elsewhere' });
  otherAsset = await createAsset(t, otherOwner, { categoryId, name: 'Not yours' });
});
afterAll(async () => {
  await t.close();
});

describe('POST /v2/sla/create/', () => {
  it('creates an SLA over assets and clusters, with its provider, hours and an activity, in one go', async () => {
    const res = await createSlaCall(valid());
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toEqual({
      _id: expect.any(String),
      title: 'Tower power maintenance',
      terms: 'Respond within 4 hours, resolve within 24.',
      file: null,
      owner: { _id: owner.organisationId, name: expect.any(String) },
      provider: { _id: mro.organisationId, name: expect.any(String) },
      targets: {
        assets: [{ _id: looseAsset, assetID: expect.stringMatching(/^AS-/), name: 'Inverter 7' }],
        clusters: [{ _id: clusterA, clusterID: expect.stringMatching(/^CL-/), name: 'Lagos Mainland' }],
      },
      responseHours: 4,
      resolutionHours: 24,
      createdBy: { _id: owner.id, name: 'Ada User' },
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await t.db.select().from(slas).where(eq(slas.id, data._id));
    expect(row).toMatchObject({ organisationId: owner.organisationId, providerId: mro.organisationId, createdBy: owner.id, fileId: null });
    expect(await t.db.select().from(slaTargets).where(eq(slaTargets.slaId, data._id))).toHaveLength(2);
    const logged = (await t.db.select().from(activities).where(eq(activities.subjectId, data._id))).map((a) => ({
      ...a,
      description: describeActivity(a.action, a.params),
    }));
    expect(logged).toEqual([
      expect.objectContaining({
        action: 'sla.created',
        subjectType: 'sla',
        organisationId: owner.organisationId,
        userId: owner.id,
        description: expect.stringContaining('Created the SLA Tower power maintenance with'),
      }),
    ]);
  });

  it('takes an uploaded document as the supporting file and drops duplicate targets', async () => {
    const fileId = await createFile(t, owner);
    const res = await createSlaCall(valid({ file: fileId, assetIds: [looseAsset, looseAsset], clusterIds: [], terms: undefined }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.terms).toBeNull();
    expect(data.file).toMatchObject({ _id: fileId, url: expect.any(String), name: 'terms.pdf' });
    expect(data.targets).toEqual({ assets: [expect.objectContaining({ _id: looseAsset })], clusters: [] });
    const [row] = await t.db.select().from(slas).where(eq(slas.id, data._id));
    expect(row!.fileId).toBe(fileId);
    const [file] = await t.db.select().from(files).where(eq(files.id, fileId));
    expect(file).toMatchObject({ subjectType: 'sla', subjectId: data._id });
  });

  it('accepts an IMO as the provider and equal response and resolution hours', async () => {
    const res = await createSlaCall(valid({ providerId: imo.organisationId, responseHours: 8760, resolutionHours: 8760 }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('answers 401 without a session and 403 without manageAsset, writing nothing', async () => {
    const before = await counts();
    expect((await createSlaCall(valid(), null)).statusCode).toBe(401);
    expect((await createSlaCall(valid(), viewer.headers)).statusCode).toBe(403);
    expect((await createSlaCall(valid(), mro.headers)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('refuses a missing or short title and over-long terms with the catalogue messages', async () => {
    await expectRefused(() => createSlaCall(valid({ title: undefined })), [{ path: 'title', message: 'Title is required' }]);
    await expectRefused(
      () => createSlaCall(valid({ title: ' ab ' })),
      [{ path: 'title', message: 'Title should have at least 3 characters' }],
    );
    await expectRefused(
      () => createSlaCall(valid({ title: 'x'.repeat(151) })),
      [{ path: 'title', message: 'Title should have at most 150 characters' }],
    );
    await expectRefused(
      () => createSlaCall(valid({ terms: 'x'.repeat(10_001) })),
      [{ path: 'terms', message: 'Terms should have at most 10000 characters' }],
    );
  });

  it('refuses hours out of range, fractional or missing, and a resolution shorter than the response, beside the field', async () => {
    const range = (field: string) => `${field} must be a whole number of hours from 1 to 8760`;
    await expectRefused(() => createSlaCall(valid({ responseHours: 0 })), [{ path: 'responseHours', message: range('Response time') }]);
    await expectRefused(
      () => createSlaCall(valid({ resolutionHours: 8761 })),
      [{ path: 'resolutionHours', message: range('Resolution time') }],
    );
    await expectRefused(() => createSlaCall(valid({ responseHours: 1.5 })), [{ path: 'responseHours', message: range('Response time') }]);
    await expectRefused(() => createSlaCall(valid({ responseHours: '4' })), [{ path: 'responseHours', message: range('Response time') }]);
    await expectRefused(
      () => createSlaCall(valid({ responseHours: undefined })),
      [{ path: 'responseHours', message: 'Response time is required' }],
    );
    await expectRefused(
      () => createSlaCall(valid({ responseHours: 48, resolutionHours: 24 })),
      [{ path: 'resolutionHours', message: 'The resolution time cannot be shorter than the response time' }],
    );
  });

  it('refuses an SLA that covers nothing', async () => {
    const message = 'Choose at least one asset or cluster the SLA covers';
    await expectRefused(() => createSlaCall(valid({ assetIds: [], clusterIds: [] })), [{ path: 'assetIds', message }]);
    await expectRefused(() => createSlaCall(valid({ assetIds: undefined, clusterIds: undefined })), [{ path: 'assetIds', message }]);
  });

  it("refuses another owner's asset or cluster, and ids that do not exist, beside the list", async () => {
    const asset = { path: 'assetIds', message: 'Some of the chosen assets are not among your assets' };
    const cluster = { path: 'clusterIds', message: 'Some of the chosen clusters are not among your clusters' };
    await expectRefused(() => createSlaCall(valid({ assetIds: [looseAsset, otherAsset] })), [asset]);
    await expectRefused(() => createSlaCall(valid({ assetIds: [missingId] })), [asset]);
    await expectRefused(() => createSlaCall(valid({ clusterIds: [otherCluster] })), [cluster]);
    await expectRefused(() => createSlaCall(valid({ assetIds: ['not-a-uuid'] })), [{ path: 'assetIds.0', message: 'Asset is not valid' }]);
  });

  it('refuses a provider that is not an approved service provider', async () => {
    const refused = [{ path: 'providerId', message: 'Choose an approved service provider' }];
    for (const providerId of [pendingProviderId, supplierId, otherOwner.organisationId, missingId]) {
      await expectRefused(() => createSlaCall(valid({ providerId })), refused);
    }
    await expectRefused(() => createSlaCall(valid({ providerId: undefined })), [{ path: 'providerId', message: 'Provider is required' }]);
  });

  it('refuses a file id that is not an uploaded file of the owner', async () => {
    const othersFile = await createFile(t, otherOwner);
    for (const file of [missingId, othersFile]) {
      const before = await counts();
      const res = await createSlaCall(valid({ file }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'file', message: expect.any(String) }]);
      expect(await counts()).toEqual(before);
    }
    await expectRefused(() => createSlaCall(valid({ file: 'nope' })), [{ path: 'file', message: 'Supporting file is not valid' }]);
  });
});

describe('GET /v2/sla/:id', () => {
  let id: string;
  beforeAll(async () => {
    id = await createSla(t, owner, valid({ title: 'Visible to two' }));
  });

  it('shows the SLA to the owner, also to staff who may only view assets', async () => {
    const res = await getSla(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, title: 'Visible to two', provider: { _id: mro.organisationId } });
    expect((await getSla(id, viewer.headers)).statusCode).toBe(200);
  });

  it('shows the SLA to the provider organisation it binds, its technicians included', async () => {
    const res = await getSla(id, mro.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: id, owner: { _id: owner.organisationId }, targets: { clusters: [{ _id: clusterA }] } });
    expect((await getSla(id, mroTech.headers)).statusCode).toBe(200);
  });

  it('answers 404 to another owner, an unrelated provider and owner staff without asset permissions', async () => {
    for (const user of [otherOwner, imo, ownerClerk]) {
      const res = await getSla(id, user.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('The requested SLA is not found');
    }
    expect((await getSla(missingId)).statusCode).toBe(404);
  });

  it('answers 401 without a session and 400 for an id that is not one', async () => {
    expect((await getSla(id, null)).statusCode).toBe(401);
    expect((await getSla('nope')).statusCode).toBe(400);
  });
});

describe('PUT /v2/sla/update/:_id', () => {
  let id: string;
  beforeAll(async () => {
    id = await createSla(t, owner, valid({ title: 'To be edited', responseHours: 2, resolutionHours: 10 }));
  });

  it('changes only the fields given and records an activity', async () => {
    const res = await updateSla(id, { title: 'Edited title', responseHours: 6 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      title: 'Edited title',
      terms: 'Respond within 4 hours, resolve within 24.',
      responseHours: 6,
      resolutionHours: 10,
      targets: { assets: [{ _id: looseAsset }], clusters: [{ _id: clusterA }] },
    });
    const logged = await t.db.select().from(activities).where(eq(activities.subjectId, id));
    expect(logged.map((a) => a.action).sort()).toEqual(['sla.created', 'sla.updated']);
  });

  it('replaces the targets of each kind given, changes the provider and clears the terms', async () => {
    const res = await updateSla(id, { assetIds: [assetInA], clusterIds: [clusterB], providerId: imo.organisationId, terms: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      terms: null,
      provider: { _id: imo.organisationId },
      targets: { assets: [{ _id: assetInA }], clusters: [{ _id: clusterB }] },
    });
    const only = await updateSla(id, { clusterIds: [] });
    expect(only.json().data.targets).toEqual({ assets: [expect.objectContaining({ _id: assetInA })], clusters: [] });
    // The former provider no longer sees it; the new one does.
    expect((await getSla(id, mro.headers)).statusCode).toBe(404);
    expect((await getSla(id, imo.headers)).statusCode).toBe(200);
  });

  it('attaches, replaces and removes the supporting file', async () => {
    const first = await createFile(t, owner, { name: 'first.pdf' });
    const second = await createFile(t, owner, { name: 'second.pdf' });
    expect((await updateSla(id, { file: first })).json().data.file).toMatchObject({ _id: first, name: 'first.pdf' });
    expect((await updateSla(id, { file: second })).json().data.file).toMatchObject({ _id: second, name: 'second.pdf' });
    // The replaced file is no longer anyone's: it is deleted.
    expect(await t.db.select().from(files).where(eq(files.id, first))).toEqual([]);
    const removed = await updateSla(id, { file: null });
    expect(removed.json().data.file).toBeNull();
    const [row] = await t.db.select().from(slas).where(eq(slas.id, id));
    expect(row!.fileId).toBeNull();
  });

  it('checks one hour field against the stored other, and refuses leaving the SLA with no target, writing nothing', async () => {
    await expectRefused(
      () => updateSla(id, { resolutionHours: 1 }),
      [{ path: 'resolutionHours', message: 'The resolution time cannot be shorter than the response time' }],
    );
    await expectRefused(
      () => updateSla(id, { responseHours: 5000 }),
      [{ path: 'resolutionHours', message: 'The resolution time cannot be shorter than the response time' }],
    );
    const message = 'Choose at least one asset or cluster the SLA covers';
    await expectRefused(() => updateSla(id, { assetIds: [], clusterIds: [] }), [{ path: 'assetIds', message }]);
    // Only the asset list given: the API counts what is left (no clusters by now).
    await expectRefused(() => updateSla(id, { assetIds: [] }), [{ path: 'assetIds', message }]);
    await expectRefused(
      () => updateSla(id, { clusterIds: [otherCluster] }),
      [{ path: 'clusterIds', message: 'Some of the chosen clusters are not among your clusters' }],
    );
    await expectRefused(
      () => updateSla(id, { providerId: supplierId }),
      [{ path: 'providerId', message: 'Choose an approved service provider' }],
    );
    await expectRefused(() => updateSla(id, { title: 'ab' }), [{ path: 'title', message: 'Title should have at least 3 characters' }]);
    const [row] = await t.db.select().from(slas).where(eq(slas.id, id));
    expect(row!.title).toBe('Edited title');
  });

  it('answers 404 to another owner and to the provider, 403 without manageAsset and 401 without a session', async () => {
    const before = await counts();
    expect((await updateSla(id, { title: 'Hijacked' }, otherOwner.headers)).statusCode).toBe(404);
    expect((await updateSla(missingId, { title: 'Nothing' })).statusCode).toBe(404);
    expect((await updateSla(id, { title: 'Hijacked' }, imo.headers)).statusCode).toBe(403);
    expect((await updateSla(id, { title: 'Hijacked' }, viewer.headers)).statusCode).toBe(403);
    expect((await updateSla(id, { title: 'Hijacked' }, null)).statusCode).toBe(401);
    expect(await counts()).toEqual(before);
  });
});

describe('GET /v2/sla and GET /v2/sla/provided', () => {
  let lister: TestUser;
  let provider: TestUser;
  const ids: Record<string, string> = {};
  let asset1: string;
  let asset2: string;
  let clusterX: string;
  let assetInX: string;

  beforeAll(async () => {
    lister = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
    provider = await createUser(t.db, { kind: 'external_technician', roleKey: 'external_technician', isOrgAdmin: true });
    clusterX = await createCluster(t, lister, { name: 'Cluster X' });
    assetInX = await createAsset(t, lister, { categoryId, name: 'Pump in X', clusterId: clusterX });
    asset1 = await createAsset(t, lister, { categoryId, name: 'Pump 1' });
    asset2 = await createAsset(t, lister, { categoryId, name: 'Pump 2' });
    const make = async (title: string, overrides: object) =>
      (ids[title] = await createSla(t, lister, {
        title,
        providerId: mro.organisationId,
        responseHours: 4,
        resolutionHours: 24,
        ...overrides,
      }));
    await make('Alpha cover', { assetIds: [asset1], responseHours: 1, resolutionHours: 100 });
    await make('Bravo cluster cover', { clusterIds: [clusterX], responseHours: 8, resolutionHours: 8 });
    await make('Charlie cover', { assetIds: [asset2], providerId: provider.organisationId, responseHours: 2, resolutionHours: 50 });
    await make('Delta direct', { assetIds: [assetInX, asset2], responseHours: 3, resolutionHours: 30 });
  });

  const titles = (res: { json(): { data: { title: string }[] } }) => res.json().data.map((s) => s.title);

  it("lists only the owner's SLAs, newest first, with counts and the page meta", async () => {
    const res = await listSlas('', lister.headers);
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['Delta direct', 'Charlie cover', 'Bravo cluster cover', 'Alpha cover']);
    expect(res.json().meta).toEqual({ page: 1, pageSize: 20, total: 4, pageCount: 1 });
    expect(res.json().data[0]).toEqual({
      _id: ids['Delta direct'],
      title: 'Delta direct',
      owner: { _id: lister.organisationId, name: expect.any(String) },
      provider: { _id: mro.organisationId, name: expect.any(String) },
      responseHours: 3,
      resolutionHours: 30,
      assetCount: 2,
      clusterCount: 0,
      hasFile: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('searches the title and filters by provider and by cluster', async () => {
    expect(titles(await listSlas('?search=COVER', lister.headers))).toEqual(['Charlie cover', 'Bravo cluster cover', 'Alpha cover']);
    expect(titles(await listSlas('?search=100%25', lister.headers))).toEqual([]);
    expect(titles(await listSlas(`?providerId=${provider.organisationId}`, lister.headers))).toEqual(['Charlie cover']);
    expect(titles(await listSlas(`?clusterId=${clusterX}`, lister.headers))).toEqual(['Bravo cluster cover']);
  });

  it('finds the SLAs covering an asset directly or through its cluster', async () => {
    expect(titles(await listSlas(`?assetId=${assetInX}&sort=title`, lister.headers))).toEqual(['Bravo cluster cover', 'Delta direct']);
    expect(titles(await listSlas(`?assetId=${asset2}&sort=title`, lister.headers))).toEqual(['Charlie cover', 'Delta direct']);
    expect(titles(await listSlas(`?assetId=${asset1}`, lister.headers))).toEqual(['Alpha cover']);
  });

  it('sorts by the whitelisted columns and pages with pageCount = ceil(total / pageSize)', async () => {
    expect(titles(await listSlas('?sort=responseHours', lister.headers))).toEqual([
      'Alpha cover',
      'Charlie cover',
      'Delta direct',
      'Bravo cluster cover',
    ]);
    expect(titles(await listSlas('?sort=resolutionHours&order=desc', lister.headers))).toEqual([
      'Alpha cover',
      'Charlie cover',
      'Delta direct',
      'Bravo cluster cover',
    ]);
    expect(titles(await listSlas('?sort=title&order=desc', lister.headers))[0]).toBe('Delta direct');
    const page2 = await listSlas('?sort=title&pageSize=3&page=2', lister.headers);
    expect(titles(page2)).toEqual(['Delta direct']);
    expect(page2.json().meta).toEqual({ page: 2, pageSize: 3, total: 4, pageCount: 2 });
    const bad = await listSlas('?sort=terms', lister.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'sort', message: 'Sort is not valid' }]);
  });

  it('answers 401 without a session and 403 without manageAsset', async () => {
    expect((await listSlas('', null)).statusCode).toBe(401);
    expect((await listSlas('', viewer.headers)).statusCode).toBe(403);
    expect((await listSlas('', mro.headers)).statusCode).toBe(403);
  });

  it('lists to a provider the SLAs it provides, filterable by owner', async () => {
    const res = await inject('GET', `/v2/sla/provided?ownerId=${lister.organisationId}&sort=title`, mro.headers);
    expect(res.statusCode).toBe(200);
    expect(titles(res)).toEqual(['Alpha cover', 'Bravo cluster cover', 'Delta direct']);
    const other = await inject('GET', '/v2/sla/provided', provider.headers);
    expect(titles(other)).toEqual(['Charlie cover']);
    expect(other.json().meta).toEqual({ page: 1, pageSize: 20, total: 1, pageCount: 1 });
    const stranger = await createUser(t.db, { kind: 'mro', roleKey: 'mro' });
    expect((await inject('GET', '/v2/sla/provided', stranger.headers)).json().data).toEqual([]);
    expect((await inject('GET', '/v2/sla/provided', owner.headers)).statusCode).toBe(403);
    expect((await inject('GET', '/v2/sla/provided', null)).statusCode).toBe(401);
  });
});

describe('notifications', () => {
  const notified = async (event: 'sla.created' | 'sla.updated', title: string) =>
    (await t.db.select().from(notifications).where(eq(notifications.event, event)))
      .filter((row) => row.params.title === title)
      .map((row) => ({ recipientId: row.recipientId, params: row.params, path: row.path }));
  const orgName = async (id: string) => (await t.db.select().from(organisations).where(eq(organisations.id, id)))[0]!.name;

  it('tell the provider’s admins of an SLA made with it or changed, and a new provider as of one made with it', async () => {
    const dispatcher = await createUser(t.db, { organisationId: mro.organisationId, permissions: ['viewOrganizationAssignedAsset'] });
    const ownerName = await orgName(owner.organisationId);
    const id = await createSla(t, owner, valid({ title: 'Notice cover' }));
    // The MRO's admin and its dispatcher; not its technician, not the owner's staff.
    const created = await notified('sla.created', 'Notice cover');
    expect(created.map((r) => r.recipientId).sort()).toEqual([mro.id, dispatcher.id].sort());
    for (const row of created) expect(row).toMatchObject({ params: { owner: ownerName, title: 'Notice cover' }, path: '/asset/assigned' });

    expect((await updateSla(id, { title: 'Notice cover 2', responseHours: 2 })).statusCode).toBe(200);
    const updated = await notified('sla.updated', 'Notice cover 2');
    expect(updated.map((r) => r.recipientId).sort()).toEqual([mro.id, dispatcher.id].sort());
    expect(updated[0]).toMatchObject({ params: { owner: ownerName, title: 'Notice cover 2' }, path: '/asset/assigned' });

    expect((await updateSla(id, { providerId: imo.organisationId })).statusCode).toBe(200);
    expect(await notified('sla.created', 'Notice cover 2')).toEqual([
      { recipientId: imo.id, params: { owner: ownerName, title: 'Notice cover 2' }, path: '/asset/assigned' },
    ]);
  });

  it('leave none behind when the change is refused', async () => {
    const id = await createSla(t, owner, valid({ title: 'Notice refused' }));
    const before = (await t.db.select({ value: count() }).from(notifications))[0]!.value;
    // Emptying every target is refused inside the write, after the SLA row was changed.
    const refused = await updateSla(id, { title: 'Notice refused 2', assetIds: [], clusterIds: [] });
    expect(refused.statusCode).toBe(400);
    expect((await t.db.select({ value: count() }).from(notifications))[0]!.value).toBe(before);
    expect(await notified('sla.updated', 'Notice refused 2')).toEqual([]);
  });
});
