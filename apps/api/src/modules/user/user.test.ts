import { describeActivity } from '@amp/contracts/activity';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { activities, mailOutbox, oneTimeTokens, organisations, type roles, users } from '../../db/schema/index.js';
import { createOrganisation, createRole, createUser, systemRole, TEST_PASSWORD, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { extractResetLink, startSmtpCapture } from '../../test/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
/** An MRO with its admin; another organisation (an asset owner) with its own admin and staff. */
let mroAdmin: TestUser;
let ownerAdmin: TestUser;
let ownerStaff: TestUser;

async function tableCounts(db: Db) {
  const n = async (table: typeof users | typeof activities | typeof mailOutbox | typeof oneTimeTokens | typeof roles) =>
    (await db.select({ value: count() }).from(table))[0]!.value;
  return { users: await n(users), activities: await n(activities), mail: await n(mailOutbox), tokens: await n(oneTimeTokens) };
}

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: { authorization: string } | undefined, payload?: object) =>
  t.app.inject({ method, url, headers, payload });

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Tunde',
  lastName: 'Bakare',
  email: `staff-${Math.random().toString(36).slice(2, 10)}@example.com`,
  telephone: '08031111111',
  designation: 'Field Technician',
  ...overrides,
});

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  mroAdmin = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true, firstName: 'Musa' });
  ownerAdmin = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
  ownerStaff = await createUser(t.db, { organisationId: ownerAdmin.organisationId, roleKey: 'asset_owner' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('POST /v2/user/create/:userId', () => {
  it('adds an active user without a password and mails a set-password link', async () => {
    const technician = await systemRole(t.db, 'technician');
    const body = newUser({ roleId: technician.id, email: 'New.Tech@Example.com' });
    const res = await inject('POST', `/v2/user/create/${mroAdmin.id}`, mroAdmin.headers, body);
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      firstName: 'Tunde',
      lastName: 'Bakare',
      email: 'new.tech@example.com',
      telephone: '08031111111',
      designation: 'Field Technician',
      status: 'active',
      role: { _id: technician.id, name: 'Technician' },
    });
    const row = await userRow(created._id);
    expect(row).toMatchObject({ organisationId: mroAdmin.organisationId, passwordHash: null, isOrgAdmin: false, createdBy: mroAdmin.id });
    const [token] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, created._id));
    expect(token!.purpose).toBe('set_password');
    const { token: link } = extractResetLink(await smtp.waitFor('new.tech@example.com'));
    const reset = await t.app.inject({ method: 'POST', url: `/v2/account/reset/${link}`, payload: { password: 'technician-pass-1' } });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v2/account/login',
      payload: { email: 'new.tech@example.com', password: 'technician-pass-1' },
    });
    expect(login.statusCode).toBe(200);
    const logged = await t.db.select().from(activities).where(eq(activities.userId, mroAdmin.id));
    expect(logged.map((a) => describeActivity(a.action, a.params))).toContain('Added the user Tunde Bakare');
  });

  it('answers 400 on email for an address in use, and on roleId for a role not assignable, writing nothing', async () => {
    const otherOrgRole = await createRole(t.db, ownerAdmin.organisationId, ['viewAsset']);
    const biggerRole = await createRole(t.db, mroAdmin.organisationId, ['manageUserRegistration']);
    const supplier = await systemRole(t.db, 'supplier');
    const mro = await systemRole(t.db, 'mro');
    const before = await tableCounts(t.db);
    const taken = await inject(
      'POST',
      `/v2/user/create/${mroAdmin.id}`,
      mroAdmin.headers,
      newUser({ roleId: mro.id, email: ownerStaff.email }),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ path: 'email', message: 'This email is already in use' }]);
    for (const roleId of [otherOrgRole.id, biggerRole.id, supplier.id, crypto.randomUUID()]) {
      const res = await inject('POST', `/v2/user/create/${mroAdmin.id}`, mroAdmin.headers, newUser({ roleId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'roleId', message: 'Role is not valid' }]);
    }
    const bad = await inject('POST', `/v2/user/create/${mroAdmin.id}`, mroAdmin.headers, {
      firstName: 'Al',
      email: 'not-an-email',
      roleId: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'firstName', message: 'First name should have at least 3 characters' },
      { path: 'lastName', message: 'Last name is required' },
      { path: 'email', message: 'Wrong email format' },
      { path: 'roleId', message: 'Role is not valid' },
    ]);
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('answers 401 without a session, 403 without createUser and 404 for another user id in the path', async () => {
    const mro = await systemRole(t.db, 'mro');
    const staff = await createUser(t.db, { organisationId: mroAdmin.organisationId, permissions: ['manageUser'] });
    const before = await tableCounts(t.db);
    expect((await inject('POST', `/v2/user/create/${mroAdmin.id}`, undefined, newUser({ roleId: mro.id }))).statusCode).toBe(401);
    expect((await inject('POST', `/v2/user/create/${staff.id}`, staff.headers, newUser({ roleId: mro.id }))).statusCode).toBe(403);
    const other = await inject('POST', `/v2/user/create/${ownerAdmin.id}`, mroAdmin.headers, newUser({ roleId: mro.id }));
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('The requested user is not found');
    expect(await tableCounts(t.db)).toEqual(before);
  });
});

