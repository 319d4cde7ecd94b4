import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createOrganisation, createRole, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { lastMonths } from './dashboard.service.js';

let t: TestApp;
let superAdmin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = await createUser(t.db, { kind: 'platform', roleKey: 'super_admin' });
});
afterAll(async () => {
  await t.close();
});

describe('lastMonths', () => {
  it('labels the twelve months up to the current one, across a year boundary', () => {
    const months = lastMonths(new Date('2026-01-31T23:59:59Z'));
    expect(months).toHaveLength(12);
    expect(months[0]).toMatchObject({ key: '2025-02', label: 'Feb 2025' });
    expect(months[10]).toMatchObject({ key: '2025-12', label: 'Dec 2025' });
    expect(months[11]).toMatchObject({ key: '2026-01', label: 'Jan 2026' });
    expect(months[0]!.start.toISOString()).toBe('2025-02-01T00:00:00.000Z');
  });
});

describe('GET /v2/dashboard-sa', () => {
  it('counts active organisations per kind, technicians, pending registrations and users per month', async () => {
    for (const kind of ['asset_owner', 'asset_owner', 'mro', 'imo', 'external_technician', 'supplier'] as const) {
      await createOrganisation(t.db, { kind });
    }
    await createOrganisation(t.db, { kind: 'asset_owner', status: 'pending' });
    await createOrganisation(t.db, { kind: 'supplier', status: 'pending' });
    await createOrganisation(t.db, { kind: 'mro', status: 'rejected' });
    const mro = await createOrganisation(t.db, { kind: 'mro' });
    await createUser(t.db, { organisationId: mro.id, roleKey: 'technician' });
    await createUser(t.db, { organisationId: mro.id, roleKey: 'technician' });
    await createUser(t.db, { organisationId: mro.id, roleKey: 'technician', status: 'inactive' });
    const fieldRole = await createRole(t.db, mro.id, ['viewTechAssignedAsset']);
    await createUser(t.db, { organisationId: mro.id, roleId: fieldRole.id });
    const old = await createUser(t.db, { organisationId: mro.id, roleKey: 'mro' });
    const ancient = await createUser(t.db, { organisationId: mro.id, roleKey: 'mro' });
    // Back-date two users: three months ago is counted, thirteen months ago is not.
    await t.db
      .update(users)
      .set({ createdAt: sql`date_trunc('month', now()) - interval '3 months' + interval '2 days'` })
      .where(eq(users.id, old.id));
    await t.db.update(users).set({ createdAt: sql`date_trunc('month', now()) - interval '13 months'` }).where(eq(users.id, ancient.id));

    const res = await t.app.inject({ url: '/v2/dashboard-sa', headers: superAdmin.headers });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    const now = new Date();
    const labels = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
      return `${d.toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })} ${d.getUTCFullYear()}`;
    });
    // super admin, three technicians, the custom one: five users this month; one three months ago.
    const userData = Array(12).fill(0);
    userData[11] = 5;
    userData[8] = 1;
    expect(data).toEqual({
      ao: 2,
      mro: 2,
      imo: 1,
      extTechnician: 1,
      technician: 2,
      supplier: 1,
      pending: 2,
      failedMail: 0,
      userData,
      categories: labels,
    });
  });

  it('answers 401 without a session and 403 without manageUserRegistration', async () => {
    expect((await t.app.inject({ url: '/v2/dashboard-sa' })).statusCode).toBe(401);
    const owner = await createUser(t.db, { roleKey: 'asset_owner' });
    expect((await t.app.inject({ url: '/v2/dashboard-sa', headers: owner.headers })).statusCode).toBe(403);
  });
});
