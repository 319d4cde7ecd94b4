/**
 * What a provider's staff read of an asset or cluster it holds: the owner's record (asset and
 * cluster modules) joined with who holds it and which technicians are on it (assignment module).
 * Composed here, above the three, because the asset module asks the assignment module who holds an
 * asset: neither of them reads the other back (decision 0033).
 */
import type { AssignedAssetDetails, AssignedClusterDetails } from '@amp/contracts/assignment';
import { type PageQuery, pageMeta } from '@amp/contracts/fields';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { Principal } from '../../plugins/auth.js';
import { assetFiles, findAsset, listAssets, toAsset } from '../asset/asset.public.js';
import { ownerRef, readableAsset, readableCluster, techniciansOn } from '../assignment/assignment.public.js';
import { findCluster, toCluster } from '../cluster/cluster.public.js';
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