describe('GET /v2/user', () => {
  it("lists only the caller's organisation, with search, filters, sort and paging", async () => {
    const org = await createOrganisation(t.db, { kind: 'asset_owner' });
    const admin = await createUser(t.db, { organisationId: org.id, roleKey: 'asset_owner', firstName: 'Zainab' });
    const officer = await createRole(t.db, org.id, ['viewAsset'], 'Officer');
    const a = await createUser(t.db, { organisationId: org.id, roleId: officer.id, firstName: 'Adaeze', email: 'adaeze@example.com' });
    const b = await createUser(t.db, { organisationId: org.id, roleId: officer.id, firstName: 'Bola', status: 'inactive' });
    await createUser(t.db, { firstName: 'Stranger' });

    const all = await inject('GET', '/v2/user?sort=name', admin.headers);
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ page: 1, pageSize: 20, total: 3, pageCount: 1 });
    expect(all.json().data.map((u: { firstName: string }) => u.firstName)).toEqual(['Adaeze', 'Bola', 'Zainab']);
    expect(all.json().data[0]).toEqual({
      _id: a.id,
      firstName: 'Adaeze',
      lastName: 'User',
      email: 'adaeze@example.com',
      telephone: null,
      designation: null,
      status: 'active',
      role: { _id: officer.id, name: 'Officer' },
      createdAt: expect.any(String),
    });
    const desc = await inject('GET', '/v2/user?sort=name&order=desc&pageSize=2&page=2', admin.headers);
    expect(desc.json().data.map((u: { firstName: string }) => u.firstName)).toEqual(['Adaeze']);
    expect(desc.json().meta).toEqual({ page: 2, pageSize: 2, total: 3, pageCount: 2 });
    expect((await inject('GET', '/v2/user?search=ADAEZE@', admin.headers)).json().data.map((u: { _id: string }) => u._id)).toEqual([a.id]);
    expect((await inject('GET', '/v2/user?search=bola%20user', admin.headers)).json().data.map((u: { _id: string }) => u._id)).toEqual([
      b.id,
    ]);
    expect((await inject('GET', '/v2/user?status=inactive', admin.headers)).json().data.map((u: { _id: string }) => u._id)).toEqual([b.id]);
    expect((await inject('GET', `/v2/user?roleId=${officer.id}`, admin.headers)).json().meta.total).toBe(2);
  });

  it('answers 401 without a session, 403 without manageUser, 400 for a sort outside the whitelist', async () => {
    expect((await inject('GET', '/v2/user', undefined)).statusCode).toBe(401);
    const creator = await createUser(t.db, { permissions: ['createUser'] });
    expect((await inject('GET', '/v2/user', creator.headers)).statusCode).toBe(403);
    const bad = await inject('GET', '/v2/user?sort=passwordHash&pageSize=1000', mroAdmin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { path: string }) => e.path)).toEqual(['pageSize', 'sort']);
  });
});

