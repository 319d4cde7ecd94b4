import type { Language } from '@amp/contracts/account';
import { type PageQuery, pageMeta } from '@amp/contracts/fields';
import { koboToNaira } from '@amp/contracts/money';
import { holds } from '@amp/contracts/permissions';
import {
  PO_STATUSES,
  PO_TAB_STATUSES,
  type PoDetail,
  type PoListQuery,
  type PoStatus,
  type PoSummary,
} from '@amp/contracts/purchase-order';
import { PURCHASE_ORDER_WORKFLOW } from '@amp/contracts/purchase-order.workflow';
import { allowedActions } from '@amp/contracts/workflow';
import { sql } from 'drizzle-orm';
import { visible } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { countTabs } from '../../kernel/document-lists.js';
import { toTimeline } from '../../kernel/timeline.js';
import { notFound } from '../../lib/errors.js';
import type { Principal } from '../../plugins/auth.js';
import { listActivitiesOfSharedSubject } from '../activity/activity.public.js';
import { awaitingCountOf, mayApproveNow, stepAnswers } from '../approval/approval.public.js';
import { PURCHASE_ORDER } from './purchase-order.kind.js';
import { poPartiesOf } from './purchase-order.parties.js';
import { findVisibleOrder, linesOf, type PoLineRow, type PoSummaryRow, supplierPage, suppliesOf } from './purchase-order.repository.js';
import { listApprovals, listOrders, tabScope } from './purchase-order-list.repository.js';

const ref = (id: string, name: string) => ({ _id: id, name });

