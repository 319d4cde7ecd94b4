import { type FAULT_SORTS, FAULT_STATUSES, type FaultListQuery, type FaultStatus } from '@amp/contracts/fault';
import { type AnyColumn, and, desc, eq, gte, ilike, inArray, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { faults, organisationFaultCounts } from '../../db/schema/fault.js';
import { cachedByShape, containsPattern, orderOf, pageOffset, shapeName, shapeText } from '../../lib/list-query.js';
import { assetIdsMatching } from '../asset/asset.public.js';
import { selectFaultsWithTotal } from './fault.repository.js';

/**
 * The fault list and its tab counts. Totals stop at COUNT_CAP like the asset list's
 * (docs/decisions/0008): a broad tab of a large owner never counts every row.
 *
 * Both are prepared statements, one per shape (the viewer's scope as the access module writes it
 * with placeholders, the filters used, the sort), named after the shape: PostgreSQL plans them once
 * per connection instead of on every request, which was most of their cost (planning the page's
 * joins took longer than running them). The connections use generic plans (decision 0008), so
 * every condition must be one an index serves whatever the owner: the tabs' statuses are written
 * into the scope by visibleFaultsIn (faults_org_status_created_idx, faults_org_closed_created_idx).
 *
 * A tab that is exactly "this organisation's faults in these statuses" (the access module says so:
 * ownerFaultTab, ownerFaultApprovals) is counted, without filters or search, from the owner's
 * counters (organisation_fault_counts, kept by a trigger at commit: migrations 0014, 0015), exactly and uncapped,
 * like the asset list's tenant total. Every other scope, filter or search keeps the capped count.
 */
export const COUNT_CAP = 10_000;

/** Assets whose name or code match a search, at most this many (a search that broad finds them by the fault's own text too). */
const MATCHING_ASSETS = 500;

const SORT_COLUMNS: Record<(typeof FAULT_SORTS)[number], (AnyColumn | SQL)[]> = {
  createdAt: [faults.createdAt],
  updatedAt: [faults.updatedAt],
  code: [faults.code],
  status: [sql`${faults.status}`],
  reporters: [faults.reporters],
};

/** The filters a list query uses: each combination (with the scope and the sort) is one prepared statement. */
type ListFilter = 'status' | 'clusterId' | 'assetId' | 'faultType' | 'source' | 'from' | 'to' | 'search';
const LIST_FILTERS: ListFilter[] = ['status', 'clusterId', 'assetId', 'faultType', 'source', 'from', 'to', 'search'];

/** Lagos midnight of a calendar day (the platform's day: docs/product.md#who-uses-amp, Nigerian customers). */
const lagosDay = (day: Placeholder) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

/** The WHERE of the list's filters and search, on placeholders named after them. */
function filterWhere(filters: ListFilter[]): SQL | undefined {
  const has = (f: ListFilter) => filters.includes(f);
  const p = (name: string) => sql.placeholder(name);
  return and(
    has('status') ? eq(faults.status, p('status')) : undefined,
    has('clusterId') ? eq(faults.clusterId, p('clusterId')) : undefined,
    has('assetId') ? eq(faults.assetId, p('assetId')) : undefined,
    has('faultType') ? eq(faults.faultType, p('faultType')) : undefined,
    has('source') ? eq(faults.source, p('source')) : undefined,
    has('from') ? gte(faults.createdAt, lagosDay(p('from'))) : undefined,
    has('to') ? lt(faults.createdAt, sql`${lagosDay(p('to'))} + interval '1 day'`) : undefined,
    has('search')
      ? or(
          ilike(faults.code, p('pattern')),
          ilike(faults.description, p('pattern')),
          ilike(faults.reporterName, p('pattern')),
          // The matching assets as one array: no match is an empty array (false), and the text stays one shape.
          sql`${faults.assetId} = any(${p('assetIds')}::uuid[])`,
        )
      : undefined,
  );
}

/**
 * A list's scope: the condition on "faults" (placeholders only), and, when it is exactly one
 * organisation's faults in some statuses, those statuses, whose counters give its unfiltered total.
 */
export interface FaultScope {
  where: SQL;
  counted: readonly FaultStatus[] | undefined;
}

/** The viewer's organisation's counters of these statuses (written into the SQL, never input), summed: exact. */
export function counterTotal(statuses: readonly FaultStatus[]): SQL<number> {
  for (const status of statuses) if (!FAULT_STATUSES.includes(status)) throw new Error(`Not a fault status: ${status}`);
  const list = sql.raw(statuses.map((status) => `'${status}'`).join(', '));
  return sql<number>`(select coalesce(sum(${organisationFaultCounts.total}), 0) from ${organisationFaultCounts} where ${organisationFaultCounts.organisationId} = ${sql.placeholder('organisationId')} and ${organisationFaultCounts.status} in (${list}))`;
}

/** The shape of a scope's total: its counters' statuses, or the cap. */
const totalKey = (counted: readonly FaultStatus[] | undefined, cap: number) => (counted ? `counters:${counted.join(',')}` : `cap:${cap}`);

/** At most cap + 1 matching rows, counted: an index range, never the whole tenant. */
function cappedCount(db: Db, where: SQL | undefined, cap: number): SQL<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(faults)
    .where(where)
    .limit(cap + 1);
  return sql<number>`(select count(*) from (${capped}) as capped)`;
}

