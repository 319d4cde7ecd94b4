import { z } from 'zod';
import { approvalStepAnswerSchema } from './approval.js';
import {
  DECLARED,
  dataOf,
  dateField,
  idField,
  optionalText,
  out,
  pageOf,
  pageQuery,
  recordId,
  requiredText,
  safeString,
} from './fields.js';
import { fileRefSchema } from './file.js';
import { MR_STATUSES } from './material-request.js';
import { formatMessage, type Translate } from './messages.js';
import {
  makeCostLineSchema,
  OBSERVATION_MAX_EVIDENCE,
  OBSERVATION_MAX_LINES,
  observationLineAnswerSchema,
  SR_MAX_ASSIGNEES,
  SR_MAX_ATTACHMENTS,
  SR_PRIORITIES,
  SR_RECEIVER_TYPES,
  slaClockSchema,
  srTimelineEntrySchema,
} from './service-request.js';
import { SLA_CLOCK_STATES } from './sla-clock.js';
import { namedRefSchema } from './user.js';

/**
 * Work orders (docs/product.md#work-orders, docs/api-contract.md#work-orders-issue-10). The workflow itself is
 * WORK_ORDER_WORKFLOW in workflow.ts; the approval steps are approval.ts's.
 *
 * The owner drafts one (draft) and submits it: it climbs its approval levels (pending_approval),
 * or goes straight to the provider when no level applies (sent). The provider accepts (accepted)
 * or declines (declined), assigns staff (assigned), who start (in_progress), may hold it (on_hold)
 * and complete it (completed). Both sides certify it, in either order (owner_certified,
 * provider_certified, then certified); the owner may instead find it unsatisfactory (back to
 * in_progress). The owner rates the provider, which closes it (closed), or closes it without a
 * rating; the owner may end it early at any open step (ended).
 */
export const WO_STATUSES = [
  'draft',
  'pending_approval',
  'sent',
  'accepted',
  'declined',
  'assigned',
  'in_progress',
  'on_hold',
  'completed',
  'owner_certified',
  'provider_certified',
  'certified',
  'closed',
  'ended',
] as const;
export type WoStatus = (typeof WO_STATUSES)[number];

/** Open: the owner may still end it. */
export const OPEN_WO_STATUSES = [
  'draft',
  'pending_approval',
  'sent',
  'accepted',
  'assigned',
  'in_progress',
  'on_hold',
] as const satisfies readonly WoStatus[];
/** Its lines (the approved cost) may change only before the provider has it. */
export const EDITABLE_WO_STATUSES = ['draft', 'pending_approval'] as const satisfies readonly WoStatus[];
/** Done by the provider, awaiting the certification of one side or both. */
export const CERTIFYING_WO_STATUSES = ['completed', 'owner_certified', 'provider_certified'] as const satisfies readonly WoStatus[];

export const WO_PARTIES = ['owner', 'provider', 'assignee'] as const;
export type WoParty = (typeof WO_PARTIES)[number];

/** The lists (docs/product.md#work-orders): Outgoing (the owner's open ones), Incoming (the provider's, a technician's own), Completed, Certified. */
export const WO_TABS = ['outgoing', 'incoming', 'completed', 'certified'] as const;
export type WoTab = (typeof WO_TABS)[number];
export const WO_TAB_STATUSES: Record<WoTab, readonly WoStatus[]> = {
  outgoing: OPEN_WO_STATUSES,
  incoming: ['sent', 'accepted', 'assigned', 'in_progress', 'on_hold'],
  completed: [...CERTIFYING_WO_STATUSES, 'declined', 'ended'],
  certified: ['certified', 'closed'],
};
/** The permission of each list's menu entry (docs/product.md#side-menu: Certified uses viewCompletedWO). */
export const WO_TAB_PERMISSION = {
  outgoing: 'viewOutgoingWO',
  incoming: 'viewIncomingWO',
  completed: 'viewCompletedWO',
  certified: 'viewCompletedWO',
} as const satisfies Record<WoTab, string>;

