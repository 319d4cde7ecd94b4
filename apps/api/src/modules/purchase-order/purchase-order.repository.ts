import { type AnyColumn, and, asc, count, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { purchaseOrderLines, purchaseOrderSupplies, purchaseOrderSupplyLines, purchaseOrders } from '../../db/schema/purchase-order.js';
import { containsPattern } from '../../lib/list-query.js';
import type { PricedLine } from '../pricebook/pricebook.public.js';
import { activeOrganisationPage, findActiveOrganisation, organisationContactsAs } from '../registration/registration.public.js';
import { userNameOf } from '../user/user.public.js';
import { findOrganisationWarehouse, warehouseAddressesAs } from '../warehouse/warehouse.public.js';

/** The parties and the warehouse, joined through their owners' join-ready projections (decision 0033, "Where a list joins"). */
export const buyers = organisationContactsAs('po_buyer_org');
export const suppliers = organisationContactsAs('po_supplier_org');
const warehouses = warehouseAddressesAs('warehouses');

/** Units over an order's lines (ordered, dispatched or received). */
const unitsOf = (column: 'quantity' | 'dispatched' | 'received') =>
  sql<number>`(select coalesce(sum(l.${sql.raw(column)}), 0)::bigint from purchase_order_lines l where l.order_id = ${purchaseOrders.id})`.mapWith(
    Number,
  );

/** The columns a list row and the detail share. */
export const summaryColumns = {
  id: purchaseOrders.id,
  code: purchaseOrders.code,
  title: purchaseOrders.title,
  status: purchaseOrders.status,
  organisationId: purchaseOrders.organisationId,
  buyerName: buyers.name,
  supplierId: purchaseOrders.supplierId,
  supplierName: suppliers.name,
  warehouseId: purchaseOrders.warehouseId,
  warehouseName: warehouses.name,
  totalKobo: purchaseOrders.totalKobo,
  approvalRound: purchaseOrders.approvalRound,
  createdBy: purchaseOrders.createdBy,
  changedBy: purchaseOrders.changedBy,
  sentAt: purchaseOrders.sentAt,
  ordered: unitsOf('quantity'),
  dispatched: unitsOf('dispatched'),
  received: unitsOf('received'),
  createdAt: purchaseOrders.createdAt,
  updatedAt: purchaseOrders.updatedAt,
};

/** Purchase orders with their buyer, supplier and warehouse, with more columns if asked. */
export function selectOrdersWith<Extra extends SelectedFields>(db: Db, extra: Extra) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(purchaseOrders)
    .innerJoin(buyers, eq(buyers.id, purchaseOrders.organisationId))
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
    .innerJoin(warehouses, eq(warehouses.id, purchaseOrders.warehouseId));
}
/** Purchase orders' ids with their parties joined: what a count of a list's rows (searched on the parties' names) needs. */
export function selectOrderIds(db: Db) {
  return db
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .innerJoin(buyers, eq(buyers.id, purchaseOrders.organisationId))
    .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId));
}

/** Purchase orders with the summary's columns only. */
export function selectOrders(db: Db) {
  return selectOrdersWith(db, {});
}
export type PoSummaryRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['limit']>>[number];

/** Orders with goods dispatched and not received yet (the buyer's supplies to confirm). */
export const TO_RECEIVE = sql`exists (select 1 from purchase_order_lines l where l.order_id = ${purchaseOrders.id} and l.received < l.dispatched)`;

/** The search of the lists: the code, the title, or either party's name. */
export function searchCondition(search: string): SQL | undefined {
  const pattern = containsPattern(search);
  return sql`(${ilike(purchaseOrders.code, pattern)} or ${ilike(purchaseOrders.title, pattern)}
    or ${ilike(buyers.name, pattern)} or ${ilike(suppliers.name, pattern)})`;
}

/** A state's name from the alias an address keeps (as kept when it is no alias; null without one). */
const stateNameOf = (column: AnyColumn) => sql`coalesce((select s.name from states s where s.alias = lower(${column})), ${column})`;

