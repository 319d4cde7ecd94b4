import { z } from 'zod';
import { dataOf, optionalText, out, pageOf, pageQuery, recordId, requiredText } from './fields.js';
import { formatMessage, type Translate } from './messages.js';
import { namedRefSchema } from './user.js';
import { quantityField } from './warehouse.js';

/**
 * Material requests (docs/product.md#material-requests; issue 11): a staff member asks their
 * organisation's warehouse for items, optionally for a work order (the accepted lines then count
 * towards its cost). The warehouse's managers decide line by line: accepting a line issues its
 * stock in the same transaction (or nothing, 409 with what is available); rejecting says why.
 * The request's status follows from its lines.
 */
export const MR_LINE_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type MrLineStatus = (typeof MR_LINE_STATUSES)[number];

/** pending: some line undecided; accepted / rejected: every line so; partly_accepted: decided, some each way; cancelled by the requester. */
export const MR_STATUSES = ['pending', 'accepted', 'partly_accepted', 'rejected', 'cancelled'] as const;
export type MrStatus = (typeof MR_STATUSES)[number];
export const OPEN_MR_STATUSES = ['pending'] as const satisfies readonly MrStatus[];

/** The request's status from its lines' (cancelled is the requester's own act). */
export function mrStatusOf(lines: readonly MrLineStatus[]): Exclude<MrStatus, 'cancelled'> {
  if (lines.includes('pending') || lines.length === 0) return 'pending';
  if (lines.every((status) => status === 'accepted')) return 'accepted';
  if (lines.every((status) => status === 'rejected')) return 'rejected';
  return 'partly_accepted';
}

export const MR_MAX_LINES = 50;

/** The lists: what I asked for (mine), what my warehouses are asked (to decide), everything decided. */
export const MR_TABS = ['mine', 'incoming', 'decided'] as const;
export type MrTab = (typeof MR_TABS)[number];

export function makeMaterialRequestSchema(t: Translate) {
  const invalid = (field: string) => t('VALIDATION.NOT_VALID', { field });
  return z.strictObject({
    warehouse: z.uuid({ error: (issue) => (issue.input ? invalid('Warehouse') : t('VALIDATION.REQUIRED', { field: 'Warehouse' })) }),
    /** The work order it is for (one the requester works on or owns), if any. */
    workOrder: z
      .union([z.uuid({ error: invalid('Work order') }), z.literal(''), z.null()], { error: invalid('Work order') })
      .transform((v) => v || null)
      .optional(),
    note: optionalText(t, 'Note', 1000),
    lines: z
      .array(z.strictObject({ item: z.uuid({ error: invalid('Item') }), quantity: quantityField(t) }), { error: invalid('Lines') })
      .min(1, t('VALIDATION.REQUIRED', { field: 'Lines' }))
      .max(MR_MAX_LINES, invalid('Lines'))
      .refine((lines) => new Set(lines.map((line) => line.item)).size === lines.length, { message: t('SUPPLY.DUPLICATE_ITEM') }),
  });
}
export const materialRequestSchema = makeMaterialRequestSchema(formatMessage);
export type MaterialRequestInput = z.infer<typeof materialRequestSchema>;

/** POST /v2/material-request/accept/{id}: the lines to accept (none named: every pending line). */
export const materialRequestAcceptSchema = z
  .strictObject({
    lines: z.array(recordId('Lines', 'material_request_line')).max(MR_MAX_LINES).optional(),
  })
  // A POST without a body arrives as null.
  .nullish()
  .transform((value) => value ?? {});
export type MaterialRequestAcceptInput = z.infer<typeof materialRequestAcceptSchema>;

/** POST /v2/material-request/reject/{id}: why, and the lines (none named: every pending line). */
export function makeMaterialRequestRejectSchema(t: Translate) {
  return z.strictObject({
    reason: requiredText(t, 'Reason', { min: 2, max: 500 }),
    lines: z
      .array(recordId('Lines', 'material_request_line', t))
      .max(MR_MAX_LINES)
      .optional(),
  });
}
export const materialRequestRejectSchema = makeMaterialRequestRejectSchema(formatMessage);
export type MaterialRequestRejectInput = z.infer<typeof materialRequestRejectSchema>;

export const materialRequestLineSchema = z.object({
  _id: out.id(),
  item: namedRefSchema,
  unit: out.text(30).nullable(),
  quantity: out.count(),
  /** On hand now, for the manager deciding. */
  available: out.count(),
  status: z.enum(MR_LINE_STATUSES),
  /** The unit price when issued (kobo and naira), which the work order's cost counts. */
  priceKobo: out.bigCount().nullable(),
  price: out.text(24).nullable(),
  reason: out.text(500).nullable(),
  decidedBy: namedRefSchema.nullable(),
  decidedAt: out.timestamp().nullable(),
});

export const materialRequestAnswerSchema = z
  .object({
    _id: out.id(),
    code: out.text(20),
    status: z.enum(MR_STATUSES),
    warehouse: namedRefSchema,
    workOrder: z.object({ _id: out.id(), code: out.text(20), title: out.text(200) }).nullable(),
    requestedBy: namedRefSchema,
    note: out.text(1000).nullable(),
    lines: z.array(materialRequestLineSchema).max(MR_MAX_LINES),
    /** The issued lines' value (kobo and naira). */
    issuedKobo: out.bigCount(),
    issued: out.text(24),
    /** What the caller may do now. */
    actions: z.array(z.enum(['accept', 'reject', 'cancel'])).max(3),
    createdAt: out.timestamp(),
    updatedAt: out.timestamp(),
  })
  .meta({ id: 'MaterialRequest' });
export type MaterialRequest = z.infer<typeof materialRequestAnswerSchema>;

export const materialRequestSummarySchema = materialRequestAnswerSchema
  .omit({ lines: true, actions: true })
  .extend({ lineCount: out.count() })
  .meta({ id: 'MaterialRequestSummary' });

export const materialRequestListQuery = pageQuery.extend({
  tab: z.enum(MR_TABS, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Tab' }) }).default('mine'),
  status: z.enum(MR_STATUSES, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Status' }) }).optional(),
  warehouse: z.uuid({ error: formatMessage('VALIDATION.NOT_VALID', { field: 'Warehouse' }) }).optional(),
  workOrder: z.uuid({ error: formatMessage('VALIDATION.NOT_VALID', { field: 'Work order' }) }).optional(),
  sort: z.enum(['createdAt', 'code', 'status'], { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Sort' }) }).optional(),
});
export type MaterialRequestListQuery = z.infer<typeof materialRequestListQuery>;

export const materialRequestParams = z.object({
  id: recordId('Material request', 'material_request'),
});
export const materialRequestAnswer = dataOf(materialRequestAnswerSchema);

/** GET /v2/material-request/counts, the tabs' badges: my requests still pending, and those awaiting my decision. */
export const materialRequestCountsSchema = z.object({ mine: out.count(), incoming: out.count() }).meta({ id: 'MaterialRequestCounts' });
export type MaterialRequestCounts = z.infer<typeof materialRequestCountsSchema>;
export const materialRequestCountsAnswer = dataOf(materialRequestCountsSchema);
export const materialRequestPage = pageOf(materialRequestSummarySchema);
