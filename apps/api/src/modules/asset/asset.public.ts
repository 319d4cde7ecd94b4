/**
 * What other modules may use of assets: an owner's asset, a page of an owner's assets, their answer
 * shapes, a record's site (the cluster and location of what it is about), and the asset rules a bulk import checks like the single-asset forms do.
 */
export { findAsset, listAssets, type SiteCluster, siteColumns } from './asset.repository.js';
export { type AssetChange, type AssetRuleViolation, assetRuleViolations, dateOrderViolation } from './asset.rules.js';
export { assetFiles, toAsset } from './asset.service.js';