/** Where an organisation is and how it is reached. */
const contactOf = (party: typeof buyers | typeof suppliers) =>
  sql<{
    address: string | null;
    state: string | null;
    lga: string | null;
    telephone: string | null;
    email: string | null;
  }>`json_build_object(
    'address', ${party.address}, 'state', ${stateNameOf(party.state)}, 'lga', ${party.lga}, 'telephone', ${party.telephone}, 'email', ${party.email})`;

/** The detail's columns of a purchase order, beside the summary's. */
const detailColumns = {
  note: purchaseOrders.note,
  submittedAt: purchaseOrders.submittedAt,
  acceptedAt: purchaseOrders.acceptedAt,
  closedAt: purchaseOrders.closedAt,
  declineReason: purchaseOrders.declineReason,
  closeReason: purchaseOrders.closeReason,
  rejectReason: purchaseOrders.rejectReason,
  creatorName: userNameOf(purchaseOrders.createdBy),
  // Both parties and the delivery address, as the printed order shows them.
  buyerContact: contactOf(buyers),
  supplierContact: contactOf(suppliers),
  warehouseAddress: sql<{ address: string | null; state: string | null; lga: string | null }>`json_build_object(
    'address', ${warehouses.address}, 'state', ${stateNameOf(warehouses.state)}, 'lga', ${warehouses.lga})`,
};

/** One purchase order the caller sees (the access module's condition), with the detail's columns. */
export async function findVisibleOrder(db: Db, visibility: SQL, id: string) {
  const [row] = await selectOrdersWith(db, detailColumns)
    .where(and(eq(purchaseOrders.id, id), visibility))
    .limit(1);
  return row;
}

/**
 * The one locked read of a step (the document kernel's): the visible order with the detail's
 * columns, its row locked for the rest of the transaction (every step, approval, delivery and
 * receipt takes turns on it).
 */
export async function lockVisibleOrder(tx: Db, visibility: SQL, id: string) {
  const [row] = await selectOrdersWith(tx, detailColumns)
    .where(and(eq(purchaseOrders.id, id), visibility))
    .limit(1)
    .for('update', { of: purchaseOrders });
  return row;
}
export type PoDetailRow = NonNullable<Awaited<ReturnType<typeof findVisibleOrder>>>;

export async function insertOrder(tx: Db, values: typeof purchaseOrders.$inferInsert): Promise<string> {
  const [row] = await tx.insert(purchaseOrders).values(values).returning({ id: purchaseOrders.id });
  return row!.id;
}

// ---------------------------------------------------------------------------------------------
// Parties and warehouses

/** An active supplier organisation. */
export async function findSupplier(db: Db, id: string) {
  return findActiveOrganisation(db, id, 'supplier');
}

/** A page of the active suppliers, by name, optionally searched. */
export async function supplierPage(db: Db, query: { search?: string; page: number; pageSize: number }) {
  return activeOrganisationPage(db, 'supplier', query);
}

/** A warehouse of this organisation (where its purchase orders' goods may go). */
export async function findOwnWarehouse(db: Db, organisationId: string, id: string) {
  return findOrganisationWarehouse(db, organisationId, id);
}

// ---------------------------------------------------------------------------------------------
// Lines

/** Replaces an order's lines with these (positions in the given order); only while nothing was dispatched. */
export async function replaceLines(tx: Db, orderId: string, lines: readonly PricedLine[]) {
  await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId));
  await tx.insert(purchaseOrderLines).values(
    lines.map((line, position) => ({
      orderId,
      position,
      pricebookItemId: line.pricebookItemId,
      free: line.pricebookItemId === null,
      name: line.name,
      kind: line.kind as never,
      unit: line.unit,
      brand: line.brand ?? null,
      model: line.model ?? null,
      quantity: line.quantity,
      unitPriceKobo: line.unitPriceKobo,
    })),
  );
}