describe('PUT /v2/user/edit/:_id', () => {
  it('changes names and gives an assignable role', async () => {
    const staff = await createUser(t.db, { organisationId: mroAdmin.organisationId, roleKey: 'technician' });
    const mro = await systemRole(t.db, 'mro');
    const res = await inject('PUT', `/v2/user/edit/${staff.id}`, mroAdmin.headers, { firstName: 'Chika', designation: '', roleId: mro.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: staff.id,
      firstName: 'Chika',
      lastName: 'User',
      designation: null,
      role: { name: 'MRO' },
    });
    expect((await userRow(staff.id)).roleId).toBe(mro.id);
  });

  it('answers 404 for another organisation, 403 without manageUser or for a more powerful user, 400 for bad input', async () => {
    const limited = await createUser(t.db, { organisationId: mroAdmin.organisationId, permissions: ['manageUser', 'viewIncomingSR'] });
    const plain = await createUser(t.db, { organisationId: mroAdmin.organisationId, permissions: ['viewIncomingSR'] });
    const target = await createUser(t.db, { organisationId: mroAdmin.organisationId, roleKey: 'technician' });
    const ownRole = await createRole(t.db, mroAdmin.organisationId, ['viewIncomingSR']);
    const before = await tableCounts(t.db);
    const other = await inject('PUT', `/v2/user/edit/${ownerStaff.id}`, mroAdmin.headers, { firstName: 'Hacked' });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('The requested user is not found');
    expect((await inject('PUT', `/v2/user/edit/${target.id}`, plain.headers, { firstName: 'Nope' })).statusCode).toBe(403);
    // The limited manager cannot touch the admin, whose role holds more than they do.
    expect((await inject('PUT', `/v2/user/edit/${mroAdmin.id}`, limited.headers, { firstName: 'Nope' })).statusCode).toBe(403);
    // Nor give the MRO role.
    const mro = await systemRole(t.db, 'mro');
    const escalate = await inject('PUT', `/v2/user/edit/${limited.id}`, limited.headers, { roleId: mro.id });
    expect(escalate.statusCode).toBe(400);
    expect(escalate.json().errors).toEqual([{ path: 'roleId', message: 'Role is not valid' }]);
    const short = await inject('PUT', `/v2/user/edit/${target.id}`, mroAdmin.headers, { firstName: 'Ab' });
    expect(short.json().errors).toEqual([{ path: 'firstName', message: 'First name should have at least 3 characters' }]);
    expect((await inject('PUT', `/v2/user/edit/${target.id}`, undefined, { firstName: 'Nope' })).statusCode).toBe(401);
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await userRow(ownerStaff.id)).firstName).toBe('Test');
    expect((await userRow(limited.id)).roleId).not.toBe(mro.id);
    // Within their own permissions they may manage users and give roles.
    const junior = await createUser(t.db, { organisationId: mroAdmin.organisationId, roleId: ownRole.id });
    const given = await inject('PUT', `/v2/user/edit/${junior.id}`, limited.headers, { firstName: 'Junior', roleId: limited.roleId });
    expect(given.statusCode).toBe(200);
    expect(given.json().data).toMatchObject({ firstName: 'Junior', role: { _id: limited.roleId } });
  });
});

