import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;

/** A trivial query: the database answers at all. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

export interface QueueWaits {
  /** Seconds the oldest job past its start time has waited, mail delivery apart (0 when none waits). */
  work: number;
  /** The same for the mail delivery jobs. */
  mail: number;
}

/**
 * How long work has waited to start, from the database's clock. pg-boss keeps waiting jobs
 * (created or due for a retry) in a partial index on (name, start_after), one partition per
 * queue, so the minimum is read from each index's first entry. A job due later counts from then.
 */
export async function queueWaits(db: Db): Promise<QueueWaits> {
  const [row] = rowsOf<QueueWaits>(
    await db.execute(sql`
      select coalesce(extract(epoch from now() - min(start_after) filter (where name <> 'mail.deliver')), 0)::float8 as work,
             coalesce(extract(epoch from now() - min(start_after) filter (where name = 'mail.deliver')), 0)::float8 as mail
        from pgboss.job
       where state < 'active' and start_after < now()`),
  );
  return { work: Math.max(0, Number(row?.work ?? 0)), mail: Math.max(0, Number(row?.mail ?? 0)) };
}

export interface RecentMail {
  sent: number;
  /** Tried and not (yet) delivered: retrying, or failed after the last attempt. */
  failing: number;
}

/**
 * The mails of the last hour that were tried: sent, or failing. Mail kept in the outbox without
 * an SMTP server (pending, never tried) is not delivery failing. Read on (status, created_at).
 */
export async function recentMail(db: Db): Promise<RecentMail> {
  const [row] = rowsOf<RecentMail>(
    await db.execute(sql`
      select count(*) filter (where status = 'sent')::int as sent,
             count(*) filter (where status <> 'sent')::int as failing
        from mail_outbox
       where status in ('sent', 'retrying', 'failed') and created_at > now() - interval '1 hour'`),
  );
  return { sent: Number(row?.sent ?? 0), failing: Number(row?.failing ?? 0) };
}
