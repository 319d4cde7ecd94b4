import type { FAULT_SORTS, FaultListQuery } from '@amp/contracts/fault';
import { type AnyColumn, and, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inList } from '../../db/schema/columns.js';
import { assets, faults } from '../../db/schema/index.js';
import { containsPattern, orderOf, pageOffset } from '../../lib/list-query.js';
import { selectFaults } from './fault.repository.js';

/**
 * The fault list and its tab counts. Totals stop at COUNT_CAP like the asset list's
 * (docs/decisions/0008): a broad tab of a large owner never counts every row.
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

/**
 * A tab's statuses written into the SQL, not bound: they are the contracts' constants, and the
 * planner then matches them to faults_org_status_created_idx (bound, the open tab took 3x longer).
 */
export function statusIn(statuses: readonly string[]): SQL {
  return sql`${faults.status} in (${inList(statuses)})`;
}

/** Lagos midnight of a calendar day (the platform's day, SPEC.md: Nigerian customers). */
const lagosDay = (day: string) => sql`(${day}::date::timestamp at time zone 'Africa/Lagos')`;

/**
 * The ids of assets the viewer sees whose name or code matches: searched on the assets' own trigram
 * index (within the owner, assets_org_search_idx), so the fault search is an OR of index scans.
 */
async function matchingAssetIds(db: Db, visibleAssets: SQL, pattern: string): Promise<string[]> {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(visibleAssets, or(ilike(assets.name, pattern), ilike(assets.assetCode, pattern))))
    .limit(MATCHING_ASSETS);
  return rows.map((r) => r.id);
}

/** The WHERE of the list's filters and search (the tab and visibility come from the caller). */
export async function filterCondition(db: Db, query: FaultListQuery, visibleAssets: SQL): Promise<SQL | undefined> {
  let search: SQL | undefined;
  if (query.search) {
    const pattern = containsPattern(query.search);
    const assetIds = await matchingAssetIds(db, visibleAssets, pattern);
    search = or(
      ilike(faults.code, pattern),
      ilike(faults.description, pattern),
      ilike(faults.reporterName, pattern),
      assetIds.length > 0 ? inArray(faults.assetId, assetIds) : undefined,
    );
  }
  return and(
    query.status ? eq(faults.status, query.status) : undefined,
    query.clusterId ? eq(faults.clusterId, query.clusterId) : undefined,
    query.assetId ? eq(faults.assetId, query.assetId) : undefined,
    query.faultType ? eq(faults.faultType, query.faultType) : undefined,
    query.source ? eq(faults.source, query.source) : undefined,
    query.from ? gte(faults.createdAt, lagosDay(query.from)) : undefined,
    query.to ? lt(faults.createdAt, sql`${lagosDay(query.to)} + interval '1 day'`) : undefined,
    search,
  );
}

/** At most cap + 1 matching rows, counted: an index range, never the whole tenant. */
function cappedCount(db: Db, where: SQL | undefined, cap: number): SQL<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(faults)
    .where(where)
    .limit(cap + 1);
  return sql<number>`(select count(*) from (${capped}) as capped)`.mapWith(Number);
}

/** A page of faults matching `where`, in the query's order, with its capped total. */
export async function listFaults(db: Db, where: SQL | undefined, query: FaultListQuery, cap = COUNT_CAP) {
  const orderBy = query.sort ? orderOf(SORT_COLUMNS[query.sort], query.order, faults.id) : [desc(faults.createdAt), desc(faults.id)];
  // Deferred join: the page's ids come from the faults' own indexes; only those rows are joined.
  const pageIds = db
    .select({ id: faults.id })
    .from(faults)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [rows, [counted]] = await Promise.all([
    selectFaults(db)
      .where(inArray(faults.id, pageIds))
      .orderBy(...orderBy),
    db.select({ total: cappedCount(db, where, cap) }).from(sql`(select 1) as one`),
  ]);
  const total = counted?.total ?? 0;
  return { rows, ...(total > cap ? { total: cap, totalIsLowerBound: true } : { total, totalIsLowerBound: false }) };
}

/** Each tab's capped count, in one round trip. */
export async function countTabs<Tab extends string>(db: Db, tabs: Record<Tab, SQL | undefined>, cap = COUNT_CAP) {
  const columns = Object.fromEntries(Object.entries(tabs).map(([tab, where]) => [tab, cappedCount(db, where as SQL | undefined, cap)]));
  const [row] = await db.select(columns as Record<Tab, SQL<number>>).from(sql`(select 1) as one`);
  return Object.fromEntries(
    Object.entries(row as unknown as Record<Tab, number>).map(([tab, n]) => [tab, Math.min(Number(n), cap)]),
  ) as Record<Tab, number>;
}
