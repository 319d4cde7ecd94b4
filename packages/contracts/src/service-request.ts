import { z } from 'zod';
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
import { formatMessage, type Translate } from './messages.js';
import { nairaInput } from './money.js';
import { PRICEBOOK_KINDS } from './pricebook.js';
import { SLA_CLOCK_STATES } from './sla-clock.js';
import { namedRefSchema } from './user.js';

/**
 * Service requests and their observations (docs/product.md#service-requests-and-observations,
 * "Observations"; issue 9). The workflow itself is SERVICE_REQUEST_WORKFLOW in workflow.ts.
 *
 * The owner sends a request to a provider (sent), which accepts it (accepted) or declines it
 * (declined, closed); the provider assigns its staff (assigned); a staff member submits an
 * observation (observed: the request waits on the owner, its resolution clock paused); the owner
 * accepts it (resolved) or rejects it (back to assigned); the owner closes the request (closed).
 */
export const SR_STATUSES = ['sent', 'accepted', 'declined', 'assigned', 'observed', 'resolved', 'closed'] as const;
export type SrStatus = (typeof SR_STATUSES)[number];
export const OPEN_SR_STATUSES = ['sent', 'accepted', 'assigned', 'observed', 'resolved'] as const satisfies readonly SrStatus[];
export const FINISHED_SR_STATUSES = ['declined', 'closed'] as const satisfies readonly SrStatus[];

/** The sides of a request a signed-in user can be on: the owner's staff, the provider's managers, a staff member assigned to it. */
export const SR_PARTIES = ['owner', 'provider', 'assignee'] as const;
export type SrParty = (typeof SR_PARTIES)[number];

export const SR_PRIORITIES = ['low', 'medium', 'high', 'critical'] as const;
export type SrPriority = (typeof SR_PRIORITIES)[number];

/** docs/product.md#who-uses-amp: the receiver types, as the form shows them; each is a kind of provider organisation. */
export const SR_RECEIVER_TYPES = ['IMO', 'MRO', 'EXT. TECHNICIAN'] as const;
export type SrReceiverType = (typeof SR_RECEIVER_TYPES)[number];
export const RECEIVER_KIND = { IMO: 'imo', MRO: 'mro', 'EXT. TECHNICIAN': 'external_technician' } as const satisfies Record<
  SrReceiverType,
  string
>;

/** The lists (docs/product.md#service-requests-and-observations): the owner's open requests, the provider's (and a technician's assigned) open ones, and the finished ones. */
export const SR_TABS = ['outgoing', 'incoming', 'completed'] as const;
export type SrTab = (typeof SR_TABS)[number];

/** docs/product.md#service-requests-and-observations: Okay or Not Okay, stored by these keys. */
export const OBSERVATION_TYPES = ['okay', 'not_okay'] as const;
export type ObservationType = (typeof OBSERVATION_TYPES)[number];
export const OBSERVATION_TYPE_LABELS: Record<ObservationType, string> = { okay: 'Okay', not_okay: 'Not Okay' };

/** An observation waits for the owner (submitted), who accepts or rejects it; a correction supersedes it. */
export const OBSERVATION_STATUSES = ['submitted', 'accepted', 'rejected', 'superseded'] as const;
export type ObservationStatus = (typeof OBSERVATION_STATUSES)[number];

/**
 * The owner's decisions on an observation (POST /v2/observation/accept/{_id}): accept it, reject it,
 * or raise a work order from it (the observation is accepted and its lines and evidence go into the
 * work order unchanged).
 */
export const OBSERVATION_DECISIONS = ['accept', 'reject', 'work_order'] as const;

/** Limits: lines of one observation, evidence files, and the quantity of one line. */
export const OBSERVATION_MAX_LINES = 100;
export const OBSERVATION_MAX_EVIDENCE = 10;
export const OBSERVATION_MAX_QUANTITY = 100_000;
export const SR_MAX_ATTACHMENTS = 10;
export const SR_MAX_ASSIGNEES = 20;

// ---------------------------------------------------------------------------------------------
// Requests

const reasonField = (t: Translate) => requiredText(t, 'Reason', { min: 1, max: 1000 });

/**
 * POST /v2/sr/create: about an asset or a whole cluster the owner owns. Like the fault form, the
 * cluster picks the asset: with both, the request is about the asset, which must be in that cluster.
 */