/** A row as the lists answer it. */
export function toSummary(row: PoSummaryRow): PoSummary {
  return {
    _id: row.id,
    code: row.code,
    title: row.title,
    status: row.status,
    buyer: ref(row.organisationId, row.buyerName),
    supplier: ref(row.supplierId, row.supplierName),
    warehouse: ref(row.warehouseId, row.warehouseName),
    totalKobo: row.totalKobo,
    total: koboToNaira(row.totalKobo),
    ordered: row.ordered,
    dispatched: row.dispatched,
    received: row.received,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The statuses a list reads: its tab's (every status for Approval), narrowed to the status filter. */
function statusesOf(query: PoListQuery): readonly PoStatus[] {
  const statuses = query.tab === 'approval' ? PO_STATUSES : PO_TAB_STATUSES[query.tab];
  return query.status ? statuses.filter((status) => status === query.status) : statuses;
}

/**
 * GET /v2/purchase-order: Outgoing (the buyer's open orders), Incoming (the open orders sent to
 * the supplier), Completed (either side's finished ones), each its menu entry's (empty without
 * its permission); or Approval (Awaiting Approval and Approved by me, for holders of approvePO).
 */
export async function list(db: Db, principal: Principal, query: PoListQuery) {
  const seen = visible(principal, 'purchase_order');
  const statuses = statusesOf(query);
  if (query.tab === 'approval') {
    const scope = holds(principal.permissions, 'approvePO') ? seen : undefined;
    const { rows, total, totalIsLowerBound } = scope
      ? await listApprovals(db, principal, scope, statuses, query)
      : { rows: [], total: 0, totalIsLowerBound: false };
    return {
      data: rows.map((row) => ({
        ...toSummary(row),
        step: { _id: row.stepId, order: row.stepOrder, name: row.stepName, steps: row.steps },
        label: row.stepStatus === 'pending' ? ('Awaiting Approval' as const) : ('Approved by me' as const),
        askedAt: row.askedAt?.toISOString() ?? null,
        decidedAt: row.decidedAt?.toISOString() ?? null,
      })),
      meta: pageMeta(query.page, query.pageSize, total, totalIsLowerBound),
    };
  }
  const { rows, total, totalIsLowerBound } = await listOrders(db, tabScope(principal, query.tab, seen), statuses, query);
  return { data: rows.map(toSummary), meta: pageMeta(query.page, query.pageSize, total, totalIsLowerBound) };
}

/** GET /v2/purchase-order/counts: the tabs' counts and the approvals awaiting the caller, one statement (kernel/document-lists.ts). */
export async function counts(db: Db, principal: Principal) {
  const approvals = holds(principal.permissions, 'approvePO') ? awaitingCountOf('po', principal.userId) : sql<number>`0`;
  return countTabs(db, PURCHASE_ORDER, principal, { approvals });
}

/** Moved by the approval engine or by a change, never offered as buttons of their own. */
const ENGINE_ACTIONS = new Set(['revise', 'submitUnapproved', 'approveStep', 'approveLastStep', 'rejectApproval']);

/**
 * What the caller may do now: the workflow's actions for its side (a delivery or a receipt shown as
 * one action whatever the status it leaves), a delivery only while something is left to dispatch,
 * a receipt only while something dispatched is still to be received.
 */
function actionsFor(
  status: PoStatus,
  parties: ReturnType<typeof poPartiesOf>,
  permissions: readonly string[],
  lines: readonly PoLineRow[],
) {
  const toDispatch = lines.some((line) => line.dispatched < line.quantity);
  const toReceive = lines.some((line) => line.received < line.dispatched);
  const actions = allowedActions(PURCHASE_ORDER_WORKFLOW, status, parties, permissions).flatMap((action): string[] => {
    if (ENGINE_ACTIONS.has(action)) return [];
    if (action === 'dispatch' || action === 'dispatchMore') return toDispatch ? ['dispatch'] : [];
    if (action === 'receive' || action === 'receiveAll') return toReceive ? ['receive'] : [];
    return [action];
  });
  return [...new Set(actions)];
}

const byOf = (userId: string | null, name: string | null) => (userId && name ? ref(userId, name) : null);

/** GET /v2/purchase-order/{id}: one order the caller sees (404 otherwise), with everything the detail page and the print show. */
export async function detail(db: Db, principal: Principal, id: string, language: Language): Promise<PoDetail> {
  const row = await findVisibleOrder(db, visible(principal, 'purchase_order'), id);
  if (!row) throw notFound('purchase order');
  const [lines, steps, supplies, timeline] = await Promise.all([
    linesOf(db, id),
    stepAnswers(db, visible(principal, 'approval_step'), { type: 'po', documentId: id, round: row.approvalRound }),
    suppliesOf(db, id),
    listActivitiesOfSharedSubject(db, visible(principal, 'activity'), 'purchase_order', id, 500),
  ]);
  const parties = poPartiesOf(principal, row);
  const actions = actionsFor(row.status, parties, principal.permissions, lines);
  // The one who may approve sees it among the actions (the engine's rule; it decides the rest).
  const pending = steps.find((step) => step.status === 'pending');
  const approvers = pending?.approvers.map((approver) => approver._id) ?? [];
  const authors = { type: 'po' as const, organisationId: row.organisationId, createdBy: row.createdBy, changedBy: row.changedBy };
  if (row.status === 'pending_approval' && parties.includes('buyer') && (await mayApproveNow(db, authors, principal.userId, approvers))) {
    actions.push('approve');
  }
  const supplyLines = (supply: (typeof supplies)[number]) =>
    supply.lines.map((line) => ({ line: line.lineId, name: line.name, quantity: line.quantity }));
  return {
    ...toSummary(row),
    note: row.note,
    lines: lines.map((line) => ({
      _id: line.id,
      pricebookItem: line.pricebookItemId,
      free: line.free,
      name: line.name,
      brand: line.brand,
      model: line.model,
      kind: line.kind,
      unit: line.unit,
      quantity: line.quantity,
      unitPriceKobo: line.unitPriceKobo,
      unitPrice: koboToNaira(line.unitPriceKobo),
      totalKobo: line.unitPriceKobo * line.quantity,
      total: koboToNaira(line.unitPriceKobo * line.quantity),
      dispatched: line.dispatched,
      received: line.received,
    })),
    steps,
    deliveries: supplies
      .filter((supply) => supply.kind === 'delivery')
      .map((supply) => ({
        _id: supply.id,
        note: supply.note,
        by: byOf(supply.userId, supply.userName),
        createdAt: supply.createdAt.toISOString(),
        lines: supplyLines(supply),
      })),
    receipts: supplies
      .filter((supply) => supply.kind === 'receipt')
      .map((supply) => ({
        _id: supply.id,
        warehouse: ref(supply.warehouseId ?? '', supply.warehouseName ?? ''),
        note: supply.note,
        by: byOf(supply.userId, supply.userName),
        createdAt: supply.createdAt.toISOString(),
        lines: supplyLines(supply),
      })),
    createdBy: byOf(row.createdBy, row.creatorName),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    sentAt: row.sentAt?.toISOString() ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    declineReason: row.declineReason,
    closeReason: row.closeReason,
    rejectReason: row.rejectReason,
    timeline: toTimeline(language, timeline),
    buyerContact: row.buyerContact,
    supplierContact: row.supplierContact,
    warehouseAddress: row.warehouseAddress,
    parties,
    actions,
  };
}

/** GET /v2/purchase-order/suppliers: the active suppliers a buyer may order from, by name. */
export async function supplierOptions(db: Db, query: Pick<PageQuery, 'page' | 'pageSize' | 'search'>) {
  const { rows, total } = await supplierPage(db, query);
  return {
    data: rows.map((row) => ({ _id: row.id, name: row.name, state: row.state })),
    meta: pageMeta(query.page, query.pageSize, total),
  };
}
