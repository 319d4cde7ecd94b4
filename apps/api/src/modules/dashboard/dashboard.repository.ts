import { SUPPLYING_PO_STATUSES } from '@amp/contracts/purchase-order';
import { and, count, eq, gte, inArray, isNotNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  type DashboardSide,
  dashboardCounts,
  faults,
  organisations,
  purchaseOrderLines,
  purchaseOrders,
  roles,
  serviceRequestAssignees,
  serviceRequests,
  users,
  workOrderAssignees,
  workOrders,
} from '../../db/schema/index.js';

export async function countActiveOrganisationsByKind(db: Db) {
  return db
    .select({ kind: organisations.kind, total: count() })
    .from(organisations)
    .where(eq(organisations.status, 'active'))
    .groupBy(organisations.kind);
}

export async function countPendingRegistrations(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(organisations)
    .where(and(eq(organisations.status, 'pending'), ne(organisations.kind, 'platform')));
  return row?.total ?? 0;
}

export async function countActiveTechnicians(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.status, 'active'), eq(roles.systemKey, 'technician')));
  return row?.total ?? 0;
}

/** Users created per calendar month (UTC, 'YYYY-MM') since `since`. */
export async function countUsersPerMonth(db: Db, since: Date) {
  const month = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  return db.select({ month, total: count() }).from(users).where(gte(users.createdAt, since)).groupBy(month);
}

/**
 * One organisation's dashboard_counts of one side per subject and status: the months from `since`
 * one by one ('YYYY-MM'), the older ones together (month ''), so the answer stays a few rows per
 * status however many years the organisation has.
 */
export async function dashboardCountsOf(db: Db, organisationId: string, side: DashboardSide, since: Date) {
  const month = sql<string>`case when ${dashboardCounts.month} >= ${since.toISOString().slice(0, 10)}::date then to_char(${dashboardCounts.month}, 'YYYY-MM') else '' end`;
  return (
    db
      .select({
        subject: dashboardCounts.subject,
        status: dashboardCounts.status,
        month,
        total: sql<number>`sum(${dashboardCounts.total})::int`.mapWith(Number),
        valueKobo: sql<number>`sum(${dashboardCounts.valueKobo})::bigint`.mapWith(Number),
      })
      .from(dashboardCounts)
      .where(and(eq(dashboardCounts.organisationId, organisationId), eq(dashboardCounts.side, side)))
      // By position: the month's expression holds a parameter, which a repeated expression would bind again.
      .groupBy(sql`1, 2, 3`)
  );
}

const monthOf = (createdAt: SQL) => sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM')`;

/** The service requests assigned to a person, per status and month of creation (a person's own assignments are few). */
export async function assignedServiceRequestCounts(db: Db, userId: string) {
  const month = monthOf(sql`${serviceRequests.createdAt}`);
  return db
    .select({ status: serviceRequests.status, month, total: count() })
    .from(serviceRequestAssignees)
    .innerJoin(serviceRequests, eq(serviceRequests.id, serviceRequestAssignees.serviceRequestId))
    .where(eq(serviceRequestAssignees.userId, userId))
    .groupBy(serviceRequests.status, month);
}

/** The work orders assigned to a person, per status and month of creation. */
export async function assignedWorkOrderCounts(db: Db, userId: string) {
  const month = monthOf(sql`${workOrders.createdAt}`);
  return db
    .select({ status: workOrders.status, month, total: count() })
    .from(workOrderAssignees)
    .innerJoin(workOrders, eq(workOrders.id, workOrderAssignees.workOrderId))
    .where(eq(workOrderAssignees.userId, userId))
    .groupBy(workOrders.status, month);
}

/** The faults a person reported, per status and month (faults_reporter_created_idx). */
export async function reportedFaultCounts(db: Db, userId: string) {
  const month = monthOf(sql`${faults.createdAt}`);
  return db
    .select({ status: faults.status, month, total: count() })
    .from(faults)
    .where(eq(faults.reporterUserId, userId))
    .groupBy(faults.status, month);
}

/**
 * A supplier's orders accepted (or partly received) with something still to dispatch: the open
 * working set on purchase_orders_supplier_idx, not its history.
 */
export async function countPurchaseOrdersToDispatch(db: Db, supplierId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(purchaseOrders)
    .where(
      and(
        eq(purchaseOrders.supplierId, supplierId),
        inArray(purchaseOrders.status, [...SUPPLYING_PO_STATUSES]),
        isNotNull(purchaseOrders.sentAt),
        sql`exists (select 1 from ${purchaseOrderLines} l where l.order_id = ${purchaseOrders.id} and l.dispatched < l.quantity)`,
      ),
    );
  return row?.total ?? 0;
}
