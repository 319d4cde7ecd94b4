import { describeActivity } from '@amp/contracts/activity';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import { activities, mailOutbox, notifications, oneTimeTokens, organisations, users } from '../../db/schema/index.js';
import { createCategory, createUser, systemRole, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { extractResetLink, startSmtpCapture } from '../../test/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let admin: TestUser;
const cat: Record<string, string> = {};

const REGISTER_SUCCESS = 'Registration successfully submited. A system adminstrator will contact you soon for approval of your account.';
const REGISTER_FAILURE =
  'Error occurred while trying to register user. This is usually because the email already exist in the system. Please try again with another valid email.';

/** Rows of every table a registration or a decision writes. */
async function tableCounts(db: Db) {
  const n = async (table: typeof users | typeof organisations | typeof activities | typeof mailOutbox | typeof oneTimeTokens) =>
    (await db.select({ value: count() }).from(table))[0]!.value;
  return {
    users: await n(users),
    organisations: await n(organisations),
    activities: await n(activities),
    mail: await n(mailOutbox),
    tokens: await n(oneTimeTokens),
  };
}

let ipCounter = 0;
const nextIp = () => `10.20.${Math.floor(ipCounter / 200)}.${ipCounter++ % 200}`;

const payload = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Funmi',
  lastName: 'Adeyemi',
  email: `reg-${Math.random().toString(36).slice(2, 10)}@example.com`,
  companyName: 'Sunrise Facilities Ltd',
  designation: 'Facility Manager',
  telephone: '08030000009',
  address: '1 Ring Road',
  state: { state: 'Oyo', alias: 'oyo' },
  lga: 'Ibadan North',
  category: [cat.building],
  subCategory: [cat.hvac],
  isCompany: true,
  accountType: 'asset_owner',
  acceptTerms: true,
  ...overrides,
});

