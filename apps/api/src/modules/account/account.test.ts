import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneTimeTokens, sessions, users } from '../../db/schema/index.js';
import { createUser, TEST_PASSWORD } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { extractResetLink, startSmtpCapture } from '../../test/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/v2/account/login', payload: { email, password }, remoteAddress: ip });

describe('POST /v2/account/login', () => {
  it('answers an access token that opens /v2/account/me', async () => {
    const user = await createUser(t.db, { kind: 'mro', roleKey: 'mro', firstName: 'Musa' });
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    const { accessToken } = res.json().data;
    expect(accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.app.inject({ url: '/v2/account/me', headers: { authorization: `Bearer ${accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const body = me.json().data;
    expect(body).toMatchObject({
      _id: user.id,
      email: user.email,
      firstName: 'Musa',
      mro: true,
      ao: false,
      super: false,
      technician: false,
    });
    expect(body.userRole.name).toBe('MRO');
    expect(body.userRole.permission).toContain('viewIncomingSR');
    // The session is stored only as a hash.
    const stored = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(stored.some((s) => s.tokenHash === accessToken)).toBe(false);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const user = await createUser(t.db);
    const wrong = await login(user.email, 'not-the-password', '10.0.0.2');
    const unknown = await login('nobody@example.com', 'not-the-password', '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The login detail is incorrect');
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('tells an account awaiting approval only after a correct password', async () => {
    const user = await createUser(t.db, { status: 'pending' });
    expect((await login(user.email, 'wrong-password', '10.0.0.3')).json().message).toBe('The login detail is incorrect');
    const right = await login(user.email, TEST_PASSWORD, '10.0.0.3');
    expect(right.statusCode).toBe(403);
    expect(right.json().message).toBe('Your account is awaiting approval by a system administrator');
  });

  it('answers 400 with the catalogue messages for bad input', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v2/account/login', payload: { email: 'not-an-email', password: 'ab' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { path: 'email', message: 'Wrong email format' },
      { path: 'password', message: 'Minimum 3 symbols' },
    ]);
    const missing = await t.app.inject({ method: 'POST', url: '/v2/account/login', payload: {} });
    expect(missing.json().errors).toEqual([
      { path: 'email', message: 'Email is required' },
      { path: 'password', message: 'Password is required' },
    ]);
  });

  it('limits failed logins per account with 429 and Retry-After', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) expect((await login(user.email, 'wrong-password', `10.1.0.${i}`)).statusCode).toBe(401);
    const blocked = await login(user.email, TEST_PASSWORD, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits failed logins per IP across accounts', async () => {
    for (let i = 0; i < 20; i++) await login(`someone${i}@example.com`, 'wrong-password', '10.2.0.1');
    const user = await createUser(t.db);
    expect((await login(user.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await login(user.email, TEST_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('GET /v2/account/me and logout', () => {
  it('answers 401 without a session and after logout', async () => {
    expect((await t.app.inject({ url: '/v2/account/me' })).statusCode).toBe(401);
    const user = await createUser(t.db);
    expect((await t.app.inject({ url: '/v2/account/me', headers: user.headers })).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/v2/account/logout', headers: user.headers });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/v2/account/me', headers: user.headers });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('Session expired. Please login again');
  });
});

describe('forgot and reset', () => {
  it('mails a single-use link that resets the password and ends every session', async () => {
    const user = await createUser(t.db, { email: 'forgetful@example.com' });
    const res = await t.app.inject({ method: 'POST', url: '/v2/account/forgot', payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    const unknown = await t.app.inject({ method: 'POST', url: '/v2/account/forgot', payload: { email: 'ghost@example.com' } });
    expect(unknown.json()).toEqual(res.json());

    const { link, token } = extractResetLink(await smtp.waitFor(user.email));
    expect(link).toBe(`http://amp.test/auth/reset-password/${token}`);
    const [stored] = await t.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(stored!.tokenHash).not.toBe(token);

    const reset = await t.app.inject({ method: 'POST', url: `/v2/account/reset/${token}`, payload: { password: 'brand-new-pass' } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.message).toBe('Your account has been successfully reset');
    expect((await t.app.inject({ url: '/v2/account/me', headers: user.headers })).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-pass', '10.3.0.1')).statusCode).toBe(200);

    const again = await t.app.inject({ method: 'POST', url: `/v2/account/reset/${token}`, payload: { password: 'another-pass-1' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Token has either expired or not valid');
  });

  it('voids an older link when a newer one is issued, and refuses a short password', async () => {
    const user = await createUser(t.db, { email: 'twice@example.com' });
    await t.app.inject({ method: 'POST', url: '/v2/account/forgot', payload: { email: user.email } });
    const first = extractResetLink(await smtp.waitFor(user.email)).token;
    const before = smtp.mails.length;
    await t.app.inject({ method: 'POST', url: '/v2/account/forgot', payload: { email: user.email } });
    while (smtp.mails.length === before) await new Promise((r) => setTimeout(r, 20));
    const second = extractResetLink(await smtp.waitFor(user.email)).token;
    expect(second).not.toBe(first);
    const short = await t.app.inject({ method: 'POST', url: `/v2/account/reset/${second}`, payload: { password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ path: 'password', message: 'Minimum 8 symbols' }]);
    const old = await t.app.inject({ method: 'POST', url: `/v2/account/reset/${first}`, payload: { password: 'long-enough-1' } });
    expect(old.json().message).toBe('Token has either expired or not valid');
    expect(
      (await t.app.inject({ method: 'POST', url: `/v2/account/reset/${second}`, payload: { password: 'long-enough-1' } })).statusCode,
    ).toBe(200);
  });

  it('refuses an expired link and an unknown one with the same message', async () => {
    const user = await createUser(t.db, { email: 'late@example.com' });
    await t.app.inject({ method: 'POST', url: '/v2/account/forgot', payload: { email: user.email } });
    const { token } = extractResetLink(await smtp.waitFor(user.email));
    // Sixty minutes pass.
    await t.db.update(oneTimeTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(oneTimeTokens.userId, user.id));
    const expired = await t.app.inject({ method: 'POST', url: `/v2/account/reset/${token}`, payload: { password: 'too-late-pass' } });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe('Token has either expired or not valid');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/v2/account/reset/not-a-real-token',
      payload: { password: 'too-late-pass' },
    });
    expect(unknown.json().message).toBe('Token has either expired or not valid');
    expect((await login(user.email, TEST_PASSWORD, '10.3.0.9')).statusCode).toBe(200);
  });
});

describe('change password and settings', () => {
  it('changes the password, keeping this session and ending the others', async () => {
    const user = await createUser(t.db);
    const other = (await login(user.email, TEST_PASSWORD, '10.4.0.1')).json().data.accessToken;
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/v2/account/changepassword',
      headers: user.headers,
      payload: { currentPassword: 'wrong-one', password: 'new-password-1', confirmPassword: 'new-password-1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'currentPassword', message: 'The current password is incorrect' }]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v2/account/changepassword',
      headers: user.headers,
      payload: { currentPassword: TEST_PASSWORD, password: 'new-password-1', confirmPassword: 'new-password-1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v2/account/me', headers: user.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/v2/account/me', headers: { authorization: `Bearer ${other}` } })).statusCode).toBe(401);
  });

  it('saves language and notification settings for oneself only', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/v2/settings/${user.id}`,
      headers: user.headers,
      payload: { language: 'fr', notifications: { email: false } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.settings).toEqual({ language: 'fr', notifications: { email: false, inApp: true }, timeZone: null });
    const someoneElse = await createUser(t.db);
    const other = await t.app.inject({
      method: 'POST',
      url: `/v2/settings/${someoneElse.id}`,
      headers: user.headers,
      payload: { language: 'de' },
    });
    expect(other.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'POST', url: `/v2/settings/${user.id}`, headers: user.headers, payload: { language: 'xx' } });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.db.select().from(users).where(eq(users.id, someoneElse.id));
    expect(row!.language).toBe('en');
  });
});

describe('time zones', () => {
  it("reads times in the organisation's zone (Africa/Lagos) until the user chooses another, and refuses an unknown zone", async () => {
    const user = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner' });
    const me = (await t.app.inject({ url: '/v2/account/me', headers: user.headers })).json().data;
    expect(me.organisation.timeZone).toBe('Africa/Lagos');
    expect(me.settings.timeZone).toBeNull();

    const chosen = await t.app.inject({
      method: 'POST',
      url: `/v2/settings/${user.id}`,
      headers: user.headers,
      payload: { timeZone: 'Europe/London' },
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.settings.timeZone).toBe('Europe/London');

    for (const timeZone of ['Mars/Olympus', '', 'Africa/Lagos\u0000', 42]) {
      const bad = await t.app.inject({ method: 'POST', url: `/v2/settings/${user.id}`, headers: user.headers, payload: { timeZone } });
      expect(bad.statusCode, String(timeZone)).toBe(400);
      expect(bad.json().errors[0].message).toBe('Time zone is not valid');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.timeZone).toBe('Europe/London');

    const back = await t.app.inject({ method: 'POST', url: `/v2/settings/${user.id}`, headers: user.headers, payload: { timeZone: null } });
    expect(back.json().data.settings.timeZone).toBeNull();
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless a proxy is trusted, so the per-IP limit cannot be dodged', async () => {
    for (let i = 0; i < 20; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/v2/account/login',
        payload: { email: `spoof${i}@example.com`, password: 'wrong-password' },
        remoteAddress: '10.9.0.1',
        headers: { 'x-forwarded-for': `192.0.2.${i}` },
      });
    }
    const user = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v2/account/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      remoteAddress: '10.9.0.1',
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(res.statusCode).toBe(429);
  });
});
