import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assets } from './asset.js';
import { clusters } from './cluster.js';
import { createdAt, id, updatedAt } from './columns.js';
import { files } from './file.js';
import { organisations } from './registration.js';

/** A service level agreement between an owner and a provider, over some assets or clusters. */
export const slas = pgTable(
  'slas',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    terms: text('terms'),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    responseHours: integer('response_hours').notNull(),
    resolutionHours: integer('resolution_hours').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('slas_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('slas_provider_idx').on(t.providerId),
    index('slas_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    check('slas_hours_check', sql`${t.responseHours} > 0 and ${t.resolutionHours} >= ${t.responseHours}`),
  ],
);

/** What an SLA covers: one asset or one whole cluster per row. */
export const slaTargets = pgTable(
  'sla_targets',
  {
    slaId: uuid('sla_id')
      .notNull()
      .references(() => slas.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    clusterId: uuid('cluster_id').references(() => clusters.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('sla_targets_target_check', sql`(${t.assetId} is null) <> (${t.clusterId} is null)`),
    uniqueIndex('sla_targets_asset_uq').on(t.slaId, t.assetId),
    uniqueIndex('sla_targets_cluster_uq').on(t.slaId, t.clusterId),
    index('sla_targets_asset_idx').on(t.assetId),
    index('sla_targets_cluster_idx').on(t.clusterId),
  ],
);
