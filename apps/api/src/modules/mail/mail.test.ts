import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { createRole, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startSmtpCapture } from '../../test/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let superAdmin: TestUser;
let ownerAdmin: TestUser;

/** A mail as the delivery job leaves it after its last refused attempt (plugins/mailer.ts). */
async function failedMail(to: string, subject = 'Set your password') {
  const [row] = await t.db
    .insert(mailOutbox)
    .values({
      to,
      subject,
      text: `Your link: https://amp.test/auth/reset/secret-${to}`,
      status: 'failed',
      attempts: 6,
      error: '550 5.1.1 mailbox unavailable',
    })
    .returning();
  return row!;
}

const list = (query = '', headers = superAdmin.headers) => t.app.inject({ url: `/v2/mail/failed${query}`, headers });
const retry = (id: string, headers = superAdmin.headers) => t.app.inject({ method: 'POST', url: `/v2/mail/retry/${id}`, headers });

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  superAdmin = await createUser(t.db, { kind: 'platform', roleKey: 'super_admin', isOrgAdmin: true });
  ownerAdmin = await createUser(t.db, { kind: 'asset_owner', roleKey: 'asset_owner', isOrgAdmin: true });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('failed mail', () => {
  it('shows the super admin what could not be delivered, newest first, without the body', async () => {
    await failedMail('ada@example.com', 'Welcome to AMP');
    await failedMail('bola@example.com', 'Reset your password');
    const res = await list();
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(data.map((m: { to: string }) => m.to).slice(0, 2)).toEqual(['bola@example.com', 'ada@example.com']);
    expect(data[0]).toMatchObject({ subject: 'Reset your password', attempts: 6, error: '550 5.1.1 mailbox unavailable' });
    expect(res.body).not.toContain('secret-');
    expect(meta.total).toBeGreaterThanOrEqual(2);

    const found = (await list('?search=ADA@')).json();
    expect(found.data.map((m: { to: string }) => m.to)).toEqual(['ada@example.com']);
  });

  it('counts failed mail on the super admin’s dashboard', async () => {
    const before = (await t.app.inject({ url: '/v2/dashboard-sa', headers: superAdmin.headers })).json().data.failedMail;
    await failedMail('count@example.com');
    const after = (await t.app.inject({ url: '/v2/dashboard-sa', headers: superAdmin.headers })).json().data.failedMail;
    expect(after).toBe(before + 1);
  });

  it('sends a failed mail again when the super admin asks, over SMTP, once', async () => {
    const mail = await failedMail('chidi@example.com', 'Your registration is approved');
    const res = await retry(mail.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.message).toBe('The mail will be sent again');
    const arrived = await smtp.waitFor('chidi@example.com', 10_000);
    expect(arrived.raw).toContain('Your registration is approved');
    for (let i = 0; i < 100; i++) {
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
      if (row!.status === 'sent') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row).toMatchObject({ status: 'sent', error: null });
    expect((await list()).json().data.map((m: { _id: string }) => m._id)).not.toContain(mail.id);

    // Asked twice (a second tab): the mail is no longer failed, and is not sent twice.
    const again = await retry(mail.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This record is now sent, so this step no longer applies. Reload to see what changed.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter((m) => m.to.includes('chidi@example.com'))).toHaveLength(1);
  });

  it('is the platform’s alone: others are refused or find nothing, and nothing changes', async () => {
    const mail = await failedMail('dayo@example.com');
    expect((await list('', ownerAdmin.headers)).statusCode).toBe(403);
    expect((await retry(mail.id, ownerAdmin.headers)).statusCode).toBe(403);

    // A custom role holding the super admin's permission outside the platform still sees no mail.
    const role = await createRole(t.db, ownerAdmin.organisationId, ['manageUserRegistration']);
    const impostor = await createUser(t.db, { organisationId: ownerAdmin.organisationId, roleId: role.id });
    const seen = await list('', impostor.headers);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toEqual([]);
    expect((await retry(mail.id, impostor.headers)).statusCode).toBe(404);

    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 6 });
  });

  it('answers 404 for an unknown mail and 400 for a malformed id', async () => {
    expect((await retry('0b6f7a52-8d1e-4c52-9a57-2f0a4c1f9d11')).statusCode).toBe(404);
    const bad = await retry('not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Mail is not valid');
  });
});