export function makeSrCreateSchema(t: Translate) {
  const required = (field: string) => t('VALIDATION.REQUIRED', { field });
  const invalid = (field: string) => t('VALIDATION.NOT_VALID', { field });
  const ref = (field: string) =>
    z
      .union([z.uuid({ error: invalid(field) }), z.literal(''), z.null()], { error: invalid(field) })
      .transform((v) => v || null)
      .optional();
  return z
    .strictObject({
      title: requiredText(t, 'Title', { min: 3, max: 150 }),
      description: requiredText(t, 'Description', { min: 1, max: 4000 }),
      priority: z.enum(SR_PRIORITIES, {
        error: (issue) => (issue.input === undefined || issue.input === '' ? required('Priority') : invalid('Priority')),
      }),
      receiverType: z.enum(SR_RECEIVER_TYPES, {
        error: (issue) => (issue.input === undefined || issue.input === '' ? required('Receiver type') : invalid('Receiver type')),
      }),
      provider: z.uuid({
        error: (issue) => (issue.input === undefined || issue.input === '' ? required('Provider') : invalid('Provider')),
      }),
      asset: ref('Asset'),
      cluster: ref('Cluster'),
      /** Uploaded files (PDF or images) to attach. */
      attachments: z
        .array(z.uuid({ error: invalid('Attachments') }), { error: invalid('Attachments') })
        .max(SR_MAX_ATTACHMENTS, invalid('Attachments'))
        .default([]),
    })
    .superRefine((value, ctx) => {
      if (!value.asset && !value.cluster) ctx.addIssue({ code: 'custom', path: ['asset'], message: required('Asset') });
    })
    .meta(DECLARED.assetOrCluster);
}

/** POST /v2/sr/fault/{faultId}: the owner's "raise a service request" on an open fault; the rest comes from the fault. */
export function makeSrFromFaultSchema(t: Translate) {
  const required = (field: string) => t('VALIDATION.REQUIRED', { field });
  const invalid = (field: string) => t('VALIDATION.NOT_VALID', { field });
  return z.strictObject({
    title: optionalText(t, 'Title', 150),
    priority: z.enum(SR_PRIORITIES, {
      error: (issue) => (issue.input === undefined || issue.input === '' ? required('Priority') : invalid('Priority')),
    }),
    receiverType: z.enum(SR_RECEIVER_TYPES, {
      error: (issue) => (issue.input === undefined || issue.input === '' ? required('Receiver type') : invalid('Receiver type')),
    }),
    provider: z.uuid({
      error: (issue) => (issue.input === undefined || issue.input === '' ? required('Provider') : invalid('Provider')),
    }),
  });
}

/** POST /v2/sr/sent/decline/{_id} and the owner's rejection of an observation: the reason. */
export function makeSrReasonSchema(t: Translate) {
  return z.strictObject({ reason: reasonField(t) });
}

/** POST /v2/sr/assign/{_id}: the provider's staff to send (added to those already assigned). */
export function makeSrAssignSchema(t: Translate) {
  const invalid = t('VALIDATION.NOT_VALID', { field: 'Staff' });
  const required = t('VALIDATION.REQUIRED', { field: 'Staff' });
  return z.strictObject({
    users: z
      .array(z.uuid({ error: invalid }), { error: required })
      .min(1, required)
      .max(SR_MAX_ASSIGNEES, invalid),
  });
}

/** POST /v2/sr/close/{id}: an optional closing note. */
export function makeSrCloseSchema(t: Translate) {
  return z.strictObject({ note: optionalText(t, 'Note', 1000) });
}

export const srCreateSchema = makeSrCreateSchema(formatMessage);
export const srFromFaultSchema = makeSrFromFaultSchema(formatMessage);
export const srReasonSchema = makeSrReasonSchema(formatMessage);
export const srAssignSchema = makeSrAssignSchema(formatMessage);
export const srCloseSchema = makeSrCloseSchema(formatMessage).nullish();
export type SrCreateInput = z.infer<typeof srCreateSchema>;
export type SrFromFaultInput = z.infer<typeof srFromFaultSchema>;
export type SrAssignInput = z.infer<typeof srAssignSchema>;

