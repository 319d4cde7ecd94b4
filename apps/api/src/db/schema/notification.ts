import type { MessageParams } from '@amp/contracts/messages';
import { EMAIL_DELIVERIES, type EmailDelivery, NOTIFICATION_EVENTS, type NotificationEvent } from '@amp/contracts/notification';
import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList } from './columns.js';
import { users } from './user.js';

/** One row per recipient: the event's message key and parameters, rendered in the reader's language. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').$type<NotificationEvent>().notNull(),
    params: jsonb('params').$type<MessageParams>().notNull().default({}),
    path: text('path').notNull(),
    /** Shown in the app (the bell); false when the recipient wants this event by email only. */
    inApp: boolean('in_app').notNull().default(true),
    /** How it is mailed, fixed when it is made from the recipient's preferences. */
    email: text('email').$type<EmailDelivery>().notNull().default('instant'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Set once the daily digest has carried it (only for recipients who chose the digest). */
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt),
    index('notifications_unread_idx').on(t.recipientId).where(sql`${t.readAt} is null and ${t.inApp}`),
    index('notifications_digest_idx').on(t.recipientId).where(sql`${t.email} = 'digest' and ${t.digestedAt} is null`),
    check('notifications_event_check', sql`${t.event} in (${inList(NOTIFICATION_EVENTS)})`),
    check('notifications_email_check', sql`${t.email} in (${inList(EMAIL_DELIVERIES)})`),
  ],
);

/** A user's choice per event; no row means the default (in the app, and an email each time). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').$type<NotificationEvent>().notNull(),
    inApp: boolean('in_app').notNull().default(true),
    email: text('email').$type<EmailDelivery>().notNull().default('instant'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.event] }),
    check('notification_preferences_event_check', sql`${t.event} in (${inList(NOTIFICATION_EVENTS)})`),
    check('notification_preferences_email_check', sql`${t.email} in (${inList(EMAIL_DELIVERIES)})`),
  ],
);
