import { z } from 'zod';
import { FAULT_CODE_PATTERN } from './fault-code.js';
import { dataOf, dateField, EMAIL_PATTERN, idField, out, pageOf, pageQuery, recordId, safeString } from './fields.js';
import { fileRefSchema } from './file.js';
import { formatMessage, type Translate } from './messages.js';
import { namedRefSchema, stateRefSchema } from './user.js';

/**
 * Faults (docs/product.md#faults, #fault-portal, #fault-form).
 * The workflow itself is FAULT_WORKFLOW in workflow.ts.
 */

/** docs/product.md#fault-form: the two fault types, stored and sent by these names. */
export const FAULT_TYPES = ['Repair', 'Replacement'] as const;
export type FaultType = (typeof FAULT_TYPES)[number];

/**
 * A technician's report waits for its provider (awaiting_provider), which sends it on to the owner
 * (awaiting_owner) or returns it to the reporter (returned, who edits and resubmits). Reports by the
 * provider itself, the owner's staff and the public portal start at awaiting_owner. The owner
 * rejects it or converts it into a service request or a work order.
 */
export const FAULT_STATUSES = ['awaiting_provider', 'returned', 'awaiting_owner', 'rejected', 'converted'] as const;
export type FaultStatus = (typeof FAULT_STATUSES)[number];
export const OPEN_FAULT_STATUSES = ['awaiting_provider', 'returned', 'awaiting_owner'] as const satisfies readonly FaultStatus[];
export const CLOSED_FAULT_STATUSES = ['rejected', 'converted'] as const satisfies readonly FaultStatus[];

/** Who reported it: the public portal (anyone), the owner's own staff, or a provider (its staff or technicians). */
export const FAULT_SOURCES = ['portal', 'staff', 'provider'] as const;
export type FaultSource = (typeof FAULT_SOURCES)[number];

/** The sides of a fault a signed-in user can be on; the workflow's actions name one of them. */
export const FAULT_PARTIES = ['owner', 'provider', 'reporter'] as const;
export type FaultParty = (typeof FAULT_PARTIES)[number];

/**
 * The list's tabs (docs/product.md#faults): Open Faults, Closed Faults, Approval Requests (waiting for my
 * organisation's decision), My Pending Requests (mine, still open); `all` for an asset's faults.
 */
export const FAULT_TABS = ['open', 'closed', 'approval', 'mine', 'all'] as const;
export type FaultTab = (typeof FAULT_TABS)[number];

/** What a fault turned into (the service request and work order issues fill it). */
export const FAULT_CONVERSIONS = ['service_request', 'work_order'] as const;
export type FaultConversion = (typeof FAULT_CONVERSIONS)[number];

export { FAULT_CODE_PATTERN };

/** The one image of a report (docs/product.md#fault-form: .png, .jpg, .jpeg, one file). */
export const FAULT_IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;

// ---------------------------------------------------------------------------------------------
// The fault form (docs/product.md#fault-form). Its messages are the catalogue's required-field and
// invalid-field texts (AUTH.VALIDATION.REQUIRED_FIELD and AUTH.VALIDATION.INVALID_FIELD).

/** A phone number as a numeric input: digits, an optional leading +, spaces or dashes between groups. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]{5,18}[0-9]$/;

function faultFormFields(t: Translate) {
  const required = t('AUTH.VALIDATION.REQUIRED_FIELD');
  const invalid = t('AUTH.VALIDATION.INVALID_FIELD');
  const text = (max: number) => safeString(invalid, required).trim().min(1, required).max(max, invalid);
  const optionalText = (max: number) => safeString(invalid).trim().max(max, invalid).optional();
  const optionalRef = z
    .union([z.uuid({ error: invalid }), z.literal(''), z.null()], { error: invalid })
    .transform((v) => v || null)
    .optional();
  return {
    email: safeString(invalid, required)
      .trim()
      .min(1, required)
      .max(100, invalid)
      .regex(EMAIL_PATTERN, invalid)
      .transform((v) => v.toLowerCase()),
    fullName: text(100),
    phoneNumber: safeString(invalid, required).trim().min(1, required).max(20, invalid).regex(PHONE_PATTERN, invalid),
    /** As the registration form sends it ({ state, alias }); the alias is kept. */
    state: z
      .strictObject(
        {
          state: safeString(invalid).trim().max(60, invalid).optional(),
          alias: safeString(invalid).trim().min(1, invalid).max(60, invalid),
        },
        { error: invalid },
      )
      .nullable()
      .optional(),
    lga: optionalText(100),
    cluster: optionalRef,
    locationID: optionalText(100),
    asset: z.uuid({ error: (issue) => (issue.input === undefined || issue.input === '' ? required : invalid) }),
    faultType: z.enum(FAULT_TYPES, { error: (issue) => (issue.input === undefined || issue.input === '' ? required : invalid) }),
    description: text(2000),
    /** One uploaded image, as a list (docs/product.md#fault-form); none is allowed. */
    document: z
      .array(z.uuid({ error: invalid }), { error: invalid })
      .max(1, invalid)
      .default([]),
  };
}

