import { ACCOUNT_EVENT_TEXTS } from './account.events.js';
import { ACTIVITY_EVENT_TEXTS } from './activity.events.js';
import { APPROVAL_EVENT_TEXTS } from './approval.events.js';
import { ASSET_EVENT_TEXTS } from './asset.events.js';
import { ASSET_IMPORT_EVENT_TEXTS, ASSET_IMPORT_NOTIFICATIONS } from './asset-import.events.js';
import { ASSIGNMENT_EVENT_TEXTS, ASSIGNMENT_NOTIFICATIONS } from './assignment.events.js';
import { CATEGORY_EVENT_TEXTS } from './category.events.js';
import { CLUSTER_EVENT_TEXTS } from './cluster.events.js';
import { CONFIGURATION_EVENT_TEXTS } from './configuration.events.js';
import type { ApprovedByCostDeclaration, EventTexts, NotificationAudiences } from './event-family.js';
import { FAULT_EVENT_TEXTS, FAULT_NOTIFICATIONS } from './fault.events.js';
import { FILE_EVENT_TEXTS } from './file.events.js';
import { MATERIAL_REQUEST_EVENT_TEXTS, MATERIAL_REQUEST_NOTIFICATIONS } from './material-request.events.js';
import { NOTIFICATION_EVENT_TEXTS } from './notification.events.js';
import { PRICEBOOK_EVENT_TEXTS } from './pricebook.events.js';
import { PURCHASE_ORDER_APPROVAL, PURCHASE_ORDER_EVENT_TEXTS, PURCHASE_ORDER_NOTIFICATIONS } from './purchase-order.events.js';
import { REGISTRATION_EVENT_TEXTS, REGISTRATION_NOTIFICATIONS } from './registration.events.js';
import { ROLE_EVENT_TEXTS } from './role.events.js';
import { SERVICE_REQUEST_EVENT_TEXTS, SERVICE_REQUEST_NOTIFICATIONS } from './service-request.events.js';
import { SLA_EVENT_TEXTS, SLA_NOTIFICATIONS } from './sla.events.js';
import { USER_EVENT_TEXTS } from './user.events.js';
import { WAREHOUSE_EVENT_TEXTS, WAREHOUSE_NOTIFICATIONS } from './warehouse.events.js';
import { WORK_ORDER_APPROVAL, WORK_ORDER_EVENT_TEXTS, WORK_ORDER_NOTIFICATIONS } from './work-order.events.js';

/*
 * Every module's events, each declared in its own `<module>.events.ts`
 * (docs/decisions/0034-events-by-module.md). A new module adds its entry to each of the two lists:
 * the notices (who hears its notifications and, for a document approved by cost, its approval
 * type), which the web bundles, and the texts, the API's alone, kept apart so that the web's
 * bundler leaves them out. The order of the notices is the order of the preferences, of the event
 * enum in the OpenAPI document and of the approval types.
 */
export const MODULE_NOTICES = [
  { notifications: REGISTRATION_NOTIFICATIONS },
  { notifications: ASSIGNMENT_NOTIFICATIONS },
  { notifications: SLA_NOTIFICATIONS },
  { notifications: ASSET_IMPORT_NOTIFICATIONS },
  { notifications: FAULT_NOTIFICATIONS },
  { notifications: SERVICE_REQUEST_NOTIFICATIONS },
  { notifications: WORK_ORDER_NOTIFICATIONS, approval: WORK_ORDER_APPROVAL },
  { notifications: WAREHOUSE_NOTIFICATIONS },
  { notifications: MATERIAL_REQUEST_NOTIFICATIONS },
  { notifications: PURCHASE_ORDER_NOTIFICATIONS, approval: PURCHASE_ORDER_APPROVAL },
] as const satisfies readonly { notifications: NotificationAudiences; approval?: ApprovedByCostDeclaration }[];

type ModuleNotices = (typeof MODULE_NOTICES)[number];

/** Who hears each notification event, module by module. */
export const NOTIFICATION_AUDIENCES = MODULE_NOTICES.map((module) => module.notifications) as ModuleNotices['notifications'][];

/** The documents approved by cost, as their modules declare them. */
export const APPROVED_BY_COST = MODULE_NOTICES.flatMap((module) => ('approval' in module ? [module.approval] : [])) as Extract<
  ModuleNotices,
  { approval: unknown }
>['approval'][];

/** The activity and notification texts of every module, in every language. */
export const EVENT_TEXT_FAMILIES = [
  REGISTRATION_EVENT_TEXTS,
  ASSIGNMENT_EVENT_TEXTS,
  SLA_EVENT_TEXTS,
  ASSET_IMPORT_EVENT_TEXTS,
  FAULT_EVENT_TEXTS,
  SERVICE_REQUEST_EVENT_TEXTS,
  WORK_ORDER_EVENT_TEXTS,
  WAREHOUSE_EVENT_TEXTS,
  MATERIAL_REQUEST_EVENT_TEXTS,
  PURCHASE_ORDER_EVENT_TEXTS,
  ACCOUNT_EVENT_TEXTS,
  USER_EVENT_TEXTS,
  ROLE_EVENT_TEXTS,
  CATEGORY_EVENT_TEXTS,
  CLUSTER_EVENT_TEXTS,
  ASSET_EVENT_TEXTS,
  FILE_EVENT_TEXTS,
  ACTIVITY_EVENT_TEXTS,
  PRICEBOOK_EVENT_TEXTS,
  CONFIGURATION_EVENT_TEXTS,
  APPROVAL_EVENT_TEXTS,
  NOTIFICATION_EVENT_TEXTS,
] as const satisfies readonly EventTexts[];
