import { describeActivity } from '@amp/contracts/activity';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { activities, roles } from '../../db/schema/index.js';
import { createRole, createUser, systemRole, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let mroAdmin: TestUser;
let ownerAdmin: TestUser;

async function tableCounts(db: Db) {
  return {
    roles: (await db.select({ value: count() }).from(roles))[0]!.value,
    activities: (await db.select({ value: count() }).from(activities))[0]!.value,
  };
}

async function roleRow(id: string) {
  const [row] = await t.db.select().from(roles).where(eq(roles.id, id));
  return row!;
}

const createRoleCall = (body: object, headers: { authorization: string } | null = mroAdmin.headers) =>
  t.app.inject({ method: 'POST', url: '/v2/role/create', headers: headers ?? undefined, payload: body });

beforeAll(async () => {
  t = await createTestApp();
  mroAdmin = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
  ownerAdmin = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
});
afterAll(async () => {
  await t.close();
});

describe('POST /v2/role/create', () => {
  it('creates a custom role from permissions the caller holds, in catalogue order', async () => {
    const res = await createRoleCall({ name: 'Field Lead', permissions: ['viewIncomingWO', 'viewIncomingSR', 'viewIncomingSR'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      _id: expect.any(String),
      name: 'Field Lead',
      permission: ['viewIncomingSR', 'viewIncomingWO'],
      system: false,
      userCount: 0,
      createdAt: expect.any(String),
    });
    const row = await roleRow(res.json().data._id);
    expect(row).toMatchObject({ organisationId: mroAdmin.organisationId, createdBy: mroAdmin.id, systemKey: null });
    const logged = await t.db.select().from(activities).where(eq(activities.subjectId, row.id));
    expect(logged.map((a) => describeActivity(a.action, a.params))).toEqual(['Created the role Field Lead']);
  });

  it('lets a provider admin give the narrower "assigned to me" permission (the Technician case)', async () => {
    const res = await createRoleCall({ name: 'Junior Technician', permissions: ['viewTechAssignedAsset', 'viewIncomingSR'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.permission).toEqual(['viewTechAssignedAsset', 'viewIncomingSR']);
  });

  it('refuses a permission the caller lacks, a taken name and bad input with 400, writing nothing', async () => {
    await createRoleCall({ name: 'Dispatch', permissions: ['viewIncomingSR'] });
    const before = await tableCounts(t.db);
    const escalate = await createRoleCall({ name: 'Sneaky', permissions: ['viewIncomingSR', 'manageUserRegistration'] });
    expect(escalate.statusCode).toBe(400);
    expect(escalate.json().errors).toEqual([{ path: 'permissions', message: 'You cannot grant permissions you do not hold' }]);
    for (const name of ['DISPATCH', 'technician']) {
      const taken = await createRoleCall({ name, permissions: ['viewIncomingSR'] });
      expect(taken.statusCode).toBe(400);
      expect(taken.json().errors).toEqual([{ path: 'name', message: 'A role with this name already exists' }]);
    }
    const bad = await createRoleCall({ name: 'ab', permissions: [] });
    expect(bad.json().errors).toEqual([
      { path: 'name', message: 'Role name should have at least 3 characters' },
      { path: 'permissions', message: 'Permissions is required' },
    ]);
    const unknown = await createRoleCall({ name: 'Unknown', permissions: ['launchRockets'] });
    expect(unknown.json().errors).toEqual([{ path: 'permissions.0', message: 'Permission is not valid' }]);
    expect(await tableCounts(t.db)).toEqual(before);
    // Another organisation may use the same name.
    expect((await createRoleCall({ name: 'Dispatch', permissions: ['viewAsset'] }, ownerAdmin.headers)).statusCode).toBe(201);
  });

  it('answers 401 without a session and 403 without viewUserRoles', async () => {
    expect((await createRoleCall({ name: 'Nope', permissions: ['viewIncomingSR'] }, null)).statusCode).toBe(401);
    const manager = await createUser(t.db, { organisationId: mroAdmin.organisationId, permissions: ['manageUser', 'createUser'] });
    expect((await createRoleCall({ name: 'Nope', permissions: ['manageUser'] }, manager.headers)).statusCode).toBe(403);
  });
});

describe('GET /v2/role/createdBy', () => {
  it("lists the organisation's custom roles with their user counts, searchable and paged", async () => {
    const admin = await createUser(t.db, { kind: 'imo', roleKey: 'imo' });
    const a = await createRole(t.db, admin.organisationId, ['viewIncomingSR'], 'Alpha Crew');
    await createRole(t.db, admin.organisationId, ['viewIncomingWO'], 'Beta Crew');
    await createRole(t.db, mroAdmin.organisationId, ['viewIncomingWO'], 'Gamma Crew');
    await createUser(t.db, { organisationId: admin.organisationId, roleId: a.id });
    await createUser(t.db, { organisationId: admin.organisationId, roleId: a.id });
    const res = await t.app.inject({ url: '/v2/role/createdBy', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, pageSize: 20, total: 2, pageCount: 1 });
    expect(res.json().data.map((r: { name: string; userCount: number }) => [r.name, r.userCount])).toEqual([
      ['Alpha Crew', 2],
      ['Beta Crew', 0],
    ]);
    const desc = await t.app.inject({ url: '/v2/role/createdBy?sort=name&order=desc&pageSize=1', headers: admin.headers });
    expect(desc.json()).toMatchObject({ data: [{ name: 'Beta Crew' }], meta: { total: 2, pageCount: 2 } });
    const search = await t.app.inject({ url: '/v2/role/createdBy?search=alpha', headers: admin.headers });
    expect(search.json().data.map((r: { _id: string }) => r._id)).toEqual([a.id]);
  });

  it('answers 401, 403 and 400 for a sort outside the whitelist', async () => {
    expect((await t.app.inject({ url: '/v2/role/createdBy' })).statusCode).toBe(401);
    const viewer = await createUser(t.db, { permissions: ['viewAsset'] });
    expect((await t.app.inject({ url: '/v2/role/createdBy', headers: viewer.headers })).statusCode).toBe(403);
    const bad = await t.app.inject({ url: '/v2/role/createdBy?sort=permissions', headers: mroAdmin.headers });
    expect(bad.json().errors).toEqual([{ path: 'sort', message: 'Sort is not valid' }]);
  });
});

describe('GET /v2/role/assign', () => {
  it('offers the system roles of the kind and the custom roles, each within the caller’s permissions', async () => {
    const admin = await createUser(t.db, { kind: 'mro', roleKey: 'mro' });
    const crew = await createRole(t.db, admin.organisationId, ['viewIncomingSR'], 'Crew');
    const bigger = await createRole(t.db, admin.organisationId, ['manageUserRegistration'], 'Too Big');
    await createRole(t.db, ownerAdmin.organisationId, ['viewAsset'], 'Elsewhere');
    const res = await t.app.inject({ url: '/v2/role/assign', headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const mro = await systemRole(t.db, 'mro');
    const technician = await systemRole(t.db, 'technician');
    expect(res.json().data).toEqual([
      { _id: mro.id, name: 'MRO', system: true },
      { _id: technician.id, name: 'Technician', system: true },
      { _id: crew.id, name: 'Crew', system: false },
    ]);
    expect(res.json().data.some((r: { _id: string }) => r._id === bigger.id)).toBe(false);
    // A staff member who may add users sees only roles within their own permissions.
    const hr = await createUser(t.db, { organisationId: admin.organisationId, permissions: ['createUser', 'viewIncomingSR'] });
    const limited = await t.app.inject({ url: '/v2/role/assign', headers: hr.headers });
    expect(limited.json().data.map((r: { name: string }) => r.name)).toEqual(['Crew', expect.stringMatching(/^Role /)]);
  });

  it('answers 401 and 403 without createUser or manageUser', async () => {
    expect((await t.app.inject({ url: '/v2/role/assign' })).statusCode).toBe(401);
    const roleAdmin = await createUser(t.db, { permissions: ['viewUserRoles'] });
    expect((await t.app.inject({ url: '/v2/role/assign', headers: roleAdmin.headers })).statusCode).toBe(403);
  });
});

describe('GET and POST /v2/role/permission/:id', () => {
  it('reads a custom role and the system roles of one’s kind, counting only one’s own users', async () => {
    const admin = await createUser(t.db, { kind: 'mro', roleKey: 'mro' });
    await createUser(t.db, { organisationId: admin.organisationId, roleKey: 'technician' });
    await createUser(t.db, { kind: 'mro', roleKey: 'technician' });
    const technician = await systemRole(t.db, 'technician');
    const res = await t.app.inject({ url: `/v2/role/permission/${technician.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: technician.id, name: 'Technician', system: true, userCount: 1 });
    expect(res.json().data.permission).toContain('viewTechAssignedAsset');
    const crew = await createRole(t.db, admin.organisationId, ['viewIncomingSR'], 'Crew');
    expect((await t.app.inject({ url: `/v2/role/permission/${crew.id}`, headers: admin.headers })).json().data.name).toBe('Crew');
  });

  it('answers 404 for another organisation’s role or another kind’s system role, 401 and 403', async () => {
    const elsewhere = await createRole(t.db, ownerAdmin.organisationId, ['viewAsset']);
    const supplier = await systemRole(t.db, 'supplier');
    for (const id of [elsewhere.id, supplier.id, crypto.randomUUID()]) {
      const res = await t.app.inject({ url: `/v2/role/permission/${id}`, headers: mroAdmin.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('The requested role is not found');
    }
    expect((await t.app.inject({ url: `/v2/role/permission/${elsewhere.id}` })).statusCode).toBe(401);
    const viewer = await createUser(t.db, { organisationId: ownerAdmin.organisationId, permissions: ['viewAsset'] });
    expect((await t.app.inject({ url: `/v2/role/permission/${elsewhere.id}`, headers: viewer.headers })).statusCode).toBe(403);
  });

  it('changes a custom role’s permissions within the caller’s own', async () => {
    const crew = await createRole(t.db, mroAdmin.organisationId, ['viewIncomingSR'], 'Night Crew');
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/role/permission/${crew.id}`,
      headers: mroAdmin.headers,
      payload: { id: crew.id, permissions: ['viewIncomingWO', 'viewIncomingSR'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: crew.id, permission: ['viewIncomingSR', 'viewIncomingWO'], system: false });
    expect((await roleRow(crew.id)).permissions).toEqual(['viewIncomingSR', 'viewIncomingWO']);
  });

  it('refuses system roles (403), escalation and bad input (400), other organisations (404), writing nothing', async () => {
    const crew = await createRole(t.db, mroAdmin.organisationId, ['viewIncomingSR'], 'Day Crew');
    const elsewhere = await createRole(t.db, ownerAdmin.organisationId, ['viewAsset']);
    const technician = await systemRole(t.db, 'technician');
    const viewer = await createUser(t.db, { organisationId: mroAdmin.organisationId, permissions: ['viewIncomingSR'] });
    const roleAdmin = await createUser(t.db, { organisationId: mroAdmin.organisationId, permissions: ['viewUserRoles', 'viewIncomingSR'] });
    const bigger = await createRole(t.db, mroAdmin.organisationId, ['viewIncomingSR', 'viewIncomingWO'], 'Bigger Crew');
    const before = await tableCounts(t.db);
    const post = (id: string, payload: object, headers: { authorization: string } | null = mroAdmin.headers) =>
      t.app.inject({ method: 'POST', url: `/v2/role/permission/${id}`, headers: headers ?? undefined, payload });
    const system = await post(technician.id, { permissions: ['viewIncomingSR'] });
    expect(system.statusCode).toBe(403);
    expect(system.json().message).toBe('System roles cannot be changed');
    const escalate = await post(crew.id, { permissions: ['viewIncomingSR', 'manageUserRegistration'] });
    expect(escalate.statusCode).toBe(400);
    expect(escalate.json().errors).toEqual([{ path: 'permissions', message: 'You cannot grant permissions you do not hold' }]);
    expect((await post(crew.id, { permissions: [] })).json().errors).toEqual([{ path: 'permissions', message: 'Permissions is required' }]);
    expect((await post(crew.id, { id: elsewhere.id, permissions: ['viewIncomingSR'] })).json().errors).toEqual([
      { path: 'id', message: 'Role is not valid' },
    ]);
    expect((await post(elsewhere.id, { permissions: ['viewAsset'] })).statusCode).toBe(404);
    // A manager with viewUserRoles cannot trim a role that holds more than they do.
    expect((await post(bigger.id, { permissions: ['viewIncomingSR'] }, roleAdmin.headers)).statusCode).toBe(403);
    expect((await roleRow(bigger.id)).permissions).toEqual(['viewIncomingSR', 'viewIncomingWO']);
    expect((await post(crew.id, { permissions: ['viewIncomingSR'] }, null)).statusCode).toBe(401);
    expect((await post(crew.id, { permissions: ['viewIncomingSR'] }, viewer.headers)).statusCode).toBe(403);
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await roleRow(crew.id)).permissions).toEqual(['viewIncomingSR']);
    expect((await roleRow(technician.id)).permissions).not.toEqual(['viewIncomingSR']);
  });
});
