import type { ActivityAction } from '@amp/contracts/activity';
import type { ApprovalDocumentType } from '@amp/contracts/approval';
import { koboToNaira } from '@amp/contracts/money';
import type { NotificationEvent } from '@amp/contracts/notification';
import type { Subject } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import type { Effects } from '../../lib/write.js';
import { nextRound, type StepRow } from './approval.repository.js';
import { type Decision, type DocumentAuthors, decideStep, isAuthor, startApproval } from './approval.service.js';

/**
 * What every document approved by cost (a work order, a purchase order) does around the engine:
 * a submission counts a round and copies its steps, an approver's decision is taken on the current
 * round, and the same things are said of it under the document's own names. The document keeps its
 * workflow steps (and the columns they set) and what is said when it is sent.
 */

/**
 * A subject whose module declares the approval events in its own `*.events.ts` (requested,
 * rejected, step approved, step self-approved): the engine says what it does under those names,
 * so a new document approved by cost names itself here by declaring them, not by editing a list.
 */
export type ApprovedSubject = {
  [S in Subject]: `${S}.approval_requested` | `${S}.approval_rejected` extends NotificationEvent
    ? `${S}.approval_rejected` | `${S}.step_approved` | `${S}.step_self_approved` extends ActivityAction
      ? S
      : never
    : never;
}[Subject];

/** A document approved by cost: its type, the subject its activities and events are named after, where its notifications lead. */
export interface ApprovalDocument {
  type: ApprovalDocumentType;
  /** The documents' table its kind registered (kernel/document-kind.ts ApprovedByCost). */
  table: string;
  subject: ApprovedSubject;
  path: (id: string) => string;
}

/** What is said of a document's approval names it by code and title, with its total. */
interface ApprovalOrder {
  id: string;
  code: string;
  title: string;
  totalKobo: number;
  createdBy: string | null;
  changedBy: string | null;
}

/**
 * Submits a document at its current total: one more round is counted and the levels that apply are
 * copied as its steps, the first one asked (none when no level applies; 400 above the highest).
 */
export async function submitForApproval(
  tx: Db,
  document: ApprovalDocument,
  order: { id: string; organisationId: string; totalKobo: number },
): Promise<StepRow[]> {
  const round = await nextRound(tx, document.table, order.id);
  return startApproval(tx, {
    type: document.type,
    documentId: order.id,
    round,
    organisationId: order.organisationId,
    totalKobo: order.totalKobo,
  });
}

/** An approver's decision on the pending step of the document's current round (the engine's checks and answers: decideStep). */
export function decideApproval(
  tx: Db,
  document: ApprovalDocument,
  order: { id: string; approvalRound: number } & DocumentAuthors,
  userId: string,
  input: { approve: boolean; reason?: string },
): Promise<Decision> {
  return decideStep(
    tx,
    { type: document.type, documentId: order.id, round: order.approvalRound },
    { userId, authors: { createdBy: order.createdBy, changedBy: order.changedBy }, approve: input.approve, reason: input.reason ?? null },
  );
}

/** A level's approvers are asked to decide (the first level's on a submission, the next one's after an approval). */
export function askApprovers(fx: Effects, document: ApprovalDocument, order: ApprovalOrder, step: StepRow) {
  fx.notify({
    event: `${document.subject}.approval_requested`,
    to: { users: step.approverIds },
    params: { code: order.code, title: order.title, total: koboToNaira(order.totalKobo), level: step.name },
    path: document.path(order.id),
  });
}

/** A rejection, back to the document's creator as a draft: recorded, and told to the creator. */
export function announceRejection(fx: Effects, document: ApprovalDocument, order: ApprovalOrder, level: string, reason: string) {
  fx.activity({
    action: `${document.subject}.approval_rejected`,
    params: { code: order.code, level, reason },
    subject: { type: document.subject, id: order.id },
  });
  if (order.createdBy) {
    fx.notify({
      event: `${document.subject}.approval_rejected`,
      to: { users: [order.createdBy] },
      params: { code: order.code, title: order.title, level, reason },
      path: document.path(order.id),
    });
  }
}

/**
 * An approval of a step: recorded (self-approved when the approver created or last changed the document), and the
 * next level's approvers asked; after the last level the document announces its own sending.
 */
export function announceApproval(
  fx: Effects,
  document: ApprovalDocument,
  order: ApprovalOrder,
  decision: Exclude<Decision, { outcome: 'rejected' }>,
  approverId: string,
) {
  fx.activity({
    action: isAuthor(approverId, order) ? `${document.subject}.step_self_approved` : `${document.subject}.step_approved`,
    params: { code: order.code, level: decision.step.name },
    subject: { type: document.subject, id: order.id },
  });
  if (decision.outcome === 'advanced') askApprovers(fx, document, order, decision.next);
}
