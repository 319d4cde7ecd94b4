import { koboToNaira } from '@amp/contracts/money';
import type { PoApproveInput, PoCreateInput, PoParty, PoStatus, PoUpdateInput } from '@amp/contracts/purchase-order';
import type { PURCHASE_ORDER_WORKFLOW } from '@amp/contracts/purchase-order.workflow';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { nextDocumentCode } from '../../kernel/document-codes.js';
import { assertMayTake, type Locked, lockDocument, stepOn } from '../../kernel/step-runner.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { type Effects, write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import {
  type ApprovalDocument,
  announceApproval,
  announceRejection,
  askApprovers,
  cancelApproval,
  decideApproval,
  submitForApproval,
} from '../approval/approval.public.js';
import { type PricedLine, priceLines, sameLines, totalOf } from '../pricebook/pricebook.public.js';
import { PURCHASE_ORDER, poPath } from './purchase-order.kind.js';
import {
  findOwnWarehouse,
  findSupplier,
  insertOrder,
  linesOf,
  type PoDetailRow,
  type PoLineRow,
  replaceLines,
} from './purchase-order.repository.js';

export { poPath };

const APPROVAL_DOCUMENT: ApprovalDocument = { ...PURCHASE_ORDER.approval!, subject: 'purchase_order', path: PURCHASE_ORDER.path };

/** The supplier's staff who handle incoming purchase orders (and its admins). */
export const supplierStaff = (supplierId: string) => ({ organisation: supplierId, permission: ['viewIncomingPO' as const] });
/** The buyer's staff who follow its outgoing purchase orders (and its admins). */
export const buyerStaff = (buyerId: string) => ({ organisation: buyerId, permission: ['viewOutgoingPO' as const] });

export type PoAction = keyof typeof PURCHASE_ORDER_WORKFLOW.actions;

export const subjectOf = (id: string) => ({ type: 'purchase_order' as const, id });
export const paramsOf = (order: { code: string; title: string }) => ({ code: order.code, title: order.title });

type LockedOrder = Locked<PoDetailRow, PoStatus, PoAction, PoParty>;

/** Locks the order and reads it as the caller sees it, once for the whole step (404 otherwise). */
export const lockVisibleOrder = (tx: Db, principal: Principal, id: string) => lockDocument(tx, PURCHASE_ORDER, principal, id);

/**
 * One step of the purchase order workflow inside the caller's write: the kernel's runner on its
 * kind, on the order this write locked (`locked`) or locking it now (an id).
 */
export async function takeStep(
  tx: Db,
  principal: Principal,
  order: string | LockedOrder,
  action: PoAction | ((locked: LockedOrder) => PoAction),
  set: Record<string, unknown> = {},
): Promise<{ order: PoDetailRow; parties: PoParty[]; from: PoStatus; to: PoStatus }> {
  const locked = typeof order === 'string' ? await lockVisibleOrder(tx, principal, order) : order;
  const { row, ...step } = await stepOn(tx, locked, action, set);
  return { order: row, ...step };
}

// ---------------------------------------------------------------------------------------------
// Drafting and submitting

/** The supplier, the warehouse and the priced lines of a new or changed order (400 on the field at fault). */
async function prepare(db: Db, principal: Principal, input: { supplier: string; warehouse: string; lines: PoCreateInput['lines'] }) {
  const [supplier, warehouse] = await Promise.all([
    findSupplier(db, input.supplier),
    findOwnWarehouse(db, principal.organisationId, input.warehouse),
  ]);
  if (!supplier) throw invalidField('supplier', 'VALIDATION.NOT_VALID', { field: 'Supplier' });
  if (!warehouse) throw invalidField('warehouse', 'VALIDATION.NOT_VALID', { field: 'Warehouse' });
  const lines = await priceLines(db, supplier.id, input.lines, 'PO.PRICEBOOK_ITEM');
  return { supplier, warehouse, lines };
}

/**
 * POST /v2/purchase-order/create: a buyer's order to a supplier, for one of its own warehouses,
 * priced from the supplier's pricebook (or free lines), submitted at once unless kept as a draft.
 */
