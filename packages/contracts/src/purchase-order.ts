import { z } from 'zod';
import { approvalStepAnswerSchema } from './approval.js';
import { DECLARED, dataOf, optionalText, out, pageOf, pageQuery, recordId, requiredText } from './fields.js';
import { formatMessage, type Translate } from './messages.js';
import { PRICEBOOK_KINDS } from './pricebook.js';
import { makeCostLineSchema, PRICEBOOK_OR_FREE_LINE, srTimelineEntrySchema } from './service-request.js';
import { namedRefSchema } from './user.js';
import { quantityField } from './warehouse.js';

/**
 * Purchase orders (docs/product.md#purchase-orders; issue 11). PURCHASE_ORDER_WORKFLOW in
 * workflow.ts holds the steps.
 *
 * A buyer (an owner, MRO or IMO) drafts one for a supplier and one of its own warehouses (draft)
 * and submits it: it climbs the buyer's `po` approval levels (pending_approval) or, when none
 * applies, goes straight to the supplier (sent). The supplier accepts (accepted) or declines
 * (declined); it dispatches lines in deliveries, and the buyer confirms what arrived, line by
 * line, into a warehouse, which writes the stock-in movements (partly_received while some is
 * still to come). It closes by itself when every line is received in full, or the buyer closes
 * the rest (closed). The buyer may cancel it before the supplier accepts (cancelled).
 */
export const PO_STATUSES = ['draft', 'pending_approval', 'sent', 'accepted', 'partly_received', 'declined', 'closed', 'cancelled'] as const;
export type PoStatus = (typeof PO_STATUSES)[number];
export const OPEN_PO_STATUSES = ['draft', 'pending_approval', 'sent', 'accepted', 'partly_received'] as const satisfies readonly PoStatus[];
/** Its lines may change (restarting the approvals) only before the supplier has it. */
export const EDITABLE_PO_STATUSES = ['draft', 'pending_approval'] as const satisfies readonly PoStatus[];
/** The supplier delivers and the buyer receives while it is in these. */
export const SUPPLYING_PO_STATUSES = ['accepted', 'partly_received'] as const satisfies readonly PoStatus[];

export const PO_PARTIES = ['buyer', 'supplier'] as const;
export type PoParty = (typeof PO_PARTIES)[number];

/** The organisations that buy (docs/product.md#purchase-orders): owners, MROs and IMOs. */
export const PO_BUYER_KINDS = ['asset_owner', 'mro', 'imo'] as const;

/** The lists: Outgoing (the buyer's open ones), Incoming (the supplier's open ones), Completed (either side's finished ones). */
export const PO_TABS = ['outgoing', 'incoming', 'completed'] as const;
export type PoTab = (typeof PO_TABS)[number];
export const PO_TAB_STATUSES: Record<PoTab, readonly PoStatus[]> = {
  outgoing: OPEN_PO_STATUSES,
  incoming: ['sent', 'accepted', 'partly_received'],
  completed: ['closed', 'declined', 'cancelled'],
};
export const PO_TAB_PERMISSION = {
  outgoing: 'viewOutgoingPO',
  incoming: 'viewIncomingPO',
  completed: 'viewCompletedPO',
} as const satisfies Record<PoTab, string>;

export const PO_MAX_LINES = 100;
export const PO_MAX_DELIVERIES = 100;

/**
 * A line: a cost line (from the supplier's pricebook, or free), and for a free line that restocks an
 * inventory item (started from a warehouse's low-stock list) that item's brand and model, so its
 * receipt files the goods under the same item rather than a new one of the same name.
 */
export function makePoLineSchema(t: Translate) {
  return makeCostLineSchema(t)
    .extend({ brand: optionalText(t, 'Brand', 100), model: optionalText(t, 'Model', 100) })
    .meta(PRICEBOOK_OR_FREE_LINE);
}

function poFields(t: Translate) {
  const invalid = (field: string) => t('VALIDATION.NOT_VALID', { field });
  return {
    title: requiredText(t, 'Title', { min: 3, max: 150 }),
    note: optionalText(t, 'Note', 2000),
    /** Where the goods go (the buyer's own warehouse); a receipt may choose another of its own. */
    warehouse: z.uuid({ error: (issue) => (issue.input ? invalid('Warehouse') : t('VALIDATION.REQUIRED', { field: 'Warehouse' })) }),
    /** From the supplier's pricebook (its name, unit and price copied) or free lines. */
    lines: z
      .array(makePoLineSchema(t), { error: invalid('Lines') })
      .min(1, t('VALIDATION.REQUIRED', { field: 'Lines' }))
      .max(PO_MAX_LINES, invalid('Lines')),
    /** Submit for approval now (the default), or keep it as a draft. */
    submit: z.boolean({ error: invalid('Submit') }).default(true),
  };
}

