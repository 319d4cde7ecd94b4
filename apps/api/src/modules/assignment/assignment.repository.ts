import type { AssignedQuery, OwnerAssignmentQuery } from '@amp/contracts/assignment';
import { PROVIDER_KINDS } from '@amp/contracts/organisation';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  assetVisibleToProvider,
  assetVisibleToTechnician,
  clusterVisibleToProvider,
  clusterVisibleToTechnician,
  technicianAssignmentLost,
  technicianTargetVisible,
} from '../../access/assignment-visibility.js';
import type { Db } from '../../db/client.js';
import { assets } from '../../db/schema/asset.js';
import { assetAssignments, technicianAssignments } from '../../db/schema/assignment.js';
import { containsPattern, pageOffset } from '../../lib/list-query.js';
import { clusterOwnersAs, clustersOfOrganisationAmong, findVisibleClusterRef, lockClusterRows } from '../cluster/cluster.public.js';
import { findActiveOrganisationOfKinds, findOrganisation, organisationKindsAs } from '../registration/registration.public.js';
import { userNamePartsOf } from '../user/user.public.js';

// The registration and cluster modules' projections, joined under the tables' own names: the lists keep their joins.
const organisations = organisationKindsAs('organisations');
const clusters = clusterOwnersAs('clusters');

/** An active provider organisation (MRO, IMO, external technician): the only ones an owner may assign to. */
export async function findActiveProvider(db: Db, id: string) {
  return findActiveOrganisationOfKinds(db, id, PROVIDER_KINDS);
}

/** An organisation's name, as its notifications name it. */
export async function findOrganisationName(db: Db, id: string): Promise<string | undefined> {
  return (await findOrganisation(db, id))?.name;
}

/** The organisation's assets among the ids (another owner's are simply missing). */
export async function findOwnAssets(db: Db, organisationId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: assets.id, code: assets.assetCode, name: assets.name, clusterId: assets.clusterId })
    .from(assets)
    .where(and(eq(assets.organisationId, organisationId), inArray(assets.id, ids)));
}

export async function findOwnClusters(db: Db, organisationId: string, ids: string[]) {
  return clustersOfOrganisationAmong(db, organisationId, ids);
}

/** Row locks on the clusters involved, in id order: assignments of a cluster and of its assets are settled one at a time. */
export async function lockClusters(tx: Db, ids: string[]) {
  await lockClusterRows(tx, ids);
}

/** Live assignments of any of the assets or clusters. */
export async function liveAssignmentsOf(db: Db, assetIds: string[], clusterIds: string[]) {
  const targets = [
    assetIds.length ? inArray(assetAssignments.assetId, assetIds) : undefined,
    clusterIds.length ? inArray(assetAssignments.clusterId, clusterIds) : undefined,
  ].filter((c) => c !== undefined);
  if (targets.length === 0) return [];
  return db
    .select({ assetId: assetAssignments.assetId, clusterId: assetAssignments.clusterId, providerId: assetAssignments.providerId })
    .from(assetAssignments)
    .where(and(isNull(assetAssignments.revokedAt), or(...targets)));
}

/** The clusters among the ids that hold an asset assigned (on its own) to a provider other than this one. */
export async function clustersWithAssetsAssignedElsewhere(db: Db, clusterIds: string[], providerId: string) {
  if (clusterIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ clusterId: assets.clusterId })
    .from(assetAssignments)
    .innerJoin(assets, eq(assets.id, assetAssignments.assetId))
    .where(and(isNull(assetAssignments.revokedAt), ne(assetAssignments.providerId, providerId), inArray(assets.clusterId, clusterIds)));
  return rows.map((r) => r.clusterId!);
}

export async function insertAssignments(tx: Db, rows: (typeof assetAssignments.$inferInsert)[]) {
  if (rows.length === 0) return;
  await tx.insert(assetAssignments).values(rows);
}

/** Takes back the owner's live assignments of the targets (from one provider when given); returns what was revoked. */
export async function revokeAssignments(
  tx: Db,
  values: { ownerId: string; providerId?: string; assetIds: string[]; clusterIds: string[]; revokedBy: string },
) {
  const targets = [
    values.assetIds.length ? inArray(assetAssignments.assetId, values.assetIds) : undefined,
    values.clusterIds.length ? inArray(assetAssignments.clusterId, values.clusterIds) : undefined,
  ].filter((c) => c !== undefined);
  return tx
    .update(assetAssignments)
    .set({ revokedAt: sql`now()`, revokedBy: values.revokedBy })
    .where(
      and(
        eq(assetAssignments.ownerId, values.ownerId),
        isNull(assetAssignments.revokedAt),
        values.providerId ? eq(assetAssignments.providerId, values.providerId) : undefined,
        or(...targets),
      ),
    )
    .returning({ assetId: assetAssignments.assetId, clusterId: assetAssignments.clusterId, providerId: assetAssignments.providerId });
}

