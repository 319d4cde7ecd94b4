import { holds } from '@amp/contracts/permissions';
import type { SQL } from 'drizzle-orm';
import { assetVisibleToProvider, assetVisibleToTechnician } from '../../access/assignment-visibility.js';
import { ownedBy, seesOwn } from '../../access/owned.js';
import { defineReach } from '../../access/registry.js';
import { anyOf, readsAsProvider, type Viewer } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    asset: true;
  }
}

/**
 * On the outer "assets" row, by permission (not by role name, so custom roles behave):
 * - the owner organisation's staff holding viewAsset or manageAsset: its own assets;
 * - a provider's staff holding viewOrganizationAssignedAsset (and an external technician, who
 *   works alone): what the organisation holds (assignment-visibility.ts);
 * - a provider's technician holding viewTechAssignedAsset: what is dispatched to them.
 */
function visibleAssets(viewer: Viewer): SQL {
  const reaches: SQL[] = [];
  if (seesOwn(viewer, 'asset')) reaches.push(ownedBy(viewer.organisationId, 'asset'));
  if (readsAsProvider(viewer)) reaches.push(assetVisibleToProvider(viewer.organisationId));
  else if (holds(viewer.permissions, 'viewTechAssignedAsset')) reaches.push(assetVisibleToTechnician(viewer.userId, viewer.organisationId));
  return anyOf(reaches);
}

/** An asset's photos and documents are seen by whoever sees the asset. */
export const assetReach = defineReach({
  subject: 'asset',
  table: 'assets',
  condition: visibleAssets,
  attached: [{ host: 'file', kind: 'asset' }],
});