/** POST /v2/purchase-order/create. */
export function makePoCreateSchema(t: Translate) {
  return z.strictObject({
    supplier: z.uuid({
      error: (issue) => (issue.input ? t('VALIDATION.NOT_VALID', { field: 'Supplier' }) : t('VALIDATION.REQUIRED', { field: 'Supplier' })),
    }),
    ...poFields(t),
  });
}
export const poCreateSchema = makePoCreateSchema(formatMessage);
export type PoCreateInput = z.infer<typeof poCreateSchema>;

/** PUT /v2/purchase-order/update/{id}: a draft or one awaiting approval (a change restarts the approvals). */
export function makePoUpdateSchema(t: Translate) {
  return z.strictObject(poFields(t));
}
export const poUpdateSchema = makePoUpdateSchema(formatMessage);
export type PoUpdateInput = z.infer<typeof poUpdateSchema>;

/** POST /v2/purchase-order/approve/{id}: `{approve: true}` (docs/api-contract.md#purchase-orders-issue-11), or false with a reason. */
export const poApproveSchema = z
  .strictObject({
    approve: z.boolean({ error: formatMessage('VALIDATION.REQUIRED', { field: 'Approve' }) }),
    reason: optionalText(formatMessage, 'Reason', 1000),
  })
  .superRefine((value, ctx) => {
    if (!value.approve && !value.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: formatMessage('VALIDATION.REQUIRED', { field: 'Reason' }) });
  })
  .meta(DECLARED.reasonToRefuse);
export type PoApproveInput = z.infer<typeof poApproveSchema>;

export function makePoReasonSchema(t: Translate) {
  return z.strictObject({ reason: requiredText(t, 'Reason', { min: 2, max: 1000 }) });
}
export const poReasonSchema = makePoReasonSchema(formatMessage);

/** Closing the rest: an optional note (the mobile apps' GET carries none, nor may a POST: its body is then null). */
export const poCloseSchema = z.strictObject({ reason: optionalText(formatMessage, 'Reason', 1000) }).nullish();

const quantityLines = (t: Translate) =>
  z
    .array(z.strictObject({ line: recordId('Line', 'purchase_order_line', t), quantity: quantityField(t) }), {
      error: t('VALIDATION.NOT_VALID', { field: 'Lines' }),
    })
    .min(1, t('VALIDATION.REQUIRED', { field: 'Lines' }))
    .max(PO_MAX_LINES, t('VALIDATION.NOT_VALID', { field: 'Lines' }))
    .refine((lines) => new Set(lines.map((line) => line.line)).size === lines.length, { message: t('SUPPLY.DUPLICATE_ITEM') });

/** POST /v2/purchase-order/dispatch/{id}: the supplier's delivery: quantities per line and a delivery note. */
export function makePoDispatchSchema(t: Translate) {
  return z.strictObject({ note: optionalText(t, 'Delivery note', 1000), lines: quantityLines(t) });
}
export const poDispatchSchema = makePoDispatchSchema(formatMessage);
export type PoDispatchInput = z.infer<typeof poDispatchSchema>;

/** POST /v2/purchase-order/confirmation/supply/{id}: what arrived, per line, into a warehouse of the buyer's (the order's by default). */
export function makePoReceiveSchema(t: Translate) {
  return z.strictObject({
    warehouse: z.uuid({ error: t('VALIDATION.NOT_VALID', { field: 'Warehouse' }) }).optional(),
    note: optionalText(t, 'Note', 1000),
    lines: quantityLines(t),
  });
}
export const poReceiveSchema = makePoReceiveSchema(formatMessage);
export type PoReceiveInput = z.infer<typeof poReceiveSchema>;

export const PO_SORTS = ['createdAt', 'updatedAt', 'code', 'status', 'total'] as const;

