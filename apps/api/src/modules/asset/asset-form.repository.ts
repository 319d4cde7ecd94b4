import { and, asc, eq, ilike, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assets } from '../../db/schema/asset.js';
import { containsPattern, pageOffset } from '../../lib/list-query.js';
import { liveHolderOf } from '../assignment/assignment.public.js';
import { clusterSitesAs } from '../cluster/cluster.public.js';
import { stateNamesAs } from '../reference/reference.public.js';
import { isActiveAssetOwnerIn, organisationNamesAs } from '../registration/registration.public.js';

/** The fault form's assets (those one may report a fault on) and the portal's asset: the asset with its cluster, state and owner. */

// The owners' projections, joined under their tables' own names.
const clusters = clusterSitesAs('clusters');
const states = stateNamesAs('states');
const organisations = organisationNamesAs('organisations');

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
      ownerActive: isActiveAssetOwnerIn(assets.organisationId),
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

/** The ids of assets within `visibility` whose name or code matches, at most `limit` (on the assets' own trigram index): a fault search matches them. */
export async function assetIdsMatching(db: Db, visibility: SQL, pattern: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(visibility, or(ilike(assets.name, pattern), ilike(assets.assetCode, pattern))))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** The update that counts one more open fault on the asset when `when` holds: a part of the caller's statement (a new fault that starts with the owner). */
export function openFaultCounted(tx: Db, assetId: string, when: SQL) {
  return tx
    .update(assets)
    .set({ openFaultCount: sql`${assets.openFaultCount} + 1` })
    .where(and(eq(assets.id, assetId), when));
}

/** Keeps assets.open_fault_count exact in the fault's writing transaction (decision 0015). */
export async function changeOpenFaultCount(tx: Db, assetId: string, by: 1 | -1) {
  await tx
    .update(assets)
    .set({ openFaultCount: sql`${assets.openFaultCount} + ${by}` })
    .where(eq(assets.id, assetId));
}