export async function create(deps: Deps, principal: Principal, input: PoCreateInput) {
  const { supplier, warehouse, lines } = await prepare(deps.db, principal, input);
  return write(deps, principal, async (tx, fx) => {
    const code = await nextDocumentCode(tx, principal.organisationId, 'purchase_order', 'PO');
    const id = await insertOrder(tx, {
      organisationId: principal.organisationId,
      supplierId: supplier.id,
      warehouseId: warehouse.id,
      code,
      title: input.title,
      note: input.note || null,
      totalKobo: totalOf(lines),
      createdBy: principal.userId,
    });
    await replaceLines(tx, id, lines);
    fx.activity({
      action: 'purchase_order.created',
      params: { code, title: input.title, supplier: supplier.name },
      subject: subjectOf(id),
    });
    if (input.submit) await submitWithin(tx, fx, principal, id);
    return { id, code };
  });
}

/**
 * Submits a draft inside the caller's write: the buyer's `po` levels that apply to its total are
 * copied as the steps of a new round and the first level's approvers are asked; with no level it
 * goes straight to the supplier. A total above the highest level is refused (400, nothing written).
 */
async function submitWithin(tx: Db, fx: Effects, principal: Principal, id: string, restarting = false) {
  const locked = await lockVisibleOrder(tx, principal, id);
  // Checked before a round is counted and its steps copied: a second submit is stale (409).
  assertMayTake(locked, 'submit');
  // The round counted here moves approval_round only: the row read above still decides the step.
  const steps = await submitForApproval(tx, APPROVAL_DOCUMENT, locked.row);
  if (steps.length === 0) {
    const { order } = await takeStep(tx, principal, locked, 'submitUnapproved', {
      submittedAt: sql`now()`,
      sentAt: sql`now()`,
      rejectReason: null,
    });
    announceSent(fx, order);
    return;
  }
  const { order } = await takeStep(tx, principal, locked, 'submit', { submittedAt: sql`now()`, rejectReason: null });
  fx.activity(
    restarting
      ? { action: 'purchase_order.revised', params: { code: order.code }, subject: subjectOf(id) }
      : {
          action: 'purchase_order.submitted',
          params: { ...paramsOf(order), total: koboToNaira(order.totalKobo) },
          subject: subjectOf(id),
        },
  );
  askApprovers(fx, APPROVAL_DOCUMENT, order, steps[0]!);
}

/** Sent: the supplier's staff hear of it (from now on it sees the order). */
function announceSent(fx: Effects, order: PoDetailRow) {
  fx.activity({
    action: 'purchase_order.sent',
    params: { ...paramsOf(order), supplier: order.supplierName },
    subject: subjectOf(order.id),
  });
  fx.notify({
    event: 'purchase_order.sent',
    to: supplierStaff(order.supplierId),
    params: { ...paramsOf(order), buyer: order.buyerName, total: koboToNaira(order.totalKobo) },
    path: poPath(order.id),
  });
}

/** POST /v2/purchase-order/submit/{id}: the buyer submits a draft. */
export async function submit(deps: Deps, principal: Principal, id: string) {
  await write(deps, principal, (tx, fx) => submitWithin(tx, fx, principal, id));
}

/** An order's stored lines as priced lines (to compare with a change). */
const pricedLinesOf = (rows: readonly PoLineRow[]): PricedLine[] =>
  rows.map((row) => ({
    pricebookItemId: row.pricebookItemId,
    name: row.name,
    kind: row.kind,
    unit: row.unit,
    quantity: row.quantity,
    unitPriceKobo: row.unitPriceKobo,
    brand: row.brand,
    model: row.model,
  }));

/**
 * PUT /v2/purchase-order/update/{id}: the buyer changes a draft or an order awaiting approval. A
 * change of its lines cancels the approvals under way and, submitted again, starts a new round at
 * the first level (restart on change); a change of its words or warehouse only leaves them be.
 * Once with the supplier it cannot change (409).
 */
export async function update(deps: Deps, principal: Principal, id: string, input: PoUpdateInput) {
  await write(deps, principal, async (tx, fx) => {
    const locked = await lockVisibleOrder(tx, principal, id);
    const current = locked.row;
    assertMayTake(locked, 'edit');
    const { warehouse, lines } = await prepare(tx, principal, { ...input, supplier: current.supplierId });
    const linesChanged = !sameLines(pricedLinesOf(await linesOf(tx, id)), lines);
    const revising = current.status === 'pending_approval' && !linesChanged;
    const { order, from } = await takeStep(tx, principal, locked, revising ? 'revise' : 'edit', {
      title: input.title,
      note: input.note || null,
      warehouseId: warehouse.id,
      totalKobo: totalOf(lines),
      // Whoever changes it is one of its authors: another approver must pass it (approval engine, mayApprove).
      changedBy: principal.userId,
    });
    const edited = { action: 'purchase_order.edited' as const, params: { code: order.code, title: input.title }, subject: subjectOf(id) };
    if (revising) {
      fx.activity(edited);
      return;
    }
    await replaceLines(tx, id, lines);
    if (from === 'pending_approval') await cancelApproval(tx, 'po', id);
    const restarting = from === 'pending_approval' && input.submit;
    if (!restarting) fx.activity(edited);
    if (input.submit) await submitWithin(tx, fx, principal, id, restarting);
  });
}

