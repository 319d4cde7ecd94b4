import type {
  AssignedAssetDetails,
  AssignedClusterDetails,
  AssignedItem,
  AssignedQuery,
  AssignInput,
  AssignmentTarget,
  AssignResult,
  OrganisationRef,
  OwnerAssignment,
  OwnerAssignmentQuery,
  TechnicianAssignInput,
  TechnicianOnTarget,
  UnassignInput,
} from '@amp/contracts/assignment';
import { type PageQuery, pageMeta } from '@amp/contracts/fields';
import { type OrganisationKind, roleFlags } from '@amp/contracts/organisation';
import type { Deps } from '../../app.js';
import type { Db } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/list-query.js';
import type { Principal } from '../../plugins/auth.js';
import { recordActivity } from '../activity/activity.repository.js';
import { findAsset, listAssets } from '../asset/asset.repository.js';
import { assetFiles, toAsset } from '../asset/asset.service.js';
import { findCluster } from '../cluster/cluster.repository.js';
import { toCluster } from '../cluster/cluster.service.js';
import {
  type AssignmentListRow,
  clustersWithAssetsAssignedElsewhere,
  findActiveProvider,
  findAssetVisibleToProvider,
  findAssetVisibleToTechnician,
  findClusterVisibleToProvider,
  findClusterVisibleToTechnician,
  findOwnAssets,
  findOwnClusters,
  findStaffMember,
  insertAssignments,
  insertTechnicianAssignment,
  listOwnerAssignments,
  listProviderAssignments,
  listTechnicianAssignments,
  listTechniciansOnTarget,
  liveAssignmentsOf,
  lockClusters,
  revokeAssignments,
  revokeLostTechnicianAssignments,
} from './assignment.repository.js';
import { seesOrganisationAssignments } from './assignment-visibility.repository.js';

interface Target {
  id: string;
  code: string;
  name: string;
}

/** How a message names an asset or a cluster: its name and code. */
const label = (t: Target) => `${t.name} (${t.code})`;

function toTarget(row: AssignmentListRow): AssignmentTarget {
  const cluster = row.clusterId ? { _id: row.clusterId, clusterID: row.clusterCode!, name: row.clusterName! } : null;
  return row.assetId
    ? { type: 'asset', _id: row.assetId, code: row.assetCode!, name: row.assetName!, cluster }
    : { type: 'cluster', _id: row.clusterId!, code: row.clusterCode!, name: row.clusterName!, cluster: null };
}

function toAssignedItem(row: AssignmentListRow): AssignedItem {
  return { _id: row.id, owner: { _id: row.org.id, name: row.org.name }, target: toTarget(row), assignedAt: row.createdAt.toISOString() };
}

/** The owner's own assets and clusters among the ids; any other id is a 404 (another owner's are never revealed). */
async function ownTargets(db: Db, principal: Principal, input: { assetIds?: string[]; clusterIds?: string[] }) {
  const assetIds = [...new Set(input.assetIds ?? [])];
  const clusterIds = [...new Set(input.clusterIds ?? [])];
  const assets = await findOwnAssets(db, principal.organisationId, assetIds);
  if (assets.length !== assetIds.length) throw notFound('asset');
  const clusters = await findOwnClusters(db, principal.organisationId, clusterIds);
  if (clusters.length !== clusterIds.length) throw notFound('cluster');
  return { assets, clusters, assetIds, clusterIds };
}

/**
 * The owner gives assets and whole clusters to an active provider. Something already assigned (an
 * asset also through its cluster) is a 409, and so is a cluster with an asset given to another
 * provider: an asset is never seen by two providers at once.
 */
