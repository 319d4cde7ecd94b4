import { ASSET_STATUSES, type AssetStatus } from '@amp/contracts/asset';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { categories } from './category.js';
import { clusters } from './cluster.js';
import { createdAt, id, inList, updatedAt } from './columns.js';
import { organisations } from './registration.js';

/** `asset_code` is the API's assetID, unique per owner; money is in kobo, never floats. */
export const assets = pgTable(
  'assets',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    assetCode: text('asset_code').notNull(),
    name: text('name').notNull(),
    // A cluster with assets cannot be deleted (409), so the key restricts.
    clusterId: uuid('cluster_id').references(() => clusters.id, { onDelete: 'restrict' }),
    locationId: text('location_id'),
    locationName: text('location_name'),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    subCategoryId: uuid('sub_category_id').references(() => categories.id),
    brand: text('brand'),
    model: text('model'),
    serialNumber: text('serial_number'),
    installationDate: date('installation_date', { mode: 'string' }),
    warrantyExpiry: date('warranty_expiry', { mode: 'string' }),
    status: text('status').$type<AssetStatus>().notNull().default('active'),
    purchaseCostKobo: bigint('purchase_cost_kobo', { mode: 'number' }),
    description: text('description'),
    /**
     * Faults open on the asset, kept exact by the fault module's writes in their transaction, so
     * the asset list shows its "open fault" marker without counting.
     */
    openFaultCount: integer('open_fault_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assets_org_code_uq').on(t.organisationId, sql`lower(${t.assetCode})`),
    index('assets_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('assets_org_cluster_idx').on(t.organisationId, t.clusterId),
    index('assets_org_status_idx').on(t.organisationId, t.status),
    index('assets_category_idx').on(t.categoryId),
    // `%substring%` search on assetID, name and location (pg_trgm) within one owner: the owner's
    // key (btree_gin) is in the same GIN index, so each of the OR-ed ILIKEs is one index scan that
    // intersects the owner with the rare trigrams instead of reading every owner's matches of the
    // common ones (7 ms -> under 2 ms at 1M rows). A small pending list keeps searches right after
    // a bulk import from scanning megabytes of unmerged entries (decision 0008).
    index('assets_org_search_idx')
      .using(
        'gin',
        t.organisationId,
        t.name.op('gin_trgm_ops'),
        t.assetCode.op('gin_trgm_ops'),
        t.locationId.op('gin_trgm_ops'),
        t.locationName.op('gin_trgm_ops'),
      )
      .with({ gin_pending_list_limit: 256 }),
    check('assets_status_check', sql`${t.status} in (${inList(ASSET_STATUSES)})`),
    check('assets_purchase_cost_check', sql`${t.purchaseCostKobo} >= 0`),
    check('assets_open_fault_count_check', sql`${t.openFaultCount} >= 0`),
  ],
);

/**
 * How many assets each organisation holds, kept by the assets_count triggers (migration 0004) in
 * the writing transaction: the unfiltered list's total is one primary-key read, not a count(*).
 */
export const organisationAssetCounts = pgTable('organisation_asset_counts', {
  organisationId: uuid('organisation_id')
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});
