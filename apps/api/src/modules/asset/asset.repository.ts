import { createHash } from 'node:crypto';
import type { ASSET_SORTS, AssetListQuery, LookupQuery } from '@amp/contracts/asset';
import { type AnyColumn, and, count, desc, eq, ilike, inArray, is, ne, or, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ownedBy, type Viewer, visibleOwn } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { assets, organisationAssetCounts } from '../../db/schema/asset.js';
import { containsPattern, orderOf, pageOffset } from '../../lib/list-query.js';
import { qualified } from '../../lib/qualified.js';
import { categoryNamesAs } from '../category/category.public.js';
import { clusterAssetCountOf, clusterIdsInState, clusterNamesAs } from '../cluster/cluster.public.js';

// The owners' projections, joined under the tables' own names: the statements keep their text and plans.
const categories = categoryNamesAs('categories');
const subCategories = categoryNamesAs('sub_categories');
const clusters = clusterNamesAs('clusters');

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
  openFaultCount: assets.openFaultCount,
  createdAt: assets.createdAt,
  updatedAt: assets.updatedAt,
};
export type AssetRow = NonNullable<Awaited<ReturnType<typeof findVisibleAsset>>>;

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

/** An asset within `visibility` (the access module's condition on "assets"), or nothing: outside it, not found. */
export async function findVisibleAsset(db: Db, visibility: SQL, id: string) {
  const [row] = await selectAssets(db)
    .where(and(eq(assets.id, id), visibility))
    .limit(1);
  return row;
}

/** An asset of the organisation, for a caller that decided itself who sees it (a provider's assigned asset). */
export async function findAsset(db: Db, organisationId: string, id: string) {
  return findVisibleAsset(db, ownedBy(organisationId, 'asset'), id);
}

/**
 * Filtered counts stop here: past it the list reports the cap with `totalIsLowerBound`, so a broad
 * search never counts a whole tenant (docs/decisions/0008-list-counts-and-deep-pages.md).
 */
export const COUNT_CAP = 10_000;

/** The filters a list query uses: each combination (with the sort) is one prepared statement. */
type ListFilter = 'clusterId' | 'categoryId' | 'subCategoryId' | 'status' | 'state' | 'search';
const LIST_FILTERS: ListFilter[] = ['clusterId', 'categoryId', 'subCategoryId', 'status', 'state', 'search'];

/** How a list's total is counted: by the assets_count counters of the tenant or of a cluster, or over its rows. */
type CountedBy = 'tenant' | 'cluster' | 'rows';

const dialect = new PgDialect();
/** The whole tenant's assets: the scope whose totals the assets_count counters keep. */
const WHOLE_TENANT = dialect.sqlToQuery(ownedBy(sql.placeholder('organisationId'), 'asset')).sql;

/**
 * `scope` is the access module's condition with the organisation as the placeholder
 * "organisationId": its text is part of the shape, so one statement serves every viewer it fits.
 */
function listShape(query: AssetListQuery, scope: SQL) {
  const filters = LIST_FILTERS.filter((f) => query[f] !== undefined && query[f] !== '');
  const sort = query.sort ?? 'default';
  const { sql: scopeText, params } = dialect.sqlToQuery(scope);
  // A value written into the scope would be prepared with it and serve the next viewer too.
  if (params.some((param) => !is(param, Placeholder))) throw new Error('An asset list scope takes placeholders, not values');
  const onlyCluster = filters.length === 1 && filters[0] === 'clusterId';
  // The counters total a whole tenant (or one of its clusters); any other scope counts its rows.
  const countedBy: CountedBy = scopeText !== WHOLE_TENANT ? 'rows' : filters.length === 0 ? 'tenant' : onlyCluster ? 'cluster' : 'rows';
  return { filters, sort, scope, countedBy, key: `${scopeText}|${filters.join(',')}|${sort}|${query.sort ? query.order : 'desc'}` };
}

function listWhere(scope: SQL, filters: ListFilter[]) {
  const has = (f: ListFilter) => filters.includes(f);
  const org = sql.placeholder('organisationId');
  return and(
    scope,
    has('clusterId') ? eq(assets.clusterId, sql.placeholder('clusterId')) : undefined,
    has('categoryId') ? eq(assets.categoryId, sql.placeholder('categoryId')) : undefined,
    has('subCategoryId') ? eq(assets.subCategoryId, sql.placeholder('subCategoryId')) : undefined,
    has('status') ? eq(assets.status, sql.placeholder('status')) : undefined,
    // The state is the cluster's: a semi-join keeps the count free of the joins the page needs.
    has('state') ? sql`${assets.clusterId} in (${clusterIdsInState(org, sql.placeholder('state'))})` : undefined,
    has('search') ? assetSearch(sql.placeholder('pattern')) : undefined,
  );
}

