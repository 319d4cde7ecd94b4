import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { faults } from '../../db/schema/fault.js';
import { assetNamesAs } from '../asset/asset.public.js';
import { findActiveOrganisation, organisationNameOf, organisationTimeZoneOf } from '../registration/registration.public.js';

/**
 * The fault form's look-ups (assets and clusters one may report on: the asset and cluster modules'
 * reads), the portal's owner, and the tracking page's read.
 */
export { type FormAssetRow, findFormAsset, findPortalAsset, listFormAssets } from '../asset/asset.public.js';
export { listFormClusters } from '../cluster/cluster.public.js';

const assets = assetNamesAs('assets');

/** An active asset owner, by id (the public portal reports to it). */
export async function findActiveOwner(db: Db, id: string) {
  return findActiveOrganisation(db, id, 'asset_owner');
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
      owner: organisationNameOf(faults.organisationId),
      timeZone: organisationTimeZoneOf(faults.organisationId),
      createdAt: faults.createdAt,
    })
    .from(faults)
    .innerJoin(assets, eq(assets.id, faults.assetId))
    .where(eq(faults.code, code))
    .limit(1);
  return row;
}
