import { z } from 'zod';
import { APPROVED_BY_COST } from './events.js';
import { DECLARED, dataOf, listOf, out, recordId, requiredText } from './fields.js';
import { formatMessage, type Translate } from './messages.js';
import { requiredMoneyField } from './money.js';
import { namedRefSchema } from './user.js';

/**
 * Approval levels and the steps copied from them (docs/product.md#approval-levels: "Approvals are
 * sequential by cost"; issue 10). One engine serves every document type an owner approves by cost:
 * work orders (`wo`) here, purchase orders (`po`) in the supply issue.
 *
 * A level has a name (Head O&M, GM, CEO), a maximum in kobo, an order and its approvers; maximums
 * rise with the order. When a document is submitted, every level from the lowest up to the first
 * whose maximum covers its total is copied into it as a step; the steps are approved strictly in
 * order, each by any one of its approvers.
 */
/** The approval types, in their modules' order (contracts/events.ts): a document approved by cost declares its own beside its events. */
export const APPROVAL_DOCUMENT_TYPES = APPROVED_BY_COST.map((document) => document.type) as [
  (typeof APPROVED_BY_COST)[number]['type'],
  ...(typeof APPROVED_BY_COST)[number]['type'][],
];
export type ApprovalDocumentType = (typeof APPROVAL_DOCUMENT_TYPES)[number];

type PermissionOf<Key extends 'approver' | 'configuration'> = {
  [Type in ApprovalDocumentType]: Extract<(typeof APPROVED_BY_COST)[number], { type: Type }>[Key];
};
const permissionsOf = <Key extends 'approver' | 'configuration'>(key: Key) =>
  Object.fromEntries(APPROVED_BY_COST.map((document) => [document.type, document[key]])) as PermissionOf<Key>;

/** The permission an approver of a document type holds (and the menu entry it opens). */
export const APPROVER_PERMISSION = permissionsOf('approver');
/** The permission that configures a type's levels. */
export const APPROVAL_CONFIGURATION_PERMISSION = permissionsOf('configuration');

/**
 * A step: waiting for the steps before it, pending (its approvers are asked), approved, rejected
 * (back to the creator), or cancelled (the document changed or ended before it was reached).
 */
export const APPROVAL_STEP_STATUSES = ['waiting', 'pending', 'approved', 'rejected', 'cancelled'] as const;
export type ApprovalStepStatus = (typeof APPROVAL_STEP_STATUSES)[number];

export const APPROVAL_MAX_LEVELS = 20;
export const APPROVAL_MAX_APPROVERS = 50;

