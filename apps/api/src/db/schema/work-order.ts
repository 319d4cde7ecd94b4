import { PRICEBOOK_KINDS, type PricebookKind } from '@amp/contracts/pricebook';
import { SR_PRIORITIES, SR_RECEIVER_TYPES, type SrPriority, type SrReceiverType } from '@amp/contracts/service-request';
import { WO_STATUSES, type WoStatus } from '@amp/contracts/work-order';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { assets } from './asset.js';
import { clusters } from './cluster.js';
import { createdAt, id, inList, updatedAt } from './columns.js';
import { faults } from './fault.js';
import { pricebookItems } from './pricebook.js';
import { organisations } from './registration.js';
import { observations, serviceRequests } from './service-request.js';
import { slas } from './sla.js';
import { users } from './user.js';

/**
 * A work order (issue 10): `organisation_id` is the owner, `provider_id` the provider. Its total is
 * the sum of its planned lines (what is approved); the lines the completion reports are `used`.
 * The SLA's targets are copied when it is sent to the provider, with clocks as a service request's:
 * response from sent to accepted, resolution from sent to completed (the time the owner takes to
 * find it unsatisfactory is paused).
 */
export const workOrders = pgTable(
  'work_orders',
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
    serviceRequestId: uuid('service_request_id').references(() => serviceRequests.id, { onDelete: 'set null' }),
    observationId: uuid('observation_id').references(() => observations.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** The asset's (or cluster's) name and code when created: what a search matches. */
    subjectLabel: text('subject_label').notNull(),
    priority: text('priority').$type<SrPriority>().notNull(),
    status: text('status').$type<WoStatus>().notNull().default('draft'),
    dueDate: date('due_date', { mode: 'string' }),
    /** The cost lines' total: what the approvals covered. */
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull().default(0),
    usedTotalKobo: bigint('used_total_kobo', { mode: 'number' }).notNull().default(0),
    /** The parts issued for it from the warehouses (accepted material request lines at their issue price), kept by a trigger on the lines (migration 0042). */
    issuedKobo: bigint('issued_kobo', { mode: 'number' }).notNull().default(0),
    /** What it cost: the approved lines and the parts issued (docs/product.md "Cost of a work order"); what reports and dashboards add up. */
    actualKobo: bigint('actual_kobo', { mode: 'number' }).generatedAlwaysAs(sql`total_kobo + issued_kobo`),
    /** The submissions so far (the approval steps' round). */
    approvalRound: integer('approval_round').notNull().default(0),
    /** Whether approval levels applied to the last submission (none: straight to the provider). */
    approvalNeeded: boolean('approval_needed'),
    slaId: uuid('sla_id').references(() => slas.id, { onDelete: 'set null' }),
    slaTitle: text('sla_title'),
    responseHours: integer('response_hours'),
    resolutionHours: integer('resolution_hours'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    pausedMs: bigint('paused_ms', { mode: 'number' }).notNull().default(0),
    declineReason: text('decline_reason'),
    holdReason: text('hold_reason'),
    endReason: text('end_reason'),
    unsatisfactoryReason: text('unsatisfactory_reason'),
    unsatisfactoryCount: integer('unsatisfactory_count').notNull().default(0),
    /** Faults flagged as its recalls (work_order_recalls), kept by a trigger on them (migration 0036). */
    recallCount: integer('recall_count').notNull().default(0),
    completionNote: text('completion_note'),
    /** Hours, in quarters. */
    timeSpentHours: numeric('time_spent_hours', { precision: 8, scale: 2, mode: 'number' }),
    ownerCertifiedBy: uuid('owner_certified_by').references(() => users.id, { onDelete: 'set null' }),
    ownerCertifiedAt: timestamp('owner_certified_at', { withTimezone: true }),
    ownerCertificationComment: text('owner_certification_comment'),
    providerCertifiedBy: uuid('provider_certified_by').references(() => users.id, { onDelete: 'set null' }),
    providerCertifiedAt: timestamp('provider_certified_at', { withTimezone: true }),
    providerCertificationComment: text('provider_certification_comment'),
    /** The owner's rating of the provider for this work order (POST /v2/user/rate-user). */
    rating: smallint('rating'),
    ratingComment: text('rating_comment'),
    ratedBy: uuid('rated_by').references(() => users.id, { onDelete: 'set null' }),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Who last changed its lines or terms (an edit or a revision), who may not approve it as another approver could (approval engine). */
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('work_orders_code_uq').on(t.organisationId, t.code.op('text_pattern_ops')),
    index('work_orders_provider_code_idx').on(t.providerId, t.code.op('text_pattern_ops')),
    index('work_orders_org_status_created_idx').on(t.organisationId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('work_orders_provider_status_created_idx').on(t.providerId, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The newest first of one side, whatever the status (a tab's several statuses are a filter on it).
    index('work_orders_org_created_idx').on(t.organisationId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('work_orders_provider_created_idx').on(t.providerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('work_orders_asset_idx').on(t.assetId, t.closedAt),
    index('work_orders_cluster_idx').on(t.clusterId),
    index('work_orders_fault_idx').on(t.faultId),
    index('work_orders_observation_idx').on(t.observationId),
    index('work_orders_service_request_idx').on(t.serviceRequestId),
    index('work_orders_org_search_idx').using(
      'gin',
      t.organisationId,
      t.code.op('gin_trgm_ops'),
      t.title.op('gin_trgm_ops'),
      t.subjectLabel.op('gin_trgm_ops'),
    ),
    index('work_orders_provider_search_idx').using(
      'gin',
      t.providerId,
      t.code.op('gin_trgm_ops'),
      t.title.op('gin_trgm_ops'),
      t.subjectLabel.op('gin_trgm_ops'),
    ),
    // A provider's rating: its rated work orders.
    index('work_orders_provider_rated_idx').on(t.providerId).where(sql`${t.rating} is not null`),
    check('work_orders_status_check', sql`${t.status} in (${inList(WO_STATUSES)})`),
    check('work_orders_priority_check', sql`${t.priority} in (${inList(SR_PRIORITIES)})`),
    check('work_orders_receiver_check', sql`${t.receiverType} in (${inList(SR_RECEIVER_TYPES)})`),
    check('work_orders_subject_check', sql`(${t.assetId} is null) <> (${t.clusterId} is null)`),
    check('work_orders_total_check', sql`${t.totalKobo} >= 0 and ${t.usedTotalKobo} >= 0 and ${t.issuedKobo} >= 0`),
    check('work_orders_paused_check', sql`${t.pausedMs} >= 0`),
    check('work_orders_rating_check', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    check('work_orders_hours_check', sql`${t.timeSpentHours} is null or ${t.timeSpentHours} >= 0`),
    check(
      'work_orders_sla_hours_check',
      sql`(${t.responseHours} is null) = (${t.resolutionHours} is null) and (${t.responseHours} is null or ${t.responseHours} > 0)`,
    ),
  ],
);

/** A work order's cost lines: planned (its approved total) or used (reported on completion). */
export const workOrderLines = pgTable(
  'work_order_lines',
  {
    id: id(),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<'planned' | 'used'>().notNull(),
    position: integer('position').notNull(),
    pricebookItemId: uuid('pricebook_item_id').references(() => pricebookItems.id, { onDelete: 'set null' }),
    free: boolean('free').notNull(),
    name: text('name').notNull(),
    kind: text('kind').$type<PricebookKind>(),
    unit: text('unit'),
    quantity: integer('quantity').notNull(),
    unitPriceKobo: bigint('unit_price_kobo', { mode: 'number' }).notNull(),
    totalKobo: bigint('total_kobo', { mode: 'number' }).notNull(),
  },
  (t) => [
    uniqueIndex('work_order_lines_position_uq').on(t.workOrderId, t.stage, t.position),
    check('work_order_lines_stage_check', sql`${t.stage} in ('planned','used')`),
    check('work_order_lines_kind_check', sql`${t.kind} is null or ${t.kind} in (${inList(PRICEBOOK_KINDS)})`),
    check('work_order_lines_quantity_check', sql`${t.quantity} > 0`),
    check('work_order_lines_price_check', sql`${t.unitPriceKobo} >= 0 and ${t.totalKobo} = ${t.unitPriceKobo} * ${t.quantity}`),
  ],
);

export const workOrderAssignees = pgTable(
  'work_order_assignees',
  {
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workOrderId, t.userId] }), index('work_order_assignees_user_idx').on(t.userId, t.workOrderId)],
);

/** Work orders per organisation, side and status, moved at commit by a deferred trigger (as service_request_counts). */
export const workOrderCounts = pgTable(
  'work_order_counts',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    side: text('side').$type<'owner' | 'provider'>().notNull(),
    status: text('status').$type<WoStatus>().notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.side, t.status] })],
);

