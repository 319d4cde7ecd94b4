import { sql } from 'drizzle-orm';
import { check, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assets } from './asset.js';
import { clusters } from './cluster.js';
import { createdAt, id } from './columns.js';
import { organisations } from './registration.js';
import { users } from './user.js';

/**
 * An owner's asset or whole cluster given to a provider organisation (MRO, IMO, external
 * technician). Taking it back sets revoked_at, so the history stays; at most one live row per
 * asset and per cluster (NULLs never collide in a unique index).
 */
export const assetAssignments = pgTable(
  'asset_assignments',
  {
    id: id(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    clusterId: uuid('cluster_id').references(() => clusters.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: uuid('revoked_by'),
  },
  (t) => [
    check('asset_assignments_target_check', sql`(${t.assetId} is null) <> (${t.clusterId} is null)`),
    uniqueIndex('asset_assignments_live_asset_uq').on(t.assetId).where(sql`revoked_at is null`),
    uniqueIndex('asset_assignments_live_cluster_uq').on(t.clusterId).where(sql`revoked_at is null`),
    index('asset_assignments_owner_idx').on(t.ownerId, t.createdAt).where(sql`revoked_at is null`),
    index('asset_assignments_provider_idx').on(t.providerId, t.createdAt).where(sql`revoked_at is null`),
  ],
);

/** A provider's technician dispatched to an assigned asset or cluster; at most one live row per technician and target. */
export const technicianAssignments = pgTable(
  'technician_assignments',
  {
    id: id(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    technicianId: uuid('technician_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'cascade' }),
    clusterId: uuid('cluster_id').references(() => clusters.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by'),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('technician_assignments_target_check', sql`(${t.assetId} is null) <> (${t.clusterId} is null)`),
    uniqueIndex('technician_assignments_live_asset_uq').on(t.technicianId, t.assetId).where(sql`revoked_at is null`),
    uniqueIndex('technician_assignments_live_cluster_uq').on(t.technicianId, t.clusterId).where(sql`revoked_at is null`),
    index('technician_assignments_provider_idx').on(t.providerId).where(sql`revoked_at is null`),
  ],
);
