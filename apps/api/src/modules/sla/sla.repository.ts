import type { SlaListQuery, SlaProvidedQuery, SlaSort } from '@amp/contracts/sla';
import { type AnyColumn, and, asc, count, desc, eq, exists, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { slas, slaTargets } from '../../db/schema/sla.js';
import { containsPattern, orderOf, pageOffset } from '../../lib/list-query.js';
import { assetClusterOf, assetNamesAs } from '../asset/asset.public.js';
import { clusterNamesAs } from '../cluster/cluster.public.js';
import { organisationNamesAs } from '../registration/registration.public.js';
import { userRefOf } from '../user/user.public.js';

const owners = organisationNamesAs('owners');
const providers = organisationNamesAs('providers');
const assets = assetNamesAs('assets');
const clusters = clusterNamesAs('clusters');

/** Written out qualified: the subqueries must see the outer SLA. */
const assetCount = sql<number>`(select count(*)::int from ${slaTargets} st where st.sla_id = "slas"."id" and st.asset_id is not null)`;
const clusterCount = sql<number>`(select count(*)::int from ${slaTargets} st where st.sla_id = "slas"."id" and st.cluster_id is not null)`;

const summaryColumns = {
  id: slas.id,
  title: slas.title,
  owner: { id: owners.id, name: owners.name },
  provider: { id: providers.id, name: providers.name },
  responseHours: slas.responseHours,
  resolutionHours: slas.resolutionHours,
  fileId: slas.fileId,
  assetCount,
  clusterCount,
  createdAt: slas.createdAt,
  updatedAt: slas.updatedAt,
};
export type SlaSummaryRow = Awaited<ReturnType<typeof listSlas>>['rows'][number];

const detailColumns = {
  ...summaryColumns,
  organisationId: slas.organisationId,
  providerId: slas.providerId,
  terms: slas.terms,
  createdBy: userRefOf(slas.createdBy),
};
export type SlaRow = NonNullable<Awaited<ReturnType<typeof findSla>>>;

const SLA_SORT_COLUMNS: Record<SlaSort, (AnyColumn | SQL)[]> = {
  title: [sql`lower(${slas.title})`],
  createdAt: [slas.createdAt],
  responseHours: [slas.responseHours],
  resolutionHours: [slas.resolutionHours],
};

/**
 * An SLA by id if `visibility` (the access module's condition on "slas": its owner's staff and its
 * provider) lets the caller see it. Writes go through the owner-scoped functions below.
 */
export async function findSla(db: Db, visibility: SQL, id: string) {
  const [row] = await db
    .select(detailColumns)
    .from(slas)
    .innerJoin(owners, eq(owners.id, slas.organisationId))
    .innerJoin(providers, eq(providers.id, slas.providerId))
    .where(and(eq(slas.id, id), visibility))
    .limit(1);
  return row;
}

/** The SLA (id, title, provider, hours) when the organisation owns it, else nothing (another owner's SLA is not found). */
export async function findOwnSla(db: Db, organisationId: string, id: string) {
  const [row] = await db
    .select({
      id: slas.id,
      title: slas.title,
      providerId: slas.providerId,
      responseHours: slas.responseHours,
      resolutionHours: slas.resolutionHours,
    })
    .from(slas)
    .where(and(eq(slas.id, id), eq(slas.organisationId, organisationId)))
    .limit(1);
  return row;
}

export async function targetAssetsOf(db: Db, slaId: string) {
  return db
    .select({ id: assets.id, assetCode: assets.assetCode, name: assets.name })
    .from(slaTargets)
    .innerJoin(assets, eq(assets.id, slaTargets.assetId))
    .where(eq(slaTargets.slaId, slaId))
    .orderBy(asc(assets.assetCode), asc(assets.id));
}

export async function targetClustersOf(db: Db, slaId: string) {
  return db
    .select({ id: clusters.id, clusterCode: clusters.clusterCode, name: clusters.name })
    .from(slaTargets)
    .innerJoin(clusters, eq(clusters.id, slaTargets.clusterId))
    .where(eq(slaTargets.slaId, slaId))
    .orderBy(asc(clusters.clusterCode), asc(clusters.id));
}

/** The SLAs covering the asset: directly, or through the cluster it is in. */
function coversAsset(assetId: string): SQL {
  const assetCluster = assetClusterOf(sql`${assetId}`);
  return exists(
    sql`(select 1 from ${slaTargets} st where st.sla_id = ${slas.id} and (st.asset_id = ${assetId} or st.cluster_id = ${assetCluster}))`,
  );
}

function coversCluster(clusterId: string): SQL {
  return exists(sql`(select 1 from ${slaTargets} st where st.sla_id = ${slas.id} and st.cluster_id = ${clusterId})`);
}

/**
 * One page of SLAs under `scope` (the owner's, or the provider's), newest first unless sorted.
 * The title search is served by the trigram index slas_title_trgm_idx.
 */
async function pageOfSlas(db: Db, scope: SQL, query: SlaListQuery | SlaProvidedQuery, extra?: SQL) {
  const where = and(
    scope,
    extra,
    query.search ? ilike(slas.title, containsPattern(query.search)) : undefined,
    query.assetId ? coversAsset(query.assetId) : undefined,
    query.clusterId ? coversCluster(query.clusterId) : undefined,
  );
  const orderBy = query.sort ? orderOf(SLA_SORT_COLUMNS[query.sort], query.order, slas.id) : orderOf([slas.createdAt], 'desc', slas.id);
  const rows = await db
    .select(summaryColumns)
    .from(slas)
    .innerJoin(owners, eq(owners.id, slas.organisationId))
    .innerJoin(providers, eq(providers.id, slas.providerId))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(slas).where(where);
  return { rows, total };
}

/** The owner's SLAs. */
export function listSlas(db: Db, organisationId: string, query: SlaListQuery) {
  return pageOfSlas(
    db,
    eq(slas.organisationId, organisationId),
    query,
    query.providerId ? eq(slas.providerId, query.providerId) : undefined,
  );
}

/** The SLAs the organisation provides. */
export function listProvidedSlas(db: Db, providerId: string, query: SlaProvidedQuery) {
  return pageOfSlas(db, eq(slas.providerId, providerId), query, query.ownerId ? eq(slas.organisationId, query.ownerId) : undefined);
}

type SlaValues = Pick<typeof slas.$inferInsert, 'providerId' | 'title' | 'terms' | 'fileId' | 'responseHours' | 'resolutionHours'>;

export async function insertSla(db: Db, values: SlaValues & { organisationId: string; createdBy: string }) {
  const [row] = await db.insert(slas).values(values).returning({ id: slas.id });
  return row!.id;
}

export async function updateSla(db: Db, organisationId: string, id: string, values: Partial<SlaValues>) {
  const [row] = await db
    .update(slas)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(slas.id, id), eq(slas.organisationId, organisationId)))
    .returning({ id: slas.id });
  return row?.id;
}

