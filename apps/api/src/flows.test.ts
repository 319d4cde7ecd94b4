import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, mailOutbox, roles } from './db/schema/index.js';
import { createUser, type TestUser } from './test/factories.js';
import { createTestApp, type TestApp } from './test/harness.js';
import { extractResetLink, startSmtpCapture } from './test/smtp.js';

/** The foundation end to end through the API: register, approval, mail over SMTP, first sign-in, roles. */

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let superAdmin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  superAdmin = await createUser(t.db, { kind: 'platform', roleKey: 'super_admin' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function register(body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/v2/user/register', payload: body, remoteAddress: '10.50.0.1' });
}

async function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/v2/account/login', payload: { email, password }, remoteAddress: '10.50.0.2' });
}

async function pendingRegistrationOf(email: string) {
  const res = await t.app.inject({ url: `/v2/user/registrations?search=${encodeURIComponent(email)}`, headers: superAdmin.headers });
  expect(res.statusCode).toBe(200);
  const [registration] = res.json().data;
  expect(registration.user.email).toBe(email);
  return registration as { _id: string; status: string; accountType: string };
}

describe('from registration to the first sign-in', () => {
  it('registers a company, is approved as another type, sets a password from the mailed link and signs in', async () => {
    const category = await t.app.inject({
      method: 'POST',
      url: '/v2/category/create',
      headers: superAdmin.headers,
      payload: { name: 'Telecommunications', subCategories: ['Tower', 'Generator'] },
    });
    expect(category.statusCode).toBe(201);
    const categories = (await t.app.inject({ url: '/v2/category' })).json().data;
    const telecom = categories.find((c: { name: string }) => c.name === 'Telecommunications');
    const tower = telecom.subCategories.find((s: { name: string }) => s.name === 'Tower');

    const email = 'ops@primemaintenance.example';
    const registered = await register({
      firstName: 'Musa',
      lastName: 'Bello',
      email,
      companyName: 'Prime Maintenance Ltd',
      designation: 'Operations Manager',
      telephone: '08030000010',
      state: { state: 'Lagos', alias: 'lagos' },
      lga: 'Ikeja',
      category: [telecom._id],
      subCategory: [tower._id],
      isCompany: true,
      accountType: 'asset_owner',
      acceptTerms: true,
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().data.message).toBe(
      'Registration successfully submited. A system adminstrator will contact you soon for approval of your account.',
    );
    // Nothing signs in before approval.
    expect((await login(email, 'anything-at-all')).statusCode).toBe(401);

    const registration = await pendingRegistrationOf(email);
    expect(registration).toMatchObject({ status: 'pending', accountType: 'asset_owner' });
    const decided = await t.app.inject({
      method: 'POST',
      url: `/v2/user/registrations/${registration._id}/decision`,
      headers: superAdmin.headers,
      payload: { approve: true, accountType: 'mro' },
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().data).toMatchObject({ status: 'approved', accountType: 'mro', organisationName: 'Prime Maintenance Ltd' });

    // The approval also notifies the registrant by mail: the password link is in its own mail.
    const mail = await smtp.waitFor(email, 5000, (m) => m.text.includes('/auth/reset-password/'));
    expect(mail.text).toContain('Set your AMP password');
    const { token } = extractResetLink(mail);
    const reset = await t.app.inject({ method: 'POST', url: `/v2/account/reset/${token}`, payload: { password: 'prime-maint-2026' } });
    expect(reset.statusCode).toBe(200);

    const signedIn = await login(email, 'prime-maint-2026');
    expect(signedIn.statusCode).toBe(200);
    const headers = bearer(signedIn.json().data.accessToken);
    const me = await t.app.inject({ url: '/v2/account/me', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({
      email,
      firstName: 'Musa',
      lastName: 'Bello',
      organisation: { name: 'Prime Maintenance Ltd', kind: 'mro' },
      super: false,
      ao: false,
      mro: true,
      imo: false,
      technician: false,
      extTechnician: false,
      supplier: false,
      userRole: { name: 'MRO' },
    });
    expect(me.json().data.userRole.permission).toEqual(
      expect.arrayContaining(['manageUser', 'createUser', 'viewUserRoles', 'viewIncomingSR']),
    );

    // The new admin may not make a role with a permission they lack; nothing is written.
    const n = async () => ({
      roles: (await t.db.select({ value: count() }).from(roles))[0]!.value,
      activities: (await t.db.select({ value: count() }).from(activities))[0]!.value,
    });
    const before = await n();
    const escalation = await t.app.inject({
      method: 'POST',
      url: '/v2/role/create',
      headers,
      payload: { name: 'Registrar', permissions: ['viewIncomingSR', 'manageUserRegistration'] },
    });
    expect(escalation.statusCode).toBe(400);
    expect(escalation.json().errors).toEqual([{ path: 'permissions', message: 'You cannot grant permissions you do not hold' }]);
    expect(await n()).toEqual(before);
    expect((await t.app.inject({ url: '/v2/role/createdBy', headers })).json().meta.total).toBe(0);

    // Within their permissions it works, and the role can be given to a new technician.
    const crew = await t.app.inject({
      method: 'POST',
      url: '/v2/role/create',
      headers,
      payload: { name: 'Crew', permissions: ['viewIncomingSR'] },
    });
    expect(crew.statusCode).toBe(201);
    const assignable = (await t.app.inject({ url: '/v2/role/assign', headers })).json().data.map((r: { name: string }) => r.name);
    expect(assignable).toEqual(['MRO', 'Technician', 'Crew']);
  });
});

describe('a rejected registration', () => {
  it('cannot sign in or get a password link, and its email stays taken', async () => {
    const email = 'rejected@example.com';
    expect(
      (
        await register({
          firstName: 'Reject',
          lastName: 'Person',
          email,
          accountType: 'supplier',
          acceptTerms: true,
        })
      ).statusCode,
    ).toBe(201);
    const registration = await pendingRegistrationOf(email);
    const mailsBefore = (await t.db.select({ value: count() }).from(mailOutbox))[0]!.value;
    const decided = await t.app.inject({
      method: 'POST',
      url: `/v2/user/registrations/${registration._id}/decision`,
      headers: superAdmin.headers,
      payload: { approve: false },
    });
    expect(decided.json().data.status).toBe('rejected');
    expect((await login(email, 'any-password-1')).statusCode).toBe(401);
    const forgot = await t.app.inject({ method: 'POST', url: '/v2/account/forgot', payload: { email }, remoteAddress: '10.50.0.3' });
    expect(forgot.statusCode).toBe(200);
    expect((await t.db.select({ value: count() }).from(mailOutbox))[0]!.value).toBe(mailsBefore);
    expect(smtp.mails.some((m) => m.to.includes(email))).toBe(false);
    // The same email cannot register again while the rejected record exists.
    expect(
      (await register({ firstName: 'Reject', lastName: 'Person', email, accountType: 'supplier', acceptTerms: true })).statusCode,
    ).toBe(409);
  });
});
