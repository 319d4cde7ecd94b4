import { z } from 'zod';
import { type EventMessageKey, formatEventMessage } from './event-messages.js';
import type { MessageParams } from './messages.js';

/**
 * The closed set of things that leave an activity record. Each is stored as its action plus the
 * parameters of its message (`ACTIVITY.<action>` in the catalogue), never as an English
 * sentence, so every language can show it.
 */
export const ACTIVITY_ACTIONS = [
  'account.login',
  'account.logout',
  'account.forgot',
  'account.reset_password',
  'account.change_password',
  'account.settings',
  'account.notification_preferences',
  'registration.submitted',
  'registration.approved',
  'registration.rejected',
  'user.seeded',
  'user.created',
  'user.updated',
  'user.activated',
  'user.deactivated',
  'user.profile_updated',
  'role.created',
  'role.permissions_changed',
  'category.created',
  'category.sub_category_created',
  'cluster.created',
  'cluster.updated',
  'cluster.deleted',
  'asset.created',
  'asset.updated',
  'asset.decommissioned',
  'asset.imported',
  'asset.import_updated',
  'asset.assigned',
  'asset.unassigned',
  'asset.dispatched',
  'cluster.assigned',
  'cluster.unassigned',
  'cluster.dispatched',
  'sla.created',
  'sla.updated',
  'file.uploaded',
  'fault.reported',
  'fault.plus_one',
  'fault.approved',
  'fault.returned',
  'fault.resubmitted',
  'fault.rejected',
  'fault.converted',
  'pricebook.item_added',
  'pricebook.item_changed',
  'pricebook.item_retired',
  'pricebook.item_restored',
  'pricebook.imported',
  'service_request.sent',
  'service_request.accepted',
  'service_request.declined',
  'service_request.assigned',
  'service_request.closed',
  'service_request.auto_closed',
  'service_request.response_due_soon',
  'service_request.response_breached',
  'service_request.resolution_due_soon',
  'service_request.resolution_breached',
  'observation.submitted',
  'observation.accepted',
  'observation.rejected',
  'configuration.updated',
  'configuration.wo_updated',
  'approval.level_saved',
  'approval.level_deleted',
  'work_order.created',
  'work_order.edited',
  'work_order.submitted',
  'work_order.revised',
  'work_order.step_approved',
  'work_order.step_self_approved',
  'work_order.approval_rejected',
  'work_order.sent',
  'work_order.accepted',
  'work_order.declined',
  'work_order.assigned',
  'work_order.started',
  'work_order.held',
  'work_order.resumed',
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
  'legacy',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Sign-in and sign-out are bookkeeping: feeds that show "what happened" leave them out. */
export const SESSION_ACTIONS: readonly ActivityAction[] = ['account.login', 'account.logout'];

export type ActivityParams = MessageParams;

export function activityMessageKey(action: ActivityAction): EventMessageKey {
  return `ACTIVITY.${action}` as EventMessageKey;
}

/** The English sentence of an activity, for API clients that show `description` as it is. */
export function describeActivity(action: ActivityAction, params: ActivityParams): string {
  return formatEventMessage(activityMessageKey(action), params);
}

export const activityParamsSchema = z.record(z.string().max(60), z.union([z.string().max(500), z.number()]));