/** Where a work order stands with its approvals: none needed, under way, approved, rejected back to the creator. */
export const WO_APPROVAL_STATES = ['none', 'pending', 'approved', 'rejected'] as const;
export type WoApprovalState = (typeof WO_APPROVAL_STATES)[number];

export const WO_MAX_PHOTOS = 10;
export const WO_RATINGS = [1, 2, 3, 4, 5] as const;
/** Hours a completion may report (a year). */
export const WO_MAX_HOURS = 8760;

// ---------------------------------------------------------------------------------------------
// Requests

const reasonField = (t: Translate) => requiredText(t, 'Reason', { min: 1, max: 1000 });

function fields(t: Translate) {
  const required = (field: string) => t('VALIDATION.REQUIRED', { field });
  const invalid = (field: string) => t('VALIDATION.NOT_VALID', { field });
  return {
    required,
    invalid,
    priority: z.enum(SR_PRIORITIES, {
      error: (issue) => (issue.input === undefined || issue.input === '' ? required('Priority') : invalid('Priority')),
    }),
    receiverType: z.enum(SR_RECEIVER_TYPES, {
      error: (issue) => (issue.input === undefined || issue.input === '' ? required('Receiver type') : invalid('Receiver type')),
    }),
    provider: z.uuid({
      error: (issue) => (issue.input === undefined || issue.input === '' ? required('Provider') : invalid('Provider')),
    }),
    /** A calendar date (YYYY-MM-DD), or none. */
    dueDate: z
      .union([dateField(invalid('Due date')), z.literal(''), z.null()], { error: invalid('Due date') })
      .transform((v) => v || null)
      .optional(),
    lines: z
      .array(makeCostLineSchema(t), { error: invalid('Lines') })
      .max(OBSERVATION_MAX_LINES, invalid('Lines'))
      .default([]),
    files: (field: string, max: number) =>
      z
        .array(z.uuid({ error: invalid(field) }), { error: invalid(field) })
        .max(max, invalid(field))
        .default([]),
    /** Submit for approval now (the default), or keep it as a draft to finish later. */
    submit: z.boolean({ error: invalid('Submit') }).default(true),
  };
}

/**
 * POST /v2/wo/create: the owner's work order about its asset or a whole cluster, for a provider,
 * with cost lines from that provider's pricebook (prices copied) or free lines.
 */
export function makeWoCreateSchema(t: Translate) {
  const f = fields(t);
  const ref = (field: string) =>
    z
      .union([z.uuid({ error: f.invalid(field) }), z.literal(''), z.null()], { error: f.invalid(field) })
      .transform((v) => v || null)
      .optional();
  return z
    .strictObject({
      title: requiredText(t, 'Title', { min: 3, max: 150 }),
      description: requiredText(t, 'Description', { min: 1, max: 4000 }),
      priority: f.priority,
      receiverType: f.receiverType,
      provider: f.provider,
      asset: ref('Asset'),
      cluster: ref('Cluster'),
      dueDate: f.dueDate,
      attachments: f.files('Attachments', SR_MAX_ATTACHMENTS),
      lines: f.lines,
      submit: f.submit,
    })
    .superRefine((value, ctx) => {
      if (!value.asset && !value.cluster) ctx.addIssue({ code: 'custom', path: ['asset'], message: f.required('Asset') });
    })
    .meta(DECLARED.assetOrCluster);
}
export const woCreateSchema = makeWoCreateSchema(formatMessage);
export type WoCreateInput = z.infer<typeof woCreateSchema>;

/** POST /v2/wo/fault/{faultId}: "raise a work order" on an open fault; its asset and description come from the fault. */
export function makeWoFromFaultSchema(t: Translate) {
  const f = fields(t);
  return z.strictObject({
    title: optionalText(t, 'Title', 150),
    priority: f.priority,
    receiverType: f.receiverType,
    provider: f.provider,
    dueDate: f.dueDate,
    lines: f.lines,
    submit: f.submit,
  });
}
export const woFromFaultSchema = makeWoFromFaultSchema(formatMessage);
export type WoFromFaultInput = z.infer<typeof woFromFaultSchema>;