export const srIdParams = z.object({ id: recordId('Service request', 'service_request') });
export const srFaultParams = z.object({ faultId: idField(formatMessage, 'Fault') });
/** GET /v2/sr/raised/{id}: the id of an asset or a fault. */
export const srRaisedParams = z.object({ id: idField(formatMessage, 'Id') });

export const SR_SORTS = ['createdAt', 'updatedAt', 'code', 'priority', 'status', 'dueAt'] as const;
export type SrSort = (typeof SR_SORTS)[number];

const queryInvalid = (field: string) => formatMessage('VALIDATION.NOT_VALID', { field });

/** GET /v2/sr: a tab, filters, search (code, title, asset), sorting, pages. */
export const srListQuery = pageQuery.extend({
  tab: z.enum(SR_TABS, { error: queryInvalid('Tab') }).default('outgoing'),
  status: z.enum(SR_STATUSES, { error: queryInvalid('Status') }).optional(),
  assetId: z.uuid({ error: queryInvalid('Asset') }).optional(),
  clusterId: z.uuid({ error: queryInvalid('Cluster') }).optional(),
  /** The other party: the provider (for the owner's lists) or the owner (for the provider's). */
  partyId: z.uuid({ error: queryInvalid('Organisation') }).optional(),
  priority: z.enum(SR_PRIORITIES, { error: queryInvalid('Priority') }).optional(),
  /** The resolution clock's state now (requests without an SLA have none). */
  sla: z.enum(SLA_CLOCK_STATES, { error: queryInvalid('SLA') }).optional(),
  sort: z.enum(SR_SORTS, { error: queryInvalid('Sort') }).optional(),
});
export type SrListQuery = z.infer<typeof srListQuery>;

// ---------------------------------------------------------------------------------------------
// Observations

/** A cost line names a pricebook item, or is a free line with its name and price: the check above, declared. */
export const PRICEBOOK_OR_FREE_LINE = {
  anyOf: [
    { required: ['pricebookItem'] },
    { required: ['name', 'price'], properties: { name: { pattern: '\\S' }, price: { not: { enum: [''] } } } },
  ],
};

/** A cost line: an item of the provider's pricebook (copied when submitted) or a free line; observations and work orders share it. */
export function makeCostLineSchema(t: Translate) {
  const invalid = (field: string) => t('VALIDATION.NOT_VALID', { field });
  const required = (field: string) => t('VALIDATION.REQUIRED', { field });
  return z
    .strictObject({
      /** An item of the provider's pricebook: its name, kind, unit and price are copied when submitted. */
      pricebookItem: z.uuid({ error: invalid('Pricebook item') }).optional(),
      /** A free line (no pricebook item): typed by the technician, marked as such. */
      name: optionalText(t, 'Name', 150),
      kind: z.enum(PRICEBOOK_KINDS, { error: invalid('Kind') }).optional(),
      unit: optionalText(t, 'Unit', 30),
      /** Naira for a free line (a pricebook line takes the book's price). */
      price: z.union([...nairaInput(invalid('Price')), z.literal('')], { error: invalid('Price') }).optional(),
      quantity: z
        .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? required('Quantity') : invalid('Quantity')) })
        .int(invalid('Quantity'))
        .min(1, invalid('Quantity'))
        .max(OBSERVATION_MAX_QUANTITY, invalid('Quantity')),
    })
    .superRefine((line, ctx) => {
      if (line.pricebookItem) return;
      if (!line.name) ctx.addIssue({ code: 'custom', path: ['name'], message: required('Name') });
      if (line.price === undefined || line.price === '') ctx.addIssue({ code: 'custom', path: ['price'], message: required('Price') });
    })
    .meta(PRICEBOOK_OR_FREE_LINE);
}

/** POST /v2/observation/create/{srId}: a staff member's observation; `supersedes` names the one it corrects. */
export function makeObservationSchema(t: Translate) {
  const invalid = (field: string) => t('VALIDATION.NOT_VALID', { field });
  const required = (field: string) => t('VALIDATION.REQUIRED', { field });
  return z.strictObject({
    type: z.enum(OBSERVATION_TYPES, {
      error: (issue) => (issue.input === undefined || issue.input === '' ? required('Type') : invalid('Type')),
    }),
    summary: requiredText(t, 'Report summary', { min: 3, max: 4000 }),
    /** Hours the work will take. */
    timeToComplete: z
      .number({
        error: (issue) => (issue.input === undefined || issue.input === '' ? required('Time to complete') : invalid('Time to complete')),
      })
      .int(invalid('Time to complete'))
      .min(0, invalid('Time to complete'))
      .max(8760, invalid('Time to complete')),
    evidence: z
      .array(z.uuid({ error: invalid('Evidence') }), { error: invalid('Evidence') })
      .max(OBSERVATION_MAX_EVIDENCE, invalid('Evidence'))
      .default([]),
    lines: z
      .array(makeCostLineSchema(t), { error: invalid('Lines') })
      .max(OBSERVATION_MAX_LINES, invalid('Lines'))
      .default([]),
    supersedes: z.uuid({ error: invalid('Observation') }).optional(),
  });
}

