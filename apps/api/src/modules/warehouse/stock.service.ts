import { randomUUID } from 'node:crypto';
import { pageMeta } from '@amp/contracts/fields';
import type {
  MovementListQuery,
  StockCountInput,
  StockMoveInput,
  StockMovement,
  StockReverseInput,
  StockTransferInput,
} from '@amp/contracts/warehouse';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, conflict, invalidField, notFound } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { itemOf, managedItem, toItem } from './inventory.service.js';
import { anyReversed, findMovement, listMovements, type MovementRow, movementsByIds, transferPartner } from './movement.repository.js';
import { itemFor, lockItem, moveStock, notifyIfLow } from './stock-ledger.js';
import { notManager, warehouseOf } from './warehouse.service.js';

/**
 * Moving stock by hand (issue 11): in, out, a transfer to another warehouse of the organisation, a
 * count, and the reversal of a movement, each by a manager of the item's warehouse, each one write
 * through the ledger (stock-ledger.ts), so a refusal (short stock: 409 with what is available)
 * leaves nothing behind. Every decrease asks notifyIfLow, which tells the managers once.
 */

function toMovement(row: MovementRow): StockMovement {
  return {
    _id: String(row.id),
    item: { _id: row.itemId, name: row.itemName },
    warehouse: { _id: row.warehouseId, name: row.warehouseName },
    kind: row.kind,
    quantity: row.delta,
    balanceAfter: row.balanceAfter,
    reason: row.reason,
    source: row.sourceType && row.sourceId ? { type: row.sourceType, _id: row.sourceId, code: row.sourceCode } : null,
    reverses: row.reversesId === null ? null : String(row.reversesId),
    reversedBy: row.reversedBy === null ? null : String(row.reversedBy),
    by: row.by,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a movement answers: the item as it now stands and the movements written. */
async function answer(db: Db, principal: Principal, itemId: string, movementIds: number[]) {
  const [item, movements] = await Promise.all([itemOf(db, principal, itemId), movementsByIds(db, movementIds)]);
  return { data: { item: toItem(item), movements: movements.map(toMovement) } };
}

/** POST /v2/warehouse/item/{id}/stock-in and /stock-out. */
export async function moveByHand(deps: Deps, principal: Principal, itemId: string, direction: 'in' | 'out', input: StockMoveInput) {
  const item = await managedItem(deps.db, principal, itemId);
  const movementId = await write(deps, principal, async (tx, fx) => {
    const moved = await moveStock(tx, {
      itemId,
      delta: direction === 'in' ? input.quantity : -input.quantity,
      kind: direction === 'in' ? 'stock_in' : 'stock_out',
      reason: input.reason,
      userId: principal.userId,
    });
    await notifyIfLow(tx, fx, moved);
    fx.activity({
      action: direction === 'in' ? 'stock.received' : 'stock.issued',
      params: { quantity: input.quantity, item: moved.name, warehouse: item.warehouseName, reason: input.reason },
      subject: { type: 'inventory_item', id: itemId },
    });
    return moved.movementId;
  });
  return answer(deps.db, principal, itemId, [movementId]);
}

/**
 * POST /v2/warehouse/item/{id}/transfer: to another warehouse of the organisation that the caller
 * also manages, into the item of the same name, brand and model there (made when missing). The two
 * halves are one write and carry one transfer id.
 */
export async function transfer(deps: Deps, principal: Principal, itemId: string, input: StockTransferInput) {
  const item = await managedItem(deps.db, principal, itemId);
  if (input.toWarehouse === item.warehouseId) throw invalidField('toWarehouse', 'SUPPLY.SAME_WAREHOUSE');
  const destination = await warehouseOf(deps.db, principal, input.toWarehouse).catch((error: unknown) => {
    throw error instanceof AppError && error.statusCode === 404
      ? invalidField('toWarehouse', 'VALIDATION.NOT_VALID', { field: 'Warehouse' })
      : error;
  });
  if (!destination.managedByMe) throw notManager();
  const source = { type: 'transfer' as const, id: randomUUID() };
  const movementIds = await write(deps, principal, async (tx, fx) => {
    const targetId = await itemFor(tx, destination, {
      name: item.name,
      brand: item.brand,
      model: item.model,
      unit: item.unit,
      description: item.description,
      priceKobo: item.priceKobo,
      pricebookItemId: item.pricebookItemId,
    });
    // Both rows locked in one order, so two opposite transfers queue instead of deadlocking.
    for (const id of [itemId, targetId].sort()) await lockItem(tx, id);
    const out = await moveStock(tx, {
      itemId,
      delta: -input.quantity,
      kind: 'transfer_out',
      reason: input.reason,
      source,
      userId: principal.userId,
    });
    const into = await moveStock(tx, {
      itemId: targetId,
      delta: input.quantity,
      kind: 'transfer_in',
      reason: input.reason,
      source,
      userId: principal.userId,
    });
    await notifyIfLow(tx, fx, out);
    fx.activity({
      action: 'stock.transferred',
      params: { quantity: input.quantity, item: item.name, warehouse: item.warehouseName, to: destination.name, reason: input.reason },
      subject: { type: 'inventory_item', id: itemId },
    });
    return [out.movementId, into.movementId];
  });
  return answer(deps.db, principal, itemId, movementIds);
}

/** POST /v2/warehouse/item/{id}/count: the quantity found on the shelf; the difference is a `count` movement. */
export async function count(deps: Deps, principal: Principal, itemId: string, input: StockCountInput) {
  const item = await managedItem(deps.db, principal, itemId);
  const movementId = await write(deps, principal, async (tx, fx) => {
    // Counted against the quantity under the row's lock: a movement meanwhile is not lost.
    const locked = await lockItem(tx, itemId);
    if (!locked) throw notFound('item');
    const difference = input.counted - locked.quantity;
    if (difference === 0) throw invalidField('counted', 'SUPPLY.COUNT_UNCHANGED');
    const moved = await moveStock(tx, { itemId, delta: difference, kind: 'count', reason: input.reason, userId: principal.userId });
    await notifyIfLow(tx, fx, moved);
    fx.activity({
      action: 'stock.counted',
      params: {
        item: moved.name,
        warehouse: item.warehouseName,
        counted: input.counted,
        difference: difference > 0 ? `+${difference}` : String(difference),
        reason: input.reason,
      },
      subject: { type: 'inventory_item', id: itemId },
    });
    return moved.movementId;
  });
  return answer(deps.db, principal, itemId, [movementId]);
}

/**
 * POST /v2/warehouse/movement/{id}/reverse: the opposite of a movement, once (a transfer as a
 * pair). A material request's or a purchase order's movement is undone through its document, and
 * a reversal is final. The unique index on reverses_id settles two reversals at once.
 */
export async function reverse(deps: Deps, principal: Principal, id: number, input: StockReverseInput) {
  const movement = Number.isSafeInteger(id) ? await findMovement(deps.db, id) : undefined;
  if (!movement) throw notFound('movement');
  // Seen through its item: another organisation's movement is not found.
  const item = await managedItem(deps.db, principal, movement.itemId);
  if (movement.kind === 'reversal') throw conflict('SUPPLY.REVERSAL_FINAL');
  if (movement.sourceType === 'material_request' || movement.sourceType === 'purchase_order') {
    throw conflict('SUPPLY.CANNOT_REVERSE', { source: movement.sourceCode ?? movement.sourceType.replace('_', ' ') });
  }
  if (movement.reversedBy !== null) throw conflict('SUPPLY.ALREADY_REVERSED');
  const halves = [movement];
  if (movement.sourceType === 'transfer' && movement.sourceId) {
    const partnerId = await transferPartner(deps.db, { id: movement.id, sourceId: movement.sourceId });
    const partner = partnerId === undefined ? undefined : await findMovement(deps.db, partnerId);
    if (partner) {
      await managedItem(deps.db, principal, partner.itemId);
      halves.push(partner);
    }
  }
  const movementIds = await write(
    deps,
    principal,
    async (tx, fx) => {
      for (const itemId of [...new Set(halves.map((half) => half.itemId))].sort()) await lockItem(tx, itemId);
      // A reversal that committed while this one waited for the locks.
      if (
        await anyReversed(
          tx,
          halves.map((half) => half.id),
        )
      )
        throw conflict('SUPPLY.ALREADY_REVERSED');
      const written: number[] = [];
      for (const half of halves) {
        const moved = await moveStock(tx, {
          itemId: half.itemId,
          delta: -half.delta,
          kind: 'reversal',
          reason: input.reason,
          source: { type: 'movement', id: String(half.id) },
          reversesId: half.id,
          userId: principal.userId,
        });
        await notifyIfLow(tx, fx, moved);
        written.push(moved.movementId);
      }
      fx.activity({
        action: 'stock.reversed',
        params: { quantity: Math.abs(movement.delta), item: item.name, warehouse: item.warehouseName, reason: input.reason },
        subject: { type: 'inventory_item', id: item.id },
      });
      return written;
    },
    // Another reversal of it committed first (the unique index on reverses_id).
    { onUniqueViolation: () => conflict('SUPPLY.ALREADY_REVERSED') },
  );
  return answer(deps.db, principal, movement.itemId, movementIds);
}

/** GET /v2/warehouse/item/{id}/movements. */
export async function itemHistory(db: Db, principal: Principal, itemId: string, query: MovementListQuery) {
  const listed = await listMovements(db, principal, 'item', itemId, query);
  if (!listed) throw notFound('item');
  const { rows, total, totalIsLowerBound } = listed;
  return { data: rows.map(toMovement), meta: pageMeta(query.page, query.pageSize, total, totalIsLowerBound) };
}

/** GET /v2/warehouse/{id}/movements. */
export async function warehouseHistory(db: Db, principal: Principal, warehouseId: string, query: MovementListQuery) {
  const listed = await listMovements(db, principal, 'warehouse', warehouseId, query);
  if (!listed) throw notFound('warehouse');
  const { rows, total, totalIsLowerBound } = listed;
  return { data: rows.map(toMovement), meta: pageMeta(query.page, query.pageSize, total, totalIsLowerBound) };
}
