import { holds, type Permission } from '@amp/contracts/permissions';
import { type SQL, sql } from 'drizzle-orm';
import { defineReach } from '../../access/registry.js';
import { anyOf, type Viewer } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    purchase_order: true;
  }
}

/** Who reads a buyer's purchase orders: its staff who raise, approve, receive or list them. */
const BUYER_PO_READS: Permission[] = ['managePO', 'viewOutgoingPO', 'viewCompletedPO', 'approvePO', 'confirmSupply', 'poConfiguration'];
/** Who reads a supplier's: its staff who list or handle them. */
const SUPPLIER_PO_READS: Permission[] = ['managePO', 'viewIncomingPO', 'viewCompletedPO'];

/** On the outer "purchase_orders" row: the buyer's own; the supplier's once sent to it (never a draft or one awaiting approval). */
function visiblePurchaseOrders(viewer: Viewer): SQL {
  const reaches: SQL[] = [];
  if (holds(viewer.permissions, BUYER_PO_READS)) reaches.push(sql`"purchase_orders"."organisation_id" = ${viewer.organisationId}`);
  if (holds(viewer.permissions, SUPPLIER_PO_READS))
    reaches.push(sql`("purchase_orders"."supplier_id" = ${viewer.organisationId} and "purchase_orders"."sent_at" is not null)`);
  return anyOf(reaches);
}

export const purchaseOrderReach = defineReach({
  subject: 'purchase_order',
  table: 'purchase_orders',
  condition: visiblePurchaseOrders,
  attached: [
    { host: 'activity', kind: 'purchase_order' },
    { host: 'approval_step', kind: 'po' },
  ],
});
