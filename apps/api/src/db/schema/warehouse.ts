import { STOCK_MOVEMENT_KINDS, STOCK_SOURCE_TYPES, type StockMovementKind, type StockSourceType } from '@amp/contracts/warehouse';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, inList, updatedAt } from './columns.js';
import { pricebookItems } from './pricebook.js';
import { states } from './reference.js';
import { organisations } from './registration.js';
import { users } from './user.js';

/** An organisation's warehouse (docs/product.md#warehouses-and-stock): a name unique in the organisation, where it is, and its managers. */
export const warehouses = pgTable(
  'warehouses',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    address: text('address'),
    state: text('state').references(() => states.alias),
    lga: text('lga'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('warehouses_org_name_uq').on(t.organisationId, sql`lower(${t.name})`)],
);

export const warehouseManagers = pgTable(
  'warehouse_managers',
  {
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.warehouseId, t.userId] }), index('warehouse_managers_user_idx').on(t.userId)],
);

/**
 * An item of a warehouse's inventory. `quantity` is the sum of its movements, kept by the one
 * conditional update that writes each movement (never set otherwise), and never below zero (the
 * CHECK is the last guard). `low_since` is set when the quantity falls to the reorder level (the
 * managers are told then, once) and cleared when it rises above it.
 */
/**
 * What an item's search looks in: its name, brand, model and description as one text, the parts
 * apart by a control character no search can hold (so no match spans two of them). One trigram
 * index of it answers a search in one index scan, where one per column took four.
 */
export const itemSearchText = (t: { name: AnyPgColumn; brand: AnyPgColumn; model: AnyPgColumn; description: AnyPgColumn }) =>
  sql`${t.name} || E'\\x1f' || coalesce(${t.brand}, '') || E'\\x1f' || coalesce(${t.model}, '') || E'\\x1f' || coalesce(${t.description}, '')`;

export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: id(),
    warehouseId: uuid('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    brand: text('brand'),
    model: text('model'),
    unit: text('unit'),
    priceKobo: bigint('price_kobo', { mode: 'number' }),
    quantity: integer('quantity').notNull().default(0),
    // Kept by PostgreSQL from the quantity. Its index names this column, not the quantity, so a
    // movement that leaves the item neither empty nor refilled stays a HOT update.
    outOfStock: boolean('out_of_stock').notNull().generatedAlwaysAs(sql`quantity = 0`),
    reorderLevel: integer('reorder_level'),
    lowSince: timestamp('low_since', { withTimezone: true }),
    pricebookItemId: uuid('pricebook_item_id').references(() => pricebookItems.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One item per name, brand and model in a warehouse (a transfer and a receipt find it so).
    uniqueIndex('inventory_items_identity_uq').on(
      t.warehouseId,
      sql`lower(${t.name})`,
      sql`lower(coalesce(${t.brand}, ''))`,
      sql`lower(coalesce(${t.model}, ''))`,
    ),
    // The inventory list by name (its default order).
    index('inventory_items_name_idx').on(t.warehouseId, sql`lower(${t.name})`, t.id),
    // The search: the warehouse's key beside the trigrams of what is searched (btree_gin).
    index('inventory_items_search_idx').using('gin', t.warehouseId, sql`(${itemSearchText(t)}) gin_trgm_ops`),
    // The low and the out-of-stock items, by name: those filters' pages and the low-stock list.
    index('inventory_items_low_idx').on(t.warehouseId, sql`lower(${t.name})`, t.id).where(sql`${t.lowSince} is not null`),
    index('inventory_items_out_idx').on(t.warehouseId, sql`lower(${t.name})`, t.id).where(sql`${t.outOfStock}`),
    // The warehouse report's items table across an organisation's warehouses, newest first, and its keyset export.
    index('inventory_items_org_created_idx').on(t.organisationId, t.createdAt.desc(), t.id.desc()),
    check('inventory_items_quantity_check', sql`${t.quantity} >= 0`),
    check('inventory_items_reorder_check', sql`${t.reorderLevel} is null or ${t.reorderLevel} >= 0`),
    check('inventory_items_price_check', sql`${t.priceKobo} is null or ${t.priceKobo} >= 0`),
  ],
);

/**
 * Each warehouse's exact totals: its items, those low and those out of stock, and its movements,
 * moved by deferred triggers at COMMIT (migration 0030, as the fault counts: decision 0015), so a
 * warehouse's inventory and history answer their totals without counting 100,000 items or
 * 10,000,000 movements. A warehouse gets its row when it is created.
 */
export const warehouseStockCounts = pgTable('warehouse_stock_counts', {
  warehouseId: uuid('warehouse_id')
    .primaryKey()
    .references(() => warehouses.id, { onDelete: 'cascade' }),
  items: integer('items').notNull().default(0),
  low: integer('low').notNull().default(0),
  outOfStock: integer('out_of_stock').notNull().default(0),
  movements: bigint('movements', { mode: 'number' }).notNull().default(0),
  /** Σ quantity x unit price of its items (kobo, an item without a price 0): the warehouse report's stock value (migration 0039). */
  valueKobo: numeric('value_kobo', { precision: 38, scale: 0 }).notNull().default('0'),
});

/**
 * The ledger: one row per change of an item's quantity, never updated or deleted (a trigger
 * refuses both). `delta` is signed; `balance_after` is the item's quantity once it applied. The
 * server's time, the user, the reason and the source document are kept; a reversal names the
 * movement it undoes, and a movement is reversed at most once (the unique index).
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id, { onDelete: 'cascade' }),
    warehouseId: uuid('warehouse_id').notNull(),
    organisationId: uuid('organisation_id').notNull(),
    kind: text('kind').$type<StockMovementKind>().notNull(),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason'),
    sourceType: text('source_type').$type<StockSourceType>(),
    sourceId: text('source_id'),
    reversesId: bigint('reverses_id', { mode: 'number' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // An item's history, newest first.
    index('stock_movements_item_idx').on(t.itemId, t.id.desc()),
    // A warehouse's history, newest first.
    index('stock_movements_warehouse_idx').on(t.warehouseId, t.id.desc()),
    // ... of one kind, newest first. Ordered on -id, which the primary key cannot give: on id, the
    // planner walked the primary key backwards past millions of movements to find an old kind's
    // (all openings are among the first), not knowing where they lie.
    index('stock_movements_warehouse_kind_idx').on(t.warehouseId, t.kind, sql`(-${t.id})`),
    uniqueIndex('stock_movements_reverses_uq').on(t.reversesId).where(sql`${t.reversesId} is not null`),
    // The warehouse report's movements across an organisation's warehouses, newest first, and its keyset
    // export: without it, the primary key is walked backwards past every other organisation's movements.
    index('stock_movements_org_id_idx').on(t.organisationId, t.id.desc()),
    // The warehouse report's summary of a date range (by month, kind and item): index-only with the
    // columns it reads, INCLUDEd by hand in migration 0033 (drizzle has no INCLUDE).
    index('stock_movements_org_created_idx').on(t.organisationId, t.createdAt),
    index('stock_movements_source_idx').on(t.sourceType, t.sourceId).where(sql`${t.sourceId} is not null`),
    check('stock_movements_kind_check', sql`${t.kind} in (${inList(STOCK_MOVEMENT_KINDS)})`),
    check('stock_movements_source_check', sql`${t.sourceType} is null or ${t.sourceType} in (${inList(STOCK_SOURCE_TYPES)})`),
    check('stock_movements_delta_check', sql`${t.delta} <> 0`),
    check('stock_movements_balance_check', sql`${t.balanceAfter} >= 0`),
  ],
);
