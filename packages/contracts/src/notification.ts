import { z } from 'zod';
import { EVENT_MESSAGES, type EventMessageKey } from './event-messages.js';
import { dataOf, MAX_PAGE_SIZE, out, pageOf } from './fields.js';
import type { MessageParams } from './messages.js';

/**
 * The closed set of events that notify someone (docs/product.md#notifications-and-activity). Each is stored per
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
  'service_request.sent',
  'service_request.accepted',
  'service_request.declined',
  'service_request.assigned',
  'service_request.staffed',
  'service_request.closed',
  'service_request.response_due_soon',
  'service_request.response_breached',
  'service_request.resolution_due_soon',
  'service_request.resolution_breached',
  'service_request.sla_summary',
  'observation.submitted',
  'observation.accepted',
  'observation.rejected',
  'work_order.approval_requested',
  'work_order.approval_reminder',
  'work_order.approval_escalated',
  'work_order.approval_rejected',
  'work_order.sent',
  'work_order.accepted',
  'work_order.declined',
  'work_order.assigned',
  'work_order.staffed',
  'work_order.completed',
  'work_order.owner_certified',
  'work_order.provider_certified',
  'work_order.unsatisfactory',
  'work_order.rated',
  'work_order.closed',
  'work_order.ended',
  'work_order.response_due_soon',
  'work_order.response_breached',
  'work_order.resolution_due_soon',
  'work_order.resolution_breached',
  'work_order.sla_summary',
  'stock.low',
  'material_request.created',
  'material_request.decided',
  'purchase_order.approval_requested',
  'purchase_order.approval_reminder',
  'purchase_order.approval_escalated',
  'purchase_order.approval_rejected',
  'purchase_order.sent',
  'purchase_order.accepted',
  'purchase_order.declined',
  'purchase_order.dispatched',
  'purchase_order.received',
  'purchase_order.closed',
  'purchase_order.cancelled',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/**
 * The text of a notification: NOTIFICATION.<event>, or its variant for a `subject` parameter when
 * the catalogue has one (import.succeeded of a pricebook file: NOTIFICATION.import.succeeded.pricebook).
 */
export function notificationMessageKey(event: NotificationEvent, params?: MessageParams): EventMessageKey {
  const key = `NOTIFICATION.${event}`;
  const variant = typeof params?.subject === 'string' ? `${key}.${params.subject}` : undefined;
  return (variant && Object.hasOwn(EVENT_MESSAGES, variant) ? variant : key) as EventMessageKey;
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
  // Service requests: each side's managers, and the staff assigned to one.
  'service_request.sent': 'organisation',
  'service_request.accepted': 'organisation',
  'service_request.declined': 'organisation',
  'service_request.assigned': 'technician',
  // The owner's side hears who will do the work (its open record page refreshes with it).
  'service_request.staffed': 'organisation',
  'service_request.closed': 'organisation',
  'service_request.response_due_soon': 'organisation',
  'service_request.response_breached': 'organisation',
  'service_request.resolution_due_soon': 'organisation',
  'service_request.resolution_breached': 'organisation',
  'service_request.sla_summary': 'organisation',
  'observation.submitted': 'organisation',
  'observation.accepted': 'author',
  'observation.rejected': 'author',
  // Work orders: the approvers of a level, each side's managers, the staff assigned, the creator of a rejected one.
  'work_order.approval_requested': 'organisation',
  'work_order.approval_reminder': 'organisation',
  'work_order.approval_escalated': 'organisation',
  'work_order.approval_rejected': 'author',
  'work_order.sent': 'organisation',
  'work_order.accepted': 'organisation',
  'work_order.declined': 'organisation',
  'work_order.assigned': 'technician',
  'work_order.staffed': 'organisation',
  'work_order.completed': 'organisation',
  'work_order.owner_certified': 'organisation',
  'work_order.provider_certified': 'organisation',
  'work_order.unsatisfactory': 'organisation',
  'work_order.rated': 'organisation',
  'work_order.closed': 'organisation',
  'work_order.ended': 'organisation',
  'work_order.response_due_soon': 'organisation',
  'work_order.response_breached': 'organisation',
  'work_order.resolution_due_soon': 'organisation',
  'work_order.resolution_breached': 'organisation',
  'work_order.sla_summary': 'organisation',
  // Supply: a warehouse's managers, the requester of a material request, each side of a purchase order.
  'stock.low': 'organisation',
  'material_request.created': 'organisation',
  'material_request.decided': 'author',
  'purchase_order.approval_requested': 'organisation',
  'purchase_order.approval_reminder': 'organisation',
  'purchase_order.approval_escalated': 'organisation',
  'purchase_order.approval_rejected': 'author',
  'purchase_order.sent': 'organisation',
  'purchase_order.accepted': 'organisation',
  'purchase_order.declined': 'organisation',
  'purchase_order.dispatched': 'organisation',
  'purchase_order.received': 'organisation',
  'purchase_order.closed': 'organisation',
  'purchase_order.cancelled': 'organisation',
};