/**
 * POST /v2/fault/report (signed in) and POST /v2/fault/report/:ownerId (the public portal).
 * Unknown fields are refused. `website` is a honeypot: people leave it empty (it is hidden);
 * a filled one is answered like a success and nothing is stored.
 */
export function makeFaultReportSchema(t: Translate) {
  return z.strictObject({ ...faultFormFields(t), website: z.string().max(200).optional() }, { error: t('AUTH.VALIDATION.INVALID_FIELD') });
}

/** POST /v2/fault/edit/:id: the reporter's corrected report (it goes back to the provider); `id`, when sent, is the path's. */
export function makeFaultEditSchema(t: Translate) {
  return z.strictObject(
    { ...faultFormFields(t), id: z.uuid({ error: t('AUTH.VALIDATION.INVALID_FIELD') }).optional() },
    {
      error: t('AUTH.VALIDATION.INVALID_FIELD'),
    },
  );
}

/** POST /v2/fault/return/:id and /v2/fault/reject/:id: the reason, told to the reporter. */
export function makeFaultReasonSchema(t: Translate) {
  return z.strictObject({
    reason: safeString(t('VALIDATION.NOT_VALID', { field: 'Reason' }), t('VALIDATION.REQUIRED', { field: 'Reason' }))
      .trim()
      .min(1, t('VALIDATION.REQUIRED', { field: 'Reason' }))
      .max(1000, t('VALIDATION.MAX_LENGTH', { field: 'Reason', max: 1000 })),
  });
}

export const faultReportSchema = makeFaultReportSchema(formatMessage);
export const faultEditSchema = makeFaultEditSchema(formatMessage);
export const faultReasonSchema = makeFaultReasonSchema(formatMessage);
export type FaultReportInput = z.infer<typeof faultReportSchema>;
export type FaultEditInput = z.infer<typeof faultEditSchema>;

export const faultIdParams = z.object({ id: recordId('Fault', 'fault') });
export const faultOwnerParams = z.object({ ownerId: idField(formatMessage, 'Owner') });
export const faultCodeParams = z.object({
  code: safeString(formatMessage('VALIDATION.NOT_VALID', { field: 'Code' }))
    .trim()
    .toUpperCase()
    .max(12)
    .regex(FAULT_CODE_PATTERN, formatMessage('VALIDATION.NOT_VALID', { field: 'Code' })),
});

export const FAULT_SORTS = ['createdAt', 'updatedAt', 'code', 'status', 'reporters'] as const;

const queryInvalid = (field: string) => formatMessage('VALIDATION.NOT_VALID', { field });
const queryDate = (field: string) => dateField(queryInvalid(field)).optional();

/** GET /v2/fault: a tab, filters, search (code, asset, description, reporter), sorting, pages. */
export const faultListQuery = pageQuery.extend({
  tab: z.enum(FAULT_TABS, { error: queryInvalid('Tab') }).default('open'),
  status: z.enum(FAULT_STATUSES, { error: queryInvalid('Status') }).optional(),
  clusterId: z.uuid({ error: queryInvalid('Cluster') }).optional(),
  assetId: z.uuid({ error: queryInvalid('Asset') }).optional(),
  faultType: z.enum(FAULT_TYPES, { error: queryInvalid('Fault type') }).optional(),
  source: z.enum(FAULT_SOURCES, { error: queryInvalid('Source') }).optional(),
  /** Reported on or after / on or before (Africa/Lagos calendar days). */
  from: queryDate('From'),
  to: queryDate('To'),
  sort: z.enum(FAULT_SORTS, { error: queryInvalid('Sort') }).optional(),
});
export type FaultListQuery = z.infer<typeof faultListQuery>;