/** Replaces the SLA's asset targets (kind 'asset') or cluster targets (kind 'cluster') with the ids. */
export async function replaceTargets(db: Db, slaId: string, kind: 'asset' | 'cluster', ids: string[]) {
  const column = kind === 'asset' ? slaTargets.assetId : slaTargets.clusterId;
  await db.delete(slaTargets).where(and(eq(slaTargets.slaId, slaId), sql`${column} is not null`));
  if (ids.length === 0) return;
  await db.insert(slaTargets).values(ids.map((id) => (kind === 'asset' ? { slaId, assetId: id } : { slaId, clusterId: id })));
}

export async function countTargets(db: Db, slaId: string): Promise<{ assets: number; clusters: number }> {
  const [row] = await db
    .select({
      assets: sql<number>`count(${slaTargets.assetId})::int`,
      clusters: sql<number>`count(${slaTargets.clusterId})::int`,
    })
    .from(slaTargets)
    .where(eq(slaTargets.slaId, slaId));
  return { assets: row?.assets ?? 0, clusters: row?.clusters ?? 0 };
}

/**
 * The owner's SLAs covering an asset (directly, or through its cluster) or a whole cluster, newest
 * first, with their providers and targets: a service request copies the one binding its provider.
 */
export async function slasCovering(db: Db, ownerId: string, target: { assetId: string | null; clusterId: string | null }) {
  const covers = [
    target.assetId ? sql`${slaTargets.assetId} = ${target.assetId}` : undefined,
    target.clusterId ? sql`${slaTargets.clusterId} = ${target.clusterId}` : undefined,
  ].filter((c): c is NonNullable<typeof c> => c !== undefined);
  if (covers.length === 0) return [];
  return db
    .selectDistinct({
      id: slas.id,
      title: slas.title,
      providerId: slas.providerId,
      responseHours: slas.responseHours,
      resolutionHours: slas.resolutionHours,
      createdAt: slas.createdAt,
    })
    .from(slas)
    .innerJoin(slaTargets, eq(slaTargets.slaId, slas.id))
    .where(and(eq(slas.organisationId, ownerId), sql`(${sql.join(covers, sql` or `)})`))
    .orderBy(desc(slas.createdAt), desc(slas.id));
}
