import { z } from 'zod';
import { type Audience, type KeysOfEach, mergeOnce } from './event-family.js';
import { NOTIFICATION_AUDIENCES } from './events.js';
import { dataOf, MAX_PAGE_SIZE, out, pageOf } from './fields.js';

/**
 * The closed set of events that notify someone (docs/product.md#notifications-and-activity), each
 * declared with who hears it in its module's `*.events.ts`. Each is stored per recipient as its
 * message key (`NOTIFICATION.<event>`) and parameters, and shown in the reader's language.
 */
export type NotificationEvent = KeysOfEach<(typeof NOTIFICATION_AUDIENCES)[number]>;

/** Which events a person can receive depends on who they are; the profile page lists only those. */
export const NOTIFICATION_EVENT_AUDIENCE = mergeOnce(NOTIFICATION_AUDIENCES, 'The notification event') as Readonly<
  Record<NotificationEvent, Audience>
>;

export const NOTIFICATION_EVENTS = Object.keys(NOTIFICATION_EVENT_AUDIENCE) as [NotificationEvent, ...NotificationEvent[]];
/** How a recipient hears of an event by email: each one, once a day at 07:00 Lagos time, or not at all. */
export const EMAIL_DELIVERIES = ['instant', 'digest', 'off'] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

export const DIGEST_TIME_ZONE = 'Africa/Lagos';
export const DIGEST_CRON = '0 7 * * *';

export const notificationSchema = z.object({
  _id: out.id(),
  description: out.text(1000),
  path: out.text(500),
  createdAt: out.timestamp(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationCountSchema = z.object({ count: out.count() });

export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});

export const notificationCountAnswer = dataOf(notificationCountSchema);
export const notificationPageAnswer = pageOf(notificationSchema);

export const notificationPreferenceSchema = z.object({
  event: z.enum(NOTIFICATION_EVENTS),
  inApp: z.boolean(),
  email: z.enum(EMAIL_DELIVERIES),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesInput = z.strictObject({
  preferences: z.array(z.strictObject(notificationPreferenceSchema.shape)).min(1).max(NOTIFICATION_EVENTS.length),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInput>;
export const notificationPreferencesAnswer = dataOf(z.array(notificationPreferenceSchema).max(NOTIFICATION_EVENTS.length));
