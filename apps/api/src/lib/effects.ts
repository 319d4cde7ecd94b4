import { randomUUID } from 'node:crypto';
import type { Language } from '@amp/contracts/account';
import type { ActivityAction, ActivityParams } from '@amp/contracts/activity';
import type { MessageParams } from '@amp/contracts/messages';
import type { NotificationEvent } from '@amp/contracts/notification';
import type { Permission } from '@amp/contracts/permissions';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { activities, mailOutbox } from '../db/schema/index.js';
import type { JobRequest } from '../plugins/jobs.js';
import type { Mail } from '../plugins/mailer.js';
import { notificationMail } from './notification-mail.js';
import { alongCtes, executeTogether } from './sql-text.js';
import { adminOrHolds } from './staff.js';

declare module '../plugins/jobs.js' {
  interface JobPayloads {
    /** Deliver one outbox mail over SMTP. */
    'mail.deliver': { mailId: string };
  }
}

/** Who did it: a signed-in principal, or nobody (the public, a job). */
export interface Actor {
  userId: string | null;
  organisationId: string | null;
}

export interface ActivityEntry {
  action: ActivityAction;
  params?: ActivityParams;
  subject?: { type: string; id: string };
  /** Defaults to the actor's. */
  organisationId?: string | null;
  userId?: string | null;
  /** When it happened: now, except for demo data that tells a past story. */
  at?: Date;
}

/** Who hears of an event. Only active users are notified. */
export type Recipients =
  | { users: readonly string[] }
  /** An organisation's admins, plus its users holding any of these permissions. */
  | { organisation: string; permission?: readonly Permission[] }
  | { superAdmins: true };

export interface NotificationEntry {
  event: NotificationEvent;
  to: Recipients;
  params: MessageParams;
  /** Where a click on it leads, inside the web app. */
  path: string;
}

/** The channel on which committed notifications are announced to every API process. */
export const NOTIFICATION_CHANNEL = 'amp_notifications';
/** NOTIFY payloads are capped at 8000 bytes: recipients are announced in chunks. */
const ANNOUNCE_CHUNK = 150;

export interface Announcement {
  users: string[];
  event: NotificationEvent;
  params: MessageParams;
  path: string;
  createdAt: string;
}