describe('POST /v2/user/deactivate/:id and /v2/user/reactivate/:id', () => {
  it('deactivates (ending every session) and reactivates, answering 409 for a repeat', async () => {
    const staff = await createUser(t.db, { organisationId: mroAdmin.organisationId, roleKey: 'technician' });
    expect((await inject('GET', '/v2/account/me', staff.headers)).statusCode).toBe(200);
    const off = await inject('POST', `/v2/user/deactivate/${staff.id}`, mroAdmin.headers);
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ _id: staff.id, status: 'inactive' });
    expect((await inject('GET', '/v2/account/me', staff.headers)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/v2/account/login',
      payload: { email: staff.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    const before = await tableCounts(t.db);
    const again = await inject('POST', `/v2/user/deactivate/${staff.id}`, mroAdmin.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This user is already deactivated');
    expect(await tableCounts(t.db)).toEqual(before);
    const on = await inject('POST', `/v2/user/reactivate/${staff.id}`, mroAdmin.headers);
    expect(on.statusCode).toBe(200);
    expect(on.json().data.status).toBe('active');
    expect((await inject('POST', `/v2/user/reactivate/${staff.id}`, mroAdmin.headers)).json().message).toBe('This user is already active');
    // The old session stays ended; signing in works again.
    expect((await inject('GET', '/v2/account/me', staff.headers)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/v2/account/login', payload: { email: staff.email, password: TEST_PASSWORD } }))
        .statusCode,
    ).toBe(200);
  });

  it('refuses oneself (400), another organisation (404), a caller without manageUser (403) or without a session (401)', async () => {
    const plain = await createUser(t.db, { organisationId: mroAdmin.organisationId, permissions: ['viewIncomingSR'] });
    const before = await tableCounts(t.db);
    const self = await inject('POST', `/v2/user/deactivate/${mroAdmin.id}`, mroAdmin.headers);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot deactivate your own account');
    expect((await inject('POST', `/v2/user/deactivate/${ownerStaff.id}`, mroAdmin.headers)).statusCode).toBe(404);
    expect((await inject('POST', `/v2/user/reactivate/${ownerStaff.id}`, mroAdmin.headers)).statusCode).toBe(404);
    expect((await inject('POST', `/v2/user/deactivate/${mroAdmin.id}`, plain.headers)).statusCode).toBe(403);
    expect((await inject('POST', `/v2/user/deactivate/${plain.id}`, undefined)).statusCode).toBe(401);
    expect((await inject('POST', '/v2/user/deactivate/123', mroAdmin.headers)).json().errors).toEqual([
      { path: 'id', message: 'User is not valid' },
    ]);
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await userRow(ownerStaff.id)).status).toBe('active');
  });
});

describe('GET /v2/user/profile/:id, GET /v2/user/data/:id, PUT /v2/user/update/:id', () => {
  it('shows one’s own profile without any permission, a colleague’s only with manageUser', async () => {
    const tech = await createUser(t.db, { organisationId: mroAdmin.organisationId, roleKey: 'technician' });
    const own = await inject('GET', `/v2/user/profile/${tech.id}`, tech.headers);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({
      _id: tech.id,
      role: { name: 'Technician' },
      organisation: { _id: mroAdmin.organisationId, kind: 'mro' },
      settings: { language: 'en', notifications: { email: true, inApp: true } },
    });
    expect((await inject('GET', `/v2/user/profile/${mroAdmin.id}`, tech.headers)).statusCode).toBe(403);
    expect((await inject('GET', `/v2/user/profile/${tech.id}`, mroAdmin.headers)).statusCode).toBe(200);
    expect((await inject('GET', `/v2/user/profile/${ownerStaff.id}`, mroAdmin.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/v2/user/profile/${tech.id}`, undefined)).statusCode).toBe(401);

    const data = await inject('GET', `/v2/user/data/${tech.id}`, mroAdmin.headers);
    expect(data.statusCode).toBe(200);
    expect(data.json().data).toEqual(own.json().data);
    expect((await inject('GET', `/v2/user/data/${tech.id}`, tech.headers)).statusCode).toBe(403);
    expect((await inject('GET', `/v2/user/data/${ownerStaff.id}`, mroAdmin.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/v2/user/data/${tech.id}`, undefined)).statusCode).toBe(401);
  });

  it('updates one’s own profile only', async () => {
    const tech = await createUser(t.db, { organisationId: mroAdmin.organisationId, roleKey: 'technician' });
    const res = await inject('PUT', `/v2/user/update/${tech.id}`, tech.headers, {
      firstName: 'Emeka',
      lastName: 'Obi',
      telephone: '0809',
      designation: 'Lead',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Emeka', lastName: 'Obi', telephone: '0809', designation: 'Lead' });
    const before = await tableCounts(t.db);
    const other = await inject('PUT', `/v2/user/update/${tech.id}`, mroAdmin.headers, { firstName: 'Hacked', lastName: 'Hacked' });
    expect(other.statusCode).toBe(404);
    const bad = await inject('PUT', `/v2/user/update/${tech.id}`, tech.headers, { firstName: '', lastName: 'x'.repeat(51) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'firstName', message: 'First name is required' },
      { path: 'lastName', message: 'Last name should have at most 50 characters' },
    ]);
    expect((await inject('PUT', `/v2/user/update/${tech.id}`, undefined, { firstName: 'Emeka', lastName: 'Obi' })).statusCode).toBe(401);
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await userRow(tech.id)).firstName).toBe('Emeka');
  });
});