/**
 * PUT /v2/wo/update/{id}: the owner changes a draft or a work order awaiting approval. A change of
 * its lines (and so its total) cancels the approvals under way and starts them again at the first
 * level; `submit` submits a draft.
 */
export function makeWoUpdateSchema(t: Translate) {
  const f = fields(t);
  return z.strictObject({
    title: requiredText(t, 'Title', { min: 3, max: 150 }),
    description: requiredText(t, 'Description', { min: 1, max: 4000 }),
    priority: f.priority,
    dueDate: f.dueDate,
    lines: f.lines,
    submit: f.submit,
  });
}
export const woUpdateSchema = makeWoUpdateSchema(formatMessage);
export type WoUpdateInput = z.infer<typeof woUpdateSchema>;

export function makeWoReasonSchema(t: Translate) {
  return z.strictObject({ reason: reasonField(t) });
}
export const woReasonSchema = makeWoReasonSchema(formatMessage);

export const woAssignSchema = z.strictObject({
  users: z
    .array(z.uuid({ error: formatMessage('VALIDATION.NOT_VALID', { field: 'Staff' }) }), {
      error: formatMessage('VALIDATION.REQUIRED', { field: 'Staff' }),
    })
    .min(1, formatMessage('VALIDATION.REQUIRED', { field: 'Staff' }))
    .max(SR_MAX_ASSIGNEES, formatMessage('VALIDATION.NOT_VALID', { field: 'Staff' })),
});
export type WoAssignInput = z.infer<typeof woAssignSchema>;

/** POST /v2/wo/complete/{_id}: what was done, the hours it took, the parts and services used, photos. */
export function makeWoCompleteSchema(t: Translate) {
  const f = fields(t);
  return z.strictObject({
    note: requiredText(t, 'Completion notes', { min: 3, max: 4000 }),
    timeSpent: z
      .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? f.required('Time spent') : f.invalid('Time spent')) })
      .min(0, f.invalid('Time spent'))
      .max(WO_MAX_HOURS, f.invalid('Time spent'))
      .refine((hours) => Number.isInteger(hours * 4), { message: f.invalid('Time spent') }),
    lines: f.lines,
    photos: f.files('Photos', WO_MAX_PHOTOS),
  });
}
export const woCompleteSchema = makeWoCompleteSchema(formatMessage);
export type WoCompleteInput = z.infer<typeof woCompleteSchema>;

/** POST /v2/wo/certify/{_id}: each side certifies with a comment. */
export function makeWoCertifySchema(t: Translate) {
  return z.strictObject({ comment: requiredText(t, 'Comment', { min: 1, max: 1000 }) });
}
export const woCertifySchema = makeWoCertifySchema(formatMessage);
export type WoCertifyInput = z.infer<typeof woCertifySchema>;

/** POST /v2/user/rate-user/{_id}: the owner rates the provider ({_id}) for one certified work order; it closes it. */
export function makeRateSchema(t: Translate) {
  const invalid = (field: string) => t('VALIDATION.NOT_VALID', { field });
  return z.strictObject({
    workOrder: z.uuid({
      error: (issue) => (issue.input === undefined ? t('VALIDATION.REQUIRED', { field: 'Work order' }) : invalid('Work order')),
    }),
    rating: z
      .number({ error: (issue) => (issue.input === undefined ? t('VALIDATION.REQUIRED', { field: 'Rating' }) : invalid('Rating')) })
      .int(invalid('Rating'))
      .min(1, invalid('Rating'))
      .max(5, invalid('Rating')),
    comment: optionalText(t, 'Comment', 1000),
  });
}
export const rateSchema = makeRateSchema(formatMessage);
export type RateInput = z.infer<typeof rateSchema>;

/** Closing without a rating carries nothing: the decision is the whole of it (a rating has its own call). */
export const woCloseSchema = z.strictObject({}).optional();