const register = (body: Record<string, unknown>, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/v2/user/register', payload: body, remoteAddress: ip });

const listRegistrations = (query = '', headers = admin.headers) => t.app.inject({ url: `/v2/user/registrations${query}`, headers });

const decide = (id: string, body: Record<string, unknown>, headers = admin.headers) =>
  t.app.inject({ method: 'POST', url: `/v2/user/registrations/${id}/decision`, headers, payload: body });

async function registered(email: string) {
  const [row] = await t.db
    .select({ user: users, organisation: organisations })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(eq(users.email, email));
  return row!;
}

/** The newest mail to `address` carrying a password link: an approved registrant is also mailed the approval notification. */
async function linkMailTo(address: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = smtp.mails.filter((m) => m.to.includes(address) && m.text.includes('/auth/reset-password/')).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail with a password link to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  admin = await createUser(t.db, { kind: 'platform', roleKey: 'super_admin' });
  cat.building = await createCategory(t.db, 'Building & Facilities');
  cat.hvac = await createCategory(t.db, 'HVAC', cat.building);
  cat.power = await createCategory(t.db, 'Power & Energy');
  cat.solar = await createCategory(t.db, 'Solar System', cat.power);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('POST /v2/user/register', () => {
  it('creates a pending organisation and its pending admin with the admin role of the kind', async () => {
    const body = payload({ accountType: 'mro', category: [cat.building, cat.power], subCategory: [cat.hvac, cat.solar] });
    const res = await register(body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ data: { message: REGISTER_SUCCESS } });
    const { user, organisation } = await registered(body.email);
    expect(organisation).toMatchObject({
      kind: 'mro',
      name: 'Sunrise Facilities Ltd',
      isCompany: true,
      status: 'pending',
      email: body.email,
      state: 'oyo',
      lga: 'Ibadan North',
      categoryIds: [cat.building, cat.power],
      subCategoryIds: [cat.hvac, cat.solar],
    });
    expect(user).toMatchObject({
      status: 'pending',
      isOrgAdmin: true,
      passwordHash: null,
      firstName: 'Funmi',
      designation: 'Facility Manager',
    });
    expect(user.roleId).toBe((await systemRole(t.db, 'mro')).id);
    const logged = await t.db.select().from(activities).where(eq(activities.userId, user.id));
    expect(logged.map((a) => a.action)).toEqual(['registration.submitted']);
  });

  it('names an individual after the person and keeps isCompany false', async () => {
    const body = payload({ companyName: undefined, isCompany: false, accountType: 'external_technician', email: 'Solo.Tech@Example.com' });
    expect((await register(body)).statusCode).toBe(201);
    const { organisation, user } = await registered('solo.tech@example.com');
    expect(organisation).toMatchObject({ name: 'Funmi Adeyemi', isCompany: false, kind: 'external_technician' });
    expect(user.roleId).toBe((await systemRole(t.db, 'external_technician')).id);
  });

  it('answers 409 with the registration failure text for an email in use, in any case, and writes nothing', async () => {
    const body = payload();
    expect((await register(body)).statusCode).toBe(201);
    const before = await tableCounts(t.db);
    const again = await register({ ...body, email: body.email.toUpperCase(), companyName: 'Another Ltd' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ statusCode: 409, error: 'Conflict', message: REGISTER_FAILURE });
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('answers 400 with the catalogue messages for bad input and writes nothing', async () => {
    const before = await tableCounts(t.db);
    const cases: [Record<string, unknown>, { path: string; message: string }][] = [
      [payload({ firstName: '', email: 'nope' }), { path: 'firstName', message: 'First name is required' }],
      [payload({ lastName: 'Ab' }), { path: 'lastName', message: 'Last name should have at least 3 characters' }],
      [payload({ email: 'nope' }), { path: 'email', message: 'Wrong email format' }],
      [payload({ acceptTerms: false }), { path: 'acceptTerms', message: 'You must accept the terms and conditions' }],
      [payload({ accountType: 'platform' }), { path: 'accountType', message: 'Account type is required' }],
      [payload({ category: ['not-a-uuid'] }), { path: 'category.0', message: 'Category is not valid' }],
      [payload({ category: [crypto.randomUUID()], subCategory: [] }), { path: 'category', message: 'Category is not valid' }],
      [payload({ category: [cat.hvac], subCategory: [] }), { path: 'category', message: 'Category is not valid' }],
      [payload({ category: [cat.building], subCategory: [cat.solar] }), { path: 'subCategory', message: 'Sub-category is not valid' }],
      [
        payload({ companyName: undefined, isCompany: false, category: [cat.building, cat.power], subCategory: [] }),
        { path: 'category', message: 'An individual account may choose only one category' },
      ],
      [payload({ companyName: '', isCompany: true }), { path: 'companyName', message: 'Company name is required' }],
      [payload({ state: { state: 'Atlantis', alias: 'atlantis' } }), { path: 'state', message: 'State is not valid' }],
      [payload({ lga: 'Ikeja' }), { path: 'lga', message: 'LGA is not valid' }],
      // Text PostgreSQL cannot store (jsonb refuses an unpaired surrogate, text a NUL): refused, never a 500.
      [payload({ firstName: 'M\ud800allory' }), { path: 'firstName', message: 'First name is not valid' }],
      [payload({ lastName: 'Tr\udc00udy' }), { path: 'lastName', message: 'Last name is not valid' }],
      [payload({ companyName: 'Acme \udbff' }), { path: 'companyName', message: 'Company name is not valid' }],
      [payload({ address: 'a\u0000b' }), { path: 'address', message: 'Address is not valid' }],
    ];
    for (const [body, error] of cases) {
      const res = await register(body);
      expect(res.statusCode, JSON.stringify(error)).toBe(400);
      expect(res.json().errors[0]).toEqual(error);
      expect(res.json().message).toBe(error.message);
    }
    expect(await tableCounts(t.db)).toEqual(before);
  });

  it('limits registrations per IP with 429 and Retry-After', async () => {
    const ip = '10.99.0.1';
    for (let i = 0; i < 10; i++) expect((await register(payload(), ip)).statusCode).toBe(201);
    const blocked = await register(payload(), ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many attempts. Please try again later');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(payload(), '10.99.0.2')).statusCode).toBe(201);
  });
});

describe('GET /v2/user/registrations', () => {
  it('lists pending registrations with their categories and user, newest first, paged and searchable', async () => {
    const first = payload({ companyName: 'Zebra Towers Ltd', email: 'zebra@example.com' });
    const second = payload({ companyName: 'Yak Estates Ltd', email: 'yak@example.com', subCategory: [] });
    await register(first);
    await register(second);
    const res = await listRegistrations('?search=ZEBRA');
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta).toEqual({ page: 1, pageSize: 20, total: 1, pageCount: 1 });
    expect(data[0]).toMatchObject({
      organisationName: 'Zebra Towers Ltd',
      isCompany: true,
      accountType: 'asset_owner',
      status: 'pending',
      state: { state: 'Oyo', alias: 'oyo' },
      lga: 'Ibadan North',
      categories: [{ _id: cat.building, name: 'Building & Facilities' }],
      subCategories: [{ _id: cat.hvac, name: 'HVAC' }],
      user: { firstName: 'Funmi', lastName: 'Adeyemi', email: 'zebra@example.com', designation: 'Facility Manager' },
    });
    const all = (await listRegistrations('?pageSize=2')).json();
    expect(all.data.map((r: { organisationName: string }) => r.organisationName)).toEqual(['Yak Estates Ltd', 'Zebra Towers Ltd']);
    expect(all.meta.pageSize).toBe(2);
    expect(all.meta.pageCount).toBe(Math.ceil(all.meta.total / 2));
    const byName = (await listRegistrations('?search=estates&sort=name&order=asc')).json();
    expect(byName.data.map((r: { organisationName: string }) => r.organisationName)).toEqual(['Yak Estates Ltd']);
    // A wildcard in the search is taken literally.
    expect((await listRegistrations('?search=%25')).json().meta.total).toBe(0);
  });

  it('answers 401 without a session and 403 without manageUserRegistration', async () => {
    expect((await t.app.inject({ url: '/v2/user/registrations' })).statusCode).toBe(401);
    const other = await createUser(t.db, { permissions: ['manageUser', 'createUser'] });
    const res = await listRegistrations('', other.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do this');
  });

  it('answers 400 for an unknown status or sort', async () => {
    const status = await listRegistrations('?status=maybe');
    expect(status.statusCode).toBe(400);
    expect(status.json().errors).toEqual([{ path: 'status', message: 'Status is not valid' }]);
    const sort = await listRegistrations('?sort=password');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().errors).toEqual([{ path: 'sort', message: 'Sort is not valid' }]);
  });
});

describe('POST /v2/user/registrations/:id/decision', () => {
  it('approves as another type: the organisation and user become active, the user gets the role and a set-password link', async () => {
    const body = payload({ email: 'approve.me@example.com', companyName: 'Approve Me Ltd' });
    await register(body);
    const { organisation } = await registered(body.email);
    const res = await decide(organisation.id, { approve: true, accountType: 'supplier' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: organisation.id,
      status: 'approved',
      accountType: 'supplier',
      organisationName: 'Approve Me Ltd',
    });
    const after = await registered(body.email);
    expect(after.organisation).toMatchObject({ status: 'active', kind: 'supplier' });
    expect(after.user).toMatchObject({ status: 'active', passwordHash: null });
    expect(after.user.roleId).toBe((await systemRole(t.db, 'supplier')).id);
    const [token] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, after.user.id));
    expect(token!.purpose).toBe('set_password');
    const mail = await linkMailTo(body.email);
    expect(mail.text).toContain('Set your AMP password');
    expect(extractResetLink(mail).link).toMatch(/^http:\/\/amp\.test\/auth\/reset-password\//);
    const approved = (await listRegistrations('?status=approved&search=approve.me')).json();
    expect(approved.data.map((r: { _id: string }) => r._id)).toEqual([organisation.id]);
    const decidedBy = await t.db.select().from(activities).where(eq(activities.userId, admin.id));
    expect(decidedBy.map((a) => describeActivity(a.action, a.params))).toContain('Approved the registration of Approve Me Ltd');
  });

  it('keeps the requested type when none is given', async () => {
    const body = payload({ email: 'keep.type@example.com', accountType: 'imo' });
    await register(body);
    const { organisation } = await registered(body.email);
    expect((await decide(organisation.id, { approve: true })).json().data.accountType).toBe('imo');
    expect((await registered(body.email)).user.roleId).toBe((await systemRole(t.db, 'imo')).id);
  });

  it('rejects: both become rejected, no mail is queued, and a second decision answers 409', async () => {
    const body = payload({ email: 'reject.me@example.com' });
    await register(body);
    const { organisation } = await registered(body.email);
    const mailBefore = (await tableCounts(t.db)).mail;
    const res = await decide(organisation.id, { approve: false, accountType: 'mro' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'rejected', accountType: 'asset_owner' });
    const after = await registered(body.email);
    expect(after.organisation.status).toBe('rejected');
    expect(after.user.status).toBe('rejected');
    expect((await tableCounts(t.db)).mail).toBe(mailBefore);
    const before = await tableCounts(t.db);
    const again = await decide(organisation.id, { approve: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This registration has already been decided');
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await registered(body.email)).user.status).toBe('rejected');
  });

  it('answers 404 for an unknown id or the platform itself, 401 and 403 without access, 400 for bad input', async () => {
    const body = payload({ email: 'untouched@example.com' });
    await register(body);
    const { organisation } = await registered(body.email);
    const owner = await createUser(t.db, { roleKey: 'asset_owner' });
    const before = await tableCounts(t.db);
    const unknown = await decide(crypto.randomUUID(), { approve: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('The requested registration is not found');
    expect((await decide(admin.organisationId, { approve: true })).statusCode).toBe(404);
    expect((await decide(organisation.id, { approve: true }, { authorization: 'Bearer nope' })).statusCode).toBe(401);
    expect((await decide(organisation.id, { approve: true }, owner.headers)).statusCode).toBe(403);
    const missing = await decide(organisation.id, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'approve', message: 'Decision is required' }]);
    const platform = await decide(organisation.id, { approve: true, accountType: 'platform' });
    expect(platform.json().errors).toEqual([{ path: 'accountType', message: 'Account type is not valid' }]);
    const badId = await decide('not-an-id', { approve: true });
    expect(badId.json().errors).toEqual([{ path: 'id', message: 'Registration is not valid' }]);
    expect(await tableCounts(t.db)).toEqual(before);
    expect((await registered(body.email)).organisation.status).toBe('pending');
  });
});

describe('notifications', () => {
  const notified = async (event: 'registration.pending' | 'registration.approved', organisation: string) =>
    (await t.db.select().from(notifications).where(eq(notifications.event, event)))
      .filter((row) => row.params.organisation === organisation)
      .map((row) => ({ recipientId: row.recipientId, params: row.params, path: row.path }))
      .sort((a, b) => a.recipientId.localeCompare(b.recipientId));

  it('tell every active super admin of a registration awaiting approval, and the registrant of its approval', async () => {
    const second = await createUser(t.db, { kind: 'platform', roleKey: 'super_admin' });
    await createUser(t.db, { kind: 'platform', roleKey: 'super_admin', status: 'inactive' });
    const owner = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
    const body = payload({ email: 'notice.me@example.com', companyName: 'Notice Me Ltd' });
    expect((await register(body)).statusCode).toBe(201);
    const pending = await notified('registration.pending', 'Notice Me Ltd');
    expect(pending).toEqual(
      [admin.id, second.id]
        .sort()
        .map((recipientId) => ({ recipientId, params: { organisation: 'Notice Me Ltd' }, path: '/user/request' })),
    );
    expect(pending.map((r) => r.recipientId)).not.toContain(owner.id);
    // Nobody hears of the approval yet; then only the registrant does.
    expect(await notified('registration.approved', 'Notice Me Ltd')).toEqual([]);

    const { organisation, user } = await registered(body.email);
    expect((await decide(organisation.id, { approve: true })).statusCode).toBe(200);
    expect(await notified('registration.approved', 'Notice Me Ltd')).toEqual([
      { recipientId: user.id, params: { organisation: 'Notice Me Ltd' }, path: '/dashboard' },
    ]);
  });

  it('come once for the same email registering twice at once: the refused write leaves nothing behind', async () => {
    const body = payload({ email: 'twice.at.once@example.com', companyName: 'Twice At Once Ltd' });
    const answers = await Promise.all([register(body), register(body)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const made = await t.db.select().from(organisations).where(eq(organisations.name, 'Twice At Once Ltd'));
    expect(made).toHaveLength(1);
    expect(await t.db.select().from(activities).where(eq(activities.subjectId, made[0]!.id))).toHaveLength(1);
    const pending = await notified('registration.pending', 'Twice At Once Ltd');
    const superAdmins = new Set(pending.map((r) => r.recipientId));
    expect(superAdmins.size).toBe(pending.length);
    expect(superAdmins.has(admin.id)).toBe(true);
  });
});
