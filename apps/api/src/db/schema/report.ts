import { bigint, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisation.js';
import { inventoryItems, warehouses } from './supply.js';
import { workOrders } from './work-order.js';

/**
 * The warehouse report's rollups of the stock ledger (issue 12), kept exact in the same
 * transaction by row triggers on stock_movements (migration 0034; the ledger is insert-only, an
 * item's deletion takes its movements with it). Without a date range the warehouse summary adds up
 * these few hundred rows instead of an organisation's million movements.
 */

/** Movements and their net quantity per warehouse, kind and month of the movement (UTC). */
export const stockMovementMonths = pgTable(
  'stock_movement_months',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The first day of the movements' month (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    movements: integer('movements').notNull().default(0),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.kind, t.month] }), index('stock_movement_months_org_idx').on(t.organisationId)],
);

/** Stock consumed (issued or taken out, a positive quantity) per item, all time. */
export const stockItemConsumption = pgTable(
  'stock_item_consumption',
  {
    itemId: uuid('item_id')
      .primaryKey()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('stock_item_consumption_org_idx').on(t.organisationId, t.warehouseId)],
);

/** Stock issued to each work order's material requests per warehouse, all time. */
export const stockWorkOrderConsumption = pgTable(
  'stock_work_order_consumption',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id').notNull(),
    quantity: bigint('quantity', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.workOrderId] }), index('stock_work_order_consumption_org_idx').on(t.organisationId)],
);
