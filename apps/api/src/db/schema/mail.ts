import { MAIL_STATUSES, type MailStatus } from '@amp/contracts/mail';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, inList } from './columns.js';

/** Mail written in the transaction of the change that causes it; the `mail.deliver` job sends it (plugins/mailer.ts). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_status_idx').on(t.status, t.createdAt),
    check('mail_outbox_status_check', sql`${t.status} in (${inList(MAIL_STATUSES)})`),
  ],
);
