import { pageMeta } from '@amp/contracts/fields';
import type { Sla, SlaCreateInput, SlaListQuery, SlaProvidedQuery, SlaSummary, SlaUpdateInput } from '@amp/contracts/sla';
import { visible } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { invalidField, notFound } from '../../lib/errors.js';
import { type Effects, write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { findActiveProvider, findOrganisationName, findOwnAssets, findOwnClusters } from '../assignment/assignment.public.js';
import { attachFiles, filesOf } from '../file/file.public.js';
import {
  countTargets,
  findOwnSla,
  findSla,
  insertSla,
  listProvidedSlas,
  listSlas,
  replaceTargets,
  type SlaRow,
  type SlaSummaryRow,
  targetAssetsOf,
  targetClustersOf,
  updateSla,
} from './sla.repository.js';

function toSummary(row: SlaSummaryRow): SlaSummary {
  return {
    _id: row.id,
    title: row.title,
    owner: { _id: row.owner.id, name: row.owner.name },
    provider: { _id: row.provider.id, name: row.provider.name },
    responseHours: row.responseHours,
    resolutionHours: row.resolutionHours,
    assetCount: Number(row.assetCount),
    clusterCount: Number(row.clusterCount),
    hasFile: row.fileId !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function toSla(db: Db, row: SlaRow): Promise<Sla> {
  const { assetCount: _a, clusterCount: _c, hasFile: _f, ...summary } = toSummary(row);
  const [assets, clusters, files] = await Promise.all([
    targetAssetsOf(db, row.id),
    targetClustersOf(db, row.id),
    row.fileId ? filesOf(db, { type: 'sla', id: row.id }) : Promise.resolve([]),
  ]);
  return {
    ...summary,
    terms: row.terms,
    file: files.find((f) => f._id === row.fileId) ?? null,
    targets: {
      assets: assets.map((a) => ({ _id: a.id, assetID: a.assetCode, name: a.name })),
      clusters: clusters.map((c) => ({ _id: c.id, clusterID: c.clusterCode, name: c.name })),
    },
    createdBy: row.createdBy,
  };
}

async function visibleSla(db: Db, principal: Principal, id: string): Promise<SlaRow> {
  // Who sees an SLA is the access module's rule: its owner's staff who see assets, and its provider.
  const row = await findSla(db, visible(principal, 'sla'), id);
  if (!row) throw notFound('SLA');
  return row;
}

async function ownSla(db: Db, principal: Principal, id: string) {
  const row = await findOwnSla(db, principal.organisationId, id);
  if (!row) throw notFound('SLA');
  return row;
}

/** The provider must be an approved (active) MRO, IMO or external technician: the rule of GET /v2/user/service-provider. */
async function approvedProvider(db: Db, providerId: string) {
  const provider = await findActiveProvider(db, providerId);
  if (!provider) throw invalidField('providerId', 'SLA.PROVIDER_NOT_APPROVED');
  return provider;
}

/** The ids without duplicates, each one the owner's own asset (or cluster); anything else is a 400 beside the list. */
async function ownAssetIds(db: Db, principal: Principal, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await findOwnAssets(db, principal.organisationId, unique);
  if (found.length !== unique.length) throw invalidField('assetIds', 'SLA.UNKNOWN_ASSET');
  return unique;
}

async function ownClusterIds(db: Db, principal: Principal, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await findOwnClusters(db, principal.organisationId, unique);
  if (found.length !== unique.length) throw invalidField('clusterIds', 'SLA.UNKNOWN_CLUSTER');
  return unique;
}

/** An asset or cluster deleted between the check and the write: the foreign keys refuse it, reported as at the check. */
function targetGone(constraint = ''): Error {
  if (constraint.includes('asset')) return invalidField('assetIds', 'SLA.UNKNOWN_ASSET');
  if (constraint.includes('cluster')) return invalidField('clusterIds', 'SLA.UNKNOWN_CLUSTER');
  return new Error(`SLA write refused by the foreign key ${constraint}`);
}

/** Where the provider's staff find what an SLA covers: the assets and clusters they hold (there is no provider SLA page yet). */
const PROVIDER_SLA_PATH = '/asset/assigned';

/** The provider's staff who see what it holds hear of an SLA made with it or changed. */
function notifyProvider(fx: Effects, event: 'sla.created' | 'sla.updated', providerId: string, params: { owner: string; title: string }) {
  fx.notify({ event, to: { organisation: providerId, permission: ['viewOrganizationAssignedAsset'] }, params, path: PROVIDER_SLA_PATH });
}

/** Where a refused file id is reported: beside the form's one supporting file. */
const FILE_FIELD = { path: 'file', label: 'Supporting file' };

export async function create(deps: Deps, principal: Principal, input: SlaCreateInput): Promise<Sla> {
  const provider = await approvedProvider(deps.db, input.providerId);
  const assetIds = await ownAssetIds(deps.db, principal, input.assetIds);
  const clusterIds = await ownClusterIds(deps.db, principal, input.clusterIds);
  const owner = (await findOrganisationName(deps.db, principal.organisationId)) ?? '';
  const id = await write(
    deps,
    principal,
    async (tx, fx) => {
      const slaId = await insertSla(tx, {
        organisationId: principal.organisationId,
        providerId: provider.id,
        title: input.title,
        terms: input.terms || null,
        responseHours: input.responseHours,
        resolutionHours: input.resolutionHours,
        createdBy: principal.userId,
      });
      await replaceTargets(tx, slaId, 'asset', assetIds);
      await replaceTargets(tx, slaId, 'cluster', clusterIds);
      if (input.file) {
        // Refuses (400 beside `file`) an id that is not an uploaded document of this organisation.
        await attachFiles(tx, fx, principal.organisationId, { type: 'sla', id: slaId }, [input.file], 'document', FILE_FIELD);
        await updateSla(tx, principal.organisationId, slaId, { fileId: input.file });
      }
      fx.activity({
        action: 'sla.created',
        params: { title: input.title, provider: provider.name, response: input.responseHours, resolution: input.resolutionHours },
        subject: { type: 'sla', id: slaId },
      });
      notifyProvider(fx, 'sla.created', provider.id, { owner, title: input.title });
      return slaId;
    },
    { onForeignKeyViolation: targetGone },
  );
  return toSla(deps.db, await visibleSla(deps.db, principal, id));
}

export async function get(db: Db, principal: Principal, id: string): Promise<Sla> {
  return toSla(db, await visibleSla(db, principal, id));
}

/**
 * A partial update by the owner. assetIds and clusterIds each replace their kind of target; what
 * is left must still cover something. One hour field alone is checked against the other's stored
 * value. `file: null` removes the supporting file, a new id replaces it. The provider hears of the
 * change; a new provider hears of it as an SLA made with it.
 */
export async function update(deps: Deps, principal: Principal, id: string, input: SlaUpdateInput): Promise<Sla> {
  const current = await ownSla(deps.db, principal, id);
  const responseHours = input.responseHours ?? current.responseHours;
  const resolutionHours = input.resolutionHours ?? current.resolutionHours;
  if (resolutionHours < responseHours) throw invalidField('resolutionHours', 'SLA.RESOLUTION_BEFORE_RESPONSE');
  const provider = input.providerId === undefined ? undefined : await approvedProvider(deps.db, input.providerId);
  const assetIds = input.assetIds === undefined ? undefined : await ownAssetIds(deps.db, principal, input.assetIds);
  const clusterIds = input.clusterIds === undefined ? undefined : await ownClusterIds(deps.db, principal, input.clusterIds);
  const owner = (await findOrganisationName(deps.db, principal.organisationId)) ?? '';
  await write(
    deps,
    principal,
    async (tx, fx) => {
      await updateSla(tx, principal.organisationId, id, {
        title: input.title,
        terms: input.terms === undefined ? undefined : input.terms || null,
        providerId: provider?.id,
        responseHours: input.responseHours,
        resolutionHours: input.resolutionHours,
      });
      if (assetIds) await replaceTargets(tx, id, 'asset', assetIds);
      if (clusterIds) await replaceTargets(tx, id, 'cluster', clusterIds);
      if (assetIds || clusterIds) {
        const left = await countTargets(tx, id);
        if (left.assets + left.clusters === 0) throw invalidField('assetIds', 'SLA.TARGET_REQUIRED');
      }
      if (input.file !== undefined) {
        // Attaches the new file, if any; the old one, no longer attached, is deleted.
        await attachFiles(tx, fx, principal.organisationId, { type: 'sla', id }, input.file ? [input.file] : [], 'document', FILE_FIELD);
        await updateSla(tx, principal.organisationId, id, { fileId: input.file });
      }
      const title = input.title ?? current.title;
      fx.activity({ action: 'sla.updated', params: { title }, subject: { type: 'sla', id } });
      const newProvider = provider && provider.id !== current.providerId ? provider.id : undefined;
      notifyProvider(fx, newProvider ? 'sla.created' : 'sla.updated', newProvider ?? current.providerId, { owner, title });
    },
    { onForeignKeyViolation: targetGone },
  );
  return toSla(deps.db, await visibleSla(deps.db, principal, id));
}

export async function list(db: Db, principal: Principal, query: SlaListQuery) {
  const { rows, total } = await listSlas(db, principal.organisationId, query);
  return { data: rows.map(toSummary), meta: pageMeta(query.page, query.pageSize, total) };
}

export async function listProvided(db: Db, principal: Principal, query: SlaProvidedQuery) {
  const { rows, total } = await listProvidedSlas(db, principal.organisationId, query);
  return { data: rows.map(toSummary), meta: pageMeta(query.page, query.pageSize, total) };
}
