import type { SrStatus } from '@amp/contracts/service-request';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { serviceRequestDeadlines, serviceRequests } from '../../db/schema/service-request.js';
import { qualified } from '../../lib/qualified.js';
import { assetNamesAs, findAsset } from '../asset/asset.public.js';
import { clusterNamesAs, findCluster } from '../cluster/cluster.public.js';
import { faultReporterOf } from '../fault/fault.public.js';
import { activeOrganisationChoices, findActiveOrganisation, organisationNamesAs } from '../registration/registration.public.js';
import { userNameOf } from '../user/user.public.js';

/**
 * The list's names of the owner, the provider, the asset and the cluster are joined through the
 * owners' join-ready projections, not read by a subquery per column: the lists are the hot path
 * (docs/decisions/0033-tables-with-owners.md, "Where a list joins").
 */
const owners = organisationNamesAs('owner_org');
const providers = organisationNamesAs('provider_org');
const assets = assetNamesAs('assets');
const clusters = clusterNamesAs('clusters');
function joinSummary<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(owners, eq(owners.id, serviceRequests.organisationId))
    .innerJoin(providers, eq(providers.id, serviceRequests.providerId))
    .leftJoin(assets, eq(assets.id, serviceRequests.assetId))
    .leftJoin(clusters, eq(clusters.id, serviceRequests.clusterId));
}

/** The columns a list row and the detail share. */
export const summaryColumns = {
  id: serviceRequests.id,
  code: serviceRequests.code,
  title: serviceRequests.title,
  status: serviceRequests.status,
  priority: serviceRequests.priority,
  receiverType: serviceRequests.receiverType,
  organisationId: serviceRequests.organisationId,
  providerId: serviceRequests.providerId,
  ownerName: owners.name,
  providerName: providers.name,
  assetId: serviceRequests.assetId,
  assetCode: assets.assetCode,
  assetName: assets.name,
  clusterId: serviceRequests.clusterId,
  clusterCode: clusters.clusterCode,
  clusterName: clusters.name,
  slaId: serviceRequests.slaId,
  slaTitle: serviceRequests.slaTitle,
  responseHours: serviceRequests.responseHours,
  resolutionHours: serviceRequests.resolutionHours,
  sentAt: serviceRequests.sentAt,
  acceptedAt: serviceRequests.acceptedAt,
  closedAt: serviceRequests.closedAt,
  pausedMs: serviceRequests.pausedMs,
  pausedSince: serviceRequests.pausedSince,
  assignees: sql<number>`(select count(*)::int from service_request_assignees sra where sra.service_request_id = ${qualified(serviceRequests.id)})`,
  createdAt: serviceRequests.createdAt,
  updatedAt: serviceRequests.updatedAt,
};

/** Service requests with their owner, provider, asset and cluster, for a list or one record. */
export function selectRequests(db: Db) {
  return selectRequestsWith(db, {});
}

/** selectRequests with more columns (a list's total, carried by every row of its page). */
export function selectRequestsWith<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra) {
  return joinSummary(
    db
      .select({ ...summaryColumns, ...extra })
      .from(serviceRequests)
      .$dynamic(),
  );
}

/** One request the caller sees (the access module's condition), with the detail's extra columns. */
export async function findVisibleRequest(db: Db, visibility: SQL, id: string) {
  const [row] = await selectDetail(db, {})
    .where(and(eq(serviceRequests.id, id), visibility))
    .limit(1);
  return row;
}

/** The detail's columns of a request. */
const detailColumns = {
  ...summaryColumns,
  description: serviceRequests.description,
  faultId: serviceRequests.faultId,
  ...faultReporterOf(serviceRequests.faultId),
  declineReason: serviceRequests.declineReason,
  closeNote: serviceRequests.closeNote,
  createdBy: serviceRequests.createdBy,
  creatorName: userNameOf(serviceRequests.createdBy),
  lastActivityAt: serviceRequests.lastActivityAt,
};

/** The staff assigned to it, read with the row (a step decides on them: the assignee party). */
const assigneeIds = sql<
  string[]
>`coalesce((select json_agg(a.user_id) from service_request_assignees a where a.service_request_id = ${qualified(serviceRequests.id)}), '[]'::json)`;

function selectDetail<Extra extends Record<string, SQL>>(db: Db, extra: Extra) {
  return joinSummary(
    db
      .select({ ...detailColumns, ...extra })
      .from(serviceRequests)
      .$dynamic(),
  );
}

/**
 * The one locked read of a step (the document kernel's): the visible request with the detail's
 * columns and its assignees, its row locked for the rest of the transaction.
 */
export async function lockVisibleRequest(tx: Db, visibility: SQL, id: string) {
  const [row] = await selectDetail(tx, { assigneeIds })
    .where(and(eq(serviceRequests.id, id), visibility))
    .limit(1)
    .for('update', { of: serviceRequests });
  return row;
}
export type SrDetailRow = NonNullable<Awaited<ReturnType<typeof findVisibleRequest>>>;
export type LockedRequestRow = NonNullable<Awaited<ReturnType<typeof lockVisibleRequest>>>;

