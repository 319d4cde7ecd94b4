import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { states } from './reference.js';
import { organisations } from './registration.js';

/**
 * The last number handed out per organisation and kind ('cluster', 'asset') for generated codes
 * (CL-000001, AS-000001): one row lock per owner instead of scanning its codes.
 */
export const codeCounters = pgTable(
  'code_counters',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    lastValue: integer('last_value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.kind] })],
);

/** An owner's group of assets (a site, an estate); `cluster_code` is the API's clusterID, unique per owner. */
export const clusters = pgTable(
  'clusters',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    clusterCode: text('cluster_code').notNull(),
    name: text('name').notNull(),
    state: text('state').references(() => states.alias),
    lga: text('lga'),
    address: text('address'),
    description: text('description'),
    /** Kept by the assets_count triggers (migration 0004), so lists never count rows. */
    assetCount: integer('asset_count').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clusters_org_code_uq').on(t.organisationId, sql`lower(${t.clusterCode})`),
    index('clusters_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // `%substring%` search on name and clusterID (pg_trgm).
    index('clusters_search_trgm_idx').using('gin', t.name.op('gin_trgm_ops'), t.clusterCode.op('gin_trgm_ops')),
  ],
);