/** GET /v2/fault/reportable/assets: the assets a signed-in user may report on (the Fault Portal's picker). */
export const reportableAssetQuery = pageQuery.pick({ search: true }).extend({
  clusterId: z.uuid({ error: queryInvalid('Cluster') }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
});
export type ReportableAssetQuery = z.infer<typeof reportableAssetQuery>;

/** GET /v2/fault/reportable/clusters: the clusters holding assets a signed-in user may report on (the Fault Portal's first picker). */
export const reportableClusterQuery = reportableAssetQuery.omit({ clusterId: true });
export type ReportableClusterQuery = z.infer<typeof reportableClusterQuery>;

// ---------------------------------------------------------------------------------------------
// Answers

const assetOfFault = z.object({ _id: out.id(), assetID: out.text(100), name: out.text(300) }).meta({ id: 'FaultAsset' });
const clusterOfFault = z.object({ _id: out.id(), clusterID: out.text(100), name: out.text(300) });

/** A row of GET /v2/fault. */
export const faultSummarySchema = z
  .object({
    _id: out.id(),
    code: out.text(12),
    status: z.enum(FAULT_STATUSES),
    faultType: z.enum(FAULT_TYPES),
    /** The first 300 characters. */
    description: out.text(300),
    asset: assetOfFault,
    cluster: clusterOfFault.nullable(),
    locationID: out.text(100).nullable(),
    source: z.enum(FAULT_SOURCES),
    /** The first reporter's name. */
    reporterName: out.text(100),
    /** Everyone who reported it: the first reporter and each "+1". */
    reporters: out.count(),
    owner: namedRefSchema,
    /** The provider that holds the asset (and approves its technicians' reports), if any. */
    provider: namedRefSchema.nullable(),
    hasImage: z.boolean(),
    createdAt: out.timestamp(),
    updatedAt: out.timestamp(),
  })
  .meta({ id: 'FaultSummary' });
export type FaultSummary = z.infer<typeof faultSummarySchema>;

/** A "+1": someone else reporting the same open fault (and the first report, as the first of them). */
export const faultReportEntrySchema = z
  .object({
    _id: out.id(),
    name: out.text(100),
    /** Shown to the owner and the provider only (the reporter's contact, to follow up). */
    email: out.text(100).nullable(),
    phoneNumber: out.text(20).nullable(),
    source: z.enum(FAULT_SOURCES),
    description: out.text(2000),
    image: fileRefSchema.nullable(),
    createdAt: out.timestamp(),
  })
  .meta({ id: 'FaultReportEntry' });
export type FaultReportEntry = z.infer<typeof faultReportEntrySchema>;

export const faultTimelineEntrySchema = z
  .object({
    _id: out.id(),
    action: out.text(100),
    /** In the reader's language. */
    description: out.text(2000),
    user: namedRefSchema.nullable(),
    createdAt: out.timestamp(),
  })
  .meta({ id: 'FaultTimelineEntry' });

/** GET /v2/fault/:id. `parties`: the sides the caller is on, for allowedActions(FAULT_WORKFLOW, ...). */
export const faultDetailSchema = faultSummarySchema
  .extend({
    description: out.text(2000),
    state: stateRefSchema.nullable(),
    lga: out.text(100).nullable(),
    locationName: out.text(300).nullable(),
    image: fileRefSchema.nullable(),
    /** The reason of the last return or rejection. */
    reason: out.text(1000).nullable(),
    reports: z.array(faultReportEntrySchema).max(500),
    timeline: z.array(faultTimelineEntrySchema).max(500),
    parties: z.array(z.enum(FAULT_PARTIES)).max(3),
    convertedTo: z.object({ type: z.enum(FAULT_CONVERSIONS), _id: out.id() }).nullable(),
  })
  .meta({ id: 'FaultDetail' });
export type FaultDetail = z.infer<typeof faultDetailSchema>;

/** GET /v2/fault/counts: the tabs' counts (each stops at 10,000, like the lists' totals). */
export const faultCountsSchema = z
  .object({ open: out.count(), closed: out.count(), approval: out.count(), mine: out.count() })
  .meta({ id: 'FaultCounts' });
export type FaultCounts = z.infer<typeof faultCountsSchema>;

/**
 * The answer of a report: the catalogue's success text, the tracking code and page, and whether
 * it was added as a "+1" to a fault already open on the asset (the reporter is told so).
 */
export const faultReportedSchema = z
  .object({
    message: out.text(500),
    _id: out.id(),
    code: out.text(12),
    trackPath: out.text(100),
    duplicate: z.boolean(),
  })
  .meta({ id: 'FaultReported' });
export type FaultReported = z.infer<typeof faultReportedSchema>;

/** The steps the tracking page shows: what happened, never who (no names of the owner's staff, no internal notes). */
/** What the tracking page shows: the fault's steps, then those of the work raised from it (accepted, started, done). */
export const FAULT_PUBLIC_EVENTS = [
  'reported',
  'plus_one',
  'approved',
  'returned',
  'resubmitted',
  'rejected',
  'converted',
  'work_accepted',
  'work_started',
  'work_done',
] as const;
export type FaultPublicEvent = (typeof FAULT_PUBLIC_EVENTS)[number];

/** GET /v2/fault/track/:code (public). */
export const faultTrackSchema = z
  .object({
    code: out.text(12),
    status: z.enum(FAULT_STATUSES),
    open: z.boolean(),
    faultType: z.enum(FAULT_TYPES),
    asset: z.object({ assetID: out.text(100), name: out.text(300) }),
    owner: out.text(300),
    /** The owner's zone (IANA): the page shows every time in it, so it reads as the owner's own pages do. */
    timeZone: out.text(64),
    reportedAt: out.timestamp(),
    history: z
      .array(
        z.object({
          event: z.enum(FAULT_PUBLIC_EVENTS),
          at: out.timestamp(),
          /** The reason given to the reporter for a return or a rejection. */
          reason: out.text(1000).nullable(),
        }),
      )
      .max(500),
  })
  .meta({ id: 'FaultTrack' });
export type FaultTrack = z.infer<typeof faultTrackSchema>;

/** GET /v2/fault/portal/:ownerId (public): the owner the portal reports to; 404 unless an active asset owner. */
export const faultPortalOwnerSchema = z.object({ _id: out.id(), name: out.text(300) }).meta({ id: 'FaultPortalOwner' });
export type FaultPortalOwner = z.infer<typeof faultPortalOwnerSchema>;

/**
 * An asset as the fault form picks it: GET /v2/fault/portal/:ownerId/assets (public, the owner's
 * assets without a cluster, or of one cluster), GET /v2/fault/portal/:ownerId/asset/:assetId (a
 * QR label's ?asset= pre-fill) and GET /v2/fault/reportable/assets (signed in).
 */
export const faultFormAssetSchema = z
  .object({
    _id: out.id(),
    assetID: out.text(100),
    name: out.text(300),
    locationID: out.text(100).nullable(),
    locationName: out.text(300).nullable(),
    cluster: clusterOfFault.nullable(),
    /** The cluster's state and LGA, to pre-fill the form. */
    state: stateRefSchema.nullable(),
    lga: out.text(100).nullable(),
    owner: namedRefSchema,
    /** Open faults before its owner now (awaiting_owner). */
    openFaults: out.count(),
  })
  .meta({ id: 'FaultFormAsset' });
export type FaultFormAsset = z.infer<typeof faultFormAssetSchema>;

/** A cluster as the signed-in Fault Portal picks it (with its owner: a provider holds several owners' clusters). */
export const faultFormClusterSchema = z
  .object({
    _id: out.id(),
    clusterID: out.text(100),
    name: out.text(300),
    state: stateRefSchema.nullable(),
    lga: out.text(100).nullable(),
    owner: namedRefSchema,
  })
  .meta({ id: 'FaultFormCluster' });
export type FaultFormCluster = z.infer<typeof faultFormClusterSchema>;

export const faultPortalAssetQuery = pageQuery.pick({ search: true }).extend({
  /** A cluster of the owner, or `none` for the assets outside any cluster. */
  cluster: z.union([z.uuid({ error: queryInvalid('Cluster') }), z.literal('none')], { error: queryInvalid('Cluster') }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
});
export type FaultPortalAssetQuery = z.infer<typeof faultPortalAssetQuery>;
export const faultPortalAssetParams = z.object({ ownerId: idField(formatMessage, 'Owner'), assetId: idField(formatMessage, 'Asset') });

export const faultPageAnswer = pageOf(faultSummarySchema);
export const faultDetailAnswer = dataOf(faultDetailSchema);
export const faultCountsAnswer = dataOf(faultCountsSchema);
export const faultReportedAnswer = dataOf(faultReportedSchema);
export const faultTrackAnswer = dataOf(faultTrackSchema);
export const faultPortalOwnerAnswer = dataOf(faultPortalOwnerSchema);
export const faultFormAssetAnswer = dataOf(faultFormAssetSchema);
export const faultFormAssetPageAnswer = pageOf(faultFormAssetSchema);
export const faultFormClusterPageAnswer = pageOf(faultFormClusterSchema);
