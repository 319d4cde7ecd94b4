import { describeActivity } from '@amp/contracts/activity';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { activities, categories } from '../../db/schema/index.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let superAdmin: TestUser;

async function tableCounts(db: Db) {
  return {
    categories: (await db.select({ value: count() }).from(categories))[0]!.value,
    activities: (await db.select({ value: count() }).from(activities))[0]!.value,
  };
}

const post = (url: string, payload: object, headers: { authorization: string } | null = superAdmin.headers) =>
  t.app.inject({ method: 'POST', url, headers: headers ?? undefined, payload });

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await createUser(t.db, { kind: 'platform', roleKey: 'super_admin' });
});
afterAll(async () => {
  await t.close();
});

describe('GET /v2/category', () => {
  it('lists categories by name with their sub-categories, without a session', async () => {
    await post('/v2/category/create', { name: 'Vehicles & Fleet', subCategories: ['Truck', 'Forklift'] });
    await post('/v2/category/create', { name: 'building & Facilities', subCategories: [] });
    const res = await t.app.inject({ url: '/v2/category' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { name: string; subCategories: { name: string }[] }[];
    expect(data.map((c) => c.name)).toEqual(['building & Facilities', 'Vehicles & Fleet']);
    expect(data[1]!.subCategories.map((s) => s.name)).toEqual(['Forklift', 'Truck']);
    expect(data[0]!.subCategories).toEqual([]);
  });
});

describe('POST /v2/category/create', () => {
  it('creates a category with its sub-categories', async () => {
    const res = await post('/v2/category/create', { name: '  Power & Energy ', subCategories: ['Solar System', 'Inverter'] });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toEqual({
      _id: expect.any(String),
      name: 'Power & Energy',
      subCategories: [
        { _id: expect.any(String), name: 'Solar System' },
        { _id: expect.any(String), name: 'Inverter' },
      ],
    });
    const children = await t.db.select().from(categories).where(eq(categories.parentId, created._id));
    expect(children).toHaveLength(2);
    const logged = await t.db.select().from(activities).where(eq(activities.subjectId, created._id));
    expect(logged.map((a) => describeActivity(a.action, a.params))).toEqual(['Created the category Power & Energy']);
  });

  it('refuses a taken name, repeated sub-categories and bad input with 400, writing nothing', async () => {
    await post('/v2/category/create', { name: 'Healthcare Equipment' });
    const before = await tableCounts(t.db);
    const taken = await post('/v2/category/create', { name: 'HEALTHCARE equipment' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ path: 'name', message: 'A category with this name already exists' }]);
    const repeated = await post('/v2/category/create', { name: 'Pumps', subCategories: ['Borehole', 'borehole'] });
    expect(repeated.json().errors).toEqual([{ path: 'subCategories.1', message: 'A sub-category with this name already exists' }]);
    const bad = await post('/v2/category/create', { name: 'a', subCategories: [''] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'name', message: 'Category name should have at least 2 characters' },
      { path: 'subCategories.0', message: 'Sub-category name is required' },
    ]);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('answers 401 without a session and 403 without createCategory', async () => {
    expect((await post('/v2/category/create', { name: 'Nope' }, null)).statusCode).toBe(401);
    const owner = await createUser(t.db, { roleKey: 'asset_owner' });
    const res = await post('/v2/category/create', { name: 'Nope' }, owner.headers);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /v2/category/:id/sub-category', () => {
  it('adds a sub-category to a category', async () => {
    const parent = (await post('/v2/category/create', { name: 'Industrial Machinery' })).json().data;
    const res = await post(`/v2/category/${parent._id}/sub-category`, { name: 'Compressor' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ _id: expect.any(String), name: 'Compressor', categoryId: parent._id });
    const list = (await t.app.inject({ url: '/v2/category' })).json().data as { _id: string; subCategories: { name: string }[] }[];
    expect(list.find((c) => c._id === parent._id)!.subCategories.map((s) => s.name)).toEqual(['Compressor']);
  });

  it('answers 404 for an unknown category or a sub-category, 400 for a taken name or bad input, writing nothing', async () => {
    const parent = (await post('/v2/category/create', { name: 'Telecommunications', subCategories: ['Tower'] })).json().data;
    const before = await tableCounts(t.db);
    const unknown = await post(`/v2/category/${crypto.randomUUID()}/sub-category`, { name: 'Generator' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The requested category is not found');
    expect((await post(`/v2/category/${parent.subCategories[0]._id}/sub-category`, { name: 'Generator' })).statusCode).toBe(404);
    const taken = await post(`/v2/category/${parent._id}/sub-category`, { name: 'TOWER' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ path: 'name', message: 'A sub-category with this name already exists' }]);
    expect((await post(`/v2/category/${parent._id}/sub-category`, {})).json().errors).toEqual([
      { path: 'name', message: 'Sub-category name is required' },
    ]);
    expect((await post('/v2/category/nope/sub-category', { name: 'Generator' })).json().errors).toEqual([
      { path: 'id', message: 'Category is not valid' },
    ]);
    expect((await post(`/v2/category/${parent._id}/sub-category`, { name: 'Generator' }, null)).statusCode).toBe(401);
    const owner = await createUser(t.db, { roleKey: 'asset_owner' });
    expect((await post(`/v2/category/${parent._id}/sub-category`, { name: 'Generator' }, owner.headers)).statusCode).toBe(403);
    expect(await tableCounts(t.db)).toEqual(before);
  });
});
