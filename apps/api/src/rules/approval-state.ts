import type { WoApprovalState } from '@amp/contracts/work-order';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Where a work order's approvals stand, once: the answer's evaluator (approvalOf) and the list
 * filter's SQL (approvalIsSql), side by side; approval-state.parity.test.ts runs the SQL over the
 * evaluator's case table on PostgreSQL (decision 0028).
 */

/** The facts the state is read from. `rejected`: a draft whose current round has a rejected step (work-order.repository.ts approvalRejected). */
export interface ApprovalFacts {
  status: string;
  approvalNeeded: boolean | null;
  sentAt: Date | null;
  rejected: boolean;
}

/** Under way, done, rejected back to draft, or none of those. */
export function approvalOf(facts: ApprovalFacts): WoApprovalState {
  if (facts.status === 'pending_approval') return 'pending';
  if (facts.approvalNeeded && facts.sentAt) return 'approved';
  // Only a real rejection: a draft whose approval its owner withdrew by changing it is not one.
  if (facts.rejected) return 'rejected';
  return 'none';
}

/** The same facts as columns (or SQL giving them). */
export interface ApprovalColumns {
  status: SQLWrapper;
  approvalNeeded: SQLWrapper;
  sentAt: SQLWrapper;
  rejected: SQLWrapper;
}

/** The rows whose approvalOf() is `state`, in SQL. */
export function approvalIsSql(columns: ApprovalColumns, state: WoApprovalState): SQL {
  const pending = sql`${columns.status} = 'pending_approval'`;
  const approved = sql`(${columns.approvalNeeded} is true and ${columns.sentAt} is not null)`;
  const rejected = sql`(${columns.rejected} is true)`;
  switch (state) {
    case 'pending':
      return pending;
    case 'approved':
      return sql`(not ${pending} and ${approved})`;
    case 'rejected':
      return sql`(not ${pending} and not ${approved} and ${rejected})`;
    default:
      // Whatever shows as none: never submitted, sent without levels, withdrawn by a change, ended while pending.
      return sql`not (${pending} or ${approved} or ${rejected})`;
  }
}