export const woIdParams = z.object({ id: recordId('Work order', 'work_order') });
export const woFaultParams = z.object({ faultId: idField(formatMessage, 'Fault') });
export const providerIdParams = z.object({ id: recordId('Provider', 'provider') });

export const WO_SORTS = ['createdAt', 'updatedAt', 'code', 'priority', 'status', 'total', 'dueDate'] as const;
export type WoSort = (typeof WO_SORTS)[number];

const queryInvalid = (field: string) => formatMessage('VALIDATION.NOT_VALID', { field });

/** GET /v2/wo: a tab, filters, search (code, title, asset), sorting, pages. */
export const woListQuery = pageQuery.extend({
  tab: z.enum(WO_TABS, { error: queryInvalid('Tab') }).default('outgoing'),
  status: z.enum(WO_STATUSES, { error: queryInvalid('Status') }).optional(),
  assetId: z.uuid({ error: queryInvalid('Asset') }).optional(),
  clusterId: z.uuid({ error: queryInvalid('Cluster') }).optional(),
  /** The other party: the provider (the owner's lists) or the owner (the provider's). */
  partyId: z.uuid({ error: queryInvalid('Organisation') }).optional(),
  priority: z.enum(SR_PRIORITIES, { error: queryInvalid('Priority') }).optional(),
  approval: z.enum(WO_APPROVAL_STATES, { error: queryInvalid('Approval') }).optional(),
  sla: z.enum(SLA_CLOCK_STATES, { error: queryInvalid('SLA') }).optional(),
  /** Created on or after / on or before these dates (Africa/Lagos days). */
  from: dateField(queryInvalid('From')).optional(),
  to: dateField(queryInvalid('To')).optional(),
  sort: z.enum(WO_SORTS, { error: queryInvalid('Sort') }).optional(),
});
export type WoListQuery = z.infer<typeof woListQuery>;

/** GET /v2/wo/sent/approval: what waits for the caller's approval, or what they approved. */
export const WO_APPROVAL_VIEWS = ['awaiting', 'approved'] as const;
export type WoApprovalView = (typeof WO_APPROVAL_VIEWS)[number];
/** docs/product.md#approval-levels: the labels of the Approval Requests list. */
export const WO_APPROVAL_LABELS: Record<WoApprovalView, string> = { awaiting: 'Awaiting Approval', approved: 'Approved by me' };
/** Each view has its own order (the oldest ask first, the newest approval first): no `sort`. */
export const woApprovalQuery = pageQuery.omit({ sort: true, order: true }).extend({
  view: z.enum(WO_APPROVAL_VIEWS, { error: queryInvalid('View') }).default('awaiting'),
});
export type WoApprovalQuery = z.infer<typeof woApprovalQuery>;

// ---------------------------------------------------------------------------------------------
// Configuration (GET /v2/configuration/created/wo; saved through the configuration calls)

export const WO_CODE_PREFIX_INPUT = /^[A-Za-z][A-Za-z0-9]{1,7}$/;
export const WO_MAX_REMINDER_HOURS = 720;
export const WO_MAX_RECALL_DAYS = 365;

export function makeWoConfigurationSchema(t: Translate) {
  const invalid = (field: string) => t('VALIDATION.NOT_VALID', { field });
  const hours = (field: string, fallback: number) =>
    z
      .number({ error: invalid(field) })
      .int(invalid(field))
      .min(1, invalid(field))
      .max(WO_MAX_REMINDER_HOURS, invalid(field))
      .default(fallback);
  return z
    .strictObject({
      type: z.literal('wo', { error: invalid('Type') }),
      /** The work order codes' prefix (WO-000042). */
      codePrefix: safeString(invalid('Code prefix'))
        .trim()
        .max(8, invalid('Code prefix'))
        .regex(WO_CODE_PREFIX_INPUT, invalid('Code prefix'))
        .default('WO'),
      /** A waiting approver is reminded after these hours. */
      reminderHours: hours('Reminder hours', 24),
      /** A step waiting this long is told to the next level (the owner's admins after the last). */
      escalationHours: hours('Escalation hours', 48),
      /** A new fault on the same asset within these days of a closed work order is a recall of it (0: never). */
      recallDays: z
        .number({ error: invalid('Recall days') })
        .int(invalid('Recall days'))
        .min(0, invalid('Recall days'))
        .max(WO_MAX_RECALL_DAYS, invalid('Recall days'))
        .default(30),
    })
    .superRefine((value, ctx) => {
      if (value.escalationHours < value.reminderHours) {
        ctx.addIssue({ code: 'custom', path: ['escalationHours'], message: t('WO.ESCALATION_BEFORE_REMINDER') });
      }
    });
}

