import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { workOrderLines, workOrderRecalls, workOrders } from '../../db/schema/work-order.js';
import { qualified } from '../../lib/qualified.js';
import { roundRejectedOf } from '../approval/approval.public.js';
import { assetNamesAs } from '../asset/asset.public.js';
import { clusterNamesAs } from '../cluster/cluster.public.js';
import { faultCodeOf, faultsByIds } from '../fault/fault.public.js';
import type { PricedLine } from '../pricebook/pricebook.public.js';
import { organisationNameOf, organisationNamesAs } from '../registration/registration.public.js';
import { observationTypeOf, serviceRequestCodeOf } from '../service-request/service-request.public.js';
import { userNameOf } from '../user/user.public.js';

/**
 * Rejected back to its creator: a draft whose current round holds a rejected step (a draft whose
 * approval its owner withdrew by changing it is not). The one definition, for the answer and the filter.
 */
/**
 * The list's names of the owner, the provider, the asset and the cluster are joined, through the
 * owners' join-ready projections, not read by a subquery per column: the lists are the hot path,
 * and one join per table (which PostgreSQL memoizes, the projections flattened into it) keeps their
 * budget where a subquery per column did not (docs/decisions/0033-tables-with-owners.md, "Where a list joins").
 */
const owners = organisationNamesAs('wo_owner_org');
const providers = organisationNamesAs('wo_provider_org');
const assets = assetNamesAs('assets');
const clusters = clusterNamesAs('clusters');
function joinSummary<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(owners, eq(owners.id, workOrders.organisationId))
    .innerJoin(providers, eq(providers.id, workOrders.providerId))
    .leftJoin(assets, eq(assets.id, workOrders.assetId))
    .leftJoin(clusters, eq(clusters.id, workOrders.clusterId));
}

export const approvalRejected = sql<boolean>`(${workOrders.status} = 'draft' and ${roundRejectedOf('wo', workOrders.id, workOrders.approvalRound)})`;

/** The columns a list row and the detail share. */
export const summaryColumns = {
  id: workOrders.id,
  code: workOrders.code,
  title: workOrders.title,
  status: workOrders.status,
  priority: workOrders.priority,
  receiverType: workOrders.receiverType,
  organisationId: workOrders.organisationId,
  providerId: workOrders.providerId,
  ownerName: owners.name,
  providerName: providers.name,
  assetId: workOrders.assetId,
  assetCode: assets.assetCode,
  assetName: assets.name,
  clusterId: workOrders.clusterId,
  clusterCode: clusters.clusterCode,
  clusterName: clusters.name,
  totalKobo: workOrders.totalKobo,
  actualKobo: workOrders.actualKobo,
  approvalRound: workOrders.approvalRound,
  approvalNeeded: workOrders.approvalNeeded,
  approvalRejected: approvalRejected.mapWith(Boolean),
  dueDate: workOrders.dueDate,
  slaId: workOrders.slaId,
  slaTitle: workOrders.slaTitle,
  responseHours: workOrders.responseHours,
  resolutionHours: workOrders.resolutionHours,
  sentAt: workOrders.sentAt,
  acceptedAt: workOrders.acceptedAt,
  completedAt: workOrders.completedAt,
  closedAt: workOrders.closedAt,
  pausedMs: workOrders.pausedMs,
  rating: workOrders.rating,
  createdAt: workOrders.createdAt,
  updatedAt: workOrders.updatedAt,
};

/** Work orders with their owner, provider, asset and cluster, with more columns if asked. */
export function selectOrdersWith<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra) {
  return joinSummary(
    db
      .select({ ...summaryColumns, ...extra })
      .from(workOrders)
      .$dynamic(),
  );
}
/** Work orders with the summary's columns only. */
export function selectOrders(db: Db) {
  return selectOrdersWith(db, {});
}
/** A row with the summary's columns (a list's, or the detail's). */
export type WoSummaryRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['limit']>>[number];

/** The detail's columns of a work order. */
const detailColumns = {
  ...summaryColumns,
  description: workOrders.description,
  subjectLabel: workOrders.subjectLabel,
  faultId: workOrders.faultId,
  faultCode: faultCodeOf(workOrders.faultId),
  serviceRequestId: workOrders.serviceRequestId,
  serviceRequestCode: serviceRequestCodeOf(workOrders.serviceRequestId),
  observationId: workOrders.observationId,
  observationType: observationTypeOf(workOrders.observationId),
  usedTotalKobo: workOrders.usedTotalKobo,
  submittedAt: workOrders.submittedAt,
  declineReason: workOrders.declineReason,
  holdReason: workOrders.holdReason,
  endReason: workOrders.endReason,
  unsatisfactoryReason: workOrders.unsatisfactoryReason,
  unsatisfactoryCount: workOrders.unsatisfactoryCount,
  completionNote: workOrders.completionNote,
  timeSpentHours: workOrders.timeSpentHours,
  ownerCertifiedBy: workOrders.ownerCertifiedBy,
  ownerCertifierName: userNameOf(workOrders.ownerCertifiedBy),
  ownerCertifiedAt: workOrders.ownerCertifiedAt,
  ownerCertificationComment: workOrders.ownerCertificationComment,
  providerCertifiedBy: workOrders.providerCertifiedBy,
  providerCertifierName: userNameOf(workOrders.providerCertifiedBy),
  providerCertifiedAt: workOrders.providerCertifiedAt,
  providerCertificationComment: workOrders.providerCertificationComment,
  ratingComment: workOrders.ratingComment,
  ratedBy: workOrders.ratedBy,
  raterName: userNameOf(workOrders.ratedBy),
  createdBy: workOrders.createdBy,
  changedBy: workOrders.changedBy,
  creatorName: userNameOf(workOrders.createdBy),
};

