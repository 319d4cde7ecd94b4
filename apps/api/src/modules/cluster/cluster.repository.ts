import type { CLUSTER_SORTS, ClusterListQuery, LookupQuery } from '@amp/contracts/asset';
import { type AnyColumn, and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { ownedBy } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { clusters, codeCounters } from '../../db/schema/cluster.js';
import { containsPattern, orderOf, pageOffset } from '../../lib/list-query.js';
import { stateNameOf } from '../reference/reference.public.js';
import { isActiveAssetOwnerIn } from '../registration/registration.public.js';

/** Kept by the assets_count triggers in the writing transaction, so listing clusters never counts assets. */
const assetCount = clusters.assetCount;

const clusterColumns = {
  id: clusters.id,
  clusterCode: clusters.clusterCode,
  name: clusters.name,
  stateAlias: clusters.state,
  stateName: stateNameOf(clusters.state),
  lga: clusters.lga,
  address: clusters.address,
  description: clusters.description,
  createdAt: clusters.createdAt,
  updatedAt: clusters.updatedAt,
  assetCount,
};
export type ClusterRow = NonNullable<Awaited<ReturnType<typeof findVisibleCluster>>>;

const nameOrCode = (search: string) => {
  const pattern = containsPattern(search);
  return or(ilike(clusters.name, pattern), ilike(clusters.clusterCode, pattern));
};

const CLUSTER_SORT_COLUMNS: Record<(typeof CLUSTER_SORTS)[number], (AnyColumn | SQL)[]> = {
  name: [sql`lower(${clusters.name})`],
  clusterID: [sql`lower(${clusters.clusterCode})`],
  createdAt: [clusters.createdAt],
  assetCount: [assetCount],
};

/** A cluster within `visibility` (the access module's condition on "clusters"), or nothing: outside it, not found. */
export async function findVisibleCluster(db: Db, visibility: SQL, id: string) {
  const [row] = await db
    .select(clusterColumns)
    .from(clusters)
    .where(and(eq(clusters.id, id), visibility))
    .limit(1);
  return row;
}

/** A cluster of the organisation, for a caller that decided itself who sees it (a provider's assigned cluster). */
export async function findCluster(db: Db, organisationId: string, id: string) {
  return findVisibleCluster(db, ownedBy(organisationId, 'cluster'), id);
}

/** The clusters within `visibility` (the access module's condition on "clusters"). */
export async function listClusters(db: Db, visibility: SQL, query: ClusterListQuery) {
  const where = and(
    visibility,
    query.state ? eq(clusters.state, query.state) : undefined,
    query.search ? nameOrCode(query.search) : undefined,
  );
  const orderBy = query.sort
    ? orderOf(CLUSTER_SORT_COLUMNS[query.sort], query.order, clusters.id)
    : orderOf([clusters.createdAt], 'desc', clusters.id);
  const rows = await db
    .select(clusterColumns)
    .from(clusters)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(clusters).where(where);
  return { rows, total };
}

/** True when the organisation has another cluster with this code (case-insensitive). */
export async function clusterCodeTaken(db: Db, organisationId: string, code: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(
      and(
        ownedBy(organisationId, 'cluster'),
        sql`lower(${clusters.clusterCode}) = lower(${code})`,
        exceptId ? ne(clusters.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

type ClusterValues = Pick<typeof clusters.$inferInsert, 'clusterCode' | 'name' | 'state' | 'lga' | 'address' | 'description'>;

export async function insertCluster(db: Db, values: ClusterValues & { organisationId: string; createdBy: string }) {
  const [row] = await db.insert(clusters).values(values).returning({ id: clusters.id });
  return row!.id;
}

export async function updateCluster(db: Db, organisationId: string, id: string, values: Partial<ClusterValues>) {
  const [row] = await db
    .update(clusters)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(clusters.id, id), ownedBy(organisationId, 'cluster')))
    .returning({ id: clusters.id });
  return row?.id;
}

/** The assets in the organisation's cluster, by the counter the assets_count triggers keep in the writing transaction (0 when it is not the organisation's). */
export async function countAssetsInCluster(db: Db, organisationId: string, id: string): Promise<number> {
  const [row] = await db
    .select({ total: assetCount })
    .from(clusters)
    .where(and(eq(clusters.id, id), ownedBy(organisationId, 'cluster')))
    .limit(1);
  return row?.total ?? 0;
}

/** The foreign key of assets.cluster_id restricts, so a cluster that gained an asset meanwhile is not deleted. */
export async function deleteCluster(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .delete(clusters)
    .where(and(eq(clusters.id, id), ownedBy(organisationId, 'cluster')))
    .returning({ id: clusters.id });
  return row?.id;
}

const publicClusterColumns = {
  id: clusters.id,
  clusterCode: clusters.clusterCode,
  name: clusters.name,
  stateAlias: clusters.state,
  stateName: stateNameOf(clusters.state),
  lga: clusters.lga,
  address: clusters.address,
};

/** The public portal's cluster picker: names, codes and location only, by name. */
export async function listPublicClusters(db: Db, organisationId: string, query: LookupQuery) {
  const where = and(ownedBy(organisationId, 'cluster'), query.search ? nameOrCode(query.search) : undefined);
  const rows = await db
    .select(publicClusterColumns)
    .from(clusters)
    .where(where)
    .orderBy(sql`lower(${clusters.name})`, clusters.id)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(clusters).where(where);
  return { rows, total };
}

/** A cluster of an active asset owner, for the public portal. */
export async function findPublicCluster(db: Db, id: string) {
  const [row] = await db
    .select({ id: clusters.id, organisationId: clusters.organisationId, clusterCode: clusters.clusterCode, name: clusters.name })
    .from(clusters)
    .where(and(eq(clusters.id, id), isActiveAssetOwnerIn(clusters.organisationId)))
    .limit(1);
  return row;
}

/** The organisation's clusters by code (an asset import resolves its clusterID column by them). */
export async function clusterCodesOf(db: Db, organisationId: string) {
  return db.select({ id: clusters.id, code: clusters.clusterCode }).from(clusters).where(eq(clusters.organisationId, organisationId));
}

/** The code of the organisation's first cluster, or null (the example row of an asset import's template). */
export async function firstClusterCode(db: Db, organisationId: string): Promise<string | null> {
  const [cluster] = await db
    .select({ code: clusters.clusterCode })
    .from(clusters)
    .where(eq(clusters.organisationId, organisationId))
    .orderBy(asc(clusters.createdAt), asc(clusters.id))
    .limit(1);
  return cluster?.code ?? null;
}

/**
 * Reserves `n` numbers for generated asset codes in one statement: the counter row stays locked
 * until the caller's transaction ends. Returns the last number of the range.
 */
export async function reserveAssetCodeNumbers(tx: Db, organisationId: string, n: number): Promise<number> {
  const [row] = await tx
    .insert(codeCounters)
    .values({ organisationId, kind: 'asset', lastValue: n })
    .onConflictDoUpdate({
      target: [codeCounters.organisationId, codeCounters.kind],
      set: { lastValue: sql`${codeCounters.lastValue} + ${n}` },
    })
    .returning({ value: codeCounters.lastValue });
  return row!.value;
}
