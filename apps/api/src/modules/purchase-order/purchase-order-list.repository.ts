import { holds } from '@amp/contracts/permissions';
import { type PO_SORTS, PO_TAB_PERMISSION, type PoListQuery, type PoStatus, type PoTab } from '@amp/contracts/purchase-order';
import { type AnyColumn, and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { purchaseOrders } from '../../db/schema/purchase-order.js';
import { orderOf, pageOffset } from '../../lib/list-query.js';
import { approvalStepsAs, awaitingStepCount, stepsInRoundOf } from '../approval/approval.public.js';
import { searchCondition, selectOrderIds, selectOrders, selectOrdersWith, TO_RECEIVE } from './purchase-order.repository.js';

/** Totals stop here, like the other lists' (decision 0008): a broad list never counts every row. */
export const COUNT_CAP = 10_000;

const SORT_COLUMNS: Record<(typeof PO_SORTS)[number], (AnyColumn | SQL)[]> = {
  createdAt: [purchaseOrders.createdAt],
  updatedAt: [purchaseOrders.updatedAt],
  code: [purchaseOrders.code],
  status: [sql`${purchaseOrders.status}`],
  total: [purchaseOrders.totalKobo],
};

const capped = (counted: number) => ({ total: Math.min(counted, COUNT_CAP), totalIsLowerBound: counted > COUNT_CAP });

/** At most COUNT_CAP + 1 rows of a condition, counted (joined as the lists are, for a search on the parties' names). */
async function countCapped(db: Db, where: SQL | undefined): Promise<number> {
  const inner = selectOrderIds(db)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(inner);
  return row?.total ?? 0;
}

/**
 * A page of a tab: `scope` is the access module's condition narrowed to the tab's side,
 * `statuses` the tab's (narrowed to the status filter); search on the code, the title and either
 * party's name; optionally only what is still to receive; the total capped.
 */
export async function listOrders(db: Db, scope: SQL, statuses: readonly PoStatus[], query: PoListQuery) {
  const where = and(
    scope,
    statuses.length > 0 ? inArray(purchaseOrders.status, [...statuses]) : sql`false`,
    query.search ? searchCondition(query.search) : undefined,
    query.toReceive ? TO_RECEIVE : undefined,
  );
  const orderBy = query.sort
    ? orderOf(SORT_COLUMNS[query.sort], query.order, purchaseOrders.id)
    : [desc(purchaseOrders.createdAt), desc(purchaseOrders.id)];
  const [rows, counted] = await Promise.all([
    selectOrders(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    countCapped(db, where),
  ]);
  return { rows, ...capped(counted) };
}

/** The steps of purchase orders awaiting this approver: the counter kept at commit (migration 0026). */
export async function awaitingApprovals(db: Db, userId: string): Promise<number> {
  return awaitingStepCount(db, 'po', userId);
}

/** How many rows each tab holds (its scope in its statuses), capped, the tabs counted side by side. */
export async function countTabs<Tab extends string>(
  db: Db,
  tabs: Record<Tab, { scope: SQL; statuses: readonly PoStatus[] }>,
): Promise<Record<Tab, number>> {
  const names = Object.keys(tabs) as Tab[];
  const counted = await Promise.all(
    names.map((tab) => countCapped(db, and(tabs[tab].scope, inArray(purchaseOrders.status, [...tabs[tab].statuses])))),
  );
  return Object.fromEntries(names.map((tab, index) => [tab, Math.min(counted[index]!, COUNT_CAP)])) as Record<Tab, number>;
}

/** The approval steps, joined through the approval module's projection. */
const approvalSteps = approvalStepsAs('approval_steps');

/**
 * The Approval tab: the caller's organisation's purchase orders whose pending step the caller is
 * an approver of ("Awaiting Approval", oldest ask first), then those whose step of the current
 * round the caller approved ("Approved by me", newest first). A pending step is always of its
 * order's current round (a change, a rejection or a cancellation cancels the open steps).
 */
export async function listApprovals(
  db: Db,
  viewer: { userId: string; organisationId: string },
  scope: SQL,
  statuses: readonly PoStatus[],
  query: PoListQuery,
) {
  const me = sql`${viewer.userId}::uuid`;
  const awaiting = sql`(${approvalSteps.status} = 'pending' and ${approvalSteps.approverIds} @> array[${me}])`;
  const where = and(
    eq(approvalSteps.documentType, 'po'),
    eq(approvalSteps.organisationId, viewer.organisationId),
    sql`(${awaiting} or (${approvalSteps.status} = 'approved' and ${approvalSteps.decidedBy} = ${me}
      and ${approvalSteps.round} = ${purchaseOrders.approvalRound}))`,
    scope,
    inArray(purchaseOrders.status, [...statuses]),
    query.search ? searchCondition(query.search) : undefined,
    query.toReceive ? TO_RECEIVE : undefined,
  );
  const orderBy = query.sort
    ? orderOf(SORT_COLUMNS[query.sort], query.order, purchaseOrders.id)
    : [
        desc(awaiting),
        asc(sql`case when ${awaiting} then ${approvalSteps.askedAt} end`),
        desc(approvalSteps.decidedAt),
        desc(purchaseOrders.id),
      ];
  const [rows, [counted]] = await Promise.all([
    selectOrdersWith(db, {
      stepId: approvalSteps.id,
      stepOrder: approvalSteps.position,
      stepName: approvalSteps.name,
      stepStatus: approvalSteps.status,
      steps: stepsInRoundOf('po', purchaseOrders.id, purchaseOrders.approvalRound).mapWith(Number),
      askedAt: approvalSteps.askedAt,
      decidedAt: approvalSteps.decidedAt,
    })
      .innerJoin(approvalSteps, eq(approvalSteps.documentId, purchaseOrders.id))
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db.select({ total: sql<number>`count(*)::int`.mapWith(Number) }).from(
      selectOrderIds(db)
        .innerJoin(approvalSteps, eq(approvalSteps.documentId, purchaseOrders.id))
        .where(where)
        .limit(COUNT_CAP + 1)
        .as('capped'),
    ),
  ]);
  return { rows, ...capped(counted?.total ?? 0) };
}

/**
 * A tab's side of the access module's condition (`seen`): Outgoing is the buyer's own, Incoming
 * what was sent to the viewer's organisation, Completed either. Without the tab's menu
 * permission, nothing.
 */
export function tabScope(viewer: { organisationId: string; permissions: readonly string[] }, tab: PoTab, seen: SQL): SQL {
  if (!holds(viewer.permissions, PO_TAB_PERMISSION[tab])) return sql`false`;
  if (tab === 'outgoing') return sql`(${seen} and ${eq(purchaseOrders.organisationId, viewer.organisationId)})`;
  if (tab === 'incoming') return sql`(${seen} and ${eq(purchaseOrders.supplierId, viewer.organisationId)})`;
  return seen;
}