/** The staff assigned to it, read with the row (a step decides on them: the assignee party). */
const assigneeIds = sql<
  string[]
>`coalesce((select json_agg(a.user_id) from work_order_assignees a where a.work_order_id = ${qualified(workOrders.id)}), '[]'::json)`;

function selectDetail<Extra extends Record<string, SQL>>(db: Db, extra: Extra) {
  return joinSummary(
    db
      .select({ ...detailColumns, ...extra })
      .from(workOrders)
      .$dynamic(),
  );
}

/** One work order the caller sees (the access module's condition), with the detail's columns. */
export async function findVisibleOrder(db: Db, visibility: SQL, id: string) {
  const [row] = await selectDetail(db, {})
    .where(and(eq(workOrders.id, id), visibility))
    .limit(1);
  return row;
}

/**
 * The one locked read of a step (the document kernel's): the visible row with the detail's columns
 * and its assignees, locked for the rest of the transaction, so every step and approval takes turns on it.
 */
export async function lockVisibleOrder(tx: Db, visibility: SQL, id: string) {
  const [row] = await selectDetail(tx, { assigneeIds })
    .where(and(eq(workOrders.id, id), visibility))
    .limit(1)
    .for('update', { of: workOrders });
  return row;
}
export type WoDetailRow = NonNullable<Awaited<ReturnType<typeof findVisibleOrder>>>;
export type LockedOrderRow = NonNullable<Awaited<ReturnType<typeof lockVisibleOrder>>>;

export async function insertOrder(tx: Db, values: typeof workOrders.$inferInsert): Promise<string> {
  const [row] = await tx.insert(workOrders).values(values).returning({ id: workOrders.id });
  return row!.id;
}

// ---------------------------------------------------------------------------------------------
// Lines

export { totalOf } from '../pricebook/pricebook.public.js';

/** Replaces a stage's lines of a work order with these (positions in the given order). */
export async function replaceLines(tx: Db, workOrderId: string, stage: 'planned' | 'used', lines: readonly PricedLine[]) {
  await tx.delete(workOrderLines).where(and(eq(workOrderLines.workOrderId, workOrderId), eq(workOrderLines.stage, stage)));
  if (lines.length === 0) return;
  await tx.insert(workOrderLines).values(
    lines.map((line, position) => ({
      workOrderId,
      stage,
      position,
      pricebookItemId: line.pricebookItemId,
      free: line.pricebookItemId === null,
      name: line.name,
      kind: line.kind as never,
      unit: line.unit,
      quantity: line.quantity,
      unitPriceKobo: line.unitPriceKobo,
      totalKobo: line.unitPriceKobo * line.quantity,
    })),
  );
}

/** A work order's cost lines within `visibility` (the access module's condition on "work_order_lines"), by stage and position. */
export async function linesOfOrder(db: Db, visibility: SQL, workOrderId: string) {
  return db
    .select()
    .from(workOrderLines)
    .where(and(eq(workOrderLines.workOrderId, workOrderId), visibility))
    .orderBy(asc(workOrderLines.stage), asc(workOrderLines.position));
}

/** The planned lines as priced lines (to compare with a change). */
export async function plannedLines(db: Db, workOrderId: string): Promise<PricedLine[]> {
  const rows = await db
    .select()
    .from(workOrderLines)
    .where(and(eq(workOrderLines.workOrderId, workOrderId), eq(workOrderLines.stage, 'planned')))
    .orderBy(asc(workOrderLines.position));
  return rows.map((row) => ({
    pricebookItemId: row.pricebookItemId,
    name: row.name,
    kind: row.kind,
    unit: row.unit,
    quantity: row.quantity,
    unitPriceKobo: row.unitPriceKobo,
  }));
}

// ---------------------------------------------------------------------------------------------
// Ratings and recalls

/** A provider's average rating over its rated work orders (undefined: no such organisation). */
export async function providerRating(db: Db, providerId: string) {
  const [row] = await db
    .select({
      name: organisationNameOf(sql`${providerId}::uuid`),
      rated: sql<{ average: number; count: number }>`(select json_build_object(
          'average', coalesce(round(avg(w.rating)::numeric, 2), 0)::float8, 'count', count(w.rating))
        from work_orders w where w.provider_id = ${providerId} and w.rating is not null)`,
    })
    .from(sql`(select 1) as one`);
  return row?.name == null ? undefined : { name: row.name, ...row.rated };
}

/** The faults flagged as recalls of a work order, oldest first. */
export async function recallsOf(db: Db, workOrderId: string) {
  const recalls = await db
    .select({ faultId: workOrderRecalls.faultId })
    .from(workOrderRecalls)
    .where(eq(workOrderRecalls.workOrderId, workOrderId));
  return faultsByIds(
    db,
    recalls.map((recall) => recall.faultId),
  );
}

/** Statuses as SQL text from the contracts' constants (never input). */
export function statusList(statuses: readonly string[]): SQL {
  return sql.raw(statuses.map((status) => `'${status}'`).join(', '));
}
