import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, mailOutbox, notificationPreferences, notifications, users } from '../../db/schema/index.js';
import { type Announcement, NOTIFICATION_CHANNEL } from '../../lib/effects.js';
import { write } from '../../lib/write.js';
import { createOrganisation, createUser, type TestUser } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startSmtpCapture } from '../../test/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let provider: { id: string };
let admin: TestUser;
let staff: TestUser;
let outsider: TestUser;
/** Every app (API process) running on the test database. */
const apps: FastifyInstance[] = [];

const notifyProvider = (path = '/asset/assigned/organization') =>
  write(t.app.deps, { userId: null, organisationId: null }, async (_tx, fx) => {
    fx.notify({
      event: 'assignment.assigned',
      to: { organisation: provider.id },
      params: { owner: 'Lagos Towers Ltd', count: 2, kind: 'asset(s)', provider: 'Prime', names: 'Pump 1, Pump 2' },
      path,
    });
  });

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Reads a Server-Sent Events stream with fetch and the bearer header, as the web app does. */
async function openStream(app: FastifyInstance, user: TestUser, language = 'en') {
  const address = app.server.address() as AddressInfo;
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${address.port}/v2/notification/stream`, {
    headers: { ...user.headers, 'accept-language': language },
    signal: controller.signal,
  });
  const events: { event: string; data: unknown }[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = block.match(/^event: (.*)$/m)?.[1];
          const data = block.match(/^data: (.*)$/m)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  return { response, events, close: () => controller.abort() };
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ SMTP_URL: smtp.url });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(t.app);
  provider = await createOrganisation(t.db, { kind: 'mro', name: 'Prime Maintenance' });
  admin = await createUser(t.db, { organisationId: provider.id, roleKey: 'mro', isOrgAdmin: true });
  staff = await createUser(t.db, { organisationId: provider.id, permissions: ['viewAsset'] });
  outsider = await createUser(t.db, { kind: 'mro', roleKey: 'mro', isOrgAdmin: true });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('notifications', () => {
  it('reach the organisation admins: count, list newest first, clear', async () => {
    await notifyProvider('/asset/assigned/organization?first=1');
    await notifyProvider('/asset/assigned/organization?second=1');

    const count = await t.app.inject({ method: 'GET', url: '/v2/notification/count', headers: admin.headers });
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ data: { count: 2 } });

    const list = await t.app.inject({ method: 'GET', url: '/v2/notification?pageSize=1', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.meta).toMatchObject({ page: 1, pageSize: 1, total: 2, pageCount: 2 });
    expect(body.data[0]).toMatchObject({
      description: 'Lagos Towers Ltd assigned 2 asset(s) to Prime: Pump 1, Pump 2',
      path: '/asset/assigned/organization?second=1',
      read: false,
    });

    // Staff without the permission and other organisations hear nothing.
    for (const user of [staff, outsider]) {
      const other = await t.app.inject({ method: 'GET', url: '/v2/notification/count', headers: user.headers });
      expect(other.json()).toEqual({ data: { count: 0 } });
    }

    const cleared = await t.app.inject({ method: 'GET', url: '/v2/notification/clear', headers: admin.headers });
    expect(cleared.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/v2/notification/count', headers: admin.headers });
    expect(after.json()).toEqual({ data: { count: 0 } });
    const stillListed = await t.app.inject({ method: 'GET', url: '/v2/notification', headers: admin.headers });
    expect(stillListed.json().data.every((n: { read: boolean }) => n.read)).toBe(true);
  });

  it('are mailed over SMTP in the recipient’s language', async () => {
    await t.db.update(users).set({ language: 'fr' }).where(eq(users.id, admin.id));
    await notifyProvider();
    const mail = await waitUntil(
      async () => smtp.mails.filter((m) => m.to.includes(admin.email) && !m.text.includes('assigned 2 asset(s) to')).at(-1),
      (found) => found !== undefined,
    );
    expect(mail!.text).toContain('Pump 1, Pump 2');
    expect(mail!.text).toContain('http://amp.test/asset/assigned/organization');
    // French words of the catalogue (each module's *.events.ts) in the subject, not the English sentence.
    expect(mail!.raw).toMatch(/Subject: /);
    await waitUntil(
      () => t.db.select().from(mailOutbox).where(eq(mailOutbox.to, admin.email)),
      (rows) => rows.length === 3 && rows.every((row) => row.status === 'sent'),
    );
    await t.db.update(users).set({ language: 'en' }).where(eq(users.id, admin.id));
  });

  it('leave nothing behind when the write rolls back', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications);
    const activitiesBefore = await t.db.select({ n: sql<number>`count(*)::int` }).from(activities);
    const jobsBefore = await t.database.executeSql(`select count(*)::int as n from pgboss.job`);
    await expect(
      write(t.app.deps, { userId: admin.id, organisationId: provider.id }, async (_tx, fx) => {
        fx.activity({ action: 'account.settings' });
        fx.notify({ event: 'sla.created', to: { users: [admin.id] }, params: { owner: 'X', title: 'Y' }, path: '/sla' });
        fx.mail({ to: admin.email, subject: 'never', text: 'never' });
        fx.enqueue({ name: 'file.delete-bytes', data: { keys: ['nothing'] } });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // The effects are stored at the end of the work: a failure in the flush itself rolls back too.
    await expect(
      write(t.app.deps, { userId: admin.id, organisationId: provider.id }, async (tx, fx) => {
        fx.notify({ event: 'sla.created', to: { users: [admin.id] }, params: { owner: 'X', title: 'Y' }, path: '/sla' });
        await tx.execute(sql`select 1`);
        fx.activity({ action: 'not.an.action' as never });
      }),
    ).rejects.toThrow();
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(notifications)).toEqual(before);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(activities)).toEqual(activitiesBefore);
    expect((await t.database.executeSql(`select count(*)::int as n from pgboss.job`)).rows).toEqual(jobsBefore.rows);
    expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.subject, 'never'))).toEqual([]);
  });

  it('follow each person’s preferences: in the app only, by email only, or in the daily digest', async () => {
    const prefs = await t.app.inject({ method: 'GET', url: '/v2/notification/preferences', headers: admin.headers });
    expect(prefs.statusCode).toBe(200);
    expect(prefs.json().data).toContainEqual({ event: 'assignment.assigned', inApp: true, email: 'instant' });
    expect(prefs.json().data.map((p: { event: string }) => p.event)).not.toContain('registration.pending');

    const refused = await t.app.inject({
      method: 'PUT',
      url: '/v2/notification/preferences',
      headers: admin.headers,
      payload: { preferences: [{ event: 'registration.pending', inApp: true, email: 'off' }] },
    });
    expect(refused.statusCode).toBe(400);
    const twice = await t.app.inject({
      method: 'PUT',
      url: '/v2/notification/preferences',
      headers: admin.headers,
      payload: {
        preferences: [
          { event: 'sla.created', inApp: false, email: 'off' },
          { event: 'sla.created', inApp: true, email: 'instant' },
        ],
      },
    });
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data).toContainEqual({ event: 'sla.created', inApp: true, email: 'instant' });

    const saved = await t.app.inject({
      method: 'PUT',
      url: '/v2/notification/preferences',
      headers: admin.headers,
      payload: { preferences: [{ event: 'assignment.assigned', inApp: false, email: 'digest' }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toContainEqual({ event: 'assignment.assigned', inApp: false, email: 'digest' });

    await t.app.inject({ method: 'GET', url: '/v2/notification/clear', headers: admin.headers });
    const mailsBefore = smtp.mails.filter((m) => m.to.includes(admin.email)).length;
    await notifyProvider();
    const count = await t.app.inject({ method: 'GET', url: '/v2/notification/count', headers: admin.headers });
    expect(count.json()).toEqual({ data: { count: 0 } });
    const [waiting] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, admin.id), eq(notifications.email, 'digest')));
    expect(waiting).toMatchObject({ inApp: false, digestedAt: null });

    // 07:00 in Lagos: the digest job runs (here: sent to the queue as the schedule would).
    await t.app.deps.jobs.send([{ name: 'notification.digest', data: {} }]);
    const digests = () => smtp.mails.filter((m) => m.to.includes(admin.email) && /daily summary/.test(m.raw));
    await waitUntil(
      async () => digests().length,
      (n) => n > 0,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(digests()).toHaveLength(1);
    // Nothing was mailed on its own: the digest is the only mail since.
    expect(smtp.mails.filter((m) => m.to.includes(admin.email)).length).toBe(mailsBefore + 1);
    const digest = digests()[0]!;
    expect(digest.raw).toMatch(/Subject: AMP: your daily summary \(1\)/);
    expect(digest.text).toContain('Pump 1, Pump 2');
    const [sent] = await t.db.select().from(notifications).where(eq(notifications.id, waiting!.id));
    expect(sent!.digestedAt).not.toBeNull();
    await t.db.delete(notificationPreferences).where(eq(notificationPreferences.userId, admin.id));
  });

  it('arrive live on an open stream, from this process and from another one on the same database', async () => {
    const other = await t.startAnother();
    apps.push(other);
    await other.listen({ port: 0, host: '127.0.0.1' });
    const here = await openStream(t.app, admin);
    const there = await openStream(other, admin);
    expect(here.response.status).toBe(200);
    expect(here.response.headers.get('content-type')).toContain('text/event-stream');
    expect(here.response.headers.get('x-content-type-options')).toBe('nosniff');
    await waitUntil(
      async () => here.events.length + there.events.length,
      (n) => n >= 2,
    );
    expect(here.events[0]).toEqual({ event: 'count', data: { count: expect.any(Number) } });

    // Made by the other process's write path: it reaches this process's stream through the database.
    await write(other.deps, null, async (_tx, fx) => {
      fx.notify({
        event: 'sla.created',
        to: { users: [admin.id] },
        params: { owner: 'Lagos Towers Ltd', title: 'Tower power' },
        path: '/sla/provided',
      });
    });
    const live = (stream: typeof here) => stream.events.filter((e) => e.event === 'notification');
    await waitUntil(
      async () => live(here).length + live(there).length,
      (n) => n >= 2,
    );
    for (const stream of [here, there]) {
      expect(live(stream)[0]!.data).toMatchObject({
        description: 'Lagos Towers Ltd created the SLA Tower power with you',
        path: '/sla/provided',
      });
    }
    here.close();
    there.close();
  });

  it('are announced in chunks small enough for NOTIFY, every shown recipient once, only after the commit', async () => {
    const crowd = await createOrganisation(t.db, { kind: 'mro', name: 'Crowd Services' });
    const members = await Promise.all(
      Array.from({ length: 320 }, () => createUser(t.db, { organisationId: crowd.id, roleKey: 'mro', isOrgAdmin: true })),
    );
    const payloads: string[] = [];
    const unlisten = await t.database.listen(NOTIFICATION_CHANNEL, (payload) => payloads.push(payload));
    try {
      const notifyCrowd = (work: () => void = () => undefined) =>
        write(t.app.deps, null, async (_tx, fx) => {
          fx.notify({
            event: 'sla.created',
            to: { organisation: crowd.id },
            params: { owner: 'Lagos Towers Ltd', title: 'Crowd' },
            path: '/sla/provided',
          });
          work();
        });
      // Rolled back: nothing is announced.
      await expect(
        notifyCrowd(() => {
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      await notifyCrowd();
      const announced = await waitUntil(
        async () => payloads.map((payload) => JSON.parse(payload) as Announcement),
        (list) => list.flatMap((a) => a.users).length >= members.length,
      );
      expect(announced.length).toBe(3);
      for (const announcement of announced) {
        expect(Buffer.byteLength(JSON.stringify(announcement))).toBeLessThan(8000);
        expect(announcement).toMatchObject({ event: 'sla.created', path: '/sla/provided', params: { title: 'Crowd' } });
        expect(new Date(announcement.createdAt).toISOString()).toBe(announcement.createdAt);
      }
      expect(announced.flatMap((a) => a.users).sort()).toEqual(members.map((m) => m.id).sort());
    } finally {
      await unlisten();
    }
  });

  it('are refused without a session', async () => {
    for (const url of ['/v2/notification/count', '/v2/notification', '/v2/notification/clear', '/v2/notification/stream']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('jobs', () => {
  it('run each job exactly once with two API processes on one database', async () => {
    const other = await t.startAnother();
    apps.push(other);
    const recipients = Array.from({ length: 40 }, (_, i) => `exactly-once-${i}@example.com`);
    await write(t.app.deps, null, async (_tx, fx) => {
      for (const to of recipients) fx.mail({ to, subject: 'Once', text: 'Only once' });
    });
    other.deps.jobs.wake(['mail.deliver']);
    await waitUntil(
      async () => smtp.mails.filter((m) => m.to[0]?.startsWith('exactly-once-')).length,
      (n) => n >= recipients.length,
      15_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const delivered = smtp.mails.filter((m) => m.to[0]?.startsWith('exactly-once-')).map((m) => m.to[0]);
    expect(delivered.sort()).toEqual([...recipients].sort());
  });

  it('retry a failing mail with backoff and keep it failed after the last attempt', async () => {
    const [row] = await t.db.insert(mailOutbox).values({ to: 'nobody@example.com', subject: 's', text: 't' }).returning();
    // The SMTP server refusing, whichever process tries: every attempt throws.
    const restore = apps.map((app) => {
      const mailer = app.deps.mailer;
      const deliver = mailer.deliver.bind(mailer);
      mailer.deliver = (id, lastAttempt) => (id === row!.id ? refuse(id, lastAttempt) : deliver(id, lastAttempt));
      return () => {
        mailer.deliver = deliver;
      };
    });
    async function refuse(id: string, lastAttempt: boolean) {
      await t.db
        .update(mailOutbox)
        .set({ status: lastAttempt ? 'failed' : 'retrying', attempts: sql`${mailOutbox.attempts} + 1` })
        .where(eq(mailOutbox.id, id));
      throw new Error('550 mailbox unavailable');
    }
    try {
      await t.app.deps.jobs.send([{ name: 'mail.deliver', data: { mailId: row!.id }, retryLimit: 1, retryDelaySeconds: 0 }]);
      const failed = await waitUntil(
        () => t.app.deps.jobs.failedJobs('mail.deliver'),
        (jobs) => jobs.some((job) => (job.data as { mailId: string }).mailId === row!.id),
        15_000,
      );
      expect(failed.length).toBeGreaterThan(0);
      const [after] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, row!.id));
      expect(after).toMatchObject({ status: 'failed', attempts: 2 });
    } finally {
      for (const undo of restore) undo();
    }
  });
});
