import type { Language } from '@amp/contracts/account';
import {
  ASSET_CODE_PREFIX,
  type Asset,
  type AssetAssignment,
  type AssetCreateInput,
  type AssetDetail,
  type AssetEditInput,
  type AssetHistoryEntry,
  type AssetListQuery,
  type AssetStatus,
  formatCode,
  koboToNaira,
  type LookupQuery,
  type PublicAsset,
  type PublicCluster,
} from '@amp/contracts/asset';
import { ASSET_WORKFLOW } from '@amp/contracts/asset.workflow';
import { pageMeta } from '@amp/contracts/fields';
import { visible, visibleOwn } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { assets } from '../../db/schema/asset.js';
import type { Deps } from '../../deps.js';
import { nextCodeNumber } from '../../kernel/document-codes.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { consume } from '../../lib/rate-limit.js';
import { transition } from '../../lib/transition.js';
import { type Effects, write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { countActivitiesOfSubject, describeActivityIn, listActivitiesOfSubject } from '../activity/activity.public.js';
import {
  findLiveAssignmentOfAsset,
  liveAssignmentsOf,
  lockClusters,
  revokeLostTechnicianAssignments,
} from '../assignment/assignment.public.js';
import { findCategories } from '../category/category.public.js';
import { clusterOfOrganisation, findPublicCluster, listPublicClusters } from '../cluster/cluster.public.js';
import { attachFiles, filesOf } from '../file/file.public.js';
import { isActiveAssetOwner } from '../registration/registration.public.js';
import {
  type AssetRow,
  type AssetValues,
  assetCodeTaken,
  findAsset,
  findVisibleAsset,
  insertAsset,
  listOwnAssets,
  listPublicAssets,
  updateAsset,
} from './asset.repository.js';
import { type AssetChange, type AssetFacts, assetRuleViolations, changed } from './asset.rules.js';

export function toAsset(row: AssetRow): Asset {
  return {
    _id: row.id,
    assetID: row.assetCode,
    name: row.name,
    cluster: row.cluster ? { _id: row.cluster.id, clusterID: row.cluster.clusterCode, name: row.cluster.name } : null,
    locationID: row.locationId,
    locationName: row.locationName,
    category: { _id: row.category.id, name: row.category.name },
    subCategory: row.subCategory ? { _id: row.subCategory.id, name: row.subCategory.name } : null,
    brand: row.brand,
    model: row.model,
    serialNumber: row.serialNumber,
    installationDate: row.installationDate,
    warrantyExpiry: row.warrantyExpiry,
    status: row.status as AssetStatus,
    purchaseCostKobo: row.purchaseCostKobo === null ? null : Number(row.purchaseCostKobo),
    purchaseCost: row.purchaseCostKobo === null ? null : koboToNaira(Number(row.purchaseCostKobo)),
    description: row.description,
    openFaults: row.openFaultCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An optional text field: absent leaves it, empty clears it. */
const optional = (value: string | undefined) => (value === undefined ? undefined : value || null);

const codeTaken = () => invalidField('assetID', 'VALIDATION.CODE_TAKEN', { field: 'Asset ID' });

/** Generated codes may meet a code typed by hand; a few retries settle a race on the unique index. */
const GENERATED_CODE_RETRIES = 2;

/** The asset's photos and documents, for the detail answers. */
export async function assetFiles(db: Db, assetId: string): Promise<Pick<AssetDetail, 'photos' | 'documents'>> {
  const files = await filesOf(db, { type: 'asset', id: assetId });
  return { photos: files.filter((f) => f.kind === 'image'), documents: files.filter((f) => f.kind === 'document') };
}

/** Attaches the uploaded photos and documents given (a list replaces the current one; absent leaves it). */
async function attachAssetFiles(
  tx: Db,
  fx: Effects,
  principal: Principal,
  assetId: string,
  input: { photos?: string[]; documents?: string[] },
) {
  const subject = { type: 'asset' as const, id: assetId };
  if (input.photos) await attachFiles(tx, fx, principal.organisationId, subject, input.photos, 'image');
  if (input.documents) await attachFiles(tx, fx, principal.organisationId, subject, input.documents, 'document');
}

/** Public look-ups per IP and minute: a portal page needs a handful, a scraper many. */
export const LOOKUP_LIMIT = { max: 120, windowSeconds: 60 };

/** One of the caller's organisation's assets they see (the owner's pages), else 404. */
async function getAsset(db: Db, principal: Principal, id: string) {
  const row = await findVisibleAsset(db, visibleOwn(principal, 'asset'), id);
  if (!row) throw notFound('asset');
  return row;
}

/**
 * The asset rules (asset.rules.ts, shared with the bulk import) of a create (`current` null) or an
 * edit: a decommissioned asset's status is a 409, any other broken rule a 400 on its field.
 */
async function assertRules(db: Db, change: AssetChange, current: AssetFacts | null) {
  const checksCategories = !current || change.categoryId !== undefined || change.subCategoryId !== undefined;
  const ids = [changed(change.categoryId, current?.categoryId), changed(change.subCategoryId, current?.subCategoryId ?? null)].filter(
    (id): id is string => Boolean(id),
  );
  const found = checksCategories ? await findCategories(db, ids) : [];
  const parents = new Map(found.map((category) => [category.id, category.parentId]));
  const [violation] = assetRuleViolations(change, current, (id) => parents.get(id));
  if (!violation) return;
  if (violation.field === 'status') throw conflict(violation.key);
  throw invalidField(violation.field, violation.key, violation.params);
}

/** Another owner's cluster is not a valid choice (400, not 404: it is a field of the body). */
async function assertCluster(db: Db, principal: Principal, clusterId: string | null | undefined) {
  if (clusterId && !(await clusterOfOrganisation(db, principal.organisationId, clusterId))) {
    throw invalidField('clusterId', 'VALIDATION.NOT_VALID', { field: 'Cluster' });
  }
}

/** The next free generated code (AS-000001, ...) of the organisation, inside the caller's transaction. */
async function generateAssetCode(tx: Db, organisationId: string): Promise<string> {
  for (;;) {
    const code = formatCode(ASSET_CODE_PREFIX, await nextCodeNumber(tx, organisationId, 'asset'));
    if (!(await assetCodeTaken(tx, organisationId, code))) return code;
  }
}

export async function create(deps: Deps, principal: Principal, input: AssetCreateInput): Promise<Asset> {
  const typedCode = input.assetID || undefined;
  const subCategoryId = input.subCategoryId ?? null;
  await assertRules(
    deps.db,
    {
      status: input.status,
      categoryId: input.categoryId,
      subCategoryId,
      installationDate: input.installationDate ?? null,
      warrantyExpiry: input.warrantyExpiry ?? null,
    },
    null,
  );
  await assertCluster(deps.db, principal, input.clusterId);
  if (typedCode && (await assetCodeTaken(deps.db, principal.organisationId, typedCode))) throw codeTaken();
  const values: Omit<AssetValues, 'assetCode'> = {
    name: input.name,
    clusterId: input.clusterId ?? null,
    locationId: input.locationID || null,
    locationName: input.locationName || null,
    categoryId: input.categoryId,
    subCategoryId,
    brand: input.brand || null,
    model: input.model || null,
    serialNumber: input.serialNumber || null,
    installationDate: input.installationDate ?? null,
    warrantyExpiry: input.warrantyExpiry ?? null,
    status: input.status,
    purchaseCostKobo: input.purchaseCost ?? null,
    description: input.description || null,
  };
  const id = await write(
    deps,
    principal,
    async (tx, fx) => {
      const assetCode = typedCode ?? (await generateAssetCode(tx, principal.organisationId));
      const assetId = await insertAsset(tx, {
        ...values,
        assetCode,
        organisationId: principal.organisationId,
        createdBy: principal.userId,
      });
      fx.activity({ action: 'asset.created', params: { name: input.name, code: assetCode }, subject: { type: 'asset', id: assetId } });
      await attachAssetFiles(tx, fx, principal, assetId, input);
      return assetId;
    },
    // A code typed by hand and taken meanwhile is the caller's to change.
    { onUniqueViolation: codeTaken, retriesOnUniqueViolation: typedCode ? 0 : GENERATED_CODE_RETRIES },
  );
  // Answered even to a creator holding createNewAsset alone, who does not read the organisation's assets.
  return toAsset((await findAsset(deps.db, principal.organisationId, id))!);
}

export async function list(db: Db, principal: Principal, query: AssetListQuery) {
  const { rows, total, totalIsLowerBound } = await listOwnAssets(db, principal, query);
  return { data: rows.map(toAsset), meta: pageMeta(query.page, query.pageSize, total, totalIsLowerBound) };
}

/** The asset with who holds it now (docs/product.md#assets-and-clusters: the detail page shows the assignment). */
export async function get(db: Db, principal: Principal, id: string): Promise<AssetDetail & { assignment: AssetAssignment | null }> {
  const row = await getAsset(db, principal, id);
  const live = await findLiveAssignmentOfAsset(db, principal.organisationId, row.id, row.cluster?.id ?? null);
  const assignment: AssetAssignment | null = live
    ? {
        provider: { _id: live.providerId, name: live.providerName },
        via: live.assetId ? 'asset' : 'cluster',
        since: live.createdAt.toISOString(),
      }
    : null;
  return { ...toAsset(row), assignment, ...(await assetFiles(db, row.id)) };
}

/**
 * The asset's history: its activities recorded by the owner's organisation, newest first, in the
 * reader's language (404 for another owner's asset).
 */
export async function history(db: Db, principal: Principal, id: string, query: { page: number; pageSize: number }, language: Language) {
  await getAsset(db, principal, id);
  const subject = { organisationId: principal.organisationId, subjectType: 'asset', subjectId: id };
  const [rows, total] = await Promise.all([
    listActivitiesOfSubject(db, subject, query.pageSize, (query.page - 1) * query.pageSize),
    countActivitiesOfSubject(db, subject),
  ]);
  const data: AssetHistoryEntry[] = rows.map((row) => ({
    _id: row._id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    description: describeActivityIn(language, row.action, row.params),
    user: row.user,
  }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}

export async function edit(deps: Deps, principal: Principal, id: string, input: AssetEditInput): Promise<Asset> {
  const current = await getAsset(deps.db, principal, id);
  const changesStatus = input.status !== undefined && input.status !== current.status;
  await assertRules(
    deps.db,
    {
      status: input.status,
      categoryId: input.categoryId,
      subCategoryId: input.subCategoryId,
      installationDate: input.installationDate,
      warrantyExpiry: input.warrantyExpiry,
    },
    {
      status: current.status,
      categoryId: current.category.id,
      subCategoryId: current.subCategory?.id ?? null,
      installationDate: current.installationDate,
      warrantyExpiry: current.warrantyExpiry,
    },
  );
  await assertCluster(deps.db, principal, input.clusterId);
  const assetCode = input.assetID || undefined;
  if (assetCode && (await assetCodeTaken(deps.db, principal.organisationId, assetCode, id))) throw codeTaken();
  const moves = input.clusterId !== undefined && input.clusterId !== (current.cluster?.id ?? null);
  await write(
    deps,
    principal,
    async (tx, fx) => {
      const providersToRecheck = moves ? await checkClusterMove(tx, id, current.cluster?.id ?? null, input.clusterId ?? null) : [];
      const updated = await updateAsset(
        tx,
        principal.organisationId,
        id,
        {
          assetCode,
          name: input.name,
          clusterId: input.clusterId,
          locationId: optional(input.locationID),
          locationName: optional(input.locationName),
          categoryId: input.categoryId,
          subCategoryId: input.subCategoryId,
          brand: optional(input.brand),
          model: optional(input.model),
          serialNumber: optional(input.serialNumber),
          installationDate: input.installationDate,
          warrantyExpiry: input.warrantyExpiry,
          status: input.status,
          purchaseCostKobo: input.purchaseCost,
          description: optional(input.description),
        },
        changesStatus,
      );
      if (!updated) throw conflict('ASSET.DECOMMISSIONED_STATUS');
      // A provider that saw the asset only through its old cluster loses it, and so do its technicians.
      for (const providerId of providersToRecheck) await revokeLostTechnicianAssignments(tx, providerId);
      await attachAssetFiles(tx, fx, principal, id, input);
      fx.activity({
        action: 'asset.updated',
        params: { name: input.name ?? current.name, code: assetCode ?? current.assetCode },
        subject: { type: 'asset', id },
      });
    },
    { onUniqueViolation: codeTaken },
  );
  return toAsset(await getAsset(deps.db, principal, id));
}

/**
 * Moving an asset between clusters must keep "one provider per asset": an asset assigned on its
 * own to one provider cannot join a cluster held by another. The clusters are locked, as the
 * assignment service does, so a concurrent assignment sees the move or waits for it. Answers the
 * providers that held the old cluster, whose technicians may lose the asset.
 */
async function checkClusterMove(tx: Db, assetId: string, fromClusterId: string | null, toClusterId: string | null): Promise<string[]> {
  await lockClusters(
    tx,
    [fromClusterId, toClusterId].filter((c): c is string => c !== null),
  );
  const live = await liveAssignmentsOf(
    tx,
    [assetId],
    [fromClusterId, toClusterId].filter((c): c is string => c !== null),
  );
  const direct = live.find((a) => a.assetId === assetId);
  const target = toClusterId ? live.find((a) => a.clusterId === toClusterId) : undefined;
  if (direct && target && direct.providerId !== target.providerId) throw conflict('ASSET.MOVE_ASSIGNED_ELSEWHERE');
  return live.filter((a) => fromClusterId !== null && a.clusterId === fromClusterId).map((a) => a.providerId);
}

export async function decommission(deps: Deps, principal: Principal, id: string, input: { reason?: string }): Promise<Asset> {
  const current = await getAsset(deps.db, principal, id);
  await write(deps, principal, async (tx, fx) => {
    // The asset's workflow (contracts): one guarded step, 409 when it is decommissioned already.
    await transition(tx, {
      workflow: ASSET_WORKFLOW,
      action: 'decommission',
      on: { table: assets, id: assets.id, status: assets.status, noun: 'asset' },
      id,
      visible: visible(principal, 'asset'),
      parties: ['owner'],
      permissions: principal.permissions,
      set: { updatedAt: new Date() },
      staleMessage: 'ASSET.ALREADY_DECOMMISSIONED',
    });
    fx.activity({
      action: 'asset.decommissioned',
      params: { name: current.name, code: current.assetCode, reason: input.reason ? `: ${input.reason}` : '' },
      subject: { type: 'asset', id },
    });
  });
  return toAsset(await getAsset(deps.db, principal, id));
}

/** Public: an active owner's clusters for the fault portal, only ids, codes, names and location. */
export async function ownerClusters(db: Db, ownerId: string, query: LookupQuery, ip: string) {
  await consume(db, [{ key: `lookup:ip:${ip}`, ...LOOKUP_LIMIT }]);
  if (!(await isActiveAssetOwner(db, ownerId))) throw notFound('owner');
  const { rows, total } = await listPublicClusters(db, ownerId, query);
  const data: PublicCluster[] = rows.map((row) => ({
    _id: row.id,
    clusterID: row.clusterCode,
    name: row.name,
    state: row.stateAlias ? { state: row.stateName ?? row.stateAlias, alias: row.stateAlias } : null,
    lga: row.lga,
    address: row.address,
  }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}

/** Public: the assets of an active owner's cluster a fault can be reported on (the portal's Asset, docs/product.md#fault-form). */
export async function clusterAssets(db: Db, clusterId: string, query: LookupQuery, ip: string) {
  await consume(db, [{ key: `lookup:ip:${ip}`, ...LOOKUP_LIMIT }]);
  const cluster = await findPublicCluster(db, clusterId);
  if (!cluster) throw notFound('cluster');
  const { rows, total } = await listPublicAssets(db, cluster.organisationId, cluster.id, query);
  const clusterName = { _id: cluster.id, clusterID: cluster.clusterCode, name: cluster.name };
  const data: PublicAsset[] = rows.map((row) => ({
    _id: row.id,
    assetID: row.assetCode,
    name: row.name,
    locationID: row.locationId,
    locationName: row.locationName,
    clusterName,
  }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}