export const woConfigurationAnswerSchema = z
  .object({
    _id: out.id().nullable(),
    type: z.literal('wo'),
    codePrefix: out.text(8),
    reminderHours: out.count(),
    escalationHours: out.count(),
    recallDays: out.count(),
    updatedAt: out.timestamp().nullable(),
  })
  .meta({ id: 'WoConfiguration' });
export type WoConfiguration = z.infer<typeof woConfigurationAnswerSchema>;

export const DEFAULT_WO_CONFIGURATION: Omit<WoConfiguration, '_id' | 'updatedAt'> = {
  type: 'wo',
  codePrefix: 'WO',
  reminderHours: 24,
  escalationHours: 48,
  recallDays: 30,
};

// ---------------------------------------------------------------------------------------------
// Answers

const refWithCode = (code: string) => z.object({ _id: out.id(), [code]: out.text(100), name: out.text(300) });

export const woSummarySchema = z
  .object({
    _id: out.id(),
    code: out.text(20),
    title: out.text(150),
    status: z.enum(WO_STATUSES),
    priority: z.enum(SR_PRIORITIES),
    receiverType: z.enum(SR_RECEIVER_TYPES),
    asset: refWithCode('assetID').nullable(),
    cluster: refWithCode('clusterID').nullable(),
    owner: namedRefSchema,
    provider: namedRefSchema,
    /** The approved (estimated) cost: the lines' total, in kobo and naira. */
    totalKobo: out.bigCount(),
    total: out.text(24),
    /** What it cost: the approved lines and the parts issued for it from the warehouses (docs/product.md "Cost of a work order"). */
    actualKobo: out.bigCount(),
    actual: out.text(24),
    approval: z.enum(WO_APPROVAL_STATES),
    dueDate: out.date().nullable(),
    sla: z.object({ _id: out.id(), title: out.text(200) }).nullable(),
    response: slaClockSchema.nullable(),
    resolution: slaClockSchema.nullable(),
    rating: z.number().int().min(1).max(5).nullable(),
    createdAt: out.timestamp(),
    updatedAt: out.timestamp(),
  })
  .meta({ id: 'WorkOrderSummary' });
export type WoSummary = z.infer<typeof woSummarySchema>;

/** An Approval Requests row: the work order, the step that concerns the caller, and its label. */
export const woApprovalRowSchema = woSummarySchema
  .extend({
    step: z.object({ _id: out.id(), order: out.count(), name: out.text(100), steps: out.count() }),
    label: z.enum(['Awaiting Approval', 'Approved by me']),
    askedAt: out.timestamp().nullable(),
    decidedAt: out.timestamp().nullable(),
  })
  .meta({ id: 'WorkOrderApprovalRow' });
export type WoApprovalRow = z.infer<typeof woApprovalRowSchema>;

export const woLineAnswerSchema = observationLineAnswerSchema.extend({ stage: z.enum(['planned', 'used']) }).meta({ id: 'WorkOrderLine' });
export type WoLine = z.infer<typeof woLineAnswerSchema>;

const certificationSchema = z
  .object({ by: namedRefSchema.nullable(), at: out.timestamp(), comment: out.text(1000) })
  .nullable()
  .meta({ id: 'WorkOrderCertification' });

