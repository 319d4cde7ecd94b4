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
import { pageMeta } from '@amp/contracts/fields';
import type { Deps } from '../../app.js';
import type { Db } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/list-query.js';
import { consume } from '../../lib/rate-limit.js';
import { createWithUniqueCode } from '../../lib/unique-code.js';
import type { Principal } from '../../plugins/auth.js';
import { countActivitiesOfSubject, listActivitiesOfSubject, recordActivity } from '../activity/activity.repository.js';
import {
  findLiveAssignmentOfAsset,
  liveAssignmentsOf,
  lockClusters,
  revokeLostTechnicianAssignments,
} from '../assignment/assignment.repository.js';
import { findPublicCluster, isActiveOwner, listPublicClusters } from '../cluster/cluster.repository.js';
import { nextCodeNumber } from '../cluster/code-counter.repository.js';
import { attachFiles, filesOf } from '../file/file.repository.js';
import { findCategories } from '../registration/registration.repository.js';
import {
  type AssetRow,
  type AssetValues,
  assetCodeTaken,
  changeAssetStatus,
  clusterOfOrganisation,
  findAsset,
  insertAsset,
  listAssets,
  listPublicAssets,
  updateAsset,
} from './asset.repository.js';

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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** An optional text field: absent leaves it, empty clears it. */
const optional = (value: string | undefined) => (value === undefined ? undefined : value || null);

const codeTaken = () => invalidField('assetID', 'VALIDATION.CODE_TAKEN', { field: 'Asset ID' });

/** Generated codes may meet a code typed by hand; a few retries settle a race on the unique index. */

/** The asset's photos and documents, for the detail answers. */
export async function assetFiles(db: Db, assetId: string): Promise<Pick<AssetDetail, 'photos' | 'documents'>> {
  const files = await filesOf(db, { type: 'asset', id: assetId });
  return { photos: files.filter((f) => f.kind === 'image'), documents: files.filter((f) => f.kind === 'document') };
}

/** Attaches the uploaded photos and documents given (a list replaces the current one; absent leaves it). */
async function attachAssetFiles(tx: Db, principal: Principal, assetId: string, input: { photos?: string[]; documents?: string[] }) {
  const subject = { type: 'asset' as const, id: assetId };
  if (input.photos) await attachFiles(tx, principal.organisationId, subject, input.photos, 'image');
  if (input.documents) await attachFiles(tx, principal.organisationId, subject, input.documents, 'document');
}

/** Public look-ups per IP and minute: a portal page needs a handful, a scraper many. */
export const LOOKUP_LIMIT = { max: 120, windowSeconds: 60 };

async function getAsset(db: Db, principal: Principal, id: string) {
  const row = await findAsset(db, principal.organisationId, id);
  if (!row) throw notFound('asset');
  return row;
}

/** The category must be a top-level one and the sub-category one of its children (400 otherwise). */
async function assertCategories(db: Db, categoryId: string, subCategoryId: string | null) {
  const found = await findCategories(db, subCategoryId ? [categoryId, subCategoryId] : [categoryId]);
  const byId = new Map(found.map((c) => [c.id, c]));
  if (byId.get(categoryId)?.parentId !== null) throw invalidField('categoryId', 'VALIDATION.NOT_VALID', { field: 'Category' });
  if (!subCategoryId) return;
  const sub = byId.get(subCategoryId);
  if (!sub) throw invalidField('subCategoryId', 'VALIDATION.NOT_VALID', { field: 'Sub-category' });
  if (sub.parentId !== categoryId) throw invalidField('subCategoryId', 'VALIDATION.SUB_CATEGORY_MISMATCH');
}

/** Another owner's cluster is not a valid choice (400, not 404: it is a field of the body). */
async function assertCluster(db: Db, principal: Principal, clusterId: string | null | undefined) {
  if (clusterId && !(await clusterOfOrganisation(db, principal.organisationId, clusterId))) {
    throw invalidField('clusterId', 'VALIDATION.NOT_VALID', { field: 'Cluster' });
  }
}

