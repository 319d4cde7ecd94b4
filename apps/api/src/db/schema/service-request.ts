import { PRICEBOOK_KINDS, type PricebookKind } from '@amp/contracts/pricebook';
import {
  OBSERVATION_STATUSES,
  OBSERVATION_TYPES,
  type ObservationStatus,
  type ObservationType,
  SR_PRIORITIES,
  SR_RECEIVER_TYPES,
  SR_STATUSES,
  type SrPriority,
  type SrReceiverType,
  type SrStatus,
} from '@amp/contracts/service-request';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { assets } from './asset.js';
import { clusters } from './cluster.js';
import { createdAt, id, inList, updatedAt } from './columns.js';
import { faults } from './fault.js';
import { pricebookItems } from './pricebook.js';
import { organisations } from './registration.js';
import { slas } from './sla.js';
import { users } from './user.js';

/**
 * A service request (issue 9): `organisation_id` is the owner that sent it, `provider_id` the
 * provider it went to. The SLA's targets are copied when it is sent (a later change of the SLA
 * does not move a running clock). The clocks are computed from the timestamps and the paused time
 * (slaClock in contracts); the instants the SLA job looks for are rows of service_request_deadlines.
 */
export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    code: text('code').notNull(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'restrict' }),
    receiverType: text('receiver_type').$type<SrReceiverType>().notNull(),
    assetId: uuid('asset_id').references(() => assets.id, { onDelete: 'restrict' }),
    clusterId: uuid('cluster_id').references(() => clusters.id, { onDelete: 'restrict' }),
    faultId: uuid('fault_id').references(() => faults.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The asset's (or cluster's) name and code when the request was sent: what a search matches. */
    subjectLabel: text('subject_label').notNull(),
    priority: text('priority').$type<SrPriority>().notNull(),
    status: text('status').$type<SrStatus>().notNull().default('sent'),
    slaId: uuid('sla_id').references(() => slas.id, { onDelete: 'set null' }),
    slaTitle: text('sla_title'),
    responseHours: integer('response_hours'),
    resolutionHours: integer('resolution_hours'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Resolution time paused in pauses that ended (ms), and the start of the pause under way. */
    pausedMs: bigint('paused_ms', { mode: 'number' }).notNull().default(0),
    pausedSince: timestamp('paused_since', { withTimezone: true }),
    declineReason: text('decline_reason'),
    closeNote: text('close_note'),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The last step taken on it (the auto-close job's "no activity"). */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Unique per owner; text_pattern_ops so a code search (SR-0001...) is a prefix range of it.
    uniqueIndex('service_requests_code_uq').on(t.organisationId, t.code.op('text_pattern_ops')),
    index('service_requests_provider_code_idx').on(t.providerId, t.code.op('text_pattern_ops')),
    // The owner's lists and the provider's, newest first, by status.
    index('service_requests_org_status_created_idx').on(
      t.organisationId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('service_requests_provider_status_created_idx').on(
      t.providerId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('service_requests_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('service_requests_provider_created_idx').on(t.providerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('service_requests_asset_idx').on(t.assetId),
    index('service_requests_cluster_idx').on(t.clusterId),
    index('service_requests_fault_idx').on(t.faultId),
    // Search on code, title and the asset within one side (pg_trgm with the organisation through btree_gin).
    index('service_requests_org_search_idx').using(
      'gin',
      t.organisationId,
      t.code.op('gin_trgm_ops'),
      t.title.op('gin_trgm_ops'),
      t.subjectLabel.op('gin_trgm_ops'),
    ),
    index('service_requests_provider_search_idx').using(
      'gin',
      t.providerId,
      t.code.op('gin_trgm_ops'),
      t.title.op('gin_trgm_ops'),
      t.subjectLabel.op('gin_trgm_ops'),
    ),
    // The auto-close job: resolved requests by their last activity.
    index('service_requests_resolved_idx').on(t.organisationId, t.lastActivityAt).where(sql`${t.status} = 'resolved'`),
    check('service_requests_status_check', sql`${t.status} in (${inList(SR_STATUSES)})`),
    check('service_requests_priority_check', sql`${t.priority} in (${inList(SR_PRIORITIES)})`),
    check('service_requests_receiver_check', sql`${t.receiverType} in (${inList(SR_RECEIVER_TYPES)})`),
    check('service_requests_subject_check', sql`(${t.assetId} is null) <> (${t.clusterId} is null)`),
    check('service_requests_paused_check', sql`${t.pausedMs} >= 0`),
    check(
      'service_requests_hours_check',
      sql`(${t.responseHours} is null) = (${t.resolutionHours} is null) and (${t.responseHours} is null or ${t.responseHours} > 0)`,
    ),
  ],
);

/** The provider's staff assigned to a request (one or more). */
export const serviceRequestAssignees = pgTable(
  'service_request_assignees',
  {
    serviceRequestId: uuid('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceRequestId, t.userId] }),
    index('service_request_assignees_user_idx').on(t.userId, t.serviceRequestId),
  ],
);

/**
 * An observation on a request, by the provider's staff. Never edited: a correction is a new one
 * that supersedes it. Lines copy the pricebook's name and price when submitted.
 */
export const observations = pgTable(
  'observations',
  {
    id: id(),
    serviceRequestId: uuid('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** The provider's organisation. */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    type: text('type').$type<ObservationType>().notNull(),
    status: text('status').$type<ObservationStatus>().notNull().default('submitted'),
    summary: text('summary').notNull(),
    timeToCompleteHours: integer('time_to_complete_hours').notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
    supersedesId: uuid('supersedes_id'),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('observations_sr_idx').on(t.serviceRequestId, t.createdAt),
    index('observations_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('observations_submitter_created_idx').on(t.submittedBy, t.createdAt.desc().nullsFirst()),
    // One observation awaits the owner at a time per request.
    uniqueIndex('observations_one_submitted_uq').on(t.serviceRequestId).where(sql`${t.status} = 'submitted'`),
    check('observations_type_check', sql`${t.type} in (${inList(OBSERVATION_TYPES)})`),
    check('observations_status_check', sql`${t.status} in (${inList(OBSERVATION_STATUSES)})`),
    check('observations_total_check', sql`${t.totalKobo} >= 0`),
    check('observations_hours_check', sql`${t.timeToCompleteHours} >= 0`),
  ],
);

export const observationLines = pgTable(
  'observation_lines',
  {
    id: id(),
    observationId: uuid('observation_id')
      .notNull()
      .references(() => observations.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    pricebookItemId: uuid('pricebook_item_id').references(() => pricebookItems.id, { onDelete: 'set null' }),
    /** A line typed by hand rather than taken from the pricebook. */
    free: boolean('free').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<PricebookKind>(),
    unit: text('unit'),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('observation_lines_position_uq').on(t.observationId, t.position),
    check('observation_lines_kind_check', sql`${t.kind} is null or ${t.kind} in (${inList(PRICEBOOK_KINDS)})`),
    check('observation_lines_quantity_check', sql`${t.quantity} > 0`),
    check('observation_lines_price_check', sql`${t.unitPriceKobo} >= 0 and ${t.totalKobo} = ${t.unitPriceKobo} * ${t.quantity}`),
  ],
);

/**
 * Service requests per organisation, side (the owner that sent them, the provider that received
 * them) and status, moved at commit by a deferred trigger (migration 0019, as the fault counts of
 * decision 0015): a list's unfiltered total and the tab counts read these instead of counting rows.
 */
export const serviceRequestCounts = pgTable(
  'service_request_counts',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    side: text('side').$type<'owner' | 'provider'>().notNull(),
    status: text('status').$type<SrStatus>().notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.side, t.status] })],
);

/** The SLA job's notices: a clock almost over, and over. */
export const SLA_NOTICES = ['response_due_soon', 'response_breached', 'resolution_due_soon', 'resolution_breached'] as const;
export type SlaNotice = (typeof SLA_NOTICES)[number];

/**
 * When each notice of a request's clocks falls due, while it can (the clock runs and the notice was
 * not given), and when it was given. The SLA job finds the due ones on the partial index of those
 * not given, and marks them told: a narrow table, so marking thousands at once touches little (the
 * requests' own rows and their many indexes stay as they are). A pause or a stop removes the notices
 * not given yet; the owner's decision schedules them again, later by the pause.
 */
export const serviceRequestDeadlines = pgTable(
  'service_request_deadlines',
  {
    serviceRequestId: uuid('service_request_id')
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    notice: text('notice').$type<SlaNotice>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    toldAt: timestamp('told_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.serviceRequestId, t.notice] }),
    index('service_request_deadlines_due_idx').on(t.dueAt).where(sql`${t.toldAt} is null`),
    check('service_request_deadlines_notice_check', sql`${t.notice} in (${inList(SLA_NOTICES)})`),
  ],
);
