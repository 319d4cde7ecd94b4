import type {
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
import { pageMeta } from '@amp/contracts/fields';
import { type OrganisationKind, roleFlags } from '@amp/contracts/organisation';
import { seesOrganisationAssignments } from '../../access/assignment-visibility.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { type Effects, write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { findStaffMember } from '../user/user.public.js';
import {
  type AssignmentListRow,
  clustersWithAssetsAssignedElsewhere,
  findActiveProvider,
  findAssetVisibleToProvider,
  findAssetVisibleToTechnician,
  findClusterVisibleToProvider,
  findClusterVisibleToTechnician,
  findOrganisationName,
  findOwnAssets,
  findOwnClusters,
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

interface Target {
  id: string;
  code: string;
  name: string;
}

/** How a message names an asset or a cluster: its name and code. */
const label = (t: Target) => `${t.name} (${t.code})`;

/** A notification names at most this many targets, then "…". */
const NAMED_TARGETS = 3;

/** The provider's pages of what it holds: the list, and beneath it each asset's and cluster's page. */
const PROVIDER_ASSIGNED_PATH = '/asset/assigned';

/**
 * One notification per provider and request: the owner assigned (or took back) these assets and
 * clusters. `kind` names them in the reader's language (NOTIFICATION.KIND.<kind>).
 */
function notifyProvider(
  fx: Effects,
  event: 'assignment.assigned' | 'assignment.revoked',
  names: { owner: string; provider: { id: string; name: string } },
  targets: { assets: Target[]; clusters: Target[] },
) {
  const all = [...targets.assets, ...targets.clusters];
  if (all.length === 0) return;
  const kind = targets.clusters.length === 0 ? 'asset' : targets.assets.length === 0 ? 'cluster' : 'mixed';
  const shown = all
    .slice(0, NAMED_TARGETS)
    .map((t) => t.name)
    .join(', ');
  const only = all.length === 1 && event === 'assignment.assigned' ? all[0]! : undefined;
  fx.notify({
    event,
    to: { organisation: names.provider.id, permission: ['viewOrganizationAssignedAsset'] },
    params: {
      owner: names.owner,
      provider: names.provider.name,
      count: all.length,
      kind,
      names: all.length > NAMED_TARGETS ? `${shown}…` : shown,
    },
    path: only ? `${PROVIDER_ASSIGNED_PATH}/${kind}/${only.id}` : PROVIDER_ASSIGNED_PATH,
  });
}

function toTarget(row: AssignmentListRow): AssignmentTarget {
  const cluster = row.clusterId ? { _id: row.clusterId, clusterID: row.clusterCode!, name: row.clusterName! } : null;
  return row.assetId
    ? { type: 'asset', _id: row.assetId, code: row.assetCode!, name: row.assetName!, cluster }
    : { type: 'cluster', _id: row.clusterId!, code: row.clusterCode!, name: row.clusterName!, cluster: null };
}

function toAssignedItem(row: AssignmentListRow): AssignedItem {
  return { _id: row.id, owner: { _id: row.org.id, name: row.org.name }, target: toTarget(row), assignedAt: row.createdAt.toISOString() };
}

/** The rows in the order the request named them (activities and notifications list them so). */
const inRequestOrder = <Row extends { id: string }>(rows: Row[], ids: string[]): Row[] => {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** The owner's own assets and clusters among the ids; any other id is a 404 (another owner's are never revealed). */
async function ownTargets(db: Db, principal: Principal, input: { assetIds?: string[]; clusterIds?: string[] }) {
  const assetIds = [...new Set(input.assetIds ?? [])];
  const clusterIds = [...new Set(input.clusterIds ?? [])];
  const assets = inRequestOrder(await findOwnAssets(db, principal.organisationId, assetIds), assetIds);
  if (assets.length !== assetIds.length) throw notFound('asset');
  const clusters = inRequestOrder(await findOwnClusters(db, principal.organisationId, clusterIds), clusterIds);
  if (clusters.length !== clusterIds.length) throw notFound('cluster');
  return { assets, clusters, assetIds, clusterIds };
}

/**
 * The owner gives assets and whole clusters to an active provider, whose staff are notified. Something
 * already assigned (an asset also through its cluster) is a 409, and so is a cluster with an asset
 * given to another provider: an asset is never seen by two providers at once.
 */
export async function assign(deps: Deps, principal: Principal, input: AssignInput): Promise<AssignResult> {
  const provider = await findActiveProvider(deps.db, input.providerId);
  if (!provider) throw invalidField('providerId', 'VALIDATION.NOT_VALID', { field: 'Provider' });
  const { assets, clusters, assetIds, clusterIds } = await ownTargets(deps.db, principal, input);
  const assetClusterIds = assets.map((a) => a.clusterId).filter((id): id is string => id !== null);
  const owner = (await findOrganisationName(deps.db, principal.organisationId)) ?? '';
  await write(
    deps,
    principal,
    async (tx, fx) => {
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
          fx.activity({
            action: `${kind}.assigned`,
            params: { name: target.name, code: target.code, provider: provider.name },
            subject: { type: kind, id: target.id },
          });
        }
      }
      notifyProvider(fx, 'assignment.assigned', { owner, provider }, { assets, clusters });
    },
    // Assigned meanwhile by another request: the live-assignment indexes refuse the second one.
    { onUniqueViolation: () => conflict('ASSIGNMENT.ALREADY_ASSIGNED', { target: 'This asset or cluster' }) },
  );
  return { assets: assets.length, clusters: clusters.length };
}