/** Revokes the provider's technician assignments whose target it no longer sees. */
export async function revokeLostTechnicianAssignments(tx: Db, providerId: string) {
  await tx.update(technicianAssignments).set({ revokedAt: sql`now()` }).where(technicianAssignmentLost(providerId));
}

const ownerOrg = { id: organisations.id, name: organisations.name };

/** An asset the provider sees (directly or through its cluster), with its owner; nothing otherwise. */
export async function findAssetVisibleToProvider(db: Db, providerId: string, assetId: string) {
  const [row] = await db
    .select({ id: assets.id, code: assets.assetCode, name: assets.name, owner: ownerOrg })
    .from(assets)
    .innerJoin(organisations, eq(organisations.id, assets.organisationId))
    .where(and(eq(assets.id, assetId), assetVisibleToProvider(providerId)))
    .limit(1);
  return row;
}

export async function findClusterVisibleToProvider(db: Db, providerId: string, clusterId: string) {
  return findVisibleClusterRef(db, clusterVisibleToProvider(providerId), clusterId);
}

/** An asset the technician sees (assigned to them, directly or through its cluster, while the provider holds it), with its owner. */
export async function findAssetVisibleToTechnician(db: Db, technicianId: string, providerId: string, assetId: string) {
  const [row] = await db
    .select({ id: assets.id, code: assets.assetCode, name: assets.name, owner: ownerOrg })
    .from(assets)
    .innerJoin(organisations, eq(organisations.id, assets.organisationId))
    .where(and(eq(assets.id, assetId), assetVisibleToTechnician(technicianId, providerId)))
    .limit(1);
  return row;
}

export async function findClusterVisibleToTechnician(db: Db, technicianId: string, providerId: string, clusterId: string) {
  return findVisibleClusterRef(db, clusterVisibleToTechnician(technicianId, providerId), clusterId);
}

/** The provider's live technician assignments of an asset or a cluster (for an asset, also those of its cluster), oldest first. */
export async function listTechniciansOnTarget(db: Db, providerId: string, target: { assetId?: string; clusterId?: string | null }) {
  const on = [
    target.assetId ? eq(technicianAssignments.assetId, target.assetId) : undefined,
    target.clusterId ? eq(technicianAssignments.clusterId, target.clusterId) : undefined,
  ].filter((c) => c !== undefined);
  if (on.length === 0) return [];
  return db
    .select({
      id: technicianAssignments.id,
      createdAt: technicianAssignments.createdAt,
      assetId: technicianAssignments.assetId,
      technician: userNamePartsOf(technicianAssignments.technicianId),
    })
    .from(technicianAssignments)
    .where(and(eq(technicianAssignments.providerId, providerId), isNull(technicianAssignments.revokedAt), or(...on)))
    .orderBy(asc(technicianAssignments.createdAt), asc(technicianAssignments.id));
}

export async function insertTechnicianAssignment(tx: Db, values: typeof technicianAssignments.$inferInsert) {
  const [row] = await tx
    .insert(technicianAssignments)
    .values(values)
    .returning({ id: technicianAssignments.id, createdAt: technicianAssignments.createdAt });
  return row!;
}

/* ---- Lists: one row per assignment, its target (asset with its cluster, or a whole cluster) and the other organisation. ---- */

const targetColumns = {
  assetId: assets.id,
  assetCode: assets.assetCode,
  assetName: assets.name,
  clusterId: clusters.id,
  clusterCode: clusters.clusterCode,
  clusterName: clusters.name,
  org: { id: organisations.id, name: organisations.name, kind: organisations.kind },
};

function targetSearch(search: string | undefined) {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(assets.assetCode, pattern),
    ilike(assets.name, pattern),
    ilike(clusters.clusterCode, pattern),
    ilike(clusters.name, pattern),
    ilike(organisations.name, pattern),
  );
}

function typeFilter(table: typeof assetAssignments | typeof technicianAssignments, type: 'asset' | 'cluster' | undefined) {
  if (!type) return undefined;
  return type === 'asset' ? sql`${table.assetId} is not null` : sql`${table.clusterId} is not null`;
}

