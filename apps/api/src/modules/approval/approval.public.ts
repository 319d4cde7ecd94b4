import { APPROVAL_DOCUMENT_TYPES, type ApprovalDocumentType } from '@amp/contracts/approval';
import { type AnyColumn, and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { approvalAwaitingCounts, approvalSteps } from '../../db/schema/approval.js';
import { qualified } from '../../lib/qualified.js';

/**
 * The approval engine, for the documents approved by cost (work orders here, purchase orders in
 * the supply issue): a submission copies the levels that apply into steps, an approver decides the
 * pending one, a change or an end cancels the steps not decided. The documents submit and decide
 * through approval-document.service.ts, which also says what every approval says.
 */
export { cancelApproval, mayApproveNow, stepAnswers } from './approval.service.js';
export {
  type ApprovalDocument,
  announceApproval,
  announceRejection,
  askApprovers,
  decideApproval,
  submitForApproval,
} from './approval-document.service.js';

/**
 * The approval steps as a subquery to join, named `name`: a document's Approval list joins its
 * steps (PostgreSQL flattens it into the plan of a join of the table, as the lists need).
 */
export const approvalStepsAs = <Name extends string>(name: Name) =>
  new QueryBuilder()
    .select({
      id: approvalSteps.id,
      documentType: approvalSteps.documentType,
      documentId: approvalSteps.documentId,
      organisationId: approvalSteps.organisationId,
      round: approvalSteps.round,
      position: approvalSteps.position,
      name: approvalSteps.name,
      approverIds: approvalSteps.approverIds,
      status: approvalSteps.status,
      askedAt: approvalSteps.askedAt,
      decidedBy: approvalSteps.decidedBy,
      decidedAt: approvalSteps.decidedAt,
    })
    .from(approvalSteps)
    .as(name);

/** A document type written as a constant (one of the declared types): it is part of a statement's shape, never a value. */
function typeConstant(documentType: ApprovalDocumentType): SQL {
  if (!APPROVAL_DOCUMENT_TYPES.includes(documentType)) throw new Error(`Unknown approval document type: ${documentType}`);
  return sql.raw(`'${documentType}'`);
}

/** The steps of this document type awaiting the approver `userId`: its counter (migration 0026), a scalar subquery. */
export const awaitingCountOf = (documentType: ApprovalDocumentType, userId: string | Placeholder | SQL) =>
  sql<number>`(select coalesce((select c.total from ${approvalAwaitingCounts} c where c.user_id = ${userId} and c.document_type = ${typeConstant(documentType)}), 0))`;

/** The steps of this document type awaiting the approver (the counter kept at commit, migration 0026). */
export async function awaitingStepCount(db: Db, documentType: ApprovalDocumentType, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: approvalAwaitingCounts.total })
    .from(approvalAwaitingCounts)
    .where(and(eq(approvalAwaitingCounts.userId, userId), eq(approvalAwaitingCounts.documentType, documentType)));
  return row?.total ?? 0;
}

/** How many steps the document (its id and round in these columns) has in its round: a scalar subquery on the outer row. */
export const stepsInRoundOf = (documentType: ApprovalDocumentType, documentId: AnyColumn | SQL, round: AnyColumn | SQL) =>
  sql<number>`(select count(*)::int from approval_steps s2 where s2.document_type = ${typeConstant(documentType)} and s2.document_id = ${qualified(documentId)} and s2.round = ${qualified(round)})`;

/** Whether the document's round (its id and round in these columns) holds a rejected step: a condition on the outer row. */
export const roundRejectedOf = (documentType: ApprovalDocumentType, documentId: AnyColumn | SQL, round: AnyColumn | SQL) =>
  sql<boolean>`exists (select 1 from approval_steps s
  where s.document_type = ${typeConstant(documentType)} and s.document_id = ${qualified(documentId)} and s.round = ${qualified(round)} and s.status = 'rejected')`;
