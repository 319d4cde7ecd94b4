import { PRICEBOOK_KINDS, type PricebookKind } from '@amp/contracts/pricebook';
import { PO_STATUSES, type PoStatus } from '@amp/contracts/purchase-order';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, updatedAt } from './columns.js';
import { pricebookItems } from './pricebook.js';
import { organisations } from './registration.js';
import { users } from './user.js';
import { warehouses } from './warehouse.js';

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: id(),
    /** The buyer. */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id),
    code: text('code').notNull(),
    title: text('title').notNull(),
    note: text('note'),
    status: text('status').$type<PoStatus>().notNull().default('draft'),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull().default(0),
    approvalRound: integer('approval_round').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who last changed its lines or terms (an edit or a revision), who may not approve it as another approver could (approval engine). */
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    closeReason: text('close_reason'),
    rejectReason: text('reject_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('purchase_orders_code_uq').on(t.organisationId, t.code),
    index('purchase_orders_buyer_idx').on(t.organisationId, t.status, t.createdAt.desc()),
    // The supplier sees an order once it is sent.
    index('purchase_orders_supplier_idx').on(t.supplierId, t.status, t.createdAt.desc()).where(sql`${t.sentAt} is not null`),
    check('purchase_orders_status_check', sql`${t.status} in (${inList(PO_STATUSES)})`),
    check('purchase_orders_total_check', sql`${t.totalKobo} >= 0`),
  ],
);

/** A line: copied from the supplier's pricebook or free; what was dispatched and received of it, each never above what was ordered. */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    pricebookItemId: uuid('pricebook_item_id').references(() => pricebookItems.id, { onDelete: 'set null' }),
    free: boolean('free').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<PricebookKind>(),
    unit: text('unit'),
    brand: text('brand'),
    model: text('model'),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    dispatched: integer('dispatched').notNull().default(0),
    received: integer('received').notNull().default(0),
  },
  (t) => [
    index('purchase_order_lines_order_idx').on(t.orderId, t.position),
    check('purchase_order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('purchase_order_lines_dispatched_check', sql`${t.dispatched} between 0 and ${t.quantity}`),
    check('purchase_order_lines_received_check', sql`${t.received} between 0 and ${t.dispatched}`),
    check('purchase_order_lines_kind_check', sql`${t.kind} is null or ${t.kind} in (${inList(PRICEBOOK_KINDS)})`),
  ],
);

/** A delivery (the supplier's) or a receipt (the buyer's, into a warehouse): quantities per line. */
export const purchaseOrderSupplies = pgTable(
  'purchase_order_supplies',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'delivery' | 'receipt'>().notNull(),
    warehouseId: uuid('warehouse_id').references(() => warehouses.id),
    note: text('note'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('purchase_order_supplies_order_idx').on(t.orderId, t.createdAt),
    check('purchase_order_supplies_kind_check', sql`${t.kind} in ('delivery','receipt')`),
  ],
);

export const purchaseOrderSupplyLines = pgTable(
  'purchase_order_supply_lines',
  {
    supplyId: uuid('supply_id')
      .notNull()
      .references(() => purchaseOrderSupplies.id, { onDelete: 'cascade' }),
    lineId: uuid('line_id')
      .notNull()
      .references(() => purchaseOrderLines.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** A receipt's stock-in movement. */
    movementId: bigint('movement_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.supplyId, t.lineId] }), check('purchase_order_supply_lines_quantity_check', sql`${t.quantity} > 0`)],
);
