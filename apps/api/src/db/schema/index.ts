import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().default(sql`gen_random_uuid()`);
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const organisations = pgTable(
  'organisations',
  {
    id: id(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    isCompany: boolean('is_company').notNull().default(false),
    status: text('status').notNull().default('pending'),
    email: text('email'),
    telephone: text('telephone'),
    address: text('address'),
    state: text('state'),
    lga: text('lga'),
    categoryIds: uuid('category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    subCategoryIds: uuid('sub_category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('organisations_kind_status_idx').on(t.kind, t.status),
    check('organisations_kind_check', sql`${t.kind} in ('platform','asset_owner','mro','imo','external_technician','supplier')`),
    check('organisations_status_check', sql`${t.status} in ('pending','active','rejected')`),
  ],
);

/** System roles have no organisation and a system_key; custom roles belong to one organisation. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    systemKey: text('system_key'),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('roles_system_key_uq').on(t.systemKey), uniqueIndex('roles_org_name_uq').on(t.organisationId, sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    telephone: text('telephone'),
    designation: text('designation'),
    status: text('status').notNull().default('pending'),
    isOrgAdmin: boolean('is_org_admin').notNull().default(false),
    language: text('language').notNull().default('en'),
    notifyEmail: boolean('notify_email').notNull().default(true),
    notifyInApp: boolean('notify_in_app').notNull().default(true),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    index('users_org_idx').on(t.organisationId, t.createdAt),
    index('users_role_idx').on(t.roleId),
    check('users_status_check', sql`${t.status} in ('pending','active','inactive','rejected')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Reset and set-password tokens: stored only as a SHA-256 hash, single use, short-lived. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('one_time_tokens_hash_uq').on(t.tokenHash), index('one_time_tokens_user_idx').on(t.userId)],
);

export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('categories_parent_name_uq').on(
      sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
    index('categories_parent_idx').on(t.parentId),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: id(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    description: text('description').notNull(),
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('activities_user_idx').on(t.userId, t.createdAt),
    index('activities_org_idx').on(t.organisationId, t.createdAt),
    index('activities_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);

/** Fixed-window counters for rate limits; kept in the database so any number of API processes share them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

export const states = pgTable('states', {
  alias: text('alias').primaryKey(),
  name: text('name').notNull(),
});

export const lgas = pgTable(
  'lgas',
  {
    stateAlias: text('state_alias')
      .notNull()
      .references(() => states.alias, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stateAlias, t.name] })],
);

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

/** An owner's group of assets (a site, an estate); `cluster_code` is the spec's clusterID, unique per owner. */
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('clusters_org_code_uq').on(t.organisationId, sql`lower(${t.clusterCode})`),
    index('clusters_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // `%substring%` search on name and clusterID (pg_trgm).
    index('clusters_search_trgm_idx').using('gin', t.name.op('gin_trgm_ops'), t.clusterCode.op('gin_trgm_ops')),
  ],
);

/** `asset_code` is the spec's assetID, unique per owner; money is in kobo, never floats. */
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
    status: text('status').notNull().default('active'),
    purchaseCostKobo: bigint('purchase_cost_kobo', { mode: 'number' }),
    description: text('description'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    check('assets_status_check', sql`${t.status} in ('active','faulty','under_maintenance','decommissioned')`),
    check('assets_purchase_cost_check', sql`${t.purchaseCostKobo} >= 0`),
  ],
);

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

/**
 * An uploaded file (image or pdf) in the storage behind the storage interface. It belongs to the
 * uploader's organisation (null for the public fault portal) until it is attached to a subject
 * (an asset's photo or document, an SLA's supporting file); downloads check the subject.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    organisationId: uuid('organisation_id').references(() => organisations.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by'),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    originalName: text('original_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width'),
    height: integer('height'),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    subjectType: text('subject_type'),
    subjectId: uuid('subject_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('files_kind_check', sql`${t.kind} in ('image','document')`),
    index('files_subject_idx').on(t.subjectType, t.subjectId),
    index('files_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);

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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

/**
 * A bulk add or update of assets from a CSV or XLSX file, run in the background: the web polls its
 * progress. Errors (row, column, message) are kept, capped, for display and download; a file with
 * any error writes nothing.
 */
export const assetImports = pgTable(
  'asset_imports',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by'),
    mode: text('mode').notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').notNull().default('reading'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    writtenRows: integer('written_rows').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    errors: jsonb('errors').$type<{ row: number; column: string; message: string }[]>().notNull().default([]),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('asset_imports_mode_check', sql`${t.mode} in ('add','update')`),
    check('asset_imports_status_check', sql`${t.status} in ('reading','validating','writing','succeeded','failed')`),
    index('asset_imports_org_created_idx').on(t.organisationId, t.createdAt),
  ],
);
