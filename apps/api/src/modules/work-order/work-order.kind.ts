import { WORK_ORDER_WORKFLOW } from '@amp/contracts/work-order.workflow';
import { workOrderAssignees, workOrders } from '../../db/schema/work-order.js';
import { defineDocumentKind } from '../../kernel/document-kind.js';
import { defineStaffAssignment } from '../../kernel/staff-assignment.js';
import { workOrderParties } from './work-order.parties.js';
import { lockVisibleOrder } from './work-order.repository.js';
import { WORK_ORDER_LISTS } from './work-order.tabs.js';

/** Where a click on a work order's notification leads in the web app. */
export const woPath = (id: string) => `/work-order/view/${id}`;

/** The work order as a document of the kernel (docs/decisions/0026-document-kernel.md). */
export const WORK_ORDER = defineDocumentKind({
  subject: 'work_order',
  workflow: WORK_ORDER_WORKFLOW,
  table: { table: workOrders, id: workOrders.id, status: workOrders.status, version: workOrders.updatedAt, noun: 'work order' },
  codeCounter: 'work_order',
  path: woPath,
  readLocked: lockVisibleOrder,
  partiesOf: (viewer, order) => workOrderParties(viewer, order, order.assigneeIds),
  lists: WORK_ORDER_LISTS,
  approval: { type: 'wo', table: 'work_orders', reminder: 'work_order.approval_reminder', escalation: 'work_order.approval_escalated' },
});

/** Its staff assignment (kernel/staff-assignment.ts): the provider's active users who work on orders. */
export const WORK_ORDER_STAFF = defineStaffAssignment({
  kind: WORK_ORDER,
  assignees: {
    table: workOrderAssignees,
    document: workOrderAssignees.workOrderId,
    user: workOrderAssignees.userId,
    assignedAt: workOrderAssignees.assignedAt,
    assignedBy: workOrderAssignees.assignedBy,
  },
  side: { organisationId: workOrders.organisationId, providerId: workOrders.providerId, sentAt: workOrders.sentAt },
  isProvider: (viewer, order) => workOrderParties(viewer, order, []).includes('provider'),
  working: 'viewIncomingWO',
  step: 'assign',
  activity: 'work_order.assigned',
  assignedEvent: 'work_order.assigned',
  staffedEvent: 'work_order.staffed',
  ownerHears: ['viewOutgoingWO'],
});
