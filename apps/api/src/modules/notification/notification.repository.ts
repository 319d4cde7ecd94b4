import type { EmailDelivery, NotificationEvent } from '@amp/contracts/notification';
import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { notificationPreferences, notifications } from '../../db/schema/notification.js';
import { userContactsAs } from '../user/user.public.js';

/** The recipients' email, language and status (user.public), joined. */
const users = userContactsAs('users');

const shownTo = (userId: string) => and(eq(notifications.recipientId, userId), eq(notifications.inApp, true));

/** The bell's number: an index-only count on notifications_unread_idx. */
export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(notifications)
    .where(and(shownTo(userId), isNull(notifications.readAt)));
  return row?.total ?? 0;
}

export async function listNotifications(db: Db, userId: string, limit: number, offset: number) {
  const where = shownTo(userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        event: notifications.event,
        params: notifications.params,
        path: notifications.path,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Marks every unread notification of the user read; answers how many were. */
export async function markAllRead(tx: Db, userId: string): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(shownTo(userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function listPreferences(db: Db, userId: string) {
  return db
    .select({ event: notificationPreferences.event, inApp: notificationPreferences.inApp, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(
  tx: Db,
  userId: string,
  preferences: readonly { event: NotificationEvent; inApp: boolean; email: EmailDelivery }[],
) {
  await tx
    .insert(notificationPreferences)
    .values(preferences.map((preference) => ({ userId, ...preference })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.event],
      set: { inApp: sql`excluded.in_app`, email: sql`excluded.email` },
    });
}

/** Notifications waiting for the daily digest, oldest first, with their recipients. */
export async function findDigestable(db: Db, before: Date, limit: number) {
  return db
    .select({
      id: notifications.id,
      recipientId: notifications.recipientId,
      event: notifications.event,
      params: notifications.params,
      path: notifications.path,
      createdAt: notifications.createdAt,
      email: users.email,
      language: users.language,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientId))
    .where(
      and(
        eq(notifications.email, 'digest'),
        isNull(notifications.digestedAt),
        lt(notifications.createdAt, before),
        eq(users.status, 'active'),
      ),
    )
    .orderBy(notifications.recipientId, notifications.createdAt)
    .limit(limit);
}

export async function markDigested(tx: Db, ids: readonly string[]) {
  if (ids.length === 0) return;
  await tx
    .update(notifications)
    .set({ digestedAt: sql`now()` })
    .where(inArray(notifications.id, [...ids]));
}
