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
 * Every module's events, one entry per module, each declared in its own `<module>.events.ts`
 * (docs/decisions/0034-events-by-module.md): its activity and notification texts, who hears its
 * notifications and, for a document approved by cost, its approval type. A new module adds its one
 * line here. The order of the entries is the order of the preferences and of the event enum in the
 * OpenAPI document, and of the approval types.
 */
export const MODULE_EVENTS = [
  { texts: REGISTRATION_EVENT_TEXTS, notifications: REGISTRATION_NOTIFICATIONS },
  { texts: ASSIGNMENT_EVENT_TEXTS, notifications: ASSIGNMENT_NOTIFICATIONS },
  { texts: SLA_EVENT_TEXTS, notifications: SLA_NOTIFICATIONS },
  { texts: ASSET_IMPORT_EVENT_TEXTS, notifications: ASSET_IMPORT_NOTIFICATIONS },
  { texts: FAULT_EVENT_TEXTS, notifications: FAULT_NOTIFICATIONS },
  { texts: SERVICE_REQUEST_EVENT_TEXTS, notifications: SERVICE_REQUEST_NOTIFICATIONS },
  { texts: WORK_ORDER_EVENT_TEXTS, notifications: WORK_ORDER_NOTIFICATIONS, approval: WORK_ORDER_APPROVAL },
  { texts: WAREHOUSE_EVENT_TEXTS, notifications: WAREHOUSE_NOTIFICATIONS },
  { texts: MATERIAL_REQUEST_EVENT_TEXTS, notifications: MATERIAL_REQUEST_NOTIFICATIONS },
  { texts: PURCHASE_ORDER_EVENT_TEXTS, notifications: PURCHASE_ORDER_NOTIFICATIONS, approval: PURCHASE_ORDER_APPROVAL },
  { texts: ACCOUNT_EVENT_TEXTS },
  { texts: USER_EVENT_TEXTS },
  { texts: ROLE_EVENT_TEXTS },
  { texts: CATEGORY_EVENT_TEXTS },
  { texts: CLUSTER_EVENT_TEXTS },
  { texts: ASSET_EVENT_TEXTS },
  { texts: FILE_EVENT_TEXTS },
  { texts: ACTIVITY_EVENT_TEXTS },
  { texts: PRICEBOOK_EVENT_TEXTS },
  { texts: CONFIGURATION_EVENT_TEXTS },
  { texts: APPROVAL_EVENT_TEXTS },
  { texts: NOTIFICATION_EVENT_TEXTS },
] as const satisfies readonly { texts: EventTexts; notifications?: NotificationAudiences; approval?: ApprovedByCostDeclaration }[];

type ModuleEvents = (typeof MODULE_EVENTS)[number];

/** Who hears each notification event, module by module. */
export const NOTIFICATION_AUDIENCES = MODULE_EVENTS.flatMap((module) =>
  'notifications' in module ? [module.notifications] : [],
) as Extract<ModuleEvents, { notifications: unknown }>['notifications'][];

/** The activity and notification texts of every module, in every language. */
export const EVENT_TEXT_FAMILIES = MODULE_EVENTS.map((module) => module.texts) as ModuleEvents['texts'][];

/** The documents approved by cost, as their modules declare them. */
export const APPROVED_BY_COST = MODULE_EVENTS.flatMap((module) => ('approval' in module ? [module.approval] : [])) as Extract<
  ModuleEvents,
  { approval: unknown }
>['approval'][];
