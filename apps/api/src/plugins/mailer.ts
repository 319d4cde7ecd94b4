import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Mail is written to the outbox inside the caller's transaction (so a rolled-back change sends
 * nothing), then delivered over SMTP after the commit. Without SMTP_URL it stays in the outbox and
 * only its subject and recipient are logged: bodies carry tokens, which never go to logs.
 */
export class Mailer {
  private transport: Transporter | null;

  constructor(
    private readonly db: Db,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  async queue(tx: Db, mail: Mail): Promise<string> {
    const [row] = await tx.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
    return row!.id;
  }

  /** Delivers the given outbox entries (after their transaction has committed). */
  async deliver(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const rows = await this.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    for (const row of rows) {
      if (!this.transport) {
        this.log.info({ mailId: row.id, to: row.to, subject: row.subject }, 'mail kept in outbox (no SMTP_URL)');
        continue;
      }
      try {
        await this.transport.sendMail({ from: this.from, to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined });
        await this.db
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1 })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        this.log.warn({ mailId: row.id, err: error }, 'mail delivery failed');
        await this.db
          .update(mailOutbox)
          .set({ status: 'failed', attempts: row.attempts + 1, error: String((error as Error).message).slice(0, 500) })
          .where(eq(mailOutbox.id, row.id));
      }
    }
  }

  close() {
    this.transport?.close();
  }
}