describe('GET /v2/user/assign/list', () => {
  it('lists the active staff of the organisation with their technician flag', async () => {
    const org = await createOrganisation(t.db, { kind: 'mro' });
    const admin = await createUser(t.db, { organisationId: org.id, roleKey: 'mro', firstName: 'Amaka' });
    const tech = await createUser(t.db, { organisationId: org.id, roleKey: 'technician', firstName: 'Bayo' });
    const field = await createRole(t.db, org.id, ['viewTechAssignedAsset', 'viewIncomingSR']);
    const customTech = await createUser(t.db, { organisationId: org.id, roleId: field.id, firstName: 'Chidi' });
    await createUser(t.db, { organisationId: org.id, roleKey: 'technician', firstName: 'Dayo', status: 'inactive' });
    const res = await inject('GET', '/v2/user/assign/list', admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        _id: admin.id,
        firstName: 'Amaka',
        lastName: 'User',
        email: admin.email,
        role: { _id: admin.roleId, name: 'MRO' },
        technician: false,
      },
      {
        _id: tech.id,
        firstName: 'Bayo',
        lastName: 'User',
        email: tech.email,
        role: { _id: tech.roleId, name: 'Technician' },
        technician: true,
      },
      {
        _id: customTech.id,
        firstName: 'Chidi',
        lastName: 'User',
        email: customTech.email,
        role: { _id: field.id, name: field.name },
        technician: true,
      },
    ]);
    const techs = await inject('GET', '/v2/user/assign/list?technician=true', tech.headers);
    expect(techs.json().data.map((u: { _id: string }) => u._id)).toEqual([tech.id, customTech.id]);
    expect(techs.json().meta).toEqual({ page: 1, pageSize: 100, total: 2, pageCount: 1 });
    const office = await inject('GET', '/v2/user/assign/list?technician=false&search=amaka', admin.headers);
    expect(office.json().data.map((u: { _id: string }) => u._id)).toEqual([admin.id]);
  });

  it('answers 401 without a session, 403 without any of its permissions', async () => {
    expect((await inject('GET', '/v2/user/assign/list', undefined)).statusCode).toBe(401);
    const viewer = await createUser(t.db, { permissions: ['viewAsset'] });
    expect((await inject('GET', '/v2/user/assign/list', viewer.headers)).statusCode).toBe(403);
    const dispatcher = await createUser(t.db, { kind: 'mro', permissions: ['viewOrganizationAssignedAsset'] });
    expect((await inject('GET', '/v2/user/assign/list', dispatcher.headers)).json().data.map((u: { _id: string }) => u._id)).toEqual([
      dispatcher.id,
    ]);
  });
});

describe('GET /v2/user/service-provider', () => {
  it('lists active provider organisations of every tenant, filtered and paged', async () => {
    const owner = await createUser(t.db, { permissions: ['viewAsset'] });
    const names = { mro: 'Aardvark MRO', imo: 'Aardvark IMO', ext: 'Aardvark Solo' };
    const mro = await createOrganisation(t.db, { kind: 'mro', name: names.mro });
    await t.db.update(organisations).set({ state: 'lagos', lga: 'Ikeja' }).where(eq(organisations.id, mro.id));
    await createOrganisation(t.db, { kind: 'imo', name: names.imo });
    await createOrganisation(t.db, { kind: 'external_technician', name: names.ext });
    await createOrganisation(t.db, { kind: 'mro', name: 'Aardvark Pending', status: 'pending' });
    await createOrganisation(t.db, { kind: 'supplier', name: 'Aardvark Supplies' });
    const res = await inject('GET', '/v2/user/service-provider?search=aardvark', owner.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((p: { name: string }) => p.name)).toEqual([names.imo, names.mro, names.ext]);
    expect(res.json().data[1]).toEqual({
      _id: mro.id,
      name: names.mro,
      kind: 'mro',
      state: { state: 'Lagos', alias: 'lagos' },
      lga: 'Ikeja',
    });
    const mros = await inject('GET', '/v2/user/service-provider?search=aardvark&kind=mro&state=lagos', owner.headers);
    expect(mros.json().data.map((p: { name: string }) => p.name)).toEqual([names.mro]);
    const paged = await inject('GET', '/v2/user/service-provider?search=aardvark&pageSize=1&sort=name&order=desc', owner.headers);
    expect(paged.json()).toMatchObject({ data: [{ name: names.ext }], meta: { page: 1, pageSize: 1, total: 3, pageCount: 3 } });
  });

  it('answers 401 without a session, 403 without its permissions, 400 for an unknown kind', async () => {
    expect((await inject('GET', '/v2/user/service-provider', undefined)).statusCode).toBe(401);
    const admin = await createUser(t.db, { permissions: ['manageUser'] });
    expect((await inject('GET', '/v2/user/service-provider', admin.headers)).statusCode).toBe(403);
    const bad = await inject('GET', '/v2/user/service-provider?kind=supplier', ownerAdmin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'kind', message: 'Kind is not valid' }]);
  });
});
