import { bigint, date, doublePrecision, index, integer, numeric, pgTable, primaryKey, text, unique, uuid } from 'drizzle-orm/pg-core';
import { assets } from './asset.js';
import { organisations } from './registration.js';
import { inventoryItems, warehouses } from './warehouse.js';
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
  // Migration 0038 adds INCLUDE (item_id, quantity): the summary reads it alone.
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

/**
 * The asset report's per-asset figures over the asset's whole life (issue 12), kept in the same
 * transaction by row triggers on faults and work_orders (migration 0037): its faults, its work
 * orders that completed, and their downtime (completion less the fault's report, else the sending).
 * Without a date range the summary's MTTR and MTBF read one row per asset from here.
 */
export const assetReportStats = pgTable('asset_report_stats', {
  assetId: uuid('asset_id')
    .primaryKey()
    .references(() => assets.id, { onDelete: 'cascade' }),
  faults: integer('faults').notNull().default(0),
  repairs: integer('repairs').notNull().default(0),
  downtimeSeconds: doublePrecision('downtime_seconds').notNull().default(0),
});

/**
 * The service request and work order report's rollups (issue 12), moved at COMMIT by deferred row
 * triggers (migration 0040) with the live read's definitions (sr-wo-report.repository.ts). Each
 * order or request counts on its owner's side and, once it reaches its provider (a work order once
 * sent), on the provider's. Without a filter on the asset, a party or a date range, the summary adds
 * up these rows instead of an organisation's orders. Only SLA verdicts whose clock has stopped are
 * kept: a running clock past its target is late now, counted by the read.
 */
const count = (name: string) => integer(name).notNull().default(0);
const exactSum = (name: string) => numeric(name).notNull().default('0');
export const reportWorkMonths = pgTable(
  'report_work_months',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    side: text('side').$type<'owner' | 'provider'>().notNull(),
    subject: text('subject').$type<'wo' | 'sr'>().notNull(),
    /** The first day of the month of creation (UTC). */
    month: date('month', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    n: count('n'),
    completed: count('completed'),
    /** The approved totals of the work orders sent and not declined (kobo). */
    costKobo: exactSum('cost_kobo'),
    unsatisfactory: count('unsatisfactory'),
    responseSeconds: exactSum('response_seconds'),
    responseCount: count('response_count'),
    resolutionSeconds: exactSum('resolution_seconds'),
    resolutionCount: count('resolution_count'),
    responseOnTime: count('response_on_time'),
    responseMeasured: count('response_measured'),
    resolutionOnTime: count('resolution_on_time'),
    resolutionMeasured: count('resolution_measured'),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.side, t.subject, t.month, t.status] })],
);

/** The work orders' spend (sent, not declined) by the other party: the provider for an owner, the owner for a provider. */
export const reportWorkPartySpend = pgTable(
  'report_work_party_spend',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    side: text('side').$type<'owner' | 'provider'>().notNull(),
    partyId: uuid('party_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    costKobo: exactSum('cost_kobo'),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.side, t.partyId] })],
);

/**
 * The same spend by the order's subject (a cluster or an asset, one of the two), grouped by the
 * read by the asset's current cluster and category: moving an asset relabels its rows, and so moves
 * its spend with it (a move of amounts between cluster rows could not be ordered with the orders'
 * deferred changes).
 */
export const reportWorkSubjectSpend = pgTable(
  'report_work_subject_spend',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    side: text('side').$type<'owner' | 'provider'>().notNull(),
    clusterId: uuid('cluster_id'),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    /** The asset's cluster and category now (labels a trigger on assets keeps), so the read joins nothing. */
    assetClusterId: uuid('asset_cluster_id'),
    assetCategoryId: uuid('asset_category_id'),
    costKobo: exactSum('cost_kobo'),
  },
  (t) => [
    unique('report_work_subject_spend_key').on(t.organisationId, t.side, t.clusterId, t.assetId).nullsNotDistinct(),
    index('report_work_subject_spend_asset_idx').on(t.assetId),
  ],
);

/** An owner's decided work order approval steps per level (position and name): their count and seconds from ask to decision. */
export const reportApprovalLevels = pgTable(
  'report_approval_levels',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    n: count('n'),
    seconds: exactSum('seconds'),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.position, t.name] })],
);
