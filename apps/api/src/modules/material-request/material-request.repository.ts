import type { MaterialRequestListQuery, MrLineStatus, MrStatus } from '@amp/contracts/material-request';
import { type AnyColumn, and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Viewer, visible } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { materialRequestLines, materialRequests } from '../../db/schema/material-request.js';
import { workOrders } from '../../db/schema/work-order.js';
import { containsPattern, orderOf, pageOffset } from '../../lib/list-query.js';
import { userNameOf } from '../user/user.public.js';
import { inventoryItemStockAs, managesWarehouse, warehouseNamesAs } from '../warehouse/warehouse.public.js';

type Manager = Viewer & { isOrgAdmin: boolean };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// The warehouse module's projections, joined under its tables' own names.
const warehouses = warehouseNamesAs('warehouses');
const inventoryItems = inventoryItemStockAs('inventory_items');

/** Whether the viewer decides the request's lines: a manager of its warehouse (access module). */
const managesRequest = (viewer: Manager) => managesWarehouse(viewer, sql`"material_requests"."warehouse_id"`);

// ---------------------------------------------------------------------------------------------
// Creating

/** Whether the viewer sees the work order and its organisation is the work order's owner or provider. */
export async function workOrderOfViewer(db: Db, viewer: Viewer, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: workOrders.id })
    .from(workOrders)
    .where(
      and(
        eq(workOrders.id, id),
        or(eq(workOrders.organisationId, viewer.organisationId), eq(workOrders.providerId, viewer.organisationId)),
        visible(viewer, 'work_order'),
      ),
    );
  return rows.length > 0;
}

export async function nameOfUser(db: Db, id: string): Promise<string> {
  const [row] = await db.select({ name: userNameOf(sql`${id}::uuid`) }).from(sql`(select 1) as one`);
  return row?.name ?? '';
}

export async function insertRequest(tx: Db, values: typeof materialRequests.$inferInsert): Promise<string> {
  const [row] = await tx.insert(materialRequests).values(values).returning({ id: materialRequests.id });
  return row!.id;
}

export async function insertLines(tx: Db, requestId: string, lines: readonly { item: string; quantity: number }[]) {
  await tx
    .insert(materialRequestLines)
    .values(lines.map((line, position) => ({ requestId, position, itemId: line.item, quantity: line.quantity })));
}

// ---------------------------------------------------------------------------------------------
// Deciding

/**
 * Locks a request the viewer sees (every decision and the cancellation lock it first, so they take
 * turns) and reads what a decision needs; undefined when not visible.
 */
export async function lockVisibleRequest(tx: Db, viewer: Manager, id: string) {
  const [row] = await tx
    .select({
      id: materialRequests.id,
      code: materialRequests.code,
      status: materialRequests.status,
      organisationId: materialRequests.organisationId,
      warehouseId: materialRequests.warehouseId,
      requestedBy: materialRequests.requestedBy,
      note: materialRequests.note,
      updatedAt: materialRequests.updatedAt,
      manages: sql<boolean>`${managesRequest(viewer)}`.mapWith(Boolean),
    })
    .from(materialRequests)
    .where(and(eq(materialRequests.id, id), visible(viewer, 'material_request')))
    .for('update');
  return row;
}
export type LockedRequest = NonNullable<Awaited<ReturnType<typeof lockVisibleRequest>>>;

/** A request's lines as a decision reads them, in their order. */
export async function linesToDecide(tx: Db, requestId: string) {
  return tx
    .select({
      id: materialRequestLines.id,
      itemId: materialRequestLines.itemId,
      quantity: materialRequestLines.quantity,
      status: materialRequestLines.status,
    })
    .from(materialRequestLines)
    .where(eq(materialRequestLines.requestId, requestId))
    .orderBy(asc(materialRequestLines.position));
}

/**
 * Decides one pending line (the guarded update: a line decided meanwhile is left alone); false
 * when it was no longer pending.
 */
export async function decideLine(
  tx: Db,
  lineId: string,
  decision: {
    status: Exclude<MrLineStatus, 'pending'>;
    decidedBy: string;
    priceKobo?: number | null;
    movementId?: number | null;
    reason?: string | null;
  },
): Promise<boolean> {
  const rows = await tx
    .update(materialRequestLines)
    .set({
      status: decision.status,
      decidedBy: decision.decidedBy,
      decidedAt: sql`now()`,
      priceKobo: decision.priceKobo ?? null,
      movementId: decision.movementId ?? null,
      reason: decision.reason ?? null,
    })
    .where(and(eq(materialRequestLines.id, lineId), eq(materialRequestLines.status, 'pending')))
    .returning({ id: materialRequestLines.id });
  return rows.length > 0;
}

export async function touchRequest(tx: Db, id: string) {
  await tx.update(materialRequests).set({ updatedAt: sql`now()` }).where(eq(materialRequests.id, id));
}

// ---------------------------------------------------------------------------------------------
// Reading

/** The issued lines' value: quantity times the price copied when each was accepted. */
const issuedKobo = sql<number>`(select coalesce(sum(l.quantity::bigint * coalesce(l.price_kobo, 0)), 0) from material_request_lines l
  where l.request_id = "material_requests"."id" and l.status = 'accepted')`.mapWith(Number);

