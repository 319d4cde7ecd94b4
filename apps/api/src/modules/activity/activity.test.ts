import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../db/schema/index.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;

/** `n` activities of `user`, the i-th one i minutes after an hour ago. */
async function addActivities(user: TestUser, n: number) {
  for (let i = 0; i < n; i++) {
    await t.db.insert(activities).values({
      organisationId: user.organisationId,
      userId: user.id,
      // A sentence kept from before message keys reads as it was written.
      action: 'legacy',
      params: { text: `Step ${i + 1}` },
      createdAt: sql`now() - interval '1 hour' + make_interval(mins => ${i})`,
    });
  }
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner' });
  staff = await createUser(t.db, { organisationId: admin.organisationId, permissions: ['viewAsset'] });
  await addActivities(staff, 3);
});
afterAll(async () => {
  await t.close();
});

describe('GET /v2/activities/:userId', () => {
  it('answers one’s own activities newest first, paged, as { _id, createdAt, description }', async () => {
    const res = await t.app.inject({ url: `/v2/activities/${staff.id}`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(data.map((a: { description: string }) => a.description)).toEqual(['Step 3', 'Step 2', 'Step 1']);
    expect(Object.keys(data[0]).sort()).toEqual(['_id', 'createdAt', 'description']);
    expect(meta).toEqual({ page: 1, pageSize: 20, total: 3, pageCount: 1 });
    const page2 = (await t.app.inject({ url: `/v2/activities/${staff.id}?pageSize=2&page=2`, headers: staff.headers })).json();
    expect(page2.data.map((a: { description: string }) => a.description)).toEqual(['Step 1']);
    expect(page2.meta).toEqual({ page: 2, pageSize: 2, total: 3, pageCount: 2 });
  });

  it('shows a colleague’s activities only with manageUser (403 otherwise)', async () => {
    const res = await t.app.inject({ url: `/v2/activities/${staff.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.total).toBe(3);
    const denied = await t.app.inject({ url: `/v2/activities/${admin.id}`, headers: staff.headers });
    expect(denied.statusCode).toBe(403);
  });

  it('leaves out signing in and out with ?exclude=session, in the page and in the total', async () => {
    const user = await createUser(t.db, { organisationId: admin.organisationId, permissions: ['viewAsset'] });
    const actions = ['account.login', 'asset.created', 'account.logout', 'account.login', 'cluster.created'] as const;
    const ids: string[] = [];
    for (const [i, action] of actions.entries()) {
      const [row] = await t.db
        .insert(activities)
        .values({
          organisationId: user.organisationId,
          userId: user.id,
          action,
          createdAt: sql`now() - interval '1 hour' + make_interval(mins => ${i})`,
        })
        .returning({ id: activities.id });
      ids.push(row!.id);
    }
    const all = (await t.app.inject({ url: `/v2/activities/${user.id}`, headers: user.headers })).json();
    expect(all.meta.total).toBe(5);
    const res = await t.app.inject({ url: `/v2/activities/${user.id}?exclude=session&pageSize=1`, headers: user.headers });
    expect(res.statusCode).toBe(200);
    // Newest first: the cluster, then (on page 2) the asset; no sign-in or sign-out.
    expect(res.json().data.map((a: { _id: string }) => a._id)).toEqual([ids[4]]);
    expect(res.json().meta).toEqual({ page: 1, pageSize: 1, total: 2, pageCount: 2 });
    const page2 = (
      await t.app.inject({ url: `/v2/activities/${user.id}?exclude=session&pageSize=1&page=2`, headers: user.headers })
    ).json();
    expect(page2.data.map((a: { _id: string }) => a._id)).toEqual([ids[1]]);
    const bad = await t.app.inject({ url: `/v2/activities/${user.id}?exclude=everything`, headers: user.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 for another organisation’s user, 401 without a session, 400 for a bad id or page size', async () => {
    const stranger = await createUser(t.db, { roleKey: 'asset_owner' });
    await addActivities(stranger, 1);
    const other = await t.app.inject({ url: `/v2/activities/${stranger.id}`, headers: admin.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('The requested user is not found');
    expect((await t.app.inject({ url: `/v2/activities/${staff.id}` })).statusCode).toBe(401);
    const badId = await t.app.inject({ url: '/v2/activities/nope', headers: admin.headers });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors).toEqual([{ path: 'userId', message: 'User is not valid' }]);
    expect((await t.app.inject({ url: `/v2/activities/${staff.id}?pageSize=101`, headers: staff.headers })).statusCode).toBe(400);
  });
});
