import { WO_TAB_STATUSES, type WoApprovalQuery, type WoListQuery, type WoSort, type WoStatus, type WoTab } from '@amp/contracts/work-order';
import { type AnyColumn, and, desc, eq, ilike, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { VIEWER_KEYS } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { workOrderCounts, workOrders } from '../../db/schema/work-order.js';
import { cachedByShape, containsPattern, orderOf, pageOffset, shapeName, shapeText } from '../../lib/list-query.js';
import { approvalIsSql } from '../../rules/approval-state.js';
import { slaClockSql } from '../../rules/sla-clock.js';
import { approvalStepsAs, awaitingCountOf, stepsInRoundOf } from '../approval/approval.public.js';
import { siteColumns } from '../asset/asset.public.js';
import { approvalRejected, selectOrdersWith, statusList } from './work-order.repository.js';

/** Totals stop here, like the other lists' (decision 0008): a broad list never counts every row. */
export const COUNT_CAP = 10_000;

const PRIORITY_RANK = sql`array_position(array['low','medium','high','critical']::text[], ${workOrders.priority})`;

/** The resolution clock (the rule's SQL form): work orders without an SLA, or not sent yet, are in no state. */
const resolutionClock = slaClockSql({
  targetHours: workOrders.resolutionHours,
  startedAt: workOrders.sentAt,
  stoppedAt: sql`coalesce(${workOrders.completedAt}, ${workOrders.closedAt})`,
  pausedMs: workOrders.pausedMs,
});

/** Where the approvals stand (the rule's SQL form of the answer's approvalOf). */
const APPROVAL_COLUMNS = {
  status: workOrders.status,
  approvalNeeded: workOrders.approvalNeeded,
  sentAt: workOrders.sentAt,
  rejected: approvalRejected,
};

const SORT_COLUMNS: Record<WoSort, (AnyColumn | SQL)[]> = {
  createdAt: [workOrders.createdAt],
  updatedAt: [workOrders.updatedAt],
  code: [workOrders.code],
  priority: [PRIORITY_RANK],
  status: [sql`${workOrders.status}`],
  total: [workOrders.totalKobo],
  dueDate: [workOrders.dueDate],
};

/** The side whose counters give a tab's total, when its scope is exactly the viewer's organisation's work orders on that side. */
export type TabCounter = 'owner' | 'provider';

/** The filters a list query uses: each combination (with the scope, the statuses and the sort) is one prepared statement. */
type ListFilter = 'assetId' | 'clusterId' | 'partyId' | 'priority' | 'approval' | 'sla' | 'from' | 'to' | 'search';
const LIST_FILTERS: ListFilter[] = ['assetId', 'clusterId', 'partyId', 'priority', 'approval', 'sla', 'from', 'to', 'search'];

/** A code ("WO-000123", "LT-12"): searched as a prefix range of the code index, not a trigram scan. */
const CODE_SEARCH = /^[A-Za-z][A-Za-z0-9]{1,7}-\d{1,6}$/;

const p = (name: string) => sql.placeholder(name);

/** A Lagos day's bounds (UTC+1, no daylight saving). */
const dayStart = (date: Placeholder) => sql`(${date}::date::timestamp at time zone 'Africa/Lagos')`;

/**
 * The WHERE of the list's filters, on placeholders named after them; the approval and SLA states
 * and the kind of search are part of the shape (their SQL differs), their values are not.
 */
function filterWhere(filters: ListFilter[], query: WoListQuery, codeSearch: boolean): SQL | undefined {
  const has = (filter: ListFilter) => filters.includes(filter);
  return and(
    has('assetId') ? eq(workOrders.assetId, p('assetId')) : undefined,
    has('clusterId')
      ? sql`(${workOrders.clusterId} = ${p('clusterId')} or ${workOrders.assetId} in (select id from assets where cluster_id = ${p('clusterId')}))`
      : undefined,
    has('partyId') ? or(eq(workOrders.providerId, p('partyId')), eq(workOrders.organisationId, p('partyId'))) : undefined,
    has('priority') ? eq(workOrders.priority, p('priority')) : undefined,
    query.approval ? approvalIsSql(APPROVAL_COLUMNS, query.approval) : undefined,
    query.sla ? resolutionClock.isIn(query.sla) : undefined,
    has('from') ? sql`${workOrders.createdAt} >= ${dayStart(p('from'))}` : undefined,
    has('to') ? sql`${workOrders.createdAt} < ${dayStart(p('to'))} + interval '1 day'` : undefined,
    !has('search')
      ? undefined
      : codeSearch
        ? sql`(${workOrders.code} ~>=~ ${p('codeFrom')} and ${workOrders.code} ~<~ ${p('codeTo')})`
        : or(ilike(workOrders.code, p('pattern')), ilike(workOrders.title, p('pattern')), ilike(workOrders.subjectLabel, p('pattern'))),
  );
}

/** The search's values: a code's prefix range, or a pattern. */
function searchValues(search: string, codeSearch: boolean): Record<string, string> {
  if (!codeSearch) return { pattern: containsPattern(search) };
  const from = search.toUpperCase();
  return { codeFrom: from, codeTo: from.slice(0, -1) + String.fromCharCode(from.charCodeAt(from.length - 1) + 1) };
}

/** The viewer's organisation's counters of these statuses, on one side, summed: exact. The side is part of the shape, written as a constant. */
export function counterTotalOf(side: TabCounter, statuses: readonly WoStatus[]): SQL<number> {
  if (statuses.length === 0) return sql<number>`0`;
  return sql<number>`(select coalesce(sum(c.total), 0)::int from ${workOrderCounts} c
    where c.organisation_id = ${VIEWER_KEYS.organisationId} and c.side = ${sql.raw(side === 'owner' ? "'owner'" : "'provider'")} and c.status in (${statusList(statuses)}))`;
}

/** At most COUNT_CAP + 1 matching rows, counted: an index range, never the whole tenant. */
function cappedCountOf(where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${workOrders} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) capped)`;
}

/** The statuses a query reads: its tab's, narrowed to its status filter. */
function statusesOf(query: WoListQuery): readonly WoStatus[] {
  const tabStatuses = WO_TAB_STATUSES[query.tab];
  return query.status ? tabStatuses.filter((status) => status === query.status) : tabStatuses;
}

export const inStatuses = (statuses: readonly WoStatus[]) =>
  statuses.length > 0 ? sql`${workOrders.status} in (${statusList(statuses)})` : sql`false`;

const preparedLists = new WeakMap<Db, Map<string, ReturnType<typeof prepareList>>>();

function prepareList(
  db: Db,
  scope: SQL,
  statuses: readonly WoStatus[],
  filters: ListFilter[],
  query: WoListQuery,
  counter: TabCounter | undefined,
  codeSearch: boolean,
  key: string,
) {
  const where = and(scope, inStatuses(statuses), filterWhere(filters, query, codeSearch));
  const orderBy = query.sort
    ? orderOf(SORT_COLUMNS[query.sort], query.order, workOrders.id)
    : [desc(workOrders.createdAt), desc(workOrders.id)];
  const total = counter ? counterTotalOf(counter, statuses) : cappedCountOf(where);
  const name = shapeName('wo_list', key);
  // The total rides along as an uncorrelated subquery (computed once): one round trip per page.
  const page = selectOrdersWith(db, { total: total.mapWith(Number) })
    .where(where)
    .orderBy(...orderBy)
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare(`${name}_page`);
  // A page past the end has no row to carry the total.
  const totalOnly = db
    .select({ total: total.mapWith(Number) })
    .from(sql`(select 1) as one`)
    .prepare(`${name}_total`);
  return { page, totalOnly };
}

/**
 * A page of a tab: `scope` is the access module's condition (visibleWorkOrdersIn on VIEWER_KEYS,
 * bound to `viewer`); the tab's statuses, the filters and the search narrow it; `counter`, when the
 * scope is the viewer's organisation's side, gives the total of an unfiltered (or status-filtered)
 * list, exact; any other total is capped. Each shape is built and prepared once (lib/list-query.ts).
 */
export async function listOrders(
  db: Db,
  scope: SQL,
  counter: TabCounter | undefined,
  viewer: { organisationId: string; userId: string },
  query: WoListQuery,
) {
  const statuses = statusesOf(query);
  const filters = LIST_FILTERS.filter((filter) => query[filter] !== undefined && query[filter] !== '');
  const codeSearch = query.search !== undefined && CODE_SEARCH.test(query.search);
  const byCounters = filters.length === 0 ? counter : undefined;
  const key = [
    shapeText(scope),
    statuses.join(','),
    filters.join(','),
    query.approval ?? '',
    query.sla ?? '',
    codeSearch ? 'code' : 'text',
    query.sort ? `${query.sort}:${query.order}` : 'default',
    byCounters ?? 'capped',
  ].join('|');
  const prepared = cachedByShape(preparedLists, db, key, () =>
    prepareList(db, scope, statuses, filters, query, byCounters, codeSearch, key),
  );
  const values: Record<string, unknown> = {
    organisationId: viewer.organisationId,
    userId: viewer.userId,
    limit: query.pageSize,
    offset: pageOffset(query.page, query.pageSize),
  };
  for (const filter of filters) {
    if (filter === 'search') Object.assign(values, searchValues(query.search ?? '', codeSearch));
    else if (filter !== 'approval' && filter !== 'sla') values[filter] = query[filter];
  }
  const rows = await prepared.page.execute(values);
  const counted = rows[0]?.total ?? (values.offset === 0 ? 0 : ((await prepared.totalOnly.execute(values))[0]?.total ?? 0));
  if (byCounters) return { rows, total: counted, totalIsLowerBound: false };
  return { rows, total: Math.min(counted, COUNT_CAP), totalIsLowerBound: counted > COUNT_CAP };
}

// ---------------------------------------------------------------------------------------------
// Approval Requests

/** The pending work order steps waiting for an approver: its counter (migration 0026). */
export const awaitingCounterOf = (userId: string | Placeholder) => awaitingCountOf('wo', userId);

/** The approval steps, joined through the approval module's projection (named as its table, which the raw join below names). */
const approvalSteps = approvalStepsAs('approval_steps');

/**
 * A step's work order, spelt out: a statement selecting from no table renders the columns written
 * directly in a selected expression without their tables, and both tables have an id.
 */
const STEP_OF_ORDER = sql.raw('"work_orders"."id" = "approval_steps"."document_id"');

const preparedApprovals = new WeakMap<Db, Map<string, ReturnType<typeof prepareApprovals>>>();

function prepareApprovals(db: Db, awaiting: boolean, searched: boolean, key: string) {
  // A pending step is always of its document's current round (a change, a rejection or an end
  // cancels the open steps), so "awaiting" needs only the steps' own columns (the organisation's
  // pending steps in the order asked, approval_steps_org_pending_idx); an approval of a round since
  // replaced no longer counts as the caller's.
  const mine = awaiting
    ? sql`${approvalSteps.status} = 'pending' and ${approvalSteps.approverIds} @> array[${VIEWER_KEYS.userId}::uuid]`
    : sql`${approvalSteps.status} = 'approved' and ${approvalSteps.decidedBy} = ${VIEWER_KEYS.userId} and ${approvalSteps.round} = ${workOrders.approvalRound}`;
  const where = and(
    eq(approvalSteps.documentType, 'wo'),
    eq(approvalSteps.organisationId, VIEWER_KEYS.organisationId),
    mine,
    searched
      ? or(ilike(workOrders.code, p('pattern')), ilike(workOrders.title, p('pattern')), ilike(workOrders.subjectLabel, p('pattern')))
      : undefined,
  );
  // Awaiting without a search reads the approver's counter; otherwise the rows are counted (capped).
  const total =
    awaiting && !searched
      ? awaitingCounterOf(VIEWER_KEYS.userId)
      : sql<number>`(select count(*)::int from (select 1 from ${approvalSteps} join ${workOrders} on ${STEP_OF_ORDER}
          where ${where} limit ${COUNT_CAP + 1}) capped)`;
  const name = shapeName('wo_approvals', key);
  const page = selectOrdersWith(db, {
    stepId: sql<string>`${approvalSteps.id}`,
    stepOrder: sql<number>`${approvalSteps.position}`,
    stepName: sql<string>`${approvalSteps.name}`,
    steps: stepsInRoundOf('wo', workOrders.id, workOrders.approvalRound),
    askedAt: sql<Date | null>`${approvalSteps.askedAt}`.mapWith(approvalSteps.askedAt),
    decidedAt: sql<Date | null>`${approvalSteps.decidedAt}`.mapWith(approvalSteps.decidedAt),
    total: total.mapWith(Number),
  })
    .innerJoin(approvalSteps, eq(approvalSteps.documentId, workOrders.id))
    .where(where)
    .orderBy(...(awaiting ? [approvalSteps.askedAt, workOrders.id] : [desc(approvalSteps.decidedAt), desc(workOrders.id)]))
    .limit(p('limit'))
    .offset(p('offset'))
    .prepare(`${name}_page`);
  const totalOnly = db
    .select({ total: total.mapWith(Number) })
    .from(sql`(select 1) as one`)
    .prepare(`${name}_total`);
  return { page, totalOnly, exact: awaiting && !searched };
}

/**
 * GET /v2/wo/sent/approval: the caller's organisation's work orders whose pending step the caller
 * is an approver of ("Awaiting Approval", oldest ask first), or whose steps the caller approved
 * ("Approved by me", newest first). Each row carries its step.
 */
export async function listApprovals(db: Db, viewer: { userId: string; organisationId: string }, query: WoApprovalQuery) {
  const awaiting = query.view === 'awaiting';
  const searched = Boolean(query.search);
  const key = `${query.view}|${searched}`;
  const prepared = cachedByShape(preparedApprovals, db, key, () => prepareApprovals(db, awaiting, searched, key));
  const values: Record<string, unknown> = {
    organisationId: viewer.organisationId,
    userId: viewer.userId,
    limit: query.pageSize,
    offset: pageOffset(query.page, query.pageSize),
    ...(searched ? { pattern: containsPattern(query.search ?? '') } : {}),
  };
  const rows = await prepared.page.execute(values);
  const found = rows[0]?.total ?? (query.page === 1 ? 0 : ((await prepared.totalOnly.execute(values))[0]?.total ?? 0));
  if (prepared.exact) return { rows, total: found, totalIsLowerBound: false };
  return { rows, total: Math.min(found, COUNT_CAP), totalIsLowerBound: found > COUNT_CAP };
}

/** The work orders raised for an asset or a fault (or, `provider`, sent to a provider: one is enough), newest first, within what the caller sees. */
export async function raisedFor(db: Db, visibility: SQL, id: string, by: 'subject' | 'provider' = 'subject') {
  const link = by === 'provider' ? eq(workOrders.providerId, id) : or(eq(workOrders.assetId, id), eq(workOrders.faultId, id));
  return selectOrdersWith(db, {})
    .where(and(visibility, link))
    .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
    .limit(by === 'provider' ? 1 : 100);
}

/**
 * The caller's own open work (the technician's home): the work orders in `scope`
 * (visibleWorkOrdersAssignedToViewer) in these statuses, with their site. The oldest first, at most
 * `limit`; the home orders them by their SLA clocks.
 */
export async function listAssignedOpen(db: Db, scope: SQL, statuses: readonly WoStatus[], limit: number) {
  return selectOrdersWith(db, siteColumns({ clusterId: workOrders.clusterId, assetId: workOrders.assetId }))
    .where(and(scope, inStatuses(statuses)))
    .orderBy(workOrders.createdAt, workOrders.id)
    .limit(limit);
}