/**
 * A fault reported on an asset within the owner's recall days of a closed work order on it: a
 * recall of that work order. Written by a trigger when the fault is inserted (migration 0021), so
 * every way of reporting a fault flags it.
 */
export const workOrderRecalls = pgTable(
  'work_order_recalls',
  {
    faultId: uuid('fault_id')
      .primaryKey()
      .references(() => faults.id, { onDelete: 'cascade' }),
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('work_order_recalls_work_order_idx').on(t.workOrderId)],
);

/** The SLA job's notices of a work order's clocks, as service_request_deadlines (decision 0017). */
export const WO_SLA_NOTICES = ['response_due_soon', 'response_breached', 'resolution_due_soon', 'resolution_breached'] as const;

/**
 * When each notice of a work order's clocks falls due while its clock runs, and when it was given.
 * Kept by a trigger on work_orders (migration 0024) from the order's own timestamps: written when it
 * is sent, the response ones dropped when accepted, the resolution ones when completed or finished,
 * and moved on when an unsatisfactory verdict adds paused time. The SLA job reads the partial index
 * of those not given.
 */
export const workOrderDeadlines = pgTable(
  'work_order_deadlines',
  {
    workOrderId: uuid('work_order_id')
      .notNull()
      .references(() => workOrders.id, { onDelete: 'cascade' }),
    notice: text('notice').$type<(typeof WO_SLA_NOTICES)[number]>().notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    toldAt: timestamp('told_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.workOrderId, t.notice] }),
    index('work_order_deadlines_due_idx').on(t.dueAt).where(sql`${t.toldAt} is null`),
    check('work_order_deadlines_notice_check', sql`${t.notice} in (${inList(WO_SLA_NOTICES)})`),
  ],
);
