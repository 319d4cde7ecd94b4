import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignToProvider,
  createAsset,
  createCategory,
  createFile,
  createOrganisation,
  createUser,
  type TestUser,
  viewerOf,
} from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { visibleIds } from './visibility.js';

let t: TestApp;
let owner: TestUser;
let mroAdmin: TestUser;
let mroUserManager: TestUser;
let ownerClerk: TestUser;
let assetId: string;
let photoId: string;
let draftId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  ownerClerk = await createUser(t.db, { organisationId: owner.organisationId, permissions: ['manageUser'] });
  const mro = await createOrganisation(t.db, { kind: 'mro' });
  mroAdmin = await createUser(t.db, { organisationId: mro.id, roleKey: 'mro', isOrgAdmin: true });
  mroUserManager = await createUser(t.db, { organisationId: mro.id, permissions: ['manageUser'] });
  const categoryId = await createCategory(t.db);
  photoId = await createFile(t, owner, { type: 'png' });
  assetId = await createAsset(t, owner, { categoryId, photos: [photoId] });
  await assignToProvider(t, owner, { providerId: mro.id, assetIds: [assetId] });
  draftId = await createFile(t, owner, { type: 'pdf' });
});

afterAll(() => t.close());

const download = (id: string, user: TestUser) => t.app.inject({ method: 'GET', url: `/v2/file/${id}`, headers: user.headers });

describe('one access rule', () => {
  it('lets a file be downloaded by exactly those who may open the record it belongs to', async () => {
    expect((await download(photoId, owner)).statusCode).toBe(200);
    expect((await download(photoId, mroAdmin)).statusCode).toBe(200);
    // Holding only manageUser opens neither the provider's assets nor their files.
    expect((await download(photoId, mroUserManager)).statusCode).toBe(404);
    expect((await download(photoId, ownerClerk)).statusCode).toBe(404);
  });

  it('shows an upload not yet attached only to the person who uploaded it', async () => {
    expect((await download(draftId, owner)).statusCode).toBe(200);
    expect((await download(draftId, ownerClerk)).statusCode).toBe(404);
    expect((await download(draftId, mroAdmin)).statusCode).toBe(404);
  });

  it('answers which ids of a subject a principal sees', async () => {
    const as = (user: TestUser) => viewerOf(t.db, user);
    expect(await visibleIds(t.db, await as(mroAdmin), 'asset', [assetId])).toEqual(new Set([assetId]));
    expect(await visibleIds(t.db, await as(mroUserManager), 'asset', [assetId])).toEqual(new Set());
    expect(await visibleIds(t.db, await as(owner), 'file', [photoId, draftId])).toEqual(new Set([photoId, draftId]));
    expect(await visibleIds(t.db, await as(mroAdmin), 'file', [photoId, draftId])).toEqual(new Set([photoId]));
  });
});
