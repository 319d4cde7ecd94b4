import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { assets } from '../../db/schema/asset.js';
import { qualified } from '../../lib/qualified.js';

/**
 * What other modules may use of assets: an owner's asset, a page of an owner's assets, their answer
 * shapes, a record's site (the cluster and location of what it is about), and the asset rules a bulk import checks like the single-asset forms do,
 * with the reads and batch writes of that import.
 */
export { findAsset, listAssets, type SiteCluster, siteColumns } from './asset.repository.js';
export { type AssetChange, type AssetRuleViolation, assetRuleViolations, dateOrderViolation } from './asset.rules.js';
export { assetFiles, toAsset } from './asset.service.js';
export {
  assetIdsMatching,
  changeOpenFaultCount,
  type FormAssetRow,
  findFormAsset,
  findPortalAsset,
  listFormAssets,
  openFaultCounted,
} from './asset-form.repository.js';
export {
  type AssetBatch,
  assetImportTables,
  assetsByCode,
  insertAssetBatch,
  takenCodes,
  updateAssetBatch,
} from './asset-import.repository.js';

/** The code and name of the asset whose id is in `column` (null when there is none): a document's answer names its asset by them. */
export const assetLabelOf = (column: AnyColumn | SQL) => ({
  assetCode: sql<string | null>`(select a.asset_code from assets a where a.id = ${qualified(column)})`,
  assetName: sql<string | null>`(select a.name from assets a where a.id = ${qualified(column)})`,
});

/** The cluster id of the asset whose id is in `column` (null when it has none or there is no asset): what covers an asset's cluster covers it. */
export const assetClusterOf = (column: AnyColumn | SQL) =>
  sql<string | null>`(select a.cluster_id from assets a where a.id = ${qualified(column)})`;

/** Assets' ids, codes and names as a subquery to join, named `name` (planned like a join of the table: decision 0033 "Where a list joins"). */
export const assetNamesAs = <Name extends string>(name: Name) =>
  new QueryBuilder().select({ id: assets.id, assetCode: assets.assetCode, name: assets.name }).from(assets).as(name);

/** Assets' ids, codes, names and location names as a subquery to join, named `name`: a fault's row and detail. */
export const assetLocationsAs = <Name extends string>(name: Name) =>
  new QueryBuilder()
    .select({ id: assets.id, assetCode: assets.assetCode, name: assets.name, locationName: assets.locationName })
    .from(assets)
    .as(name);