function recipientCondition(to: Recipients): SQL {
  if ('users' in to) {
    if (to.users.length === 0) return sql`false`;
    return sql`u.id in (${sql.join(
      to.users.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
  }
  if ('organisation' in to) {
    const holds = adminOrHolds({ isOrgAdmin: sql`u.is_org_admin`, permissions: sql`r.permissions` }, to.permission ?? []);
    return sql`u.organisation_id = ${to.organisation}::uuid and ${holds}`;
  }
  return sql`o.kind = 'platform'`;
}

/**
 * One row per recipient, with the recipient's choices for this event applied: shown in the app or
 * not, mailed now, in the digest or not at all. A recipient who wants neither gets no row.
 */
interface InsertedNotification {
  id: string;
  recipientId: string;
  inApp: boolean;
  email: string;
  createdAt: Date | string;
  address: string;
  language: Language;
}

/**
 * Inserts the notifications of one event and announces those shown in the app (NOTIFY, which
 * PostgreSQL delivers only if the transaction commits), in one statement. `along`: other inserts of
 * the same write, run in that statement too (each round trip costs the API and the database).
 */
export async function insertNotifications(tx: Db, entry: NotificationEntry, along: readonly SQL[] = []): Promise<InsertedNotification[]> {
  const result = await tx.execute(sql`
    with ${alongCtes(along)}
    inserted as (
      insert into notifications (recipient_id, event, params, path, in_app, email)
      select u.id, ${entry.event}, ${JSON.stringify(entry.params)}::jsonb, ${entry.path},
             u.notify_in_app and coalesce(p.in_app, true),
             case when u.notify_email then coalesce(p.email, 'instant') else 'off' end
        from users u
        join roles r on r.id = u.role_id
        join organisations o on o.id = u.organisation_id
        left join notification_preferences p on p.user_id = u.id and p.event = ${entry.event}
       where u.status = 'active' and o.status = 'active' and (${recipientCondition(entry.to)})
         and ((u.notify_in_app and coalesce(p.in_app, true))
              or (u.notify_email and coalesce(p.email, 'instant') <> 'off'))
      returning id, recipient_id, in_app, email, created_at
    ),
    -- NOTIFY payloads are capped at 8000 bytes: the recipients go in chunks.
    announced as (
      select pg_notify(${NOTIFICATION_CHANNEL}, json_build_object(
               'users', json_agg(recipient_id),
               'event', ${entry.event}::text,
               'params', ${JSON.stringify(entry.params)}::json,
               'path', ${entry.path}::text,
               'createdAt', to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)
        from (select recipient_id, created_at, row_number() over () - 1 as n from inserted where in_app) shown
       group by n / ${ANNOUNCE_CHUNK}
    )
    select i.id, i.recipient_id as "recipientId", i.in_app as "inApp", i.email, i.created_at as "createdAt",
           u.email as address, u.language
      from inserted i
      join users u on u.id = i.recipient_id
     -- Read, so the announcements are made (a CTE nobody reads is never run).
     where (select count(*) from announced) >= 0`);
  // node-postgres and PGlite both answer { rows }.
  return (result as unknown as { rows: InsertedNotification[] }).rows;
}

export interface EffectSink {
  /** `along`: inserts of the same write to run in the jobs' statement (one round trip fewer). */
  sendInTransaction(tx: Db, requests: readonly JobRequest[], along?: readonly SQL[]): Promise<void>;
}

/** Where mailed links lead: the address users reach. */
export interface EffectSettings {
  publicUrl: string;
}

/**
 * Side effects recorded during a write and stored in its transaction when the work is done, so a
 * rolled-back change leaves no activity, notification, mail or job.
 */
export class RecordedEffects {
  private readonly activityEntries: ActivityEntry[] = [];
  private readonly notificationEntries: NotificationEntry[] = [];
  private readonly mails: Mail[] = [];
  private readonly jobs: JobRequest[] = [];

  constructor(private readonly actor: Actor | null) {}

  activity(entry: ActivityEntry) {
    this.activityEntries.push(entry);
  }

  notify(entry: NotificationEntry) {
    this.notificationEntries.push(entry);
  }

  mail(mail: Mail) {
    this.mails.push(mail);
  }

  enqueue<Request extends JobRequest>(job: Request) {
    this.jobs.push(job);
  }

  /** Names of the jobs this write queued: their workers are woken after the commit. */
  get jobNames(): string[] {
    return this.jobs.map((job) => job.name);
  }

  async flush(tx: Db, queue: EffectSink, settings: EffectSettings) {
    // The activities and the mails known now go in with the first notification's insert when there
    // is one, else together on their own. Mails get their ids here, so their delivery jobs need no answer.
    const mails = this.mails.map((mail) => ({ ...mail, id: randomUUID() }));
    let along: SQL[] = [];
    if (this.activityEntries.length > 0) {
      along.push(
        tx
          .insert(activities)
          .values(
            this.activityEntries.map((entry, index) => ({
              organisationId: entry.organisationId === undefined ? (this.actor?.organisationId ?? null) : entry.organisationId,
              userId: entry.userId === undefined ? (this.actor?.userId ?? null) : entry.userId,
              action: entry.action,
              params: entry.params ?? {},
              subjectType: entry.subject?.type,
              subjectId: entry.subject?.id,
              // The clock at each row, not the transaction's start, plus a microsecond per place: a
              // write's several steps (drafted, then submitted) keep their order on a timeline even
              // where the clock is coarse or two rows read the same microsecond.
              createdAt: entry.at ?? sql`clock_timestamp() + make_interval(secs => ${index}::double precision / 1000000)`,
            })),
          )
          .getSQL(),
      );
    }
    if (mails.length > 0) along.push(tx.insert(mailOutbox).values(mails).getSQL());
    if (this.notificationEntries.length === 0) await executeTogether(tx, along);
    const notificationMails: (Mail & { id: string })[] = [];
    for (const entry of this.notificationEntries) {
      const rows = await insertNotifications(tx, entry, along);
      along = [];
      // Mailed now: written to the outbox in this transaction, delivered by the mail job.
      for (const row of rows.filter((r) => r.email === 'instant')) {
        notificationMails.push({ ...notificationMail(settings.publicUrl, row.address, row.language, entry), id: randomUUID() });
      }
    }
    for (const { id } of [...mails, ...notificationMails]) this.jobs.push({ name: 'mail.deliver', data: { mailId: id } });
    // The notifications' mails go in with their delivery jobs.
    const mailInsert = notificationMails.length > 0 ? [tx.insert(mailOutbox).values(notificationMails).getSQL()] : [];
    if (this.jobs.length > 0) await queue.sendInTransaction(tx, this.jobs, mailInsert);
  }
}