/** GET /v2/wo/{id}. `parties`: the sides the caller is on; `actions`: what allowedActions gives them now. */
export const woDetailSchema = woSummarySchema
  .extend({
    description: out.text(4000),
    fault: z.object({ _id: out.id(), code: out.text(12) }).nullable(),
    serviceRequest: z.object({ _id: out.id(), code: out.text(20) }).nullable(),
    observation: z.object({ _id: out.id(), type: z.enum(['okay', 'not_okay']) }).nullable(),
    attachments: z.array(fileRefSchema).max(SR_MAX_ATTACHMENTS),
    /** The evidence of the observation it was raised from, unchanged. */
    evidence: z.array(fileRefSchema).max(OBSERVATION_MAX_EVIDENCE),
    photos: z.array(fileRefSchema).max(WO_MAX_PHOTOS),
    lines: z.array(woLineAnswerSchema).max(OBSERVATION_MAX_LINES * 2),
    /** The parts and services the completion reported, in kobo and naira. */
    usedTotalKobo: out.bigCount(),
    usedTotal: out.text(24),
    /** The parts issued for it from the warehouses (accepted material request lines at their issue price), in kobo and naira. */
    materialsKobo: out.bigCount(),
    materials: out.text(24),
    /** Its material requests among those the caller sees. */
    materialRequests: z.array(z.object({ _id: out.id(), code: out.text(20), status: z.enum(MR_STATUSES) })).max(200),
    steps: z.array(approvalStepAnswerSchema).max(50),
    createdBy: namedRefSchema.nullable(),
    sentAt: out.timestamp().nullable(),
    acceptedAt: out.timestamp().nullable(),
    completedAt: out.timestamp().nullable(),
    closedAt: out.timestamp().nullable(),
    declineReason: out.text(1000).nullable(),
    holdReason: out.text(1000).nullable(),
    endReason: out.text(1000).nullable(),
    unsatisfactoryReason: out.text(1000).nullable(),
    unsatisfactoryCount: out.count(),
    completionNote: out.text(4000).nullable(),
    timeSpentHours: z.number().min(0).max(WO_MAX_HOURS).nullable(),
    ownerCertification: certificationSchema,
    providerCertification: certificationSchema,
    ratingComment: out.text(1000).nullable(),
    ratedBy: namedRefSchema.nullable(),
    /** The provider's average rating over its rated work orders. */
    providerRating: z.object({ average: z.number().min(0).max(5), count: out.count() }),
    assignedStaff: z.array(namedRefSchema.extend({ assignedAt: out.timestamp() })).max(SR_MAX_ASSIGNEES),
    /** Faults reported on the asset soon after it closed (the configuration's recall days). */
    recalls: z.array(z.object({ _id: out.id(), code: out.text(12), createdAt: out.timestamp() })).max(100),
    timeline: z.array(srTimelineEntrySchema).max(500),
    parties: z.array(z.enum(WO_PARTIES)).max(3),
    actions: z.array(out.text(40)).max(30),
  })
  .meta({ id: 'WorkOrderDetail' });
export type WoDetail = z.infer<typeof woDetailSchema>;

export const woCountsSchema = z
  .object({ outgoing: out.count(), incoming: out.count(), completed: out.count(), certified: out.count(), approvals: out.count() })
  .meta({ id: 'WorkOrderCounts' });
export type WoCounts = z.infer<typeof woCountsSchema>;

export const providerRatingSchema = z
  .object({ _id: out.id(), name: out.text(300), average: z.number().min(0).max(5), count: out.count() })
  .meta({ id: 'ProviderRating' });

export const woPageAnswer = pageOf(woSummarySchema);
export const woApprovalPageAnswer = pageOf(woApprovalRowSchema);
export const woDetailAnswer = dataOf(woDetailSchema);
export const woCountsAnswer = dataOf(woCountsSchema);
export const woConfigurationAnswer = dataOf(woConfigurationAnswerSchema);
export const providerRatingAnswer = dataOf(providerRatingSchema);
