import type { ApprovalDocumentType } from '@amp/contracts/approval';
import { FAULT } from '../modules/fault/fault.kind.js';
import { MATERIAL_REQUEST } from '../modules/material-request/material-request.kind.js';
import { PURCHASE_ORDER } from '../modules/purchase-order/purchase-order.kind.js';
import { SERVICE_REQUEST } from '../modules/service-request/service-request.kind.js';
import { WORK_ORDER } from '../modules/work-order/work-order.kind.js';
import type { ApprovedByCost } from './document-kind.js';

/**
 * Every workflow document of AMP, each declared in its own module's `*.kind.ts`: a new document
 * adds its line here (docs/decisions/0026-document-kernel.md). The shared engines learn the
 * documents they serve from this list, never by importing the documents' modules.
 */
export const DOCUMENT_KINDS = [FAULT, SERVICE_REQUEST, WORK_ORDER, PURCHASE_ORDER, MATERIAL_REQUEST] as const;

/** A document the approval engine serves, as its reminders name it and lead to it. */
export interface ServedByApproval extends ApprovedByCost {
  path: (id: string) => string;
}

/** The document kind registered for an approval type (a type nobody registered is a programming error). */
export function servedByApproval(type: ApprovalDocumentType): ServedByApproval {
  for (const kind of DOCUMENT_KINDS) {
    if (kind.approval?.type === type) return { ...kind.approval, path: kind.path };
  }
  throw new Error(`No document kind is registered for the approval type "${type}"`);
}
