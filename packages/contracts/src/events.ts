import { ACCOUNT_EVENT_TEXTS } from './account.events.js';
import { ACTIVITY_EVENT_TEXTS } from './activity.events.js';
import { APPROVAL_EVENT_TEXTS } from './approval.events.js';
import { ASSET_EVENT_TEXTS } from './asset.events.js';
import { ASSET_IMPORT_EVENT_TEXTS, ASSET_IMPORT_NOTIFICATIONS } from './asset-import.events.js';
import { ASSIGNMENT_EVENT_TEXTS, ASSIGNMENT_NOTIFICATIONS } from './assignment.events.js';
import { CATEGORY_EVENT_TEXTS } from './category.events.js';
import { CLUSTER_EVENT_TEXTS } from './cluster.events.js';
import { CONFIGURATION_EVENT_TEXTS } from './configuration.events.js';
import { FAULT_EVENT_TEXTS, FAULT_NOTIFICATIONS } from './fault.events.js';
import { FILE_EVENT_TEXTS } from './file.events.js';
import { MATERIAL_REQUEST_EVENT_TEXTS, MATERIAL_REQUEST_NOTIFICATIONS } from './material-request.events.js';
import { NOTIFICATION_EVENT_TEXTS } from './notification.events.js';
import { PRICEBOOK_EVENT_TEXTS } from './pricebook.events.js';
import { PURCHASE_ORDER_EVENT_TEXTS, PURCHASE_ORDER_NOTIFICATIONS } from './purchase-order.events.js';
import { REGISTRATION_EVENT_TEXTS, REGISTRATION_NOTIFICATIONS } from './registration.events.js';
import { ROLE_EVENT_TEXTS } from './role.events.js';
import { SERVICE_REQUEST_EVENT_TEXTS, SERVICE_REQUEST_NOTIFICATIONS } from './service-request.events.js';
import { SLA_EVENT_TEXTS, SLA_NOTIFICATIONS } from './sla.events.js';
import { USER_EVENT_TEXTS } from './user.events.js';
import { WAREHOUSE_EVENT_TEXTS, WAREHOUSE_NOTIFICATIONS } from './warehouse.events.js';
import { WORK_ORDER_EVENT_TEXTS, WORK_ORDER_NOTIFICATIONS } from './work-order.events.js';

/*
 * Every module's activity and notification events, each declared in its own `<module>.events.ts`
 * (docs/decisions/0034-events-by-module.md): a new module adds its line to each list. The order of
 * the notifications is the order of the preferences and of the event enum in the OpenAPI document.
 */

/** Who hears each notification event, module by module. */
export const NOTIFICATION_AUDIENCES = [
  REGISTRATION_NOTIFICATIONS,
  ASSIGNMENT_NOTIFICATIONS,
  SLA_NOTIFICATIONS,
  ASSET_IMPORT_NOTIFICATIONS,
  FAULT_NOTIFICATIONS,
  SERVICE_REQUEST_NOTIFICATIONS,
  WORK_ORDER_NOTIFICATIONS,
  WAREHOUSE_NOTIFICATIONS,
  MATERIAL_REQUEST_NOTIFICATIONS,
  PURCHASE_ORDER_NOTIFICATIONS,
] as const;

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
] as const;
