import { LANGUAGES, type Language } from '@amp/contracts/account';
import {
  CLOSED_FAULT_STATUSES,
  FAULT_CONVERSIONS,
  FAULT_SOURCES,
  FAULT_STATUSES,
  FAULT_TYPES,
  type FaultConversion,
  type FaultSource,
  type FaultStatus,
  type FaultType,
  OPEN_FAULT_STATUSES,
} from '@amp/contracts/fault';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assets } from './asset.js';
import { clusters } from './cluster.js';
import { createdAt, id, inList, updatedAt } from './columns.js';
import { states } from './reference.js';
import { organisations } from './registration.js';
import { users } from './user.js';

/**
 * A reported fault on an owner's asset (docs/product.md#faults). `organisation_id` is the owner; `provider_id`
 * the provider that held the asset when it was reported (or the reporting technician's own
 * organisation), which approves its technicians' reports. `code` is the public tracking code.
 */
export const faults = pgTable(
  'faults',
  {
    id: id(),
    code: text('code').notNull(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    // An asset with faults is decommissioned, never deleted.
    assetId: uuid('asset_id')
      .notNull()
      .references(() => assets.id, { onDelete: 'restrict' }),
    clusterId: uuid('cluster_id').references(() => clusters.id, { onDelete: 'set null' }),
    locationId: text('location_id'),
    faultType: text('fault_type').$type<FaultType>().notNull(),
    description: text('description').notNull(),
    state: text('state').references(() => states.alias),
    lga: text('lga'),
    status: text('status').$type<FaultStatus>().notNull(),
    source: text('source').$type<FaultSource>().notNull(),
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reporterOrganisationId: uuid('reporter_organisation_id').references(() => organisations.id, { onDelete: 'set null' }),
    providerId: uuid('provider_id').references(() => organisations.id, { onDelete: 'set null' }),
    reporterName: text('reporter_name').notNull(),
    reporterEmail: text('reporter_email'),
    reporterPhone: text('reporter_phone'),
    /** The reason of the last return or rejection, told to the reporter. */
    reason: text('reason'),
    /** The first report and every "+1" (one fault_reports row each). */
    reporters: integer('reporters').notNull().default(1),
    convertedType: text('converted_type').$type<FaultConversion>(),
    convertedId: uuid('converted_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('faults_code_uq').on(t.code),
    // One open fault per asset and fault type: a second report becomes a "+1" (decision 0015).
    uniqueIndex('faults_open_asset_type_uq')
      .on(t.assetId, t.faultType)
      .where(sql`${t.status} in (${inList(OPEN_FAULT_STATUSES)})`),
    // The owner's list, newest first (every tab walks it and filters by status).
    index('faults_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('faults_org_status_created_idx').on(t.organisationId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The Closed tab, newest first: its two statuses in one ordered range (the list's statements use
    // generic plans, which would otherwise sort every closed fault of a large owner).
    index('faults_org_closed_created_idx')
      .on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} in (${inList(CLOSED_FAULT_STATUSES)})`),
    // The provider's list and its approval tab.
    index('faults_provider_status_created_idx').on(t.providerId, t.status, t.createdAt.desc().nullsFirst()),
    // My Pending Requests and a reporter's own faults.
    index('faults_reporter_created_idx').on(t.reporterUserId, t.createdAt.desc().nullsFirst()),
    // An asset's faults, and the technician's reach (assets dispatched to them).
    index('faults_asset_idx').on(t.assetId, t.status),
    // `%substring%` search on code, description and reporter within one owner (pg_trgm with the
    // owner's key through btree_gin, as assets_org_search_idx).
    index('faults_org_search_idx')
      .using('gin', t.organisationId, t.code.op('gin_trgm_ops'), t.description.op('gin_trgm_ops'), t.reporterName.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: 256 }),
    check('faults_status_check', sql`${t.status} in (${inList(FAULT_STATUSES)})`),
    check('faults_source_check', sql`${t.source} in (${inList(FAULT_SOURCES)})`),
    check('faults_type_check', sql`${t.faultType} in (${inList(FAULT_TYPES)})`),
    check('faults_converted_type_check', sql`${t.convertedType} is null or ${t.convertedType} in (${inList(FAULT_CONVERSIONS)})`),
    check('faults_reporters_check', sql`${t.reporters} >= 1`),
  ],
);

/**
 * Each report of a fault: the first one and every "+1" (someone reporting it again while it is
 * open), with its reporter, description and time; its image is a file with subject 'fault_report'
 * (the first report's is the fault's own, subject 'fault').
 */
export const faultReports = pgTable(
  'fault_reports',
  {
    id: id(),
    faultId: uuid('fault_id')
      .notNull()
      .references(() => faults.id, { onDelete: 'cascade' }),
    reporterUserId: uuid('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    source: text('source').$type<FaultSource>().notNull(),
    description: text('description').notNull(),
    /** A portal reporter's language (of their request), for the mail when the fault closes. */
    language: text('language').$type<Language>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('fault_reports_fault_idx').on(t.faultId, t.createdAt),
    check('fault_reports_source_check', sql`${t.source} in (${inList(FAULT_SOURCES)})`),
    check('fault_reports_language_check', sql`${t.language} in (${inList(LANGUAGES)})`),
  ],
);

/**
 * How many faults each owner has in each status, kept by the faults_count trigger (migrations
 * 0014 and 0015: a deferred constraint trigger, moved at the writing transaction's COMMIT): the owner's tab counts and unfiltered list totals are a
 * primary-key read, not a count of its faults (decision 0015). `organisation_id` is the faults'
 * (the owner's).
 */
export const organisationFaultCounts = pgTable(
  'organisation_fault_counts',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    status: text('status').$type<FaultStatus>().notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.status] })],
);