export async function linesOf(db: Db, orderId: string) {
  return db.select().from(purchaseOrderLines).where(eq(purchaseOrderLines.orderId, orderId)).orderBy(asc(purchaseOrderLines.position));
}
export type PoLineRow = Awaited<ReturnType<typeof linesOf>>[number];

/**
 * Adds a delivered or received quantity to a line, guarded: what is dispatched never passes what
 * was ordered, what is received never passes what was dispatched. False when the guard refused.
 */
export async function addToLine(tx: Db, lineId: string, column: 'dispatched' | 'received', quantity: number): Promise<boolean> {
  const target = column === 'dispatched' ? purchaseOrderLines.dispatched : purchaseOrderLines.received;
  const ceiling = column === 'dispatched' ? purchaseOrderLines.quantity : purchaseOrderLines.dispatched;
  const rows = await tx
    .update(purchaseOrderLines)
    .set({ [column]: sql`${target} + ${quantity}` })
    .where(and(eq(purchaseOrderLines.id, lineId), sql`${target} + ${quantity} <= ${ceiling}`))
    .returning({ id: purchaseOrderLines.id });
  return rows.length > 0;
}

/** Whether every line of the order is received in full. */
export async function allReceived(tx: Db, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ open: count() })
    .from(purchaseOrderLines)
    .where(and(eq(purchaseOrderLines.orderId, orderId), sql`${purchaseOrderLines.received} < ${purchaseOrderLines.quantity}`));
  return (row?.open ?? 0) === 0;
}

// ---------------------------------------------------------------------------------------------
// Deliveries and receipts

export async function insertSupply(
  tx: Db,
  values: { orderId: string; kind: 'delivery' | 'receipt'; warehouseId: string | null; note: string | null; userId: string },
  lines: readonly { lineId: string; quantity: number; movementId?: number }[],
): Promise<string> {
  const [row] = await tx.insert(purchaseOrderSupplies).values(values).returning({ id: purchaseOrderSupplies.id });
  await tx
    .insert(purchaseOrderSupplyLines)
    .values(
      lines.map((line) => ({ supplyId: row!.id, lineId: line.lineId, quantity: line.quantity, movementId: line.movementId ?? null })),
    );
  return row!.id;
}

/** An order's deliveries and receipts, oldest first, each with its lines (named as the order's lines). */
export async function suppliesOf(db: Db, orderId: string) {
  const [supplies, lines] = await Promise.all([
    db
      .select({
        id: purchaseOrderSupplies.id,
        kind: purchaseOrderSupplies.kind,
        note: purchaseOrderSupplies.note,
        createdAt: purchaseOrderSupplies.createdAt,
        userId: purchaseOrderSupplies.userId,
        userName: userNameOf(purchaseOrderSupplies.userId),
        warehouseId: purchaseOrderSupplies.warehouseId,
        warehouseName: warehouses.name,
      })
      .from(purchaseOrderSupplies)
      .leftJoin(warehouses, eq(warehouses.id, purchaseOrderSupplies.warehouseId))
      .where(eq(purchaseOrderSupplies.orderId, orderId))
      .orderBy(asc(purchaseOrderSupplies.createdAt), asc(purchaseOrderSupplies.id)),
    db
      .select({
        supplyId: purchaseOrderSupplyLines.supplyId,
        lineId: purchaseOrderSupplyLines.lineId,
        name: purchaseOrderLines.name,
        quantity: purchaseOrderSupplyLines.quantity,
      })
      .from(purchaseOrderSupplyLines)
      .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, purchaseOrderSupplyLines.lineId))
      .innerJoin(purchaseOrderSupplies, eq(purchaseOrderSupplies.id, purchaseOrderSupplyLines.supplyId))
      .where(eq(purchaseOrderSupplies.orderId, orderId))
      .orderBy(asc(purchaseOrderLines.position)),
  ]);
  return supplies.map((supply) => ({ ...supply, lines: lines.filter((line) => line.supplyId === supply.id) }));
}