/** GET /v2/purchase-order: a tab, filters, search (code, title, supplier or buyer name), sorting, pages. */
export const poListQuery = pageQuery.extend({
  tab: z.enum([...PO_TABS, 'approval'], { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Tab' }) }).default('outgoing'),
  status: z.enum(PO_STATUSES, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Status' }) }).optional(),
  sort: z.enum(PO_SORTS, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Sort' }) }).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Only orders with goods dispatched and not yet received (the buyer's supplies to confirm). */
  toReceive: z.enum(['true'], { error: formatMessage('VALIDATION.NOT_VALID', { field: 'To receive' }) }).optional(),
});
export type PoListQuery = z.infer<typeof poListQuery>;

export const poIdParams = z.object({ id: recordId('Purchase order', 'purchase_order') });
/** The mobile apps' accept call names its id `_id` (docs/api-contract.md#purchase-orders-issue-11). */
export const poUnderscoreIdParams = z.object({ _id: recordId('Purchase order', 'purchase_order') });

// ---------------------------------------------------------------------------------------------
// Answers

export const poSummarySchema = z
  .object({
    _id: out.id(),
    code: out.text(20),
    title: out.text(150),
    status: z.enum(PO_STATUSES),
    buyer: namedRefSchema,
    supplier: namedRefSchema,
    warehouse: namedRefSchema,
    totalKobo: out.bigCount(),
    total: out.text(24),
    /** Units ordered, dispatched and received over all lines. */
    ordered: out.bigCount(),
    dispatched: out.bigCount(),
    received: out.bigCount(),
    createdAt: out.timestamp(),
    updatedAt: out.timestamp(),
  })
  .meta({ id: 'PurchaseOrderSummary' });
export type PoSummary = z.infer<typeof poSummarySchema>;

export const poApprovalRowSchema = poSummarySchema
  .extend({
    step: z.object({ _id: out.id(), order: out.count(), name: out.text(100), steps: out.count() }),
    label: z.enum(['Awaiting Approval', 'Approved by me']),
    askedAt: out.timestamp().nullable(),
    decidedAt: out.timestamp().nullable(),
  })
  .meta({ id: 'PurchaseOrderApprovalRow' });

export const poLineAnswerSchema = z
  .object({
    _id: out.id(),
    pricebookItem: out.id().nullable(),
    free: z.boolean(),
    name: out.text(150),
    /** The item's brand and model (a pricebook item's, or those of the inventory item a free line restocks). */
    brand: out.text(100).nullable(),
    model: out.text(100).nullable(),
    kind: z.enum(PRICEBOOK_KINDS).nullable(),
    unit: out.text(30).nullable(),
    quantity: out.count(),
    unitPriceKobo: out.bigCount(),
    unitPrice: out.text(20),
    totalKobo: out.bigCount(),
    total: out.text(24),
    dispatched: out.count(),
    received: out.count(),
  })
  .meta({ id: 'PurchaseOrderLine' });
export type PoLine = z.infer<typeof poLineAnswerSchema>;

const quantityLineAnswer = z.object({ line: out.id(), name: out.text(150), quantity: out.count() });

export const poDeliverySchema = z
  .object({
    _id: out.id(),
    note: out.text(1000).nullable(),
    by: namedRefSchema.nullable(),
    createdAt: out.timestamp(),
    lines: z.array(quantityLineAnswer).max(PO_MAX_LINES),
  })
  .meta({ id: 'PurchaseOrderDelivery' });

export const poReceiptSchema = z
  .object({
    _id: out.id(),
    warehouse: namedRefSchema,
    note: out.text(1000).nullable(),
    by: namedRefSchema.nullable(),
    createdAt: out.timestamp(),
    lines: z.array(quantityLineAnswer).max(PO_MAX_LINES),
  })
  .meta({ id: 'PurchaseOrderReceipt' });

/** Where a party of the order is and how it is reached, for the printed order. */
export const poPartyContactSchema = z
  .object({
    address: out.text(300).nullable(),
    state: out.text(100).nullable(),
    lga: out.text(100).nullable(),
    telephone: out.text(40).nullable(),
    email: out.text(200).nullable(),
  })
  .meta({ id: 'PurchaseOrderPartyContact' });
export type PoPartyContact = z.infer<typeof poPartyContactSchema>;

export const poDetailSchema = poSummarySchema
  .extend({
    note: out.text(2000).nullable(),
    lines: z.array(poLineAnswerSchema).max(PO_MAX_LINES),
    steps: z.array(approvalStepAnswerSchema).max(50),
    deliveries: z.array(poDeliverySchema).max(PO_MAX_DELIVERIES),
    receipts: z.array(poReceiptSchema).max(PO_MAX_DELIVERIES),
    createdBy: namedRefSchema.nullable(),
    submittedAt: out.timestamp().nullable(),
    sentAt: out.timestamp().nullable(),
    acceptedAt: out.timestamp().nullable(),
    closedAt: out.timestamp().nullable(),
    declineReason: out.text(1000).nullable(),
    closeReason: out.text(1000).nullable(),
    rejectReason: out.text(1000).nullable(),
    timeline: z.array(srTimelineEntrySchema).max(500),
    parties: z.array(z.enum(PO_PARTIES)).max(2),
    /** Both organisations' addresses and contacts, and the warehouse's address (the delivery address). */
    buyerContact: poPartyContactSchema,
    supplierContact: poPartyContactSchema,
    warehouseAddress: poPartyContactSchema.pick({ address: true, state: true, lga: true }),
    /** What the caller may do now: the workflow's actions plus approve, dispatch and receive. */
    actions: z.array(out.text(40)).max(20),
  })
  .meta({ id: 'PurchaseOrderDetail' });
export type PoDetail = z.infer<typeof poDetailSchema>;

export const poCountsSchema = z
  .object({ outgoing: out.count(), incoming: out.count(), completed: out.count(), approvals: out.count() })
  .meta({ id: 'PurchaseOrderCounts' });

export const supplierOptionSchema = z
  .object({ _id: out.id(), name: out.text(300), state: out.text(100).nullable() })
  .meta({ id: 'SupplierOption' });

export const poPageAnswer = pageOf(poSummarySchema);
export const poApprovalPageAnswer = pageOf(poApprovalRowSchema);
export const poDetailAnswer = dataOf(poDetailSchema);
export const poCountsAnswer = dataOf(poCountsSchema);
export const supplierOptionsAnswer = pageOf(supplierOptionSchema);