/**
 * The owner takes assets and clusters back (from the named provider only, when one is given); each
 * provider that loses some is notified. The provider's technician assignments that thereby lose
 * their target are revoked with them.
 */
export async function unassign(deps: Deps, principal: Principal, input: UnassignInput): Promise<AssignResult> {
  const { assets, clusters, assetIds, clusterIds } = await ownTargets(deps.db, principal, input);
  const owner = (await findOrganisationName(deps.db, principal.organisationId)) ?? '';
  await write(deps, principal, async (tx, fx) => {
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
        fx.activity({
          action: `${kind}.unassigned`,
          params: { name: target.name, code: target.code },
          subject: { type: kind, id: target.id },
        });
      }
    }
    for (const providerId of new Set(revoked.map((r) => r.providerId))) {
      const lost = revoked.filter((r) => r.providerId === providerId);
      const provider = { id: providerId, name: (await findOrganisationName(tx, providerId)) ?? '' };
      notifyProvider(
        fx,
        'assignment.revoked',
        { owner, provider },
        {
          assets: assets.filter((a) => lost.some((r) => r.assetId === a.id)),
          clusters: clusters.filter((c) => lost.some((r) => r.clusterId === c.id)),
        },
      );
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

/** How an answer names the owner of what the provider holds. */
export const ownerRef = (owner: { id: string; name: string }): OrganisationRef => ({ _id: owner.id, name: owner.name });

/**
 * The details pages are read by the provider's dispatchers (viewOrganizationAssignedAsset: all the
 * organisation holds) and by its technicians (only what is assigned to them, see the visibility rule).
 */
function readsAsOrganisation(principal: Principal): boolean {
  return principal.permissions.includes('viewOrganizationAssignedAsset') || seesOrganisationAssignments(principal.organisationKind);
}

/** The asset the caller, on the provider's staff, may read, with its owner; not found otherwise. */
export async function readableAsset(db: Db, principal: Principal, id: string) {
  if (readsAsOrganisation(principal)) return visibleAsset(db, principal, id);
  const row = await findAssetVisibleToTechnician(db, principal.userId, principal.organisationId, id);
  if (!row) throw notFound('asset');
  return row;
}

/** The cluster the caller, on the provider's staff, may read, with its owner; not found otherwise. */
export async function readableCluster(db: Db, principal: Principal, id: string) {
  if (readsAsOrganisation(principal)) return visibleCluster(db, principal, id);
  const row = await findClusterVisibleToTechnician(db, principal.userId, principal.organisationId, id);
  if (!row) throw notFound('cluster');
  return row;
}

/** The provider's technicians on an asset (directly or through its cluster) or on a cluster. */
export async function techniciansOn(db: Db, providerId: string, target: { assetId?: string; clusterId?: string | null }) {
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

/** The provider dispatches an asset or cluster it holds to one of its active technicians, who is notified. */
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
  const created = await write(
    deps,
    principal,
    async (tx, fx) => {
      const row = await insertTechnicianAssignment(tx, {
        providerId: principal.organisationId,
        technicianId: member.id,
        assetId: kind === 'asset' ? target.id : null,
        clusterId: kind === 'cluster' ? target.id : null,
        assignedBy: principal.userId,
      });
      fx.activity({
        action: `${kind}.dispatched`,
        params: { name: target.name, code: target.code, technician: `${member.firstName} ${member.lastName}` },
        subject: { type: kind, id: target.id },
      });
      fx.notify({
        event: 'assignment.dispatched',
        to: { users: [member.id] },
        params: { owner: target.owner.name, kind, name: target.name, code: target.code },
        path: `${PROVIDER_ASSIGNED_PATH}/technician/${kind}/${target.id}`,
      });
      return row;
    },
    { onUniqueViolation: () => conflict('ASSIGNMENT.TECHNICIAN_ALREADY_ASSIGNED', { target: label(target) }) },
  );
  return {
    _id: created.id,
    technician: { _id: member.id, firstName: member.firstName, lastName: member.lastName },
    target: { type: kind, _id: target.id, code: target.code, name: target.name },
    owner: ownerRef(target.owner),
    assignedAt: created.createdAt.toISOString(),
  };
}