/** POST /v2/observation/accept/{_id}: the owner's decision; a rejection says why. */
export function makeObservationDecisionSchema(t: Translate) {
  const invalid = t('VALIDATION.NOT_VALID', { field: 'Action' });
  return z
    .strictObject({
      action: z.enum(OBSERVATION_DECISIONS, {
        error: (issue) => (issue.input === undefined ? t('VALIDATION.REQUIRED', { field: 'Action' }) : invalid),
      }),
      reason: optionalText(t, 'Reason', 1000),
      /** For `work_order`: what the work order takes besides the observation (defaults: the request's title and priority). */
      workOrder: z
        .strictObject({
          title: optionalText(t, 'Title', 150),
          priority: z.enum(SR_PRIORITIES, { error: t('VALIDATION.NOT_VALID', { field: 'Priority' }) }).optional(),
          dueDate: dateField(t('VALIDATION.NOT_VALID', { field: 'Due date' })).optional(),
          /** Submit for approval now (the default), or keep it as a draft. */
          submit: z.boolean({ error: t('VALIDATION.NOT_VALID', { field: 'Submit' }) }).default(true),
        })
        .optional(),
    })
    .superRefine((value, ctx) => {
      if (value.action === 'reject' && !value.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: t('VALIDATION.REQUIRED', { field: 'Reason' }) });
      }
    })
    .meta({
      anyOf: [
        { properties: { action: { not: { enum: ['reject'] } } } },
        { required: ['reason'], properties: { reason: { pattern: '\\S' } } },
      ],
    });
}

export const observationSchema = makeObservationSchema(formatMessage);
export const observationDecisionSchema = makeObservationDecisionSchema(formatMessage);
export type ObservationInput = z.infer<typeof observationSchema>;
export type ObservationLineInput = ObservationInput['lines'][number];
export type ObservationDecisionInput = z.infer<typeof observationDecisionSchema>;
export const observationIdParams = z.object({ id: recordId('Observation', 'observation') });

/** GET /v2/observation/sent: the observations the caller's organisation (or the caller, a technician) sent. */
/** Newest first, always: no `sort`. */
export const observationListQuery = pageQuery.omit({ sort: true, order: true }).extend({
  status: z.enum(OBSERVATION_STATUSES, { error: queryInvalid('Status') }).optional(),
  type: z.enum(OBSERVATION_TYPES, { error: queryInvalid('Type') }).optional(),
});
export type ObservationListQuery = z.infer<typeof observationListQuery>;

// ---------------------------------------------------------------------------------------------
// Configuration (docs/api-contract.md#configuration-issues-9-and-10)

/** As typed: any case (stored in capitals). */
const SR_CODE_PREFIX_INPUT = /^[A-Za-z][A-Za-z0-9]{1,7}$/;
export const SR_AUTO_CLOSE_MAX_DAYS = 365;

export function makeSrConfigurationSchema(t: Translate) {
  const invalid = (field: string) => t('VALIDATION.NOT_VALID', { field });
  return z.strictObject({
    type: z.literal('sr', { error: invalid('Type') }).default('sr'),
    /** The request codes' prefix: 2 to 8 capital letters or digits, starting with a letter (SR-000042). */
    codePrefix: safeString(invalid('Code prefix'))
      .trim()
      .max(8, invalid('Code prefix'))
      .regex(SR_CODE_PREFIX_INPUT, invalid('Code prefix'))
      .default('SR'),
    /** A Not Okay observation must carry evidence (a photo). */
    notOkayNeedsEvidence: z.boolean({ error: invalid('Evidence rule') }).default(false),
    /** A Not Okay observation must carry at least one line. */
    notOkayNeedsLine: z.boolean({ error: invalid('Line rule') }).default(false),
    /** Days after which a resolved request with no activity is closed; null: never. */
    autoCloseDays: z
      .number({ error: invalid('Auto-close days') })
      .int(invalid('Auto-close days'))
      .min(1, invalid('Auto-close days'))
      .max(SR_AUTO_CLOSE_MAX_DAYS, invalid('Auto-close days'))
      .nullable()
      .default(null),
  });
}
export const configurationIdParams = z.object({ id: recordId('Configuration', 'configuration') });

