import { MR_LINE_STATUSES, MR_STATUSES, type MrLineStatus, type MrStatus } from '@amp/contracts/material-request';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, updatedAt } from './columns.js';
import { organisations } from './registration.js';
import { users } from './user.js';
import { inventoryItems, warehouses } from './warehouse.js';
import { workOrders } from './work-order.js';

export const materialRequests = pgTable(
  'material_requests',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    workOrderId: uuid('work_order_id').references(() => workOrders.id, { onDelete: 'set null' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    note: text('note'),
    status: text('status').$type<MrStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('material_requests_code_uq').on(t.organisationId, t.code),
    index('material_requests_requester_idx').on(t.requestedBy, t.createdAt.desc()),
    index('material_requests_warehouse_idx').on(t.warehouseId, t.status, t.createdAt.desc()),
    index('material_requests_work_order_idx').on(t.workOrderId).where(sql`${t.workOrderId} is not null`),
    check('material_requests_status_check', sql`${t.status} in (${inList(MR_STATUSES)})`),
  ],
);

export const materialRequestLines = pgTable(
  'material_request_lines',
  {
    id: id(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => materialRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    status: text('status').$type<MrLineStatus>().notNull().default('pending'),
    /** The item's price when issued: what the work order's cost counts. */
    priceKobo: bigint('price_kobo', { mode: 'number' }),
    reason: text('reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    movementId: bigint('movement_id', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('material_request_lines_item_uq').on(t.requestId, t.itemId),
    check('material_request_lines_status_check', sql`${t.status} in (${inList(MR_LINE_STATUSES)})`),
    check('material_request_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);
