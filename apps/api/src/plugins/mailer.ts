import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import { defineJob, type JobDefinition } from './jobs.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Mail is written to the outbox inside the caller's transaction (the write path's `fx.mail`,
 * so a rolled-back change sends nothing) together with a `mail.deliver` job, which delivers it
 * over SMTP, retried with backoff; after the last attempt it stays `failed` for the super admin
 * to see. Without SMTP_URL it stays in the outbox and only its id and subject are logged:
 * bodies carry tokens, which never go to logs.
 */
export class Mailer {
  private transport: Transporter | null;
  /**
   * The job delivers a batch of mails side by side: their outbox reads, and the marks of those sent,
   * go to the database together (one query for each turn of the event loop instead of two per mail,
   * which took more of the database than the rest of the delivery).
   */
  private readonly read = coalesce(async (ids: string[]) => {
    const rows = await this.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    return new Map(rows.map((row) => [row.id, row]));
  });
  private readonly markSent = coalesce(async (ids: string[]) => {
    await this.db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, error: null })
      .where(inArray(mailOutbox.id, ids));
    return new Map<string, true>();
  });

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    // A pool of SMTP connections: a burst of notifications does not open one connection per mail.
    // Ten, so a batch of the job (100 mails) is ten mails in turn on each: sending one waits on
    // several round trips with the server (apps/api/bench/jobs.bench.ts: 10,000 mails).
    this.transport = smtpUrl ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 10 } as never) : null;
  }

  /** Delivers one outbox mail; throws on failure so the job is retried. A mail already sent is not sent again. */
  async deliver(mailId: string, lastAttempt: boolean): Promise<void> {
    const row = await this.read(mailId);
    if (!row || row.status === 'sent') return;
    if (!this.transport) {
      // Its id, not its recipient: an address is personal data, and the outbox row holds it for whoever may read it.
      this.log.info({ mailId: row.id, subject: row.subject }, 'mail kept in outbox (no SMTP_URL)');
      return;
    }
    try {
      await this.transport.sendMail({ from: this.from, to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined });
    } catch (error) {
      await this.db
        .update(mailOutbox)
        .set({
          status: lastAttempt ? 'failed' : 'retrying',
          attempts: sql`${mailOutbox.attempts} + 1`,
          error: String((error as Error).message).slice(0, 500),
        })
        .where(eq(mailOutbox.id, row.id));
      throw error;
    }
    await this.markSent(row.id);
  }

  close() {
    this.transport?.close();
  }
}

/**
 * Calls made in the same turn of the event loop are answered by one call of `run` with all their
 * keys (a failure of it fails each of them).
 */
function coalesce<Value>(run: (keys: string[]) => Promise<Map<string, Value>>): (key: string) => Promise<Value | undefined> {
  type Call = { key: string; resolve: (value: Value | undefined) => void; reject: (error: unknown) => void };
  let waiting: Call[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    run([...new Set(batch.map((call) => call.key))]).then(
      (values) => {
        for (const call of batch) call.resolve(values.get(call.key));
      },
      (error) => {
        for (const call of batch) call.reject(error);
      },
    );
  };
  return (key) =>
    new Promise((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
}

/** The delivery job: five retries with backoff (10 s, 20 s, 40 s, ...); then the mail stays failed. */
export function mailJobs(deps: { mailer: Mailer }): JobDefinition[] {
  return [
    defineJob({
      name: 'mail.deliver',
      run: ({ mailId }, context) => deps.mailer.deliver(mailId, context.lastAttempt),
      retryLimit: 5,
      retryDelaySeconds: 10,
      // Fetched 100 at a time: one outbox read for them all, fewer fetches and completions.
      batchSize: 100,
    }),
  ];
}