/**
 * The SQL of a list's total: the counters the assets_count triggers keep for the whole tenant and
 * for one cluster, or a count of at most cap + 1 matching rows for any other filter or scope.
 */
function totalOf(db: Db, countedBy: CountedBy, where: SQL | undefined, cap: number): SQL {
  if (countedBy === 'tenant') {
    return sql`(select ${organisationAssetCounts.total} from ${organisationAssetCounts} where ${organisationAssetCounts.organisationId} = ${sql.placeholder('organisationId')})`;
  }
  if (countedBy === 'cluster') {
    return clusterAssetCountOf(sql.placeholder('clusterId'), sql.placeholder('organisationId'));
  }
  const capped = db
    .select({ one: sql`1` })
    .from(assets)
    .where(where)
    .limit(cap + 1);
  return sql`(select count(*) from (${capped}) as capped)`;
}

/**
 * Prepared statements by shape (scope, filters used + sort), built on first use: PostgreSQL then plans a
 * list once per connection instead of on every request, which was most of its cost (planning the
 * joins took longer than running them). At most 2^6 filter sets x sorts x 2 orders exist per scope
 * (in practice one: the owner's organisation_id = $1).
 */
const preparedLists = new WeakMap<Db, Map<string, ReturnType<typeof prepareList>>>();

function prepareList(db: Db, query: AssetListQuery, shape: ReturnType<typeof listShape>, cap: number, key: string) {
  const where = listWhere(shape.scope, shape.filters);
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
  const total = totalOf(db, shape.countedBy, where, cap);
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

/** A page of the viewer's own organisation's assets, as far as the viewer sees them (the owner's list). */
export async function listOwnAssets(db: Db, viewer: Viewer, query: AssetListQuery, countCap = COUNT_CAP) {
  return listWithin(db, visibleOwn(viewer, 'asset', sql.placeholder('organisationId')), viewer.organisationId, query, countCap);
}

/** A page of the organisation's assets, for a caller that decided itself who sees them (a provider's view of an owner's cluster). */
export async function listAssets(db: Db, organisationId: string, query: AssetListQuery, countCap = COUNT_CAP) {
  return listWithin(db, ownedBy(sql.placeholder('organisationId'), 'asset'), organisationId, query, countCap);
}

async function listWithin(db: Db, scope: SQL, organisationId: string, query: AssetListQuery, countCap: number) {
  const shape = listShape(query, scope);
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
    ...(shape.countedBy === 'rows' && total > countCap
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
        ownedBy(organisationId, 'asset'),
        sql`lower(${assets.assetCode}) = lower(${code})`,
        exceptId ? ne(assets.id, exceptId) : undefined,
      ),
    )
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
    .where(and(eq(assets.id, id), ownedBy(organisationId, 'asset'), unlessDecommissioned ? ne(assets.status, 'decommissioned') : undefined))
    .returning({ id: assets.id });
  return row?.id;
}

/** One guarded update: only from a status other than `to`, so a repeat changes nothing. */
/** The assets of a cluster a fault can be reported on (not decommissioned): ids, codes, names, location. */
export async function listPublicAssets(db: Db, organisationId: string, clusterId: string, query: LookupQuery) {
  const where = and(
    ownedBy(organisationId, 'asset'),
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

/** A site as a record's answer shows it: its cluster. */
export interface SiteCluster {
  _id: string;
  clusterID: string;
  name: string;
}

/**
 * Select columns of the site of a service request or a work order (its cluster and asset columns):
 * the record's own cluster, else its asset's cluster, and the asset's location (a technician goes
 * to the site, whatever the record names).
 */
export function siteColumns(record: { clusterId: AnyColumn; assetId: AnyColumn }) {
  const assetOfRecord = sql`(select a.cluster_id from assets a where a.id = ${qualified(record.assetId)})`;
  return {
    siteCluster: sql<SiteCluster | null>`(select json_build_object('_id', c.id, 'clusterID', c.cluster_code, 'name', c.name)
      from clusters c where c.id = coalesce(${qualified(record.clusterId)}, ${assetOfRecord}))`,
    siteLocation: sql<string | null>`(select a.location_name from assets a where a.id = ${qualified(record.assetId)})`,
  };
}
