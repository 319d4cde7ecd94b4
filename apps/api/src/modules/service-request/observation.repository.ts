import type { ObservationListQuery, ObservationStatus } from '@amp/contracts/service-request';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { observationLines, observations, serviceRequests } from '../../db/schema/service-request.js';
import { containsPattern, pageOffset } from '../../lib/list-query.js';
import { userNameOf } from '../user/user.public.js';

export interface PricedLine {
  pricebookItemId: string | null;
  name: string;
  kind: string | null;
  unit: string | null;
  quantity: number;
  unitPriceKobo: number;
}

/** A new observation and its lines (positions in the given order); answers its id. */
export async function insertObservation(
  tx: Db,
  values: Omit<typeof observations.$inferInsert, 'totalKobo'>,
  lines: readonly PricedLine[],
): Promise<{ id: string; totalKobo: number }> {
  const totalKobo = lines.reduce((sum, line) => sum + line.unitPriceKobo * line.quantity, 0);
  const [row] = await tx
    .insert(observations)
    .values({ ...values, totalKobo })
    .returning({ id: observations.id });
  if (lines.length > 0) {
    await tx.insert(observationLines).values(
      lines.map((line, position) => ({
        observationId: row!.id,
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
  return { id: row!.id, totalKobo };
}

/** An observation of a request, locked (a decision and a correction take turns). */
export async function findObservationOf(tx: Db, serviceRequestId: string, id: string) {
  const [row] = await tx
    .select({ id: observations.id, status: observations.status, submittedBy: observations.submittedBy })
    .from(observations)
    .where(and(eq(observations.id, id), eq(observations.serviceRequestId, serviceRequestId)))
    .for('update');
  return row;
}

/** The observation of a request that awaits the owner, if any, locked. */
export async function findSubmittedObservation(tx: Db, serviceRequestId: string) {
  const [row] = await tx
    .select({ id: observations.id, submittedBy: observations.submittedBy })
    .from(observations)
    .where(and(eq(observations.serviceRequestId, serviceRequestId), eq(observations.status, 'submitted')))
    .for('update');
  return row;
}

/** The request an observation belongs to, when the caller sees the request. */
export async function findObservationRequest(db: Db, visibility: SQL, id: string) {
  const [row] = await db
    .select({
      id: observations.id,
      status: observations.status,
      type: observations.type,
      totalKobo: observations.totalKobo,
      submittedBy: observations.submittedBy,
      serviceRequestId: observations.serviceRequestId,
    })
    .from(observations)
    .innerJoin(serviceRequests, eq(serviceRequests.id, observations.serviceRequestId))
    .where(and(eq(observations.id, id), visibility))
    .limit(1);
  return row;
}

/** Moves an observation from one status to another (the guarded update); false when it was not in `from`. */
export async function setObservationStatus(
  tx: Db,
  id: string,
  from: readonly ObservationStatus[],
  to: ObservationStatus,
  decision?: { by: string; reason: string | null },
): Promise<boolean> {
  const rows = await tx
    .update(observations)
    .set({
      status: to,
      ...(decision ? { decidedBy: decision.by, decidedAt: sql`now()`, decisionReason: decision.reason } : {}),
    })
    .where(and(eq(observations.id, id), inArray(observations.status, [...from])))
    .returning({ id: observations.id });
  return rows.length > 0;
}

const observationColumns = {
  id: observations.id,
  serviceRequestId: observations.serviceRequestId,
  srCode: serviceRequests.code,
  srTitle: serviceRequests.title,
  type: observations.type,
  status: observations.status,
  summary: observations.summary,
  timeToCompleteHours: observations.timeToCompleteHours,
  totalKobo: observations.totalKobo,
  supersedesId: observations.supersedesId,
  supersededBy: sql<string | null>`(select o2.id from observations o2 where o2.supersedes_id = ${observations.id} limit 1)`,
  decisionReason: observations.decisionReason,
  decidedBy: observations.decidedBy,
  decidedAt: observations.decidedAt,
  submittedBy: observations.submittedBy,
  submitterName: userNameOf(observations.submittedBy),
  deciderName: userNameOf(observations.decidedBy),
  /** The work order raised from it (its code prefixed by the id: one subquery). */
  workOrder: sql<string | null>`(select wo.id || ' ' || wo.code from work_orders wo where wo.observation_id = ${observations.id} limit 1)`,
  createdAt: observations.createdAt,
};
export type ObservationRow = Awaited<ReturnType<typeof observationsOfRequest>>[number];

/** These observations (as the lists show them). */
export async function observationsById(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select(observationColumns)
    .from(observations)
    .innerJoin(serviceRequests, eq(serviceRequests.id, observations.serviceRequestId))
    .where(inArray(observations.id, [...ids]));
}

/** A request's observations, oldest first. */
export async function observationsOfRequest(db: Db, serviceRequestId: string) {
  return db
    .select(observationColumns)
    .from(observations)
    .innerJoin(serviceRequests, eq(serviceRequests.id, observations.serviceRequestId))
    .where(eq(observations.serviceRequestId, serviceRequestId))
    .orderBy(asc(observations.createdAt), asc(observations.id))
    .limit(500);
}

/** The lines of these observations, in order. */
export async function linesOf(db: Db, observationIds: readonly string[]) {
  if (observationIds.length === 0) return [];
  return db
    .select()
    .from(observationLines)
    .where(inArray(observationLines.observationId, [...observationIds]))
    .orderBy(asc(observationLines.observationId), asc(observationLines.position));
}

/**
 * Observations sent by the caller's organisation (`organisationId`) or, for a technician, by the
 * caller (`submittedBy`), newest first.
 */
export async function listSentObservations(
  db: Db,
  scope: { organisationId: string } | { submittedBy: string },
  query: ObservationListQuery,
) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    'organisationId' in scope ? eq(observations.organisationId, scope.organisationId) : eq(observations.submittedBy, scope.submittedBy),
    query.status ? eq(observations.status, query.status) : undefined,
    query.type ? eq(observations.type, query.type) : undefined,
    pattern
      ? sql`(${serviceRequests.code} ilike ${pattern} or ${serviceRequests.title} ilike ${pattern} or ${observations.summary} ilike ${pattern})`
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(observationColumns)
      .from(observations)
      .innerJoin(serviceRequests, eq(serviceRequests.id, observations.serviceRequestId))
      .where(where)
      .orderBy(desc(observations.createdAt), desc(observations.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db
      .select({ total: count() })
      .from(observations)
      .innerJoin(serviceRequests, eq(serviceRequests.id, observations.serviceRequestId))
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
