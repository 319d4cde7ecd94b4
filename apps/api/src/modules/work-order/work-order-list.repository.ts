import type { SlaClockState } from '@amp/contracts/sla-clock';
import {
  WO_TAB_STATUSES,
  type WoApprovalQuery,
  type WoApprovalState,
  type WoListQuery,
  type WoSort,
  type WoStatus,
  type WoTab,
} from '@amp/contracts/work-order';
import { type AnyColumn, and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { approvalAwaitingCounts, approvalSteps, workOrderCounts, workOrders } from '../../db/schema/index.js';
import { containsPattern, orderOf, pageOffset, preparedByShape } from '../../lib/list-query.js';
import { approvalRejected, selectOrdersWith, statusList } from './work-order.repository.js';

/** Totals stop here, like the other lists' (decision 0008): a broad list never counts every row. */
export const COUNT_CAP = 10_000;

const PRIORITY_RANK = sql`array_position(array['low','medium','high','critical']::text[], ${workOrders.priority})`;

/** What is left of the resolution target, in ms, now (or when it was completed or closed): slaClock's arithmetic in SQL. */
const resolutionRemainingMs = sql`(${workOrders.resolutionHours}::bigint * 3600000
  - (extract(epoch from coalesce(${workOrders.completedAt}, ${workOrders.closedAt}, now()) - ${workOrders.sentAt}) * 1000 - ${workOrders.pausedMs}))`;
const dueSoonWindow = sql`greatest(${workOrders.resolutionHours}::bigint * 720000, 3600000)`;

/** The resolution clock in a state (work orders without an SLA, or not sent yet, are in none). */
function slaStateIs(state: SlaClockState): SQL {
  const timed = sql`${workOrders.resolutionHours} is not null and ${workOrders.sentAt} is not null`;
  if (state === 'breached') return sql`(${timed} and ${resolutionRemainingMs} < 0)`;
  const running = sql`${workOrders.completedAt} is null and ${workOrders.closedAt} is null`;
  const dueSoon = sql`(${running} and ${resolutionRemainingMs} >= 0 and ${resolutionRemainingMs} <= ${dueSoonWindow})`;
  if (state === 'due_soon') return sql`(${timed} and ${dueSoon})`;
  return sql`(${timed} and ${resolutionRemainingMs} >= 0 and not ${dueSoon})`;
}

/** Where the approvals stand: under way, done, rejected back to draft, or none of those (the answer's approvalOf, in SQL). */
const APPROVAL_PENDING = sql`${workOrders.status} = 'pending_approval'`;
const APPROVAL_APPROVED = sql`(${workOrders.approvalNeeded} is true and ${workOrders.sentAt} is not null)`;
function approvalIs(state: WoApprovalState): SQL {
  switch (state) {
    case 'pending':
      return APPROVAL_PENDING;
    case 'approved':
      return APPROVAL_APPROVED;
    case 'rejected':
      return approvalRejected;
    default:
      // Whatever shows as none: never submitted, sent without levels, withdrawn by a change, ended while pending.
      return sql`not (${APPROVAL_PENDING} or ${APPROVAL_APPROVED} or ${approvalRejected})`;
  }
}

const SORT_COLUMNS: Record<WoSort, (AnyColumn | SQL)[]> = {
  createdAt: [workOrders.createdAt],
  updatedAt: [workOrders.updatedAt],
  code: [workOrders.code],
  priority: [PRIORITY_RANK],
  status: [sql`${workOrders.status}`],
  total: [workOrders.totalKobo],
  dueDate: [workOrders.dueDate],
};

export interface TabCounter {
  organisationId: string;
  side: 'owner' | 'provider';
}

const countedByCounters = (query: WoListQuery) =>
  !query.search &&
  !query.assetId &&
  !query.clusterId &&
  !query.partyId &&
  !query.priority &&
  !query.sla &&
  !query.approval &&
  !query.from &&
  !query.to;

const CODE_SEARCH = /^[A-Za-z][A-Za-z0-9]{1,7}-\d{1,6}$/;

function searchCondition(search: string): SQL {
  if (CODE_SEARCH.test(search)) {
    const from = search.toUpperCase();
    const to = from.slice(0, -1) + String.fromCharCode(from.charCodeAt(from.length - 1) + 1);
    return sql`(${workOrders.code} ~>=~ ${from} and ${workOrders.code} ~<~ ${to})`;
  }
  const pattern = containsPattern(search);
  return or(ilike(workOrders.code, pattern), ilike(workOrders.title, pattern), ilike(workOrders.subjectLabel, pattern))!;
}

/** A Lagos day's bounds (UTC+1, no daylight saving). */
const dayStart = (date: string) => sql`(${date}::date::timestamp at time zone 'Africa/Lagos')`;

/**
 * A page of a tab: `scope` is the access module's condition (visibleWorkOrdersIn); the tab's
 * statuses, the filters and the search narrow it; `counter`, when the scope is one organisation's
 * side, gives the total of an unfiltered (or status-filtered) list. Statements are prepared by shape.
 */
export async function listOrders(db: Db, scope: SQL, counter: TabCounter | undefined, query: WoListQuery) {
  const tabStatuses = WO_TAB_STATUSES[query.tab];
  const statuses = query.status ? tabStatuses.filter((status) => status === query.status) : tabStatuses;
  const where = and(
    scope,
    statuses.length > 0 ? sql`${workOrders.status} in (${statusList(statuses)})` : sql`false`,
    query.assetId ? eq(workOrders.assetId, query.assetId) : undefined,
    query.clusterId
      ? sql`(${workOrders.clusterId} = ${query.clusterId} or ${workOrders.assetId} in (select id from assets where cluster_id = ${query.clusterId}))`
      : undefined,
    query.partyId ? or(eq(workOrders.providerId, query.partyId), eq(workOrders.organisationId, query.partyId)) : undefined,
    query.priority ? eq(workOrders.priority, query.priority) : undefined,
    query.approval ? approvalIs(query.approval) : undefined,
    query.sla ? slaStateIs(query.sla) : undefined,
    query.from ? sql`${workOrders.createdAt} >= ${dayStart(query.from)}` : undefined,
    query.to ? sql`${workOrders.createdAt} < ${dayStart(query.to)} + interval '1 day'` : undefined,
    query.search ? searchCondition(query.search) : undefined,
  );
  const offset = pageOffset(query.page, query.pageSize);
  const orderBy = query.sort
    ? orderOf(SORT_COLUMNS[query.sort], query.order, workOrders.id)
    : [desc(workOrders.createdAt), desc(workOrders.id)];
  const byCounters = counter !== undefined && countedByCounters(query);
  const total = byCounters ? counterTotalOf(counter, statuses) : cappedCountOf(where);
  const rows = await preparedByShape(
    selectOrdersWith(db, { total: total.mapWith(Number) })
      .where(where)
      .orderBy(...orderBy)
      .limit(query.pageSize)
      .offset(offset),
    'wo_page',
  ).execute();
  const counted = rows[0]?.total ?? (offset === 0 ? 0 : await scalar(db, total));
  return { rows, total: byCounters ? counted : Math.min(counted, COUNT_CAP), totalIsLowerBound: !byCounters && counted > COUNT_CAP };
}

async function scalar(db: Db, total: SQL<number>): Promise<number> {
  const result = await db.execute(sql`select ${total} as total`);
  return Number((result as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
}

function counterTotalOf(counter: TabCounter, statuses: readonly WoStatus[]): SQL<number> {
  if (statuses.length === 0) return sql<number>`0`;
  return sql<number>`(select coalesce(sum(c.total), 0)::int from ${workOrderCounts} c
    where c.organisation_id = ${counter.organisationId} and c.side = ${counter.side} and c.status in (${statusList(statuses)}))`;
}

function cappedCountOf(where: SQL | undefined): SQL<number> {
  return sql<number>`(select count(*)::int from (select 1 from ${workOrders} where ${where ?? sql`true`} limit ${COUNT_CAP + 1}) capped)`;
}

/** The tabs' counts for a viewer: each tab's counters when it has them, else its scope's rows (capped). */
export async function countTabs(db: Db, scopes: Record<WoTab, { scope: SQL; counter: TabCounter | undefined }>) {
  const entries = await Promise.all(
    (Object.keys(scopes) as WoTab[]).map(async (tab) => {
      const { scope, counter } = scopes[tab];
      const statuses = WO_TAB_STATUSES[tab];
      const total = counter
        ? await scalar(db, counterTotalOf(counter, statuses))
        : Math.min(COUNT_CAP, await scalar(db, cappedCountOf(and(scope, sql`${workOrders.status} in (${statusList(statuses)})`))));
      return [tab, total] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<WoTab, number>;
}

// ---------------------------------------------------------------------------------------------
// Approval Requests

/**
 * GET /v2/wo/sent/approval: the caller's organisation's work orders whose pending step the caller
 * is an approver of ("Awaiting Approval", oldest ask first), or whose steps the caller approved
 * ("Approved by me", newest first). Each row carries its step.
 */
export async function listApprovals(db: Db, viewer: { userId: string; organisationId: string }, query: WoApprovalQuery) {
  const awaiting = query.view === 'awaiting';
  // A pending step is always of its document's current round (a change, a rejection or an end
  // cancels the open steps), so "awaiting" needs only the steps' own columns (the organisation's
  // pending steps in the order asked, approval_steps_org_pending_idx); an approval of a round since
  // replaced no longer counts as the caller's.
  const mine = awaiting
    ? sql`${approvalSteps.status} = 'pending' and ${approvalSteps.approverIds} @> array[${viewer.userId}::uuid]`
    : sql`${approvalSteps.status} = 'approved' and ${approvalSteps.decidedBy} = ${viewer.userId} and ${approvalSteps.round} = ${workOrders.approvalRound}`;
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    eq(approvalSteps.documentType, 'wo'),
    eq(approvalSteps.organisationId, viewer.organisationId),
    mine,
    pattern ? or(ilike(workOrders.code, pattern), ilike(workOrders.title, pattern), ilike(workOrders.subjectLabel, pattern)) : undefined,
  );
  // Awaiting without a search reads the approver's counter; otherwise the rows are counted (capped).
  const byCounter = awaiting && !pattern;
  const total = byCounter
    ? awaitingCounterOf(viewer.userId)
    : sql<number>`(select count(*)::int from (select 1 from ${approvalSteps} join ${workOrders} on ${workOrders.id} = ${approvalSteps.documentId}
        where ${where} limit ${COUNT_CAP + 1}) capped)`;
  const rows = await preparedByShape(
    selectOrdersWith(db, {
      stepId: sql<string>`${approvalSteps.id}`,
      stepOrder: sql<number>`${approvalSteps.position}`,
      stepName: sql<string>`${approvalSteps.name}`,
      steps: sql<number>`(select count(*)::int from approval_steps s2 where s2.document_type = 'wo' and s2.document_id = ${workOrders.id} and s2.round = ${workOrders.approvalRound})`,
      askedAt: sql<Date | null>`${approvalSteps.askedAt}`.mapWith(approvalSteps.askedAt),
      decidedAt: sql<Date | null>`${approvalSteps.decidedAt}`.mapWith(approvalSteps.decidedAt),
      total: total.mapWith(Number),
    })
      .innerJoin(approvalSteps, eq(approvalSteps.documentId, workOrders.id))
      .where(where)
      .orderBy(...(awaiting ? [approvalSteps.askedAt, workOrders.id] : [desc(approvalSteps.decidedAt), desc(workOrders.id)]))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    'wo_approvals',
  ).execute();
  const found = rows[0]?.total ?? (query.page === 1 ? 0 : await scalar(db, total));
  if (byCounter) return { rows, total: found, totalIsLowerBound: false };
  return { rows, total: Math.min(found, COUNT_CAP), totalIsLowerBound: found > COUNT_CAP };
}

/** The pending work order steps waiting for an approver: its counter (migration 0026). */
const awaitingCounterOf = (userId: string) =>
  sql<number>`(select coalesce((select c.total from ${approvalAwaitingCounts} c where c.user_id = ${userId} and c.document_type = 'wo'), 0))`;

/** How many steps wait for the caller's approval (the menu's badge). */
export async function countAwaiting(db: Db, viewer: { userId: string }) {
  return scalar(db, awaitingCounterOf(viewer.userId));
}

/** The work orders raised for an asset or a fault (or, `provider`, sent to a provider: one is enough), newest first, within what the caller sees. */
export async function raisedFor(db: Db, visibility: SQL, id: string, by: 'subject' | 'provider' = 'subject') {
  const link = by === 'provider' ? eq(workOrders.providerId, id) : or(eq(workOrders.assetId, id), eq(workOrders.faultId, id));
  return selectOrdersWith(db, {})
    .where(and(visibility, link))
    .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
    .limit(by === 'provider' ? 1 : 100);
}
