import {
  APPROVAL_DOCUMENT_TYPES,
  APPROVAL_STEP_STATUSES,
  type ApprovalDocumentType,
  type ApprovalStepStatus,
} from '@amp/contracts/approval';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, inList, updatedAt } from './columns.js';
import { organisations } from './registration.js';
import { users } from './user.js';

/**
 * An owner's approval levels per document type (issue 10; the purchase order issue uses `po`): a
 * name, the largest total it approves (kobo), its place in the order, and its approvers. The
 * service keeps the maximums rising with the order, under a lock of the owner's levels of the type.
 */
export const approvalLevels = pgTable(
  'approval_levels',
  {
    id: id(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    documentType: text('document_type').$type<ApprovalDocumentType>().notNull(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    maxKobo: bigint('max_kobo', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('approval_levels_position_uq').on(t.organisationId, t.documentType, t.position),
    check('approval_levels_type_check', sql`${t.documentType} in (${inList(APPROVAL_DOCUMENT_TYPES)})`),
    check('approval_levels_max_check', sql`${t.maxKobo} > 0`),
    check('approval_levels_position_check', sql`${t.position} > 0`),
  ],
);

/**
 * How an organisation approves a document type beyond its levels: `requireSecondPerson` keeps
 * whoever created or last changed a document from approving it even as a level's only approver
 * (docs/product.md "Who may approve"). No row: the default, off.
 */
export const approvalSettings = pgTable(
  'approval_settings',
  {
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    documentType: text('document_type').$type<ApprovalDocumentType>().notNull(),
    requireSecondPerson: boolean('require_second_person').notNull().default(false),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.organisationId, t.documentType] }),
    check('approval_settings_type_check', sql`${t.documentType} in (${inList(APPROVAL_DOCUMENT_TYPES)})`),
  ],
);

export const approvalLevelMembers = pgTable(
  'approval_level_members',
  {
    levelId: uuid('level_id')
      .notNull()
      .references(() => approvalLevels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.levelId, t.userId] }), index('approval_level_members_user_idx').on(t.userId)],
);

/**
 * The levels copied into a document when it is submitted (a later change of the levels does not
 * alter it): one row per level, in order, with its approvers as they were. `round` counts the
 * submissions: a change of the document cancels the round under way and copies the levels again.
 * One step at a time is pending; approving it is a guarded update of that row (status pending to
 * approved), so two approvers at the same moment give one approval.
 */
export const approvalSteps = pgTable(
  'approval_steps',
  {
    id: id(),
    documentType: text('document_type').$type<ApprovalDocumentType>().notNull(),
    documentId: uuid('document_id').notNull(),
    /** The owner whose levels these are. */
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    position: integer('position').notNull(),
    levelId: uuid('level_id').references(() => approvalLevels.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    maxKobo: bigint('max_kobo', { mode: 'number' }).notNull(),
    approverIds: uuid('approver_ids').array().notNull(),
    status: text('status').$type<ApprovalStepStatus>().notNull(),
    /** When its approvers were asked (it became pending); the reminder and escalation count from here. */
    askedAt: timestamp('asked_at', { withTimezone: true }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    selfApproved: boolean('self_approved').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('approval_steps_round_position_uq').on(t.documentType, t.documentId, t.round, t.position),
    // At most one pending step per document.
    uniqueIndex('approval_steps_one_pending_uq').on(t.documentType, t.documentId).where(sql`${t.status} = 'pending'`),
    // "Awaiting Approval": the pending steps an approver is on.
    index('approval_steps_pending_approvers_idx').using('gin', t.approverIds).where(sql`${t.status} = 'pending'`),
    // "Approved by me", newest first.
    index('approval_steps_decided_idx').on(t.decidedBy, t.documentType, t.decidedAt.desc()).where(sql`${t.status} = 'approved'`),
    // The reminder job: pending steps by when they were asked.
    index('approval_steps_asked_idx').on(t.askedAt).where(sql`${t.status} = 'pending'`),
    // "Awaiting Approval": an organisation's pending steps, oldest ask first (its approvers filter them).
    index('approval_steps_org_pending_idx')
      .on(t.organisationId, t.documentType, t.askedAt, t.documentId)
      .where(sql`${t.status} = 'pending'`),
    check('approval_steps_type_check', sql`${t.documentType} in (${inList(APPROVAL_DOCUMENT_TYPES)})`),
    check('approval_steps_status_check', sql`${t.status} in (${inList(APPROVAL_STEP_STATUSES)})`),
  ],
);

/**
 * How many pending steps of each document type wait for each approver ("Awaiting Approval" and the
 * menu's badge), moved at COMMIT by a deferred row trigger on approval_steps (migration 0026), so a
 * list never counts an approver's pending steps per request.
 */
export const approvalAwaitingCounts = pgTable(
  'approval_awaiting_counts',
  {
    /** No foreign key: a step's approvers are a snapshot (an array), which may name a user since removed. */
    userId: uuid('user_id').notNull(),
    documentType: text('document_type').$type<ApprovalDocumentType>().notNull(),
    total: integer('total').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.documentType] })],
);
