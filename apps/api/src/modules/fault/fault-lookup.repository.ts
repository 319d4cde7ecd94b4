import { and, asc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets } from '../../db/schema/asset.js';
import { clusters } from '../../db/schema/cluster.js';
import { faults } from '../../db/schema/fault.js';
import { states } from '../../db/schema/reference.js';
import { organisations } from '../../db/schema/registration.js';
import { containsPattern, pageOffset } from '../../lib/list-query.js';
import { liveHolderOf } from '../assignment/assignment.public.js';

/** The fault form's look-ups (assets and clusters one may report on), the portal's owner, and the tracking page's read. */

const formAssetColumns = {
  id: assets.id,
  assetCode: assets.assetCode,
  name: assets.name,
  organisationId: assets.organisationId,
  status: assets.status,
  locationId: assets.locationId,
  locationName: assets.locationName,
  cluster: { id: clusters.id, clusterCode: clusters.clusterCode, name: clusters.name },
  stateAlias: clusters.state,
  stateName: states.name,
  lga: clusters.lga,
  owner: { id: organisations.id, name: organisations.name },
  openFaultCount: assets.openFaultCount,
};
export type FormAssetRow = Awaited<ReturnType<typeof listFormAssets>>['rows'][number];

function selectFormAssets(db: Db) {
  return db
    .select(formAssetColumns)
    .from(assets)
    .innerJoin(organisations, eq(organisations.id, assets.organisationId))
    .leftJoin(clusters, eq(clusters.id, assets.clusterId))
    .leftJoin(states, eq(states.alias, clusters.state));
}

const reportable = ne(assets.status, 'decommissioned');

/** One asset within `scope` (an owner's, or what the caller sees), whether or not it can take a report. */
export async function findFormAsset(db: Db, scope: SQL, id: string) {
  const [row] = await selectFormAssets(db)
    .where(and(eq(assets.id, id), scope))
    .limit(1);
  return row;
}

function preparePortalAsset(db: Db) {
  return db
    .select({
      ...formAssetColumns,
      ownerActive: sql<boolean>`${organisations.kind} = 'asset_owner' and ${organisations.status} = 'active'`,
      holderId: liveHolderOf(assets),
    })
    .from(assets)
    .innerJoin(organisations, eq(organisations.id, assets.organisationId))
    .leftJoin(clusters, eq(clusters.id, assets.clusterId))
    .leftJoin(states, eq(states.alias, clusters.state))
    .where(and(eq(assets.id, sql.placeholder('id')), eq(assets.organisationId, sql.placeholder('owner'))))
    .limit(1)
    .prepare('fault_portal_asset');
}
const preparedPortalAssets = new WeakMap<Db, ReturnType<typeof preparePortalAsset>>();

/**
 * The portal's read: the owner's asset, with whether the owner is an active asset owner (the
 * portal's other check) and the provider that holds it, in one query (a prepared statement: the
 * portal's busiest read). Nothing when the asset is not the owner's.
 */
export async function findPortalAsset(db: Db, ownerId: string, id: string) {
  const prepared = preparedPortalAssets.get(db) ?? preparePortalAsset(db);
  preparedPortalAssets.set(db, prepared);
  const [row] = await prepared.execute({ id, owner: ownerId });
  return row;
}

/** A page of assets within `scope` that a fault can be reported on, by cluster (`none`: outside any) and search. */
export async function listFormAssets(
  db: Db,
  scope: SQL,
  query: { cluster?: string | null; search?: string; page: number; pageSize: number },
) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(
    scope,
    reportable,
    query.cluster === 'none' ? isNull(assets.clusterId) : query.cluster ? eq(assets.clusterId, query.cluster) : undefined,
    pattern ? or(ilike(assets.name, pattern), ilike(assets.assetCode, pattern), ilike(assets.locationName, pattern)) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    selectFormAssets(db)
      .where(where)
      .orderBy(sql`lower(${assets.name})`, asc(assets.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(assets)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** A page of clusters within `scope` (the access module's condition on "clusters"), for the signed-in form. */
export async function listFormClusters(db: Db, scope: SQL, query: { search?: string; page: number; pageSize: number }) {
  const pattern = query.search ? containsPattern(query.search) : undefined;
  const where = and(scope, pattern ? or(ilike(clusters.name, pattern), ilike(clusters.clusterCode, pattern)) : undefined);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: clusters.id,
        clusterCode: clusters.clusterCode,
        name: clusters.name,
        stateAlias: clusters.state,
        stateName: states.name,
        lga: clusters.lga,
        owner: { id: organisations.id, name: organisations.name },
      })
      .from(clusters)
      .innerJoin(organisations, eq(organisations.id, clusters.organisationId))
      .leftJoin(states, eq(states.alias, clusters.state))
      .where(where)
      .orderBy(sql`lower(${clusters.name})`, asc(clusters.id))
      .limit(query.pageSize)
      .offset(pageOffset(query.page, query.pageSize)),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(clusters)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** An active asset owner, by id (the public portal reports to it). */
export async function findActiveOwner(db: Db, id: string) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name })
    .from(organisations)
    .where(and(eq(organisations.id, id), eq(organisations.kind, 'asset_owner'), eq(organisations.status, 'active')))
    .limit(1);
  return row;
}

/** A fault by its tracking code, with only what the public may see. */
export async function findTrackedFault(db: Db, code: string) {
  const [row] = await db
    .select({
      id: faults.id,
      code: faults.code,
      status: faults.status,
      faultType: faults.faultType,
      assetCode: assets.assetCode,
      assetName: assets.name,
      owner: organisations.name,
      timeZone: organisations.timeZone,
      createdAt: faults.createdAt,
    })
    .from(faults)
    .innerJoin(assets, eq(assets.id, faults.assetId))
    .innerJoin(organisations, eq(organisations.id, faults.organisationId))
    .where(eq(faults.code, code))
    .limit(1);
  return row;
}
