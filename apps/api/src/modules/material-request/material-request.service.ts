import {
  type MaterialRequestAcceptInput,
  type MaterialRequestInput,
  type MaterialRequestRejectInput,
  type MrLineStatus,
  type MrStatus,
  mrStatusOf,
} from '@amp/contracts/material-request';
import type { MATERIAL_REQUEST_WORKFLOW } from '@amp/contracts/material-request.workflow';
import { formatMessage } from '@amp/contracts/messages';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { nextDocumentCode } from '../../kernel/document-codes.js';
import { type Locked, lockDocument, stepOn } from '../../kernel/step-runner.js';
import { AppError, conflict, invalidField } from '../../lib/errors.js';
import { assertUnchangedSince } from '../../lib/transition.js';
import { type Effects, write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { findVisibleWarehouse, itemsOfWarehouse, moveStock, notifyIfLow } from '../warehouse/warehouse.public.js';
import { MATERIAL_REQUEST, mrPath } from './material-request.kind.js';
import {
  decideLine,
  insertLines,
  insertRequest,
  type LockedRequest as LockedRequestRow,
  linesToDecide,
  nameOfUser,
  touchRequest,
  workOrderOfViewer,
} from './material-request.repository.js';

export { mrPath };

const subjectOf = (id: string) => ({ type: 'material_request' as const, id });
type LockedRequest = Locked<LockedRequestRow, MrStatus, keyof typeof MATERIAL_REQUEST_WORKFLOW.actions, 'manager' | 'requester'>;

/** POST /v2/material-request/create: the caller asks a warehouse of their organisation for items, perhaps for a work order. */
export async function create(deps: Deps, principal: Principal, input: MaterialRequestInput): Promise<string> {
  return write(
    deps,
    principal,
    async (tx, fx) => {
      const warehouse = await findVisibleWarehouse(tx, principal, input.warehouse);
      if (!warehouse) throw invalidField('warehouse', 'VALIDATION.NOT_VALID', { field: 'Warehouse' });
      const known = await itemsOfWarehouse(
        tx,
        warehouse.id,
        input.lines.map((line) => line.item),
      );
      const unknown = input.lines.flatMap((line, index) =>
        known.has(line.item) ? [] : [{ path: `lines.${index}.item`, message: formatMessage('VALIDATION.NOT_VALID', { field: 'Item' }) }],
      );
      if (unknown.length > 0) throw new AppError(400, 'VALIDATION.NOT_VALID', { field: 'Item' }, unknown);
      const workOrderId = input.workOrder ?? null;
      if (workOrderId && !(await workOrderOfViewer(tx, principal, workOrderId))) throw invalidField('workOrder', 'MR.WORK_ORDER');

      const code = await nextDocumentCode(tx, principal.organisationId, 'material_request', 'MR');
      const id = await insertRequest(tx, {
        organisationId: principal.organisationId,
        code,
        warehouseId: warehouse.id,
        workOrderId,
        requestedBy: principal.userId,
        note: input.note || null,
      });
      await insertLines(tx, id, input.lines);
      fx.activity({ action: 'material_request.created', params: { warehouse: warehouse.name, code }, subject: subjectOf(id) });
      // The warehouse's managers decide it; a warehouse without any is its organisation's keepers'.
      fx.notify({
        event: 'material_request.created',
        to:
          warehouse.managers.length > 0
            ? { users: warehouse.managers }
            : { organisation: warehouse.organisationId, permission: ['manageWarehouse'] },
        params: { requester: await nameOfUser(tx, principal.userId), count: input.lines.length, warehouse: warehouse.name, code },
        path: mrPath(id),
      });
      return id;
    },
    // An item deleted meanwhile.
    { onForeignKeyViolation: () => conflict() },
  );
}

/** The request locked for a decision: it must be visible (404) and the caller one of its warehouse's managers (403). */
async function lockForDecision(tx: Db, principal: Principal, id: string): Promise<LockedRequest> {
  const locked = await lockDocument(tx, MATERIAL_REQUEST, principal, id);
  if (!locked.row.manages) throw new AppError(403, 'SUPPLY.NOT_MANAGER');
  // A decision of some lines moves no status, so the step may not run: the version is checked here.
  assertUnchangedSince(locked.row.updatedAt);
  return locked;
}

/**
 * The lines a decision takes: those named (each must be of this request, 400, and still pending,
 * 409), or without names every pending line. A request no longer pending is stale (409).
 */
async function chosenLines(tx: Db, request: LockedRequestRow, named: readonly string[] | undefined) {
  if (request.status !== 'pending') throw new AppError(409, 'WORKFLOW.STALE', { status: request.status.replace(/_/g, ' ') });
  const lines = await linesToDecide(tx, request.id);
  if (!named || named.length === 0) return { lines, chosen: lines.filter((line) => line.status === 'pending') };
  const byId = new Map(lines.map((line) => [line.id, line]));
  const strangers = named.flatMap((lineId, index) =>
    byId.has(lineId) ? [] : [{ path: `lines.${index}`, message: formatMessage('VALIDATION.NOT_VALID', { field: 'Line' }) }],
  );
  if (strangers.length > 0) throw new AppError(400, 'VALIDATION.NOT_VALID', { field: 'Line' }, strangers);
  const chosen = [...new Set(named)].map((lineId) => byId.get(lineId)!);
  if (chosen.some((line) => line.status !== 'pending')) throw conflict('MR.LINE_DECIDED');
  return { lines, chosen };
}

const ACTION_TO: Record<Exclude<MrStatus, 'pending' | 'cancelled'>, 'accept' | 'partlyAccept' | 'reject'> = {
  accepted: 'accept',
  partly_accepted: 'partlyAccept',
  rejected: 'reject',
};

/**
 * After a decision: the request's status from its lines (the workflow's step once none is pending),
 * and the requester told what was decided.
 */
async function settle(
  tx: Db,
  fx: Effects,
  principal: Principal,
  locked: LockedRequest,
  statuses: readonly MrLineStatus[],
  decided: 'accepted' | 'rejected',
) {
  const request = locked.row;
  const status = mrStatusOf(statuses);
  if (status === 'pending') await touchRequest(tx, request.id);
  else await stepOn(tx, locked, ACTION_TO[status]);
  if (request.requestedBy === principal.userId) return;
  fx.notify({
    event: 'material_request.decided',
    to: { users: [request.requestedBy] },
    params: {
      code: request.code,
      decision: status === 'pending' ? `${decided} in part` : status.replace(/_/g, ' '),
      // The readers' languages word the decision by this variant of the text (material-request.events.ts).
      subject: status === 'pending' ? `${decided}_in_part` : status,
      manager: await nameOfUser(tx, principal.userId),
    },
    path: mrPath(request.id),
  });
}

/**
 * POST /v2/material-request/accept/{id}: a manager of its warehouse accepts lines, issuing their
 * stock in the same transaction at the item's price now. Any line short of stock refuses the whole
 * decision (409 with what is available): the write rolls back, nothing is issued or decided.
 */
export async function accept(deps: Deps, principal: Principal, id: string, input: MaterialRequestAcceptInput): Promise<void> {
  await write(deps, principal, async (tx, fx) => {
    const locked = await lockForDecision(tx, principal, id);
    const request = locked.row;
    const { lines, chosen } = await chosenLines(tx, request, input.lines);
    // Items locked in one order, so two decisions over the same items never wait on each other in a circle.
    const inItemOrder = [...chosen].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
    for (const line of inItemOrder) {
      const moved = await moveStock(
        tx,
        {
          itemId: line.itemId,
          delta: -line.quantity,
          kind: 'issue',
          reason: request.note,
          source: { type: 'material_request', id: request.id },
          userId: principal.userId,
        },
        { named: true },
      );
      const decided = await decideLine(tx, line.id, {
        status: 'accepted',
        decidedBy: principal.userId,
        priceKobo: moved.priceKobo,
        movementId: moved.movementId,
      });
      if (!decided) throw conflict('MR.LINE_DECIDED');
      await notifyIfLow(tx, fx, moved);
    }
    const accepted = new Set(chosen.map((line) => line.id));
    await settle(
      tx,
      fx,
      principal,
      locked,
      lines.map((line) => (accepted.has(line.id) ? 'accepted' : line.status)),
      'accepted',
    );
    fx.activity({ action: 'material_request.accepted', params: { count: chosen.length, code: request.code }, subject: subjectOf(id) });
  });
}

/** POST /v2/material-request/reject/{id}: a manager of its warehouse rejects lines, saying why. */
export async function reject(deps: Deps, principal: Principal, id: string, input: MaterialRequestRejectInput): Promise<void> {
  await write(deps, principal, async (tx, fx) => {
    const locked = await lockForDecision(tx, principal, id);
    const request = locked.row;
    const { lines, chosen } = await chosenLines(tx, request, input.lines);
    for (const line of chosen) {
      const decided = await decideLine(tx, line.id, { status: 'rejected', decidedBy: principal.userId, reason: input.reason });
      if (!decided) throw conflict('MR.LINE_DECIDED');
    }
    const rejected = new Set(chosen.map((line) => line.id));
    await settle(
      tx,
      fx,
      principal,
      locked,
      lines.map((line) => (rejected.has(line.id) ? 'rejected' : line.status)),
      'rejected',
    );
    fx.activity({
      action: 'material_request.rejected',
      params: { count: chosen.length, code: request.code, reason: input.reason },
      subject: subjectOf(id),
    });
  });
}

/** POST /v2/material-request/cancel/{id}: the requester withdraws it while no line is decided. */
export async function cancel(deps: Deps, principal: Principal, id: string): Promise<void> {
  await write(deps, principal, async (tx, fx) => {
    const locked = await lockDocument(tx, MATERIAL_REQUEST, principal, id);
    const request = locked.row;
    await stepOn(tx, locked, 'cancel');
    // A request with a decided line is still pending while others wait: it can no longer be withdrawn.
    const lines = await linesToDecide(tx, id);
    if (lines.some((line) => line.status !== 'pending')) throw conflict('MR.LINE_DECIDED');
    fx.activity({ action: 'material_request.cancelled', params: { code: request.code }, subject: subjectOf(id) });
  });
}