// ---------------------------------------------------------------------------------------------
// Approving

/**
 * POST /v2/purchase-order/approve/{id}: an approver of the pending step decides it (the engine:
 * 409 when the level was already decided or an earlier one waits, 403 when not an approver). The
 * last approval sends it to the supplier; a rejection returns it to its creator as a draft.
 */
export async function approve(deps: Deps, principal: Principal, id: string, input: PoApproveInput) {
  await write(deps, principal, async (tx, fx) => {
    const locked = await lockVisibleOrder(tx, principal, id);
    // Only the buyer's staff approve: the supplier never sees one awaiting approval anyway.
    if (locked.row.organisationId !== principal.organisationId) throw notFound('purchase order');
    const decision = await decideApproval(tx, APPROVAL_DOCUMENT, locked.row, principal.userId, input);
    if (decision.outcome === 'rejected') {
      const reason = input.reason ?? '';
      const { order } = await takeStep(tx, principal, locked, 'rejectApproval', { rejectReason: reason });
      announceRejection(fx, APPROVAL_DOCUMENT, order, decision.step.name, reason);
      return;
    }
    const last = decision.outcome === 'approved';
    const { order } = await takeStep(tx, principal, locked, last ? 'approveLastStep' : 'approveStep', last ? { sentAt: sql`now()` } : {});
    announceApproval(fx, APPROVAL_DOCUMENT, order, decision, principal.userId);
    if (last) announceSent(fx, order);
  });
}

// ---------------------------------------------------------------------------------------------
// The supplier's answer, closing and cancelling

/** The supplier accepts an order sent to it: it may now dispatch. */
export async function accept(deps: Deps, principal: Principal, id: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order } = await takeStep(tx, principal, id, 'accept', { acceptedAt: sql`now()` });
    fx.activity({ action: 'purchase_order.accepted', params: { code: order.code, buyer: order.buyerName }, subject: subjectOf(id) });
    fx.notify({
      event: 'purchase_order.accepted',
      to: buyerStaff(order.organisationId),
      params: { ...paramsOf(order), supplier: order.supplierName },
      path: poPath(id),
    });
  });
}

/** The supplier declines it, with the reason told to the buyer. */
export async function decline(deps: Deps, principal: Principal, id: string, reason: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order } = await takeStep(tx, principal, id, 'decline', { declineReason: reason, closedAt: sql`now()` });
    fx.activity({
      action: 'purchase_order.declined',
      params: { code: order.code, buyer: order.buyerName, reason },
      subject: subjectOf(id),
    });
    fx.notify({
      event: 'purchase_order.declined',
      to: buyerStaff(order.organisationId),
      params: { ...paramsOf(order), supplier: order.supplierName, reason },
      path: poPath(id),
    });
  });
}

/** GET or POST /v2/purchase-order/close/{id}: the buyer closes what is still to come (nothing more is dispatched or received). */
export async function close(deps: Deps, principal: Principal, id: string, reason?: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order } = await takeStep(tx, principal, id, 'close', { closedAt: sql`now()`, closeReason: reason || null });
    fx.activity({ action: 'purchase_order.closed', params: { code: order.code }, subject: subjectOf(id) });
    fx.notify({ event: 'purchase_order.closed', to: supplierStaff(order.supplierId), params: paramsOf(order), path: poPath(id) });
  });
}

/** The buyer cancels an order before the supplier accepts it: approvals under way are cancelled; a supplier that had it is told. */
export async function cancel(deps: Deps, principal: Principal, id: string, reason: string) {
  await write(deps, principal, async (tx, fx) => {
    const { order } = await takeStep(tx, principal, id, 'cancel', { closedAt: sql`now()`, closeReason: reason });
    await cancelApproval(tx, 'po', id);
    fx.activity({ action: 'purchase_order.cancelled', params: { code: order.code, reason }, subject: subjectOf(id) });
    if (order.sentAt) {
      fx.notify({
        event: 'purchase_order.cancelled',
        to: supplierStaff(order.supplierId),
        params: { ...paramsOf(order), buyer: order.buyerName },
        path: poPath(id),
      });
    }
  });
}
