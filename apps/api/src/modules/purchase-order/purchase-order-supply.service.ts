import type { PoDispatchInput, PoReceiveInput } from '@amp/contracts/purchase-order';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { assertMayTake } from '../../kernel/step-runner.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { itemFor, moveStock, notifyIfLow } from '../warehouse/warehouse.public.js';
import { addToLine, allReceived, findOwnWarehouse, insertSupply, linesOf, type PoLineRow } from './purchase-order.repository.js';
import { buyerStaff, lockVisibleOrder, paramsOf, poPath, subjectOf, supplierStaff, takeStep } from './purchase-order.service.js';

/** The order's lines named by a delivery or a receipt, in the order given: a line of another order is a 400 on its entry. */
function pick(lines: readonly PoLineRow[], wanted: PoDispatchInput['lines']) {
  const byId = new Map(lines.map((line) => [line.id, line]));
  return wanted.map((entry, index) => {
    const line = byId.get(entry.line);
    if (!line) throw invalidField(`lines.${index}.line`, 'VALIDATION.NOT_VALID', { field: 'Line' });
    return { line, quantity: entry.quantity };
  });
}

const unitsIn = (entries: readonly { quantity: number }[]) => entries.reduce((sum, entry) => sum + entry.quantity, 0);

/**
 * POST /v2/purchase-order/dispatch/{id}: the supplier's delivery of some of the lines, with a
 * delivery note. Each line's dispatched quantity rises by a guarded update that never passes what
 * was ordered: one line over it refuses the whole delivery (409, nothing written).
 */
export async function dispatch(deps: Deps, principal: Principal, id: string, input: PoDispatchInput) {
  await write(deps, principal, async (tx, fx) => {
    const { order } = await takeStep(tx, principal, id, ({ row }) => (row.status === 'partly_received' ? 'dispatchMore' : 'dispatch'));
    const entries = pick(await linesOf(tx, id), input.lines);
    for (const { line, quantity } of entries) {
      if (!(await addToLine(tx, line.id, 'dispatched', quantity))) {
        throw new AppError(409, 'PO.OVER_DISPATCH', { remaining: line.quantity - line.dispatched, item: line.name });
      }
    }
    await insertSupply(
      tx,
      { orderId: id, kind: 'delivery', warehouseId: null, note: input.note || null, userId: principal.userId },
      entries.map(({ line, quantity }) => ({ lineId: line.id, quantity })),
    );
    const count = unitsIn(entries);
    fx.activity({ action: 'purchase_order.dispatched', params: { code: order.code, count }, subject: subjectOf(id) });
    fx.notify({
      event: 'purchase_order.dispatched',
      to: buyerStaff(order.organisationId),
      params: { ...paramsOf(order), supplier: order.supplierName, count },
      path: poPath(id),
    });
  });
}

/**
 * POST /v2/purchase-order/confirmation/supply/{id}: the buyer confirms what arrived, per line,
 * into one of its warehouses (the order's unless another is chosen). In the same transaction each
 * line's received quantity rises (guarded: never past what was dispatched; one line over it
 * refuses the whole receipt, nothing written) and its units go into stock as a `receipt` movement
 * of the warehouse's item of that material (made when it holds none yet). The order is partly
 * received, or closed when every line is received in full.
 */
export async function receive(deps: Deps, principal: Principal, id: string, input: PoReceiveInput) {
  await write(deps, principal, async (tx, fx) => {
    const locked = await lockVisibleOrder(tx, principal, id);
    const current = locked.row;
    assertMayTake(locked, 'receive');
    const warehouse = await findOwnWarehouse(tx, current.organisationId, input.warehouse ?? current.warehouseId);
    if (!warehouse) throw invalidField('warehouse', 'VALIDATION.NOT_VALID', { field: 'Warehouse' });
    const lines = await linesOf(tx, id);
    if (lines.every((line) => line.received === line.dispatched)) throw new AppError(409, 'PO.NOTHING_TO_RECEIVE');
    const entries = pick(lines, input.lines);
    const destined: { lineId: string; quantity: number; itemId: string }[] = [];
    for (const { line, quantity } of entries) {
      if (!(await addToLine(tx, line.id, 'received', quantity))) {
        throw new AppError(409, 'PO.OVER_RECEIPT', { remaining: line.dispatched - line.received, item: line.name });
      }
      const itemId = await itemFor(tx, warehouse, {
        name: line.name,
        brand: line.brand,
        model: line.model,
        unit: line.unit,
        priceKobo: line.unitPriceKobo,
        pricebookItemId: line.pricebookItemId,
      });
      destined.push({ lineId: line.id, quantity, itemId });
    }
    // The items' rows are locked in one order (by id), as every multi-item movement should, so two
    // writes moving the same items queue instead of deadlocking.
    const received: { lineId: string; quantity: number; movementId: number }[] = [];
    for (const { lineId, quantity, itemId } of [...destined].sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0))) {
      const moved = await moveStock(tx, {
        itemId,
        delta: quantity,
        kind: 'receipt',
        reason: input.note || null,
        source: { type: 'purchase_order', id },
        userId: principal.userId,
      });
      await notifyIfLow(tx, fx, moved);
      received.push({ lineId, quantity, movementId: moved.movementId });
    }
    await insertSupply(
      tx,
      { orderId: id, kind: 'receipt', warehouseId: warehouse.id, note: input.note || null, userId: principal.userId },
      received,
    );
    const complete = await allReceived(tx, id);
    const { order } = await takeStep(tx, principal, locked, complete ? 'receiveAll' : 'receive', complete ? { closedAt: sql`now()` } : {});
    const count = unitsIn(received);
    fx.activity({
      action: 'purchase_order.received',
      params: { code: order.code, count, warehouse: warehouse.name },
      subject: subjectOf(id),
    });
    if (complete) fx.activity({ action: 'purchase_order.closed', params: { code: order.code }, subject: subjectOf(id) });
    fx.notify({
      event: 'purchase_order.received',
      to: supplierStaff(order.supplierId),
      params: { ...paramsOf(order), buyer: order.buyerName, count },
      path: poPath(id),
    });
  });
}
