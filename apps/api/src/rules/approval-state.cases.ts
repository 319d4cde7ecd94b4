import type { WoApprovalState } from '@amp/contracts/work-order';
import type { ApprovalFacts } from './approval-state.js';

/**
 * The approval state's case table: the evaluator's test and the SQL form's parity test both run it
 * (decision 0028). It holds rows the workflow never makes too (pending yet sent), so the two forms
 * are held to agree on any row.
 */
const SENT = new Date('2026-11-23T08:00:00.000Z');

export interface ApprovalCase {
  name: string;
  facts: ApprovalFacts;
  expect: WoApprovalState;
}

export const APPROVAL_CASES: ApprovalCase[] = [
  { name: 'a draft never submitted', facts: { status: 'draft', approvalNeeded: null, sentAt: null, rejected: false }, expect: 'none' },
  {
    name: 'awaiting its levels',
    facts: { status: 'pending_approval', approvalNeeded: true, sentAt: null, rejected: false },
    expect: 'pending',
  },
  {
    name: 'pending wins over a send',
    facts: { status: 'pending_approval', approvalNeeded: true, sentAt: SENT, rejected: false },
    expect: 'pending',
  },
  {
    name: 'pending wins over a rejection',
    facts: { status: 'pending_approval', approvalNeeded: true, sentAt: null, rejected: true },
    expect: 'pending',
  },
  { name: 'approved and sent', facts: { status: 'sent', approvalNeeded: true, sentAt: SENT, rejected: false }, expect: 'approved' },
  {
    name: 'approved, then completed',
    facts: { status: 'completed', approvalNeeded: true, sentAt: SENT, rejected: false },
    expect: 'approved',
  },
  { name: 'sent without levels', facts: { status: 'sent', approvalNeeded: false, sentAt: SENT, rejected: false }, expect: 'none' },
  { name: 'levels needed, not sent yet', facts: { status: 'draft', approvalNeeded: true, sentAt: null, rejected: false }, expect: 'none' },
  { name: 'rejected back to draft', facts: { status: 'draft', approvalNeeded: true, sentAt: null, rejected: true }, expect: 'rejected' },
  {
    name: 'approved wins over a rejection',
    facts: { status: 'sent', approvalNeeded: true, sentAt: SENT, rejected: true },
    expect: 'approved',
  },
  {
    name: 'a rejection without levels',
    facts: { status: 'draft', approvalNeeded: null, sentAt: null, rejected: true },
    expect: 'rejected',
  },
  { name: 'ended while pending', facts: { status: 'ended', approvalNeeded: true, sentAt: null, rejected: false }, expect: 'none' },
];