/** Live assignments, from the owner's side (the other organisation is the provider) or the provider's (the owner). */
async function listAssignments(
  db: Db,
  side: 'owner' | 'provider',
  organisationId: string,
  where: (SQL | undefined)[],
  query: AssignedQuery,
) {
  const other = side === 'owner' ? assetAssignments.providerId : assetAssignments.ownerId;
  const mine = side === 'owner' ? assetAssignments.ownerId : assetAssignments.providerId;
  const condition = and(
    eq(mine, organisationId),
    isNull(assetAssignments.revokedAt),
    typeFilter(assetAssignments, query.type),
    targetSearch(query.search),
    ...where,
  );
  const rows = await db
    .select({ id: assetAssignments.id, createdAt: assetAssignments.createdAt, ...targetColumns })
    .from(assetAssignments)
    .innerJoin(organisations, eq(organisations.id, other))
    .leftJoin(assets, eq(assets.id, assetAssignments.assetId))
    .leftJoin(clusters, sql`${clusters.id} = coalesce(${assetAssignments.clusterId}, ${assets.clusterId})`)
    .where(condition)
    .orderBy(desc(assetAssignments.createdAt), desc(assetAssignments.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(assetAssignments)
    .innerJoin(organisations, eq(organisations.id, other))
    .leftJoin(assets, eq(assets.id, assetAssignments.assetId))
    .leftJoin(clusters, sql`${clusters.id} = coalesce(${assetAssignments.clusterId}, ${assets.clusterId})`)
    .where(condition);
  return { rows, total };
}
export type AssignmentListRow = Awaited<ReturnType<typeof listAssignments>>['rows'][number];

export function listOwnerAssignments(db: Db, ownerId: string, query: OwnerAssignmentQuery) {
  return listAssignments(
    db,
    'owner',
    ownerId,
    [
      query.providerId ? eq(assetAssignments.providerId, query.providerId) : undefined,
      // The clusters join is the assignment's cluster or its asset's: both kinds of one cluster.
      query.clusterId ? eq(clusters.id, query.clusterId) : undefined,
    ],
    query,
  );
}

export function listProviderAssignments(db: Db, providerId: string, query: AssignedQuery) {
  return listAssignments(db, 'provider', providerId, [], query);
}

/** The technician's live assignments whose target their organisation still sees; the other organisation is the owner. */
export async function listTechnicianAssignments(db: Db, technicianId: string, providerId: string, query: AssignedQuery) {
  const condition = and(
    eq(technicianAssignments.technicianId, technicianId),
    eq(technicianAssignments.providerId, providerId),
    isNull(technicianAssignments.revokedAt),
    technicianTargetVisible,
    typeFilter(technicianAssignments, query.type),
    targetSearch(query.search),
  );
  const rows = await db
    .select({ id: technicianAssignments.id, createdAt: technicianAssignments.createdAt, ...targetColumns })
    .from(technicianAssignments)
    .leftJoin(assets, eq(assets.id, technicianAssignments.assetId))
    .leftJoin(clusters, sql`${clusters.id} = coalesce(${technicianAssignments.clusterId}, ${assets.clusterId})`)
    .innerJoin(organisations, sql`${organisations.id} = coalesce(${assets.organisationId}, ${clusters.organisationId})`)
    .where(condition)
    .orderBy(desc(technicianAssignments.createdAt), desc(technicianAssignments.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(technicianAssignments)
    .leftJoin(assets, eq(assets.id, technicianAssignments.assetId))
    .leftJoin(clusters, sql`${clusters.id} = coalesce(${technicianAssignments.clusterId}, ${assets.clusterId})`)
    .innerJoin(organisations, sql`${organisations.id} = coalesce(${assets.organisationId}, ${clusters.organisationId})`)
    .where(condition);
  return { rows, total };
}

/**
 * Who holds the owner's asset now: its own live assignment or its cluster's (the assign rules
 * allow only one of the two; a direct one would win). Nothing when it is not assigned.
 */
/**
 * The provider that holds an asset now (an assignment of the asset itself before its cluster's), as
 * a subquery over the asset's columns, so another module's read of the asset brings it along.
 */
export function liveHolderOf(asset: { id: AnyPgColumn; clusterId: AnyPgColumn; organisationId: AnyPgColumn }): SQL<string | null> {
  return sql<string | null>`(
    select ${assetAssignments.providerId} from ${assetAssignments}
     where ${assetAssignments.ownerId} = ${asset.organisationId} and ${assetAssignments.revokedAt} is null
       and (${assetAssignments.assetId} = ${asset.id} or ${assetAssignments.clusterId} = ${asset.clusterId})
     order by ${assetAssignments.assetId} is null
     limit 1)`;
}

export async function findLiveAssignmentOfAsset(db: Db, ownerId: string, assetId: string, clusterId: string | null) {
  const [row] = await db
    .select({
      providerId: organisations.id,
      providerName: organisations.name,
      assetId: assetAssignments.assetId,
      createdAt: assetAssignments.createdAt,
    })
    .from(assetAssignments)
    .innerJoin(organisations, eq(organisations.id, assetAssignments.providerId))
    .where(
      and(
        eq(assetAssignments.ownerId, ownerId),
        isNull(assetAssignments.revokedAt),
        clusterId
          ? or(eq(assetAssignments.assetId, assetId), eq(assetAssignments.clusterId, clusterId))
          : eq(assetAssignments.assetId, assetId),
      ),
    )
    .orderBy(sql`${assetAssignments.assetId} is null`)
    .limit(1);
  return row;
}