export const srConfigurationAnswerSchema = z
  .object({
    _id: out.id().nullable(),
    type: z.literal('sr'),
    codePrefix: out.text(8),
    notOkayNeedsEvidence: z.boolean(),
    notOkayNeedsLine: z.boolean(),
    autoCloseDays: out.count().nullable(),
    updatedAt: out.timestamp().nullable(),
  })
  .meta({ id: 'SrConfiguration' });
export type SrConfiguration = z.infer<typeof srConfigurationAnswerSchema>;

/** What a configuration is when its owner has stored none. */
export const DEFAULT_SR_CONFIGURATION: Omit<SrConfiguration, '_id' | 'updatedAt'> = {
  type: 'sr',
  codePrefix: 'SR',
  notOkayNeedsEvidence: false,
  notOkayNeedsLine: false,
  autoCloseDays: null,
};

// ---------------------------------------------------------------------------------------------
// Answers

const refWithCode = (code: string) => z.object({ _id: out.id(), [code]: out.text(100), name: out.text(300) });

/** One SLA clock as the lists and the detail show it (slaClock's answer). */
export const slaClockSchema = z
  .object({
    targetHours: out.count(),
    state: z.enum(SLA_CLOCK_STATES),
    stopped: z.boolean(),
    paused: z.boolean(),
    elapsedMs: out.bigCount(),
    remainingMs: z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
    dueAt: out.timestamp(),
  })
  .meta({ id: 'SlaClock' });
export type SlaClockAnswer = z.infer<typeof slaClockSchema>;

export const srSummarySchema = z
  .object({
    _id: out.id(),
    code: out.text(20),
    title: out.text(150),
    status: z.enum(SR_STATUSES),
    priority: z.enum(SR_PRIORITIES),
    receiverType: z.enum(SR_RECEIVER_TYPES),
    asset: refWithCode('assetID').nullable(),
    cluster: refWithCode('clusterID').nullable(),
    owner: namedRefSchema,
    provider: namedRefSchema,
    /** The SLA whose targets it copied, and its clocks (none without an SLA). */
    sla: z.object({ _id: out.id(), title: out.text(200) }).nullable(),
    response: slaClockSchema.nullable(),
    resolution: slaClockSchema.nullable(),
    assignees: out.count(),
    createdAt: out.timestamp(),
    updatedAt: out.timestamp(),
  })
  .meta({ id: 'ServiceRequestSummary' });
export type SrSummary = z.infer<typeof srSummarySchema>;

export const observationLineAnswerSchema = z
  .object({
    _id: out.id(),
    /** The pricebook item it was taken from (null: a free line). */
    pricebookItem: out.id().nullable(),
    free: z.boolean(),
    name: out.text(150),
    kind: z.enum(PRICEBOOK_KINDS).nullable(),
    unit: out.text(30).nullable(),
    quantity: out.count(),
    /** The price when submitted, in kobo and naira; the line's total likewise. */
    unitPriceKobo: out.bigCount(),
    unitPrice: out.text(20),
    totalKobo: out.bigCount(),
    total: out.text(24),
  })
  .meta({ id: 'ObservationLine' });
export type ObservationLine = z.infer<typeof observationLineAnswerSchema>;