const preparedLists = new WeakMap<Db, Map<string, ReturnType<typeof prepareList>>>();

function prepareList(db: Db, scope: FaultScope, filters: ListFilter[], query: FaultListQuery, cap: number, key: string) {
  const where = and(scope.where, filterWhere(filters));
  const orderBy = query.sort ? orderOf(SORT_COLUMNS[query.sort], query.order, faults.id) : [desc(faults.createdAt), desc(faults.id)];
  // Deferred join: the page's ids come from the faults' own indexes; only those rows are joined.
  const pageIds = db
    .select({ id: faults.id })
    .from(faults)
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // A name derived from the shape: one name is always one query text, on any connection.
  const name = shapeName('faults_list', key);
  // Unfiltered, a counted scope's total is its counters (exact); otherwise a capped count.
  const total = scope.counted && filters.length === 0 ? counterTotal(scope.counted) : cappedCount(db, where, cap);
  // The total rides along as an uncorrelated subquery (computed once): one round trip per page.
  const page = selectFaultsWithTotal(db, sql<number>`${total}`.mapWith(Number))
    .where(inArray(faults.id, pageIds))
    .orderBy(...orderBy)
    .prepare(`${name}_page`);
  // A page past the end has no row to carry the total.
  const totalOnly = db
    .select({ total: sql<number>`${total}`.mapWith(Number) })
    .from(sql`(select 1) as one`)
    .prepare(`${name}_total`);
  return { page, totalOnly, fromMatches: filters.includes('search') && !query.sort ? prepareSearchPage(db, where, cap, name) : undefined };
}

/**
 * A search in the default order, in one pass: the matches (at most cap + 1) are found once by the
 * trigram indexes and both counted and paged from there, instead of one index scan for the count
 * and another for the page. With more matches than the cap no row comes back, and the caller falls
 * back to the ordered page query.
 */
function prepareSearchPage(db: Db, where: SQL | undefined, cap: number, name: string) {
  const matches = db.$with('matches').as(
    db
      .select({ id: faults.id, createdAt: faults.createdAt })
      .from(faults)
      .where(where)
      .limit(cap + 1),
  );
  const matchCount = sql<number>`(select count(*) from ${matches})`;
  const pageIds = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(desc(matches.createdAt), desc(matches.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  return selectFaultsWithTotal(db.with(matches), matchCount.mapWith(Number))
    .where(and(inArray(faults.id, pageIds), sql`${matchCount} <= ${cap}`))
    .orderBy(desc(faults.createdAt), desc(faults.id))
    .prepare(`${name}_matches`);
}

/**
 * A page of faults within `scope` (the access module's condition and the tab, on the placeholders of
 * VIEWER_KEYS, bound to `viewer`) matching the query's filters, in its order, with its capped total.
 * `visibleAssets` (the viewer's assets, with values: it runs unprepared) finds the assets a search matches.
 */
export async function listFaults(
  db: Db,
  scope: FaultScope,
  viewer: { organisationId: string; userId: string },
  visibleAssets: SQL,
  query: FaultListQuery,
  cap = COUNT_CAP,
) {
  const filters = LIST_FILTERS.filter((f) => query[f] !== undefined && query[f] !== '');
  const byCounters = filters.length === 0 ? scope.counted : undefined;
  const key = `${shapeText(scope.where)}|${filters.join(',')}|${query.sort ?? 'default'}|${query.sort ? query.order : 'desc'}|${totalKey(byCounters, cap)}`;
  const prepared = cachedByShape(preparedLists, db, key, () => prepareList(db, scope, filters, query, cap, key));
  const values: Record<string, unknown> = {
    organisationId: viewer.organisationId,
    userId: viewer.userId,
    limit: query.pageSize,
    offset: pageOffset(query.page, query.pageSize),
  };
  for (const filter of filters) {
    if (filter === 'search') {
      values.pattern = containsPattern(query.search ?? '');
      values.assetIds = await assetIdsMatching(db, visibleAssets, values.pattern as string, MATCHING_ASSETS);
    } else values[filter] = query[filter];
  }
  let page = prepared.fromMatches ? await prepared.fromMatches.execute(values) : [];
  if (page.length === 0) page = await prepared.page.execute(values);
  const counted = page.length > 0 ? page[0]!.total : ((await prepared.totalOnly.execute(values))[0]?.total ?? 0);
  const rows = page.map(({ total: _total, ...row }) => row);
  const total = Number.isFinite(counted) ? counted : 0;
  if (byCounters) return { rows, total, totalIsLowerBound: false };
  return { rows, ...(total > cap ? { total: cap, totalIsLowerBound: true } : { total, totalIsLowerBound: false }) };
}