export async function insertRequest(tx: Db, values: typeof serviceRequests.$inferInsert): Promise<string> {
  const [row] = await tx.insert(serviceRequests).values(values).returning({ id: serviceRequests.id });
  return row!.id;
}

// ---------------------------------------------------------------------------------------------
// The clocks (their states are slaClock's) and the SLA job's deadlines. The due-soon window is the
// last fifth of the target, at least its last hour (dueSoonWindowMs): a fifth of an hour is 12
// minutes. Each deadline is written from the request's own row, so they agree with its timestamps.

/** A running pause's milliseconds added to the paused ones, up to now. */
const pausedUntilNow = sql`${serviceRequests.pausedMs} + coalesce(floor(extract(epoch from now() - ${serviceRequests.pausedSince}) * 1000), 0)::bigint`;

/** Accepted: the response clock stops. */
export const STOP_RESPONSE = { acceptedAt: sql`now()` };

/** An observation awaits the owner: the resolution clock pauses (a pause under way stays as it is). */
export const PAUSE_RESOLUTION = { pausedSince: sql`coalesce(${serviceRequests.pausedSince}, now())` };

/** The owner decided: the pause ends and the clock runs on. */
export const RESUME_RESOLUTION = { pausedMs: pausedUntilNow, pausedSince: null };

/** Closed (or declined): every clock stops; a pause under way ends with it. */
export const STOP_ALL = { pausedMs: pausedUntilNow, pausedSince: null, closedAt: sql`now()` };

type Clock = 'response' | 'resolution';

/**
 * Schedules the notices of these clocks of a request that has targets, from its row as it is now
 * (sent_at, the hours, the paused time); a notice already given stays given (the key keeps one row
 * per notice). Called when it is sent (both clocks) and when a pause ends (resolution).
 */
export async function scheduleDeadlines(tx: Db, id: string, clocks: readonly Clock[]) {
  const rows = clocks.flatMap((clock) => [`${clock}_due_soon`, `${clock}_breached`]);
  const hours = (clock: string) => (clock.startsWith('response') ? serviceRequests.responseHours : serviceRequests.resolutionHours);
  const due = (notice: string) => {
    const end = sql`${serviceRequests.sentAt} + ${hours(notice)} * interval '1 hour'${notice.startsWith('resolution') ? sql` + ${serviceRequests.pausedMs} * interval '1 millisecond'` : sql``}`;
    return notice.endsWith('breached') ? end : sql`${end} - greatest(${hours(notice)} * interval '12 minutes', interval '1 hour')`;
  };
  await tx.execute(sql`
    insert into service_request_deadlines (service_request_id, notice, due_at)
    select ${serviceRequests.id}, n.notice, n.due_at
      from ${serviceRequests}
      cross join lateral (values ${sql.join(
        rows.map((notice) => sql`(${notice}, ${due(notice)})`),
        sql`, `,
      )}) as n(notice, due_at)
     where ${serviceRequests.id} = ${id} and ${serviceRequests.resolutionHours} is not null
    on conflict (service_request_id, notice) do nothing`);
}

/** Removes the notices of these clocks not given yet (the clock stopped or paused). */
export async function dropPendingDeadlines(tx: Db, id: string, clocks: readonly Clock[]) {
  await tx.delete(serviceRequestDeadlines).where(
    and(
      eq(serviceRequestDeadlines.serviceRequestId, id),
      isNull(serviceRequestDeadlines.toldAt),
      inArray(
        serviceRequestDeadlines.notice,
        clocks.flatMap((clock) => [`${clock}_due_soon` as const, `${clock}_breached` as const]),
      ),
    ),
  );
}

/** Statuses as SQL text from the contracts' constants (never input). */
export function statusList(statuses: readonly SrStatus[]): SQL {
  return sql.raw(statuses.map((status) => `'${status}'`).join(', '));
}

// ---------------------------------------------------------------------------------------------
// What a request is about and whom it goes to

/** The owner's own asset or cluster a request names (undefined when it is not the owner's). */
export async function findOwnTarget(db: Db, organisationId: string, target: { asset: string | null; cluster: string | null }) {
  if (target.asset) {
    const asset = await findAsset(db, organisationId, target.asset);
    // The cluster, when sent with an asset, is the one the form picked it from.
    if (!asset || (target.cluster && asset.cluster?.id !== target.cluster)) return undefined;
    return { assetId: asset.id, clusterId: asset.cluster?.id ?? null, name: asset.name, code: asset.assetCode, status: asset.status };
  }
  if (!target.cluster) return undefined;
  const cluster = await findCluster(db, organisationId, target.cluster);
  return cluster
    ? { assetId: null, clusterId: cluster.id, name: cluster.name, code: cluster.clusterCode, status: 'active' as const }
    : undefined;
}

/** An active provider organisation of a kind (a request's receiver). */
export async function findProvider(db: Db, id: string, kind: string) {
  return findActiveOrganisation(db, id, kind);
}

/** Active provider organisations of these kinds, by name, matching a search: the send form's choices. */
export async function providersOfKind(db: Db, kinds: readonly string[], search: string | undefined, first: readonly string[]) {
  return activeOrganisationChoices(db, kinds, search, first);
}
