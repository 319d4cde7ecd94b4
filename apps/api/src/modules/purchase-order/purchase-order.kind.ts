import { PURCHASE_ORDER_WORKFLOW } from '@amp/contracts/purchase-order.workflow';
import { purchaseOrders } from '../../db/schema/purchase-order.js';
import { defineDocumentKind } from '../../kernel/document-kind.js';
import { poPartiesOf } from './purchase-order.parties.js';
import { lockVisibleOrder } from './purchase-order.repository.js';
import { PURCHASE_ORDER_LISTS } from './purchase-order.tabs.js';

/** Where a click on a purchase order's notification leads in the web app. */
export const poPath = (id: string) => `/purchase-order/${id}`;

/** The purchase order as a document of the kernel (docs/decisions/0026-document-kernel.md). */
export const PURCHASE_ORDER = defineDocumentKind({
  subject: 'purchase_order',
  workflow: PURCHASE_ORDER_WORKFLOW,
  table: {
    table: purchaseOrders,
    id: purchaseOrders.id,
    status: purchaseOrders.status,
    version: purchaseOrders.updatedAt,
    noun: 'purchase order',
  },
  codeCounter: 'purchase_order',
  path: poPath,
  readLocked: lockVisibleOrder,
  partiesOf: poPartiesOf,
  lists: PURCHASE_ORDER_LISTS,
  approval: {
    type: 'po',
    table: 'purchase_orders',
    reminder: 'purchase_order.approval_reminder',
    escalation: 'purchase_order.approval_escalated',
  },
});
