import type { Language } from '@amp/contracts/account';
import { pageMeta } from '@amp/contracts/fields';
import {
  NOTIFICATION_EVENT_AUDIENCE,
  NOTIFICATION_EVENTS,
  type Notification,
  type NotificationEvent,
  type NotificationPreference,
  type NotificationPreferencesInput,
} from '@amp/contracts/notification';
import type { Deps } from '../../deps.js';
import { invalidField } from '../../lib/errors.js';
import { describeNotification } from '../../lib/notification-mail.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import type { LiveConnection } from '../../plugins/live.js';
import { countUnread, listNotifications, listPreferences, markAllRead, upsertPreferences } from './notification.repository.js';

export async function unreadCount(deps: Deps, principal: Principal): Promise<{ count: number }> {
  return { count: await countUnread(deps.db, principal.userId) };
}

export async function list(deps: Deps, principal: Principal, language: Language, query: { page: number; pageSize: number }) {
  const { rows, total } = await listNotifications(deps.db, principal.userId, query.pageSize, (query.page - 1) * query.pageSize);
  const data: Notification[] = rows.map((row) => ({
    _id: row.id,
    description: describeNotification(language, row.event, row.params),
    path: row.path,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}

/** docs/product.md#notifications-and-activity: the panel clears its notifications when it closes or when one is clicked. */
export async function clear(deps: Deps, principal: Principal): Promise<{ count: number }> {
  await write(deps, principal, (tx) => markAllRead(tx, principal.userId));
  return { count: 0 };
}

/** The events this person can receive: a super admin hears of registrations, everyone else of the rest. */
export function eventsFor(principal: Principal): NotificationEvent[] {
  return NOTIFICATION_EVENTS.filter((event) =>
    principal.organisationKind === 'platform'
      ? NOTIFICATION_EVENT_AUDIENCE[event] === 'super'
      : NOTIFICATION_EVENT_AUDIENCE[event] !== 'super',
  );
}

export async function preferences(deps: Deps, principal: Principal): Promise<NotificationPreference[]> {
  const stored = new Map((await listPreferences(deps.db, principal.userId)).map((row) => [row.event, row]));
  return eventsFor(principal).map((event) => {
    const row = stored.get(event);
    return { event, inApp: row?.inApp ?? true, email: row?.email ?? 'instant' };
  });
}

export async function savePreferences(deps: Deps, principal: Principal, input: NotificationPreferencesInput) {
  const allowed = new Set(eventsFor(principal));
  const index = input.preferences.findIndex((preference) => !allowed.has(preference.event));
  if (index >= 0) throw invalidField(`preferences.${index}.event`, 'VALIDATION.NOT_VALID', { field: 'Event' });
  // One row per event: a list naming an event twice keeps its last choice.
  const byEvent = new Map(input.preferences.map((preference) => [preference.event, preference]));
  await write(deps, principal, async (tx, fx) => {
    await upsertPreferences(tx, principal.userId, [...byEvent.values()]);
    fx.activity({ action: 'account.notification_preferences' });
  });
  return preferences(deps, principal);
}

/** Opens a live stream: the current count first, then each new notification as it is committed. */
export async function openStream(deps: Deps, principal: Principal, connection: LiveConnection): Promise<() => void> {
  const close = deps.live.add(principal.userId, connection);
  connection.send('count', await unreadCount(deps, principal));
  return close;
}
