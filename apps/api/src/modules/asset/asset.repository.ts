import { createHash } from 'node:crypto';
import type { ASSET_SORTS, AssetListQuery, LookupQuery } from '@amp/contracts/asset';
import { type AnyColumn, and, count, desc, eq, ilike, inArray, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { assets, categories, clusters, organisationAssetCounts } from '../../db/schema/index.js';
import { containsPattern, orderOf, pageOffset } from '../../lib/list-query.js';

const subCategories = alias(categories, 'sub_categories');

const assetColumns = {
  id: assets.id,
  assetCode: assets.assetCode,
  name: assets.name,
  cluster: { id: clusters.id, clusterCode: clusters.clusterCode, name: clusters.name },
  locationId: assets.locationId,
  locationName: assets.locationName,
  category: { id: categories.id, name: categories.name },
  subCategory: { id: subCategories.id, name: subCategories.name },
  brand: assets.brand,
  model: assets.model,
  serialNumber: assets.serialNumber,
  installationDate: assets.installationDate,
  warrantyExpiry: assets.warrantyExpiry,
  status: assets.status,
  purchaseCostKobo: assets.purchaseCostKobo,
  description: assets.description,
  createdAt: assets.createdAt,
  updatedAt: assets.updatedAt,
};
export type AssetRow = NonNullable<Awaited<ReturnType<typeof findAsset>>>;

/** assetID, name or location, anywhere in the text: served by the trigram index assets_search_trgm_idx. */
const assetSearch = (pattern: string | Placeholder) => {
  return or(
    ilike(assets.assetCode, pattern),
    ilike(assets.name, pattern),
    ilike(assets.locationId, pattern),
    ilike(assets.locationName, pattern),
  );
};

const ASSET_SORT_COLUMNS: Record<(typeof ASSET_SORTS)[number], (AnyColumn | SQL)[]> = {
  name: [sql`lower(${assets.name})`],
  assetID: [sql`lower(${assets.assetCode})`],
  createdAt: [assets.createdAt],
  status: [sql`${assets.status}`],
  installationDate: [assets.installationDate],
  warrantyExpiry: [assets.warrantyExpiry],
  purchaseCost: [assets.purchaseCostKobo],
};

function selectAssets(db: Db) {
  return db
    .select(assetColumns)
    .from(assets)
    .innerJoin(categories, eq(categories.id, assets.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, assets.subCategoryId))
    .leftJoin(clusters, eq(clusters.id, assets.clusterId));
}

/** An asset of the organisation, or nothing: another owner's asset is simply not found. */
export async function findAsset(db: Db, organisationId: string, id: string) {
  const [row] = await selectAssets(db)
    .where(and(eq(assets.id, id), eq(assets.organisationId, organisationId)))
    .limit(1);
  return row;
}

/**
 * Filtered counts stop here: past it the list reports the cap with `totalIsLowerBound`, so a broad
 * search never counts a whole tenant (docs/decisions/0008-list-counts-and-deep-pages.md).
 */
export const COUNT_CAP = 10_000;

export interface ListTotal {
  total: number;
  totalIsLowerBound: boolean;
}

/** The filters a list query uses: each combination (with the sort) is one prepared statement. */
type ListFilter = 'clusterId' | 'categoryId' | 'subCategoryId' | 'status' | 'state' | 'search';
const LIST_FILTERS: ListFilter[] = ['clusterId', 'categoryId', 'subCategoryId', 'status', 'state', 'search'];

function listShape(query: AssetListQuery) {
  const filters = LIST_FILTERS.filter((f) => query[f] !== undefined && query[f] !== '');
  const sort = query.sort ?? 'default';
  return { filters, sort, key: `${filters.join(',')}|${sort}|${query.sort ? query.order : 'desc'}` };
}

function listWhere(filters: ListFilter[]) {
  const has = (f: ListFilter) => filters.includes(f);
  const org = sql.placeholder('organisationId');
  return and(
    eq(assets.organisationId, org),
    has('clusterId') ? eq(assets.clusterId, sql.placeholder('clusterId')) : undefined,
    has('categoryId') ? eq(assets.categoryId, sql.placeholder('categoryId')) : undefined,
    has('subCategoryId') ? eq(assets.subCategoryId, sql.placeholder('subCategoryId')) : undefined,
    has('status') ? eq(assets.status, sql.placeholder('status')) : undefined,
    // The state is the cluster's: a semi-join keeps the count free of the joins the page needs.
    has('state')
      ? sql`${assets.clusterId} in (select ${clusters.id} from ${clusters} where ${clusters.organisationId} = ${org} and ${clusters.state} = ${sql.placeholder('state')})`
      : undefined,
    has('search') ? assetSearch(sql.placeholder('pattern')) : undefined,
  );
}

/**
 * The SQL of a list's total: the counters the assets_count triggers keep for the whole tenant and
 * for one cluster, or a count of at most cap + 1 matching rows for any other filter.
 */
function totalOf(db: Db, filters: ListFilter[], where: SQL | undefined, cap: number): SQL {
  if (filters.length === 0) {
    return sql`(select ${organisationAssetCounts.total} from ${organisationAssetCounts} where ${organisationAssetCounts.organisationId} = ${sql.placeholder('organisationId')})`;
  }
  if (filters.length === 1 && filters[0] === 'clusterId') {
    return sql`(select ${clusters.assetCount} from ${clusters} where ${clusters.id} = ${sql.placeholder('clusterId')} and ${clusters.organisationId} = ${sql.placeholder('organisationId')})`;
  }
  const capped = db
    .select({ one: sql`1` })
    .from(assets)
    .where(where)
    .limit(cap + 1);
  return sql`(select count(*) from (${capped}) as capped)`;
}

/**
 * Prepared statements by shape (filters used + sort), built on first use: PostgreSQL then plans a
 * list once per connection instead of on every request, which was most of its cost (planning the
 * joins took longer than running them). At most 2^6 filter sets x sorts x 2 orders exist.
 */
const preparedLists = new WeakMap<Db, Map<string, ReturnType<typeof prepareList>>>();

function prepareList(db: Db, query: AssetListQuery, shape: ReturnType<typeof listShape>, cap: number, key: string) {
  const where = listWhere(shape.filters);
  const orderBy = query.sort
    ? orderOf(ASSET_SORT_COLUMNS[query.sort], query.order, assets.id)
    : orderOf([assets.createdAt], 'desc', assets.id);
  // Deferred join: the page's ids come from the index alone (an index-only scan over
  // (organisation_id, created_at, id) for the default order, however deep the page), and only
  // those rows are joined to their cluster and categories.
  const pageIds = db
    .select({ id: assets.id })
    .from(assets)
    .where(where)
    .orderBy(...orderBy)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
  // A name derived from the shape: one name is always one query text, on any connection.
  const name = `assets_list_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
  const total = totalOf(db, shape.filters, where, cap);
  // The total rides along as an uncorrelated subquery (computed once): one round trip per page.
  const page = db
    .select({ ...assetColumns, total: sql<number>`${total}`.mapWith(Number) })
    .from(assets)
    .innerJoin(categories, eq(categories.id, assets.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, assets.subCategoryId))
    .leftJoin(clusters, eq(clusters.id, assets.clusterId))
    .where(inArray(assets.id, pageIds))
    .orderBy(...orderBy)
    .prepare(`${name}_page`);
  // A page past the end has no row to carry the total.
  const totalOnly = db
    .select({ total: sql<number>`${total}`.mapWith(Number) })
    .from(sql`(select 1) as one`)
    .prepare(`${name}_total`);
  return { page, totalOnly, fromMatches: query.search && !query.sort ? prepareSearchPage(db, where, cap, name) : undefined };
}

/**
 * A search in the default order, in one pass: the matches (at most cap + 1) are found once by the
 * trigram index and both counted and paged from there, instead of one index scan for the count and
 * another for the page. When there are more matches than the cap, no row comes back and the caller
 * falls back to the ordered page query.
 */
function prepareSearchPage(db: Db, where: SQL | undefined, cap: number, name: string) {
  const matches = db.$with('matches').as(
    db
      .select({ id: assets.id, createdAt: assets.createdAt })
      .from(assets)
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
  return db
    .with(matches)
    .select({ ...assetColumns, total: matchCount.mapWith(Number) })
    .from(assets)
    .innerJoin(categories, eq(categories.id, assets.categoryId))
    .leftJoin(subCategories, eq(subCategories.id, assets.subCategoryId))
    .leftJoin(clusters, eq(clusters.id, assets.clusterId))
    .where(and(inArray(assets.id, pageIds), sql`${matchCount} <= ${cap}`))
    .orderBy(desc(assets.createdAt), desc(assets.id))
    .prepare(`${name}_matches`);
}

export async function listAssets(db: Db, organisationId: string, query: AssetListQuery, countCap = COUNT_CAP) {
  const shape = listShape(query);
  let lists = preparedLists.get(db);
  if (!lists) {
    lists = new Map();
    preparedLists.set(db, lists);
  }
  const key = `${shape.key}|${countCap}`;
  let prepared = lists.get(key);
  if (!prepared) {
    prepared = prepareList(db, query, shape, countCap, key);
    lists.set(key, prepared);
  }
  const values: Record<string, unknown> = {
    organisationId,
    limit: query.pageSize,
    offset: pageOffset(query.page, query.pageSize),
  };
  for (const filter of shape.filters) {
    if (filter === 'search') values.pattern = containsPattern(query.search ?? '');
    else values[filter] = query[filter];
  }
  let page = prepared.fromMatches ? await prepared.fromMatches.execute(values) : [];
  if (page.length === 0) page = await prepared.page.execute(values);
  const counted = page.length > 0 ? page[0]!.total : ((await prepared.totalOnly.execute(values))[0]?.total ?? 0);
  const rows = page.map(({ total: _total, ...row }) => row);
  const total = Number.isFinite(counted) ? counted : 0;
  return {
    rows,
    ...(shape.filters.length > 0 && !(shape.filters.length === 1 && shape.filters[0] === 'clusterId') && total > countCap
      ? { total: countCap, totalIsLowerBound: true }
      : { total, totalIsLowerBound: false }),
  };
}

/** True when the organisation has another asset with this code (case-insensitive). */
export async function assetCodeTaken(db: Db, organisationId: string, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(
      and(
        eq(assets.organisationId, organisationId),
        sql`lower(${assets.assetCode}) = lower(${code})`,
        exceptId ? ne(assets.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** True when the cluster belongs to the organisation. */
export async function clusterOfOrganisation(db: Db, organisationId: string, clusterId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(and(eq(clusters.id, clusterId), eq(clusters.organisationId, organisationId)))
    .limit(1);
  return row !== undefined;
}

export type AssetValues = Pick<
  typeof assets.$inferInsert,
  | 'assetCode'
  | 'name'
  | 'clusterId'
  | 'locationId'
  | 'locationName'
  | 'categoryId'
  | 'subCategoryId'
  | 'brand'
  | 'model'
  | 'serialNumber'
  | 'installationDate'
  | 'warrantyExpiry'
  | 'status'
  | 'purchaseCostKobo'
  | 'description'
>;

export async function insertAsset(db: Db, values: AssetValues & { organisationId: string; createdBy: string }) {
  const [row] = await db.insert(assets).values(values).returning({ id: assets.id });
  return row!.id;
}

/**
 * Changes an asset; with `unlessDecommissioned` only while it is not decommissioned (one guarded
 * update, so a decommission that lands first wins).
 */
export async function updateAsset(db: Db, organisationId: string, id: string, values: Partial<AssetValues>, unlessDecommissioned: boolean) {
  const [row] = await db
    .update(assets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(assets.id, id),
        eq(assets.organisationId, organisationId),
        unlessDecommissioned ? ne(assets.status, 'decommissioned') : undefined,
      ),
    )
    .returning({ id: assets.id });
  return row?.id;
}

/** One guarded update: only from a status other than `to`, so a repeat changes nothing. */
/** The assets of a cluster a fault can be reported on (not decommissioned): ids, codes, names, location. */
export async function listPublicAssets(db: Db, organisationId: string, clusterId: string, query: LookupQuery) {
  const where = and(
    eq(assets.organisationId, organisationId),
    eq(assets.clusterId, clusterId),
    ne(assets.status, 'decommissioned'),
    query.search ? assetSearch(containsPattern(query.search)) : undefined,
  );
  const rows = await db
    .select({
      id: assets.id,
      assetCode: assets.assetCode,
      name: assets.name,
      locationId: assets.locationId,
      locationName: assets.locationName,
    })
    .from(assets)
    .where(where)
    .orderBy(sql`lower(${assets.name})`, assets.id)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(assets).where(where);
  return { rows, total };
}
