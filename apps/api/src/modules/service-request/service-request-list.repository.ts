import {
  FINISHED_SR_STATUSES,
  OPEN_SR_STATUSES,
  type SrListQuery,
  type SrSort,
  type SrStatus,
  type SrTab,
} from '@amp/contracts/service-request';
import type { SlaClockState } from '@amp/contracts/sla-clock';
import { type AnyColumn, and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets, serviceRequests } from '../../db/schema/index.js';
import { containsPattern, orderOf, pageOffset } from '../../lib/list-query.js';
import { selectRequests, statusList } from './service-request.repository.js';

/** Totals stop here, like the other lists' (decision 0008): a broad list never counts every row. */
export const COUNT_CAP = 10_000;
/** Assets whose name or code match a search, at most this many. */
const MATCHING_ASSETS = 500;

export const TAB_STATUSES: Record<SrTab, readonly SrStatus[]> = {
  outgoing: OPEN_SR_STATUSES,
  incoming: OPEN_SR_STATUSES,
  completed: FINISHED_SR_STATUSES,
};

const PRIORITY_RANK = sql`array_position(array['low','medium','high','critical']::text[], ${serviceRequests.priority})`;

/** What is left of the resolution target, in ms, now (or when the request closed): slaClock's arithmetic in SQL, for the SLA filter. */
const resolutionRemainingMs = sql`(${serviceRequests.resolutionHours}::bigint * 3600000
  - (extract(epoch from coalesce(${serviceRequests.closedAt}, now()) - ${serviceRequests.sentAt}) * 1000
     - ${serviceRequests.pausedMs}
     - coalesce(extract(epoch from coalesce(${serviceRequests.closedAt}, now()) - ${serviceRequests.pausedSince}) * 1000, 0)))`;
const dueSoonWindow = sql`greatest(${serviceRequests.resolutionHours}::bigint * 720000, 3600000)`;

/** The resolution clock in a state (requests without an SLA are in none). */
function slaStateIs(state: SlaClockState): SQL {
  const timed = sql`${serviceRequests.resolutionHours} is not null`;
  if (state === 'breached') return sql`(${timed} and ${resolutionRemainingMs} < 0)`;
  const dueSoon = sql`(${serviceRequests.closedAt} is null and ${resolutionRemainingMs} >= 0 and ${resolutionRemainingMs} <= ${dueSoonWindow})`;
  if (state === 'due_soon') return sql`(${timed} and ${dueSoon})`;
  return sql`(${timed} and ${resolutionRemainingMs} >= 0 and not ${dueSoon})`;
}

const SORT_COLUMNS: Record<SrSort, (AnyColumn | SQL)[]> = {
  createdAt: [serviceRequests.createdAt],
  updatedAt: [serviceRequests.updatedAt],
  code: [serviceRequests.code],
  priority: [PRIORITY_RANK],
  status: [sql`${serviceRequests.status}`],
  dueAt: [serviceRequests.resolutionDueAt],
};

/** Ids of assets the viewer sees whose name or code match (the request search covers its asset). */
async function matchingAssetIds(db: Db, visibleAssets: SQL, pattern: string): Promise<string[]> {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(visibleAssets, or(ilike(assets.name, pattern), ilike(assets.assetCode, pattern))))
    .limit(MATCHING_ASSETS);
  return rows.map((row) => row.id);
}

/**
 * A page of a tab: `scope` is the access module's condition for the tab (visibleServiceRequestsIn);
 * the tab's statuses, the filters and the search narrow it.
 */
export async function listRequests(db: Db, scope: SQL, visibleAssets: SQL, query: SrListQuery) {
  const statuses = query.status ? TAB_STATUSES[query.tab].filter((status) => status === query.status) : TAB_STATUSES[query.tab];
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const assetIds = pattern ? await matchingAssetIds(db, visibleAssets, pattern) : [];
  const where = and(
    scope,
    statuses.length > 0 ? sql`${serviceRequests.status} in (${statusList(statuses)})` : sql`false`,
    query.assetId ? eq(serviceRequests.assetId, query.assetId) : undefined,
    query.clusterId
      ? sql`(${serviceRequests.clusterId} = ${query.clusterId} or ${serviceRequests.assetId} in (select id from assets where cluster_id = ${query.clusterId}))`
      : undefined,
    query.partyId ? or(eq(serviceRequests.providerId, query.partyId), eq(serviceRequests.organisationId, query.partyId)) : undefined,
    query.priority ? eq(serviceRequests.priority, query.priority) : undefined,
    query.sla ? slaStateIs(query.sla) : undefined,
    pattern
      ? or(
          ilike(serviceRequests.code, pattern),
          ilike(serviceRequests.title, pattern),
          assetIds.length > 0 ? sql`${serviceRequests.assetId} = any(${`{${assetIds.join(',')}}`}::uuid[])` : undefined,
        )
      : undefined,
  );
  const orderBy = query.sort
    ? orderOf(SORT_COLUMNS[query.sort], query.order, serviceRequests.id)
    : [desc(serviceRequests.createdAt), desc(serviceRequests.id)];
  const [rows, total] = await Promise.all([
    selectRequests(db)
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    cappedCount(db, where),
  ]);
  return { rows, total: Math.min(total, COUNT_CAP), totalIsLowerBound: total > COUNT_CAP };
}

/** At most COUNT_CAP + 1 matching rows, counted. */
export async function cappedCount(db: Db, where: SQL | undefined): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as total from (select 1 from ${serviceRequests} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) capped`,
  );
  return (result as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0;
}

/** The tabs' counts for a viewer: each scope with its tab's statuses. */
export async function countTabs(db: Db, scopes: Record<SrTab, SQL>): Promise<Record<SrTab, number>> {
  const entries = await Promise.all(
    (Object.keys(scopes) as SrTab[]).map(
      async (tab) =>
        [tab, await cappedCount(db, and(scopes[tab], sql`${serviceRequests.status} in (${statusList(TAB_STATUSES[tab])})`))] as const,
    ),
  );
  return Object.fromEntries(entries) as Record<SrTab, number>;
}

/** The requests raised for an asset or a fault (GET /v2/sr/raised/{id}), newest first, within what the caller sees. */
export async function raisedFor(db: Db, visibility: SQL, id: string) {
  return selectRequests(db)
    .where(and(visibility, or(eq(serviceRequests.assetId, id), eq(serviceRequests.faultId, id))))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(100);
}