const summaryColumns = {
  id: materialRequests.id,
  code: materialRequests.code,
  status: materialRequests.status,
  warehouseId: materialRequests.warehouseId,
  warehouseName: warehouses.name,
  workOrderId: materialRequests.workOrderId,
  workOrderCode: workOrders.code,
  workOrderTitle: workOrders.title,
  requestedBy: materialRequests.requestedBy,
  requesterName: userNameOf(materialRequests.requestedBy),
  note: materialRequests.note,
  issuedKobo,
  lineCount: sql<number>`(select count(*) from material_request_lines l where l.request_id = "material_requests"."id")`.mapWith(Number),
  createdAt: materialRequests.createdAt,
  updatedAt: materialRequests.updatedAt,
};

function selectRequestsWith<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra) {
  return db
    .select({ ...summaryColumns, ...extra })
    .from(materialRequests)
    .innerJoin(warehouses, eq(warehouses.id, materialRequests.warehouseId))
    .leftJoin(workOrders, eq(workOrders.id, materialRequests.workOrderId));
}

/** One request the viewer sees, with whether the viewer manages its warehouse. */
export async function findVisibleRequest(db: Db, viewer: Manager, id: string) {
  const [row] = await selectRequestsWith(db, { manages: sql<boolean>`${managesRequest(viewer)}`.mapWith(Boolean) })
    .where(and(eq(materialRequests.id, id), visible(viewer, 'material_request')))
    .limit(1);
  return row;
}

/** A request's lines with their items, what each holds now and who decided. */
export async function linesOfRequest(db: Db, requestId: string) {
  return db
    .select({
      id: materialRequestLines.id,
      itemId: materialRequestLines.itemId,
      itemName: inventoryItems.name,
      unit: inventoryItems.unit,
      quantity: materialRequestLines.quantity,
      available: inventoryItems.quantity,
      status: materialRequestLines.status,
      priceKobo: materialRequestLines.priceKobo,
      reason: materialRequestLines.reason,
      decidedBy: materialRequestLines.decidedBy,
      deciderName: userNameOf(materialRequestLines.decidedBy),
      decidedAt: materialRequestLines.decidedAt,
    })
    .from(materialRequestLines)
    .innerJoin(inventoryItems, eq(inventoryItems.id, materialRequestLines.itemId))
    .where(eq(materialRequestLines.requestId, requestId))
    .orderBy(asc(materialRequestLines.position));
}

/** A tab's requests among those the viewer sees: mine, awaiting my decision, or decided. */
function tabCondition(viewer: Manager, tab: MaterialRequestListQuery['tab']): SQL {
  const seen = visible(viewer, 'material_request');
  if (tab === 'mine') return and(eq(materialRequests.requestedBy, viewer.userId), seen)!;
  if (tab === 'incoming') return and(eq(materialRequests.status, 'pending'), managesRequest(viewer), seen)!;
  return and(ne(materialRequests.status, 'pending'), seen)!;
}

const SORT_COLUMNS: Record<NonNullable<MaterialRequestListQuery['sort']>, (AnyColumn | SQL)[]> = {
  createdAt: [materialRequests.createdAt],
  code: [materialRequests.code],
  status: [materialRequests.status, materialRequests.createdAt],
};

/** GET /v2/material-request: a page of a tab, with search (code, note), filters and sorting. */
export async function listRequests(db: Db, viewer: Manager, query: MaterialRequestListQuery) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    tabCondition(viewer, query.tab),
    query.status ? eq(materialRequests.status, query.status) : undefined,
    query.warehouse ? eq(materialRequests.warehouseId, query.warehouse) : undefined,
    query.workOrder ? eq(materialRequests.workOrderId, query.workOrder) : undefined,
    pattern ? or(ilike(materialRequests.code, pattern), ilike(materialRequests.note, pattern)) : undefined,
  );
  // Newest first unless a sort is asked for.
  const orderBy = query.sort
    ? orderOf(SORT_COLUMNS[query.sort], query.order, materialRequests.id)
    : [desc(materialRequests.createdAt), desc(materialRequests.id)];
  const [rows, [counted]] = await Promise.all([
    selectRequestsWith(db, {})
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db.select({ total: count() }).from(materialRequests).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
export type MrSummaryRow = Awaited<ReturnType<typeof listRequests>>['rows'][number];

/** The tabs' badges: my pending requests and the pending ones awaiting my decision, in one statement. */
export async function countRequests(db: Db, viewer: Manager) {
  const [row] = await db
    .select({
      mine: sql<number>`count(*) filter (where ${materialRequests.requestedBy} = ${viewer.userId})`.mapWith(Number),
      incoming: sql<number>`count(*) filter (where ${managesRequest(viewer)})`.mapWith(Number),
    })
    .from(materialRequests)
    .where(and(eq(materialRequests.status, 'pending'), visible(viewer, 'material_request')));
  return { mine: row?.mine ?? 0, incoming: row?.incoming ?? 0 };
}

/**
 * The materials issued for a work order: the value of every accepted line of its requests (what
 * counts towards its cost), and the requests themselves among those the viewer sees.
 */
export async function materialsOf(db: Db, viewer: Viewer, workOrderId: string) {
  const result = await db.execute(sql`
    select material_requests.id, material_requests.code, material_requests.status,
           ${issuedKobo} as "issuedKobo", ${visible(viewer, 'material_request')} as seen
      from material_requests
     where material_requests.work_order_id = ${workOrderId}
     order by material_requests.created_at, material_requests.id`);
  return rowsOf<{ id: string; code: string; status: MrStatus; issuedKobo: string | number; seen: boolean }>(result);
}