export async function assign(deps: Deps, principal: Principal, input: AssignInput): Promise<AssignResult> {
  const provider = await findActiveProvider(deps.db, input.providerId);
  if (!provider) throw invalidField('providerId', 'VALIDATION.NOT_VALID', { field: 'Provider' });
  const { assets, clusters, assetIds, clusterIds } = await ownTargets(deps.db, principal, input);
  const assetClusterIds = assets.map((a) => a.clusterId).filter((id): id is string => id !== null);
  await deps.db
    .transaction(async (tx) => {
      await lockClusters(tx, [...new Set([...clusterIds, ...assetClusterIds])]);
      const live = await liveAssignmentsOf(tx, assetIds, [...clusterIds, ...assetClusterIds]);
      const liveAssets = new Set(live.map((l) => l.assetId));
      const liveClusters = new Set(live.map((l) => l.clusterId));
      for (const asset of assets) {
        if (liveAssets.has(asset.id) || (asset.clusterId && liveClusters.has(asset.clusterId))) {
          throw conflict('ASSIGNMENT.ALREADY_ASSIGNED', { target: label(asset) });
        }
      }
      for (const cluster of clusters) {
        if (liveClusters.has(cluster.id)) throw conflict('ASSIGNMENT.ALREADY_ASSIGNED', { target: label(cluster) });
      }
      const crowded = new Set(await clustersWithAssetsAssignedElsewhere(tx, clusterIds, provider.id));
      const blocked = clusters.find((c) => crowded.has(c.id));
      if (blocked) throw conflict('ASSIGNMENT.CLUSTER_ASSETS_ASSIGNED', { target: label(blocked) });
      const common = { ownerId: principal.organisationId, providerId: provider.id, assignedBy: principal.userId };
      await insertAssignments(tx, [
        ...assets.map((a) => ({ ...common, assetId: a.id })),
        ...clusters.map((c) => ({ ...common, clusterId: c.id })),
      ]);
      for (const [kind, targets] of [
        ['asset', assets],
        ['cluster', clusters],
      ] as const) {
        for (const target of targets) {
          await recordActivity(tx, {
            organisationId: principal.organisationId,
            userId: principal.userId,
            action: `${kind}.assigned`,
            description: `Assigned the ${kind} ${target.name} (${target.code}) to ${provider.name}`,
            subjectType: kind,
            subjectId: target.id,
          });
        }
      }
    })
    .catch((error: unknown) => {
      // Assigned meanwhile by another request: the live-assignment indexes refuse the second one.
      throw isUniqueViolation(error) ? conflict('ASSIGNMENT.ALREADY_ASSIGNED', { target: 'This asset or cluster' }) : error;
    });
  return { assets: assets.length, clusters: clusters.length };
}

/**
 * The owner takes assets and clusters back (from the named provider only, when one is given). The
 * provider's technician assignments that thereby lose their target are revoked with them.
 */
export async function unassign(deps: Deps, principal: Principal, input: UnassignInput): Promise<AssignResult> {
  const { assets, clusters, assetIds, clusterIds } = await ownTargets(deps.db, principal, input);
  await deps.db.transaction(async (tx) => {
    const revoked = await revokeAssignments(tx, {
      ownerId: principal.organisationId,
      providerId: input.providerId,
      assetIds,
      clusterIds,
      revokedBy: principal.userId,
    });
    const gone = (a: string | null, c: string | null) =>
      revoked.some((r) => (a !== null && r.assetId === a) || (c !== null && r.clusterId === c));
    const missingAsset = assets.find((a) => !gone(a.id, null));
    if (missingAsset) throw conflict('ASSIGNMENT.NOT_ASSIGNED', { target: label(missingAsset) });
    const missingCluster = clusters.find((c) => !gone(null, c.id));
    if (missingCluster) throw conflict('ASSIGNMENT.NOT_ASSIGNED', { target: label(missingCluster) });
    for (const providerId of new Set(revoked.map((r) => r.providerId))) await revokeLostTechnicianAssignments(tx, providerId);
    for (const [kind, targets] of [
      ['asset', assets],
      ['cluster', clusters],
    ] as const) {
      for (const target of targets) {
        await recordActivity(tx, {
          organisationId: principal.organisationId,
          userId: principal.userId,
          action: `${kind}.unassigned`,
          description: `Took back the ${kind} ${target.name} (${target.code})`,
          subjectType: kind,
          subjectId: target.id,
        });
      }
    }
  });
  return { assets: assets.length, clusters: clusters.length };
}

