import { z } from 'zod';
import { dataOf, MAX_PAGE_SIZE, out, pageOf } from './fields.js';
import type { MessageKey } from './messages.js';

/**
 * The closed set of events that notify someone (SPEC.md 4 "Notifications"). Each is stored per
 * recipient as its message key (`NOTIFICATION.<event>`) and parameters, and shown in the
 * reader's language. Workflow modules add their events here.
 */
export const NOTIFICATION_EVENTS = [
  'registration.pending',
  'registration.approved',
  'assignment.assigned',
  'assignment.revoked',
  'assignment.dispatched',
  'sla.created',
  'sla.updated',
  'import.succeeded',
  'import.failed',
  'fault.awaiting_provider',
  'fault.awaiting_owner',
  'fault.returned',
  'fault.rejected',
  'fault.approved',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export function notificationMessageKey(event: NotificationEvent): MessageKey {
  return `NOTIFICATION.${event}` as MessageKey;
}

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
export type NotificationCount = z.infer<typeof notificationCountSchema>;

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

export const notificationPreferencesInput = z.object({
  preferences: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_EVENTS.length),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInput>;
export const notificationPreferencesAnswer = dataOf(z.array(notificationPreferenceSchema).max(NOTIFICATION_EVENTS.length));

/** Which events a person can receive depends on who they are; the profile page lists only those. */
export const NOTIFICATION_EVENT_AUDIENCE: Record<NotificationEvent, 'super' | 'organisation' | 'technician' | 'author'> = {
  'registration.pending': 'super',
  'registration.approved': 'organisation',
  'assignment.assigned': 'organisation',
  'assignment.revoked': 'organisation',
  'assignment.dispatched': 'technician',
  'sla.created': 'organisation',
  'sla.updated': 'organisation',
  'import.succeeded': 'author',
  'import.failed': 'author',
  // A provider's managers hear of their technicians' reports; the owner's fault managers of reports
  // waiting for them; the reporter of a return, a rejection or an approval.
  'fault.awaiting_provider': 'organisation',
  'fault.awaiting_owner': 'organisation',
  'fault.returned': 'author',
  'fault.rejected': 'author',
  'fault.approved': 'author',
};

/** SPEC.md section 9: DD-MM-YY, h:mm:ss a (e.g. 23-11-26, 7:05:09 am). */
export function formatNotificationTime(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
    hour12: true,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')}-${part('month')}-${part('year')}, ${Number(part('hour'))}:${part('minute')}:${part('second')} ${part('dayPeriod').toLowerCase()}`;
}