function assertDates(installationDate: string | null, warrantyExpiry: string | null) {
  // ISO dates compare as text.
  if (installationDate && warrantyExpiry && warrantyExpiry < installationDate) {
    throw invalidField('warrantyExpiry', 'VALIDATION.DATE_ORDER', { field: 'Warranty expiry', other: 'Installation date' });
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
  await assertCategories(deps.db, input.categoryId, subCategoryId);
  await assertCluster(deps.db, principal, input.clusterId);
  assertDates(input.installationDate ?? null, input.warrantyExpiry ?? null);
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
  const id = await createWithUniqueCode(typedCode, codeTaken, () =>
    deps.db.transaction(async (tx) => {
      const assetCode = typedCode ?? (await generateAssetCode(tx, principal.organisationId));
      const assetId = await insertAsset(tx, {
        ...values,
        assetCode,
        organisationId: principal.organisationId,
        createdBy: principal.userId,
      });
      await recordActivity(tx, {
        organisationId: principal.organisationId,
        userId: principal.userId,
        action: 'asset.created',
        description: `Created the asset ${input.name} (${assetCode})`,
        subjectType: 'asset',
        subjectId: assetId,
      });
      await attachAssetFiles(tx, principal, assetId, input);
      return assetId;
    }),
  );
  return toAsset(await getAsset(deps.db, principal, id));
}

export async function list(db: Db, principal: Principal, query: AssetListQuery) {
  const { rows, total, totalIsLowerBound } = await listAssets(db, principal.organisationId, query);
  return { data: rows.map(toAsset), meta: pageMeta(query.page, query.pageSize, total, totalIsLowerBound) };
}

/** The asset with who holds it now (SPEC.md issue 3: the detail page shows the assignment). */
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

/** The asset's history: its activities recorded by the owner's organisation, newest first (404 for another owner's asset). */
export async function history(db: Db, principal: Principal, id: string, query: { page: number; pageSize: number }) {
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
    description: row.description,
    user: row.userId ? { _id: row.userId, name: `${row.firstName} ${row.lastName}` } : null,
  }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}

export async function edit(deps: Deps, principal: Principal, id: string, input: AssetEditInput): Promise<Asset> {
  const current = await getAsset(deps.db, principal, id);
  const changesStatus = input.status !== undefined && input.status !== current.status;
  if (changesStatus && current.status === 'decommissioned') throw conflict('ASSET.DECOMMISSIONED_STATUS');
  if (input.categoryId !== undefined || input.subCategoryId !== undefined) {
    await assertCategories(
      deps.db,
      input.categoryId ?? current.category.id,
      input.subCategoryId === undefined ? (current.subCategory?.id ?? null) : input.subCategoryId,
    );
  }
  await assertCluster(deps.db, principal, input.clusterId);
  assertDates(
    input.installationDate === undefined ? current.installationDate : input.installationDate,
    input.warrantyExpiry === undefined ? current.warrantyExpiry : input.warrantyExpiry,
  );
  const assetCode = input.assetID || undefined;
  if (assetCode && (await assetCodeTaken(deps.db, principal.organisationId, assetCode, id))) throw codeTaken();
  const moves = input.clusterId !== undefined && input.clusterId !== (current.cluster?.id ?? null);
  await deps.db
    .transaction(async (tx) => {
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
      await attachAssetFiles(tx, principal, id, input);
      await recordActivity(tx, {
        organisationId: principal.organisationId,
        userId: principal.userId,
        action: 'asset.updated',
        description: `Updated the asset ${input.name ?? current.name} (${assetCode ?? current.assetCode})`,
        subjectType: 'asset',
        subjectId: id,
      });
    })
    .catch((error: unknown) => {
      throw isUniqueViolation(error) ? codeTaken() : error;
    });
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
  await deps.db.transaction(async (tx) => {
    if (!(await changeAssetStatus(tx, principal.organisationId, id, 'decommissioned'))) throw conflict('ASSET.ALREADY_DECOMMISSIONED');
    await recordActivity(tx, {
      organisationId: principal.organisationId,
      userId: principal.userId,
      action: 'asset.decommissioned',
      description: `Decommissioned the asset ${current.name} (${current.assetCode})${input.reason ? `: ${input.reason}` : ''}`,
      subjectType: 'asset',
      subjectId: id,
    });
  });
  return toAsset(await getAsset(deps.db, principal, id));
}

/** Public: an active owner's clusters for the fault portal, only ids, codes, names and location. */
export async function ownerClusters(db: Db, ownerId: string, query: LookupQuery, ip: string) {
  await consume(db, [{ key: `lookup:ip:${ip}`, ...LOOKUP_LIMIT }]);
  if (!(await isActiveOwner(db, ownerId))) throw notFound('owner');
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

/** Public: the assets of an active owner's cluster a fault can be reported on (SPEC.md section 3's Asset). */
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