export async function listForOwner(db: Db, principal: Principal, query: OwnerAssignmentQuery) {
  const { rows, total } = await listOwnerAssignments(db, principal.organisationId, query);
  const data: OwnerAssignment[] = rows.map((row) => ({
    _id: row.id,
    provider: { _id: row.org.id, name: row.org.name, kind: row.org.kind as OrganisationKind },
    target: toTarget(row),
    assignedAt: row.createdAt.toISOString(),
  }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}

export async function listForProvider(db: Db, principal: Principal, query: AssignedQuery) {
  const { rows, total } = await listProviderAssignments(db, principal.organisationId, query);
  return { data: rows.map(toAssignedItem), meta: pageMeta(query.page, query.pageSize, total) };
}

/** What the caller, as a technician, has been given (an external technician: all their organisation holds). */
export async function listForTechnician(db: Db, principal: Principal, query: AssignedQuery) {
  if (seesOrganisationAssignments(principal.organisationKind)) return listForProvider(db, principal, query);
  const { rows, total } = await listTechnicianAssignments(db, principal.userId, principal.organisationId, query);
  return { data: rows.map(toAssignedItem), meta: pageMeta(query.page, query.pageSize, total) };
}

async function visibleAsset(db: Db, principal: Principal, id: string) {
  const row = await findAssetVisibleToProvider(db, principal.organisationId, id);
  if (!row) throw notFound('asset');
  return row;
}

async function visibleCluster(db: Db, principal: Principal, id: string) {
  const row = await findClusterVisibleToProvider(db, principal.organisationId, id);
  if (!row) throw notFound('cluster');
  return row;
}

const ownerRef = (owner: { id: string; name: string }): OrganisationRef => ({ _id: owner.id, name: owner.name });

/**
 * The details pages are read by the provider's dispatchers (viewOrganizationAssignedAsset: all the
 * organisation holds) and by its technicians (only what is assigned to them, see the visibility rule).
 */
function readsAsOrganisation(principal: Principal): boolean {
  return principal.permissions.includes('viewOrganizationAssignedAsset') || seesOrganisationAssignments(principal.organisationKind);
}

async function readableAsset(db: Db, principal: Principal, id: string) {
  if (readsAsOrganisation(principal)) return visibleAsset(db, principal, id);
  const row = await findAssetVisibleToTechnician(db, principal.userId, principal.organisationId, id);
  if (!row) throw notFound('asset');
  return row;
}

async function readableCluster(db: Db, principal: Principal, id: string) {
  if (readsAsOrganisation(principal)) return visibleCluster(db, principal, id);
  const row = await findClusterVisibleToTechnician(db, principal.userId, principal.organisationId, id);
  if (!row) throw notFound('cluster');
  return row;
}

async function techniciansOn(db: Db, providerId: string, target: { assetId?: string; clusterId?: string | null }) {
  const rows = await listTechniciansOnTarget(db, providerId, target);
  return rows.map(
    (row): TechnicianOnTarget => ({
      _id: row.id,
      technician: { _id: row.technician.id, firstName: row.technician.firstName, lastName: row.technician.lastName },
      via: row.assetId ? 'asset' : 'cluster',
      assignedAt: row.createdAt.toISOString(),
    }),
  );
}

/** The asset with its owner and the provider's technicians on it (directly or through its cluster). */
export async function assignedAssetDetails(db: Db, principal: Principal, id: string): Promise<AssignedAssetDetails> {
  const visible = await readableAsset(db, principal, id);
  const row = await findAsset(db, visible.owner.id, id);
  if (!row) throw notFound('asset');
  const asset = toAsset(row);
  const technicians = await techniciansOn(db, principal.organisationId, { assetId: id, clusterId: asset.cluster?._id });
  return { ...asset, owner: ownerRef(visible.owner), technicians, ...(await assetFiles(db, id)) };
}

/** The cluster with a page of its assets (every asset of an assigned cluster is the provider's to see) and its technicians. */
export async function assignedClusterDetails(db: Db, principal: Principal, id: string, query: Omit<PageQuery, 'sort'>) {
  const visible = await readableCluster(db, principal, id);
  const row = await findCluster(db, visible.owner.id, id);
  if (!row) throw notFound('cluster');
  const { rows, total } = await listAssets(db, visible.owner.id, { ...query, clusterId: id, sort: 'assetID' });
  const data: AssignedClusterDetails = {
    ...toCluster(row),
    owner: ownerRef(visible.owner),
    assets: rows.map(toAsset),
    technicians: await techniciansOn(db, principal.organisationId, { clusterId: id }),
  };
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}

/** The provider dispatches an asset or cluster it holds to one of its active technicians. */
export async function assignTechnician(
  deps: Deps,
  principal: Principal,
  kind: 'asset' | 'cluster',
  id: string,
  input: TechnicianAssignInput,
) {
  const target = kind === 'asset' ? await visibleAsset(deps.db, principal, id) : await visibleCluster(deps.db, principal, id);
  const member = await findStaffMember(deps.db, principal.organisationId, input.technicianId);
  if (member?.status !== 'active' || !roleFlags(member.kind as OrganisationKind, member.roleKey, member.permissions).technician) {
    throw invalidField('technicianId', 'VALIDATION.NOT_VALID', { field: 'Technician' });
  }
  const created = await deps.db
    .transaction(async (tx) => {
      const row = await insertTechnicianAssignment(tx, {
        providerId: principal.organisationId,
        technicianId: member.id,
        assetId: kind === 'asset' ? target.id : null,
        clusterId: kind === 'cluster' ? target.id : null,
        assignedBy: principal.userId,
      });
      await recordActivity(tx, {
        organisationId: principal.organisationId,
        userId: principal.userId,
        action: `${kind}.technician_assigned`,
        description: `Assigned the ${kind} ${target.name} (${target.code}) to ${member.firstName} ${member.lastName}`,
        subjectType: kind,
        subjectId: target.id,
      });
      return row;
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? conflict('ASSIGNMENT.TECHNICIAN_ALREADY_ASSIGNED', { target: label(target) }) : error;
    });
  return {
    _id: created.id,
    technician: { _id: member.id, firstName: member.firstName, lastName: member.lastName },
    target: { type: kind, _id: target.id, code: target.code, name: target.name },
    owner: ownerRef(target.owner),
    assignedAt: created.createdAt.toISOString(),
  };
}