export function makeApprovalLevelSchema(t: Translate) {
  const invalid = (field: string) => t('VALIDATION.NOT_VALID', { field });
  const required = (field: string) => t('VALIDATION.REQUIRED', { field });
  return z.strictObject({
    /** "Category name" in the help text: Head O&M, GM, CEO. */
    name: requiredText(t, 'Name', { min: 2, max: 100 }),
    /** The largest total (NGN) this level approves, as naira; stored in kobo. */
    maxAmount: requiredMoneyField(t, 'Maximum amount', { positive: true }),
    /** Its place in the sequence: 1 is asked first. */
    order: z
      .number({ error: (issue) => (issue.input === undefined ? required('Order') : invalid('Order')) })
      .int(invalid('Order'))
      .min(1, invalid('Order'))
      .max(APPROVAL_MAX_LEVELS, invalid('Order')),
    approvers: z
      .array(z.uuid({ error: invalid('Approvers') }), { error: required('Approvers') })
      .min(1, required('Approvers'))
      .max(APPROVAL_MAX_APPROVERS, invalid('Approvers')),
  });
}
export const approvalLevelSchema = makeApprovalLevelSchema(formatMessage);
export type ApprovalLevelInput = z.infer<typeof approvalLevelSchema>;
export const approvalLevelParams = z.object({ id: recordId('Approval level', 'approval_level') });
export const approvalTypeParams = z.object({
  type: z.enum(APPROVAL_DOCUMENT_TYPES, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Type' }) }),
});

export const approvalLevelAnswerSchema = z
  .object({
    _id: out.id(),
    type: z.enum(APPROVAL_DOCUMENT_TYPES),
    name: out.text(100),
    order: out.count(),
    maxAmountKobo: out.bigCount(),
    /** Naira with two decimals. */
    maxAmount: out.text(24),
    approvers: z.array(namedRefSchema).max(APPROVAL_MAX_APPROVERS),
    updatedAt: out.timestamp(),
  })
  .meta({ id: 'ApprovalLevel' });
export type ApprovalLevel = z.infer<typeof approvalLevelAnswerSchema>;

export const approvalStepAnswerSchema = z
  .object({
    _id: out.id(),
    order: out.count(),
    name: out.text(100),
    maxAmountKobo: out.bigCount(),
    maxAmount: out.text(24),
    status: z.enum(APPROVAL_STEP_STATUSES),
    approvers: z.array(namedRefSchema).max(APPROVAL_MAX_APPROVERS),
    /** When its approvers were asked (null while it waits for an earlier step). */
    askedAt: out.timestamp().nullable(),
    decidedBy: namedRefSchema.nullable(),
    decidedAt: out.timestamp().nullable(),
    reason: out.text(1000).nullable(),
    /** Approved by the document's creator, the level's only approver. */
    selfApproved: z.boolean(),
  })
  .meta({ id: 'ApprovalStep' });
export type ApprovalStep = z.infer<typeof approvalStepAnswerSchema>;

/** A user an owner may make an approver of a type: its active staff holding the type's approver permission (or its admins). */
export const approverOptionSchema = namedRefSchema.extend({ role: out.text(100) }).meta({ id: 'ApproverOption' });

export const approvalLevelsAnswer = listOf(approvalLevelAnswerSchema, APPROVAL_MAX_LEVELS);

/**
 * How an organisation approves a type beyond its levels (docs/product.md "Who may approve"):
 * `requireSecondPerson` keeps whoever created or last changed a document from ever approving it,
 * even as a level's only approver.
 */
export function makeApprovalSettingsSchema(t: Translate) {
  return z.strictObject({
    requireSecondPerson: z.boolean({ error: t('VALIDATION.NOT_VALID', { field: 'Require a second person' }) }),
  });
}
export const approvalSettingsSchema = makeApprovalSettingsSchema(formatMessage);
export type ApprovalSettingsInput = z.infer<typeof approvalSettingsSchema>;
export const approvalSettingsAnswer = dataOf(
  z.object({ type: z.enum(APPROVAL_DOCUMENT_TYPES), requireSecondPerson: z.boolean() }).meta({ id: 'ApprovalSettings' }),
);
export type ApprovalSettings = z.infer<typeof approvalSettingsAnswer>['data'];
export const approverOptionsAnswer = listOf(approverOptionSchema, 500);

/** POST /v2/wo/approve/{id} (and the purchase order's): approve, or reject back to the creator with a reason. */
export function makeApprovalDecisionSchema(t: Translate) {
  return z
    .strictObject({
      approve: z.boolean({
        error: (issue) =>
          issue.input === undefined ? t('VALIDATION.REQUIRED', { field: 'Approve' }) : t('VALIDATION.NOT_VALID', { field: 'Approve' }),
      }),
      reason: z
        .string({ error: t('VALIDATION.NOT_VALID', { field: 'Reason' }) })
        .trim()
        .max(1000, t('VALIDATION.MAX_LENGTH', { field: 'Reason', max: 1000 }))
        .optional(),
    })
    .superRefine((value, ctx) => {
      if (!value.approve && !value.reason) {
        ctx.addIssue({ code: 'custom', path: ['reason'], message: t('VALIDATION.REQUIRED', { field: 'Reason' }) });
      }
    })
    .meta(DECLARED.reasonToRefuse);
}
export const approvalDecisionSchema = makeApprovalDecisionSchema(formatMessage);

/**
 * The levels that apply to a total, in order: every level from the lowest up to the first whose
 * maximum covers it; undefined when the total is above the highest maximum. No levels: none apply.
 * The one rule, used by the API when a document is submitted and by the web to preview it.
 */
export function levelsFor<Level extends { order: number; maxAmountKobo: number }>(
  levels: readonly Level[],
  totalKobo: number,
): Level[] | undefined {
  const ordered = [...levels].sort((a, b) => a.order - b.order);
  if (ordered.length === 0) return [];
  const covering = ordered.findIndex((level) => level.maxAmountKobo >= totalKobo);
  return covering === -1 ? undefined : ordered.slice(0, covering + 1);
}
