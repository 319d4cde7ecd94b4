import { activityReach } from '../modules/activity/activity.reach.js';
import { approvalStepReach } from '../modules/approval/approval-step.reach.js';
import { assetReach } from '../modules/asset/asset.reach.js';
import { clusterReach } from '../modules/cluster/cluster.reach.js';
import { faultReach } from '../modules/fault/fault.reach.js';
import { fileReach } from '../modules/file/file.reach.js';
import { mailReach } from '../modules/mail/mail.reach.js';
import { materialRequestReach } from '../modules/material-request/material-request.reach.js';
import { pricebookReach } from '../modules/pricebook/pricebook.reach.js';
import { purchaseOrderReach } from '../modules/purchase-order/purchase-order.reach.js';
import { registrationReach } from '../modules/registration/registration.reach.js';
import { roleReach } from '../modules/role/role.reach.js';
import { serviceRequestReach } from '../modules/service-request/service-request.reach.js';
import { slaReach } from '../modules/sla/sla.reach.js';
import { userReach } from '../modules/user/user.reach.js';
import { inventoryItemReach } from '../modules/warehouse/inventory.reach.js';
import { warehouseReach } from '../modules/warehouse/warehouse.reach.js';
import { workOrderLineReach, workOrderReach } from '../modules/work-order/work-order.reach.js';
import { createAccessRegistry, type Reach, type Subject } from './registry.js';

/**
 * Every subject's reach, one line each, written in its own module (decision 0027). Built when the
 * access module is first imported: a subject registered twice, or an attached kind without a
 * registered parent, stops the server before it starts; a subject registered by nobody does not
 * compile.
 */
export const REACHES = [
  assetReach,
  clusterReach,
  slaReach,
  fileReach,
  userReach,
  roleReach,
  registrationReach,
  mailReach,
  faultReach,
  pricebookReach,
  serviceRequestReach,
  workOrderReach,
  warehouseReach,
  inventoryItemReach,
  materialRequestReach,
  purchaseOrderReach,
  activityReach,
  workOrderLineReach,
  approvalStepReach,
] as const satisfies readonly Reach[];

/** A subject some module names (registry.ts Subjects) without registering its reach above. */
type Unregistered = Exclude<Subject, (typeof REACHES)[number]['subject']>;
/** tsc refuses this line, naming the subject, while one is named but not registered. */
export const EVERY_SUBJECT_REGISTERED: [Unregistered] extends [never] ? true : Unregistered = true;

export const ACCESS = createAccessRegistry(REACHES);