export const observationAnswerSchema = z
  .object({
    _id: out.id(),
    serviceRequest: z.object({ _id: out.id(), code: out.text(20), title: out.text(150) }),
    type: z.enum(OBSERVATION_TYPES),
    status: z.enum(OBSERVATION_STATUSES),
    summary: out.text(4000),
    timeToComplete: out.count(),
    submittedBy: namedRefSchema.nullable(),
    evidence: z.array(fileRefSchema).max(OBSERVATION_MAX_EVIDENCE),
    lines: z.array(observationLineAnswerSchema).max(OBSERVATION_MAX_LINES),
    totalKobo: out.bigCount(),
    total: out.text(24),
    supersedes: out.id().nullable(),
    supersededBy: out.id().nullable(),
    decisionReason: out.text(1000).nullable(),
    decidedBy: namedRefSchema.nullable(),
    decidedAt: out.timestamp().nullable(),
    /** The work order raised from it, if the owner raised one. */
    workOrder: z.object({ _id: out.id(), code: out.text(20) }).nullable(),
    createdAt: out.timestamp(),
  })
  .meta({ id: 'Observation' });
export type Observation = z.infer<typeof observationAnswerSchema>;

export const srTimelineEntrySchema = z
  .object({
    _id: out.id(),
    action: out.text(100),
    description: out.text(2000),
    user: namedRefSchema.nullable(),
    createdAt: out.timestamp(),
  })
  .meta({ id: 'ServiceRequestTimelineEntry' });

/** GET /v2/sr/{id}. `parties`: the sides the caller is on; `actions`: what allowedActions gives them now. */
export const srDetailSchema = srSummarySchema
  .extend({
    description: out.text(4000),
    fault: z.object({ _id: out.id(), code: out.text(12) }).nullable(),
    image: fileRefSchema.nullable(),
    attachments: z.array(fileRefSchema).max(SR_MAX_ATTACHMENTS),
    reporter: z.object({ name: out.text(100), email: out.text(100).nullable(), phoneNumber: out.text(20).nullable() }).nullable(),
    createdBy: namedRefSchema.nullable(),
    declineReason: out.text(1000).nullable(),
    closeNote: out.text(1000).nullable(),
    sentAt: out.timestamp(),
    acceptedAt: out.timestamp().nullable(),
    closedAt: out.timestamp().nullable(),
    assignedStaff: z.array(namedRefSchema.extend({ assignedAt: out.timestamp() })).max(SR_MAX_ASSIGNEES),
    observations: z.array(observationAnswerSchema).max(500),
    timeline: z.array(srTimelineEntrySchema).max(500),
    parties: z.array(z.enum(SR_PARTIES)).max(3),
    actions: z.array(out.text(40)).max(20),
  })
  .meta({ id: 'ServiceRequestDetail' });
export type SrDetail = z.infer<typeof srDetailSchema>;

export const srCountsSchema = z
  .object({ outgoing: out.count(), incoming: out.count(), completed: out.count() })
  .meta({ id: 'ServiceRequestCounts' });
export type SrCounts = z.infer<typeof srCountsSchema>;

/** A provider the send form offers: of the chosen receiver type; `holder`: it holds the asset (proposed first). */
export const srProviderOptionSchema = z
  .object({ _id: out.id(), name: out.text(300), holder: z.boolean(), sla: z.object({ _id: out.id(), title: out.text(200) }).nullable() })
  .meta({ id: 'ServiceRequestProvider' });
export const srProviderQuery = z.object({
  /** Without one: providers of every receiver type. */
  receiverType: z.enum(SR_RECEIVER_TYPES, { error: queryInvalid('Receiver type') }).optional(),
  asset: z.uuid({ error: queryInvalid('Asset') }).optional(),
  cluster: z.uuid({ error: queryInvalid('Cluster') }).optional(),
  search: safeString(queryInvalid('Search')).trim().max(100).optional(),
});
export type SrProviderQuery = z.infer<typeof srProviderQuery>;

/** A staff member the provider may assign. */
export const srStaffOptionSchema = namedRefSchema
  .extend({ role: out.text(100), assigned: z.boolean() })
  .meta({ id: 'ServiceRequestStaff' });

export const srPageAnswer = pageOf(srSummarySchema);
export const srDetailAnswer = dataOf(srDetailSchema);
export const srCountsAnswer = dataOf(srCountsSchema);
export const srRaisedAnswer = z.object({ data: z.array(srSummarySchema).max(100) });
export const srProviderOptionsAnswer = z.object({ data: z.array(srProviderOptionSchema).max(100) });
export const srStaffOptionsAnswer = z.object({ data: z.array(srStaffOptionSchema).max(500) });
export const observationPageAnswer = pageOf(observationAnswerSchema);
export const srConfigurationAnswer = dataOf(srConfigurationAnswerSchema);
