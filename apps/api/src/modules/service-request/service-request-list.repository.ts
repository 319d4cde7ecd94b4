import { createHash } from 'node:crypto';
import {
  FINISHED_SR_STATUSES,
  OPEN_SR_STATUSES,
  type SrListQuery,
  type SrSort,
  type SrStatus,
  type SrTab,
} from '@amp/contracts/service-request';
import { type AnyColumn, and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { serviceRequestCounts, serviceRequests } from '../../db/schema/service-request.js';
import { containsPattern, orderOf, pageOffset, preparedByShape } from '../../lib/list-query.js';
import { slaClockSql } from '../../rules/sla-clock.js';
import { siteColumns } from '../asset/asset.public.js';
import { selectRequests, selectRequestsWith, statusList } from './service-request.repository.js';

/** Totals stop here, like the other lists' (decision 0008): a broad list never counts every row. */
export const COUNT_CAP = 10_000;

export const TAB_STATUSES: Record<SrTab, readonly SrStatus[]> = {
  outgoing: OPEN_SR_STATUSES,
  incoming: OPEN_SR_STATUSES,
  completed: FINISHED_SR_STATUSES,
};

const PRIORITY_RANK = sql`array_position(array['low','medium','high','critical']::text[], ${serviceRequests.priority})`;

/** The resolution clock (the rule's SQL form), for the SLA filter: requests without an SLA are in no state. */
const resolutionClock = slaClockSql({
  targetHours: serviceRequests.resolutionHours,
  startedAt: serviceRequests.sentAt,
  stoppedAt: serviceRequests.closedAt,
  pausedMs: serviceRequests.pausedMs,
  pausedSince: serviceRequests.pausedSince,
});

const SORT_COLUMNS: Record<SrSort, (AnyColumn | SQL)[]> = {
  createdAt: [serviceRequests.createdAt],
  updatedAt: [serviceRequests.updatedAt],
  code: [serviceRequests.code],
  priority: [PRIORITY_RANK],
  status: [sql`${serviceRequests.status}`],
  // When the resolution target falls due, paused time counted (a pause under way is not).
  dueAt: [
    sql`${serviceRequests.sentAt} + ${serviceRequests.resolutionHours} * interval '1 hour' + ${serviceRequests.pausedMs} * interval '1 millisecond'`,
  ],
};

/** Who a scope's counters are: an organisation on one side (serviceRequestTabCounter). */
export interface TabCounter {
  organisationId: string;
  side: 'owner' | 'provider';
}

/** The counters of these statuses (the contracts' constants, never input), summed: exact and uncapped. */
async function counterTotal(db: Db, counter: TabCounter, statuses: readonly SrStatus[]): Promise<number> {
  if (statuses.length === 0) return 0;
  const [row] = await preparedByShape(
    db
      .select({ total: sql<number>`coalesce(sum(${serviceRequestCounts.total}), 0)::int` })
      .from(serviceRequestCounts)
      .where(
        and(
          eq(serviceRequestCounts.organisationId, counter.organisationId),
          eq(serviceRequestCounts.side, counter.side),
          sql`${serviceRequestCounts.status} in (${statusList(statuses)})`,
        ),
      ),
    'sr_counters',
  ).execute();
  return row?.total ?? 0;
}

/** The only filter the counters can answer is the status: any other makes the total a count of rows. */
const countedByCounters = (query: SrListQuery) =>
  !query.search && !query.assetId && !query.clusterId && !query.partyId && !query.priority && !query.sla;

/** A search that is a request code (SR-000123, or its start) is looked up by code, on a btree range. */
const CODE_SEARCH = /^[A-Za-z][A-Za-z0-9]{1,7}-\d{1,6}$/;

function searchCondition(search: string): SQL {
  if (CODE_SEARCH.test(search)) {
    // As a range (text_pattern_ops' byte order) rather than LIKE 'prefix%', which a generic plan cannot turn into one.
    const from = search.toUpperCase();
    const to = from.slice(0, -1) + String.fromCharCode(from.charCodeAt(from.length - 1) + 1);
    return sql`(${serviceRequests.code} ~>=~ ${from} and ${serviceRequests.code} ~<~ ${to})`;
  }
  const pattern = containsPattern(search);
  return or(ilike(serviceRequests.code, pattern), ilike(serviceRequests.title, pattern), ilike(serviceRequests.subjectLabel, pattern))!;
}

/**
 * A page of a tab: `scope` is the access module's condition for the tab (visibleServiceRequestsIn);
 * the tab's statuses, the filters and the search narrow it. `counter`, when the scope is one
 * organisation's side, gives the total of an unfiltered (or status-filtered) list. Every statement
 * is prepared by its shape.
 */
export async function listRequests(db: Db, scope: SQL, counter: TabCounter | undefined, query: SrListQuery) {
  const statuses = query.status ? TAB_STATUSES[query.tab].filter((status) => status === query.status) : TAB_STATUSES[query.tab];
  const where = and(
    scope,
    statuses.length > 0 ? sql`${serviceRequests.status} in (${statusList(statuses)})` : sql`false`,
    query.assetId ? eq(serviceRequests.assetId, query.assetId) : undefined,
    query.clusterId
      ? sql`(${serviceRequests.clusterId} = ${query.clusterId} or ${serviceRequests.assetId} in (select id from assets where cluster_id = ${query.clusterId}))`
      : undefined,
    query.partyId ? or(eq(serviceRequests.providerId, query.partyId), eq(serviceRequests.organisationId, query.partyId)) : undefined,
    query.priority ? eq(serviceRequests.priority, query.priority) : undefined,
    query.sla ? resolutionClock.isIn(query.sla) : undefined,
    query.search ? searchCondition(query.search) : undefined,
  );
  const offset = pageOffset(query.page, query.pageSize);
  // A search in the default order is found once: its matches (at most the cap and one) are counted
  // and paged from there, instead of one index scan for the count and another for the page.
  if (query.search && !query.sort) {
    const matches = await preparedByShape(
      db
        .select({ id: serviceRequests.id, createdAt: serviceRequests.createdAt })
        .from(serviceRequests)
        .where(where)
        .limit(COUNT_CAP + 1),
      'sr_matches',
    ).execute();
    const pageIds = matches
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .slice(offset, offset + query.pageSize)
      .map((match) => match.id);
    const rows = pageIds.length === 0 ? [] : await pageOf(db, pageIds);
    return { rows, total: Math.min(matches.length, COUNT_CAP), totalIsLowerBound: matches.length > COUNT_CAP };
  }
  const orderBy = query.sort
    ? orderOf(SORT_COLUMNS[query.sort], query.order, serviceRequests.id)
    : [desc(serviceRequests.createdAt), desc(serviceRequests.id)];
  const byCounters = counter !== undefined && countedByCounters(query);
  const total = byCounters ? counterTotalOf(counter, statuses) : cappedCountOf(where);
  // One statement: the page, each row carrying the total. Named after its shape (the conditions'
  // and the order's text, values being parameters), so it is built once here and planned once per
  // connection.
  const shape = `${dialect.sqlToQuery(and(where, ...orderBy)!).sql}|${dialect.sqlToQuery(total).sql}`;
  const rows = await selectRequestsWith(db, { total: total.mapWith(Number) })
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset(offset)
    .prepare(`sr_page_${createHash('sha1').update(shape).digest('hex').slice(0, 20)}`)
    .execute();
  // A page past the end has no row to carry the total.
  const counted =
    rows[0]?.total ?? (offset === 0 ? 0 : byCounters ? await counterTotal(db, counter, statuses) : await cappedCount(db, where));
  // Counters are exact; a count of rows stops past the cap.
  return { rows, total: byCounters ? counted : Math.min(counted, COUNT_CAP), totalIsLowerBound: !byCounters && counted > COUNT_CAP };
}

const dialect = new PgDialect();

/** The counters of these statuses summed, as a scalar subquery. */
export function counterTotalOf(counter: TabCounter, statuses: readonly SrStatus[]): SQL<number> {
  if (statuses.length === 0) return sql<number>`0`;
  return sql<number>`(select coalesce(sum(c.total), 0)::int from service_request_counts c
    where c.organisation_id = ${counter.organisationId} and c.side = ${counter.side} and c.status in (${statusList(statuses)}))`;
}

/** At most COUNT_CAP + 1 rows matching `where`, counted, as a scalar subquery (its table shadows the outer one). */
function cappedCountOf(where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${serviceRequests} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) capped)`;
}

/** These requests, newest first (a search's page): one statement for any page, the ids as one array. */
function pageOf(db: Db, ids: readonly string[]) {
  return preparedByShape(
    selectRequests(db)
      .where(sql`${serviceRequests.id} = any(${`{${ids.join(',')}}`}::uuid[])`)
      .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id)),
    'sr_search_page',
  ).execute();
}

/** At most COUNT_CAP + 1 matching rows, counted. */
export async function cappedCount(db: Db, where: SQL | undefined): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(serviceRequests)
    .where(where)
    .limit(COUNT_CAP + 1)
    .as('capped');
  const [row] = await preparedByShape(db.select({ total: sql<number>`count(*)::int` }).from(capped), 'sr_count').execute();
  return row?.total ?? 0;
}

/** The rows in these statuses (none: no row). */
export const inStatuses = (statuses: readonly SrStatus[]) =>
  statuses.length > 0 ? sql`${serviceRequests.status} in (${statusList(statuses)})` : sql`false`;

/** The requests raised for an asset or a fault (GET /v2/sr/raised/{id}), newest first, within what the caller sees. */
export async function raisedFor(db: Db, visibility: SQL, id: string) {
  return selectRequests(db)
    .where(and(visibility, or(eq(serviceRequests.assetId, id), eq(serviceRequests.faultId, id))))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(100);
}

/**
 * The caller's own open requests (the technician's home): those in `scope`
 * (visibleServiceRequestsAssignedToViewer) in these statuses, with their site, the oldest first, at most `limit`.
 */
export async function listAssignedOpen(db: Db, scope: SQL, statuses: readonly SrStatus[], limit: number) {
  return selectRequestsWith(db, siteColumns({ clusterId: serviceRequests.clusterId, assetId: serviceRequests.assetId }))
    .where(and(scope, statuses.length > 0 ? sql`${serviceRequests.status} in (${statusList(statuses)})` : sql`false`))
    .orderBy(serviceRequests.createdAt, serviceRequests.id)
    .limit(limit);
}
