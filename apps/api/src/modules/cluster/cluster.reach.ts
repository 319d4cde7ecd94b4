import { holds } from '@amp/contracts/permissions';
import type { SQL } from 'drizzle-orm';
import { clusterVisibleToProvider, clusterVisibleToTechnician } from '../../access/assignment-visibility.js';
import { ownedBy, seesOwn } from '../../access/owned.js';
import { defineReach } from '../../access/registry.js';
import { anyOf, readsAsProvider, type Viewer } from '../../access/viewer.js';

declare module '../../access/registry.js' {
  interface Subjects {
    cluster: true;
  }
}

/** On the outer "clusters" row: as assets (asset.reach.ts), a technician only through a dispatch of the whole cluster. */
function visibleClusters(viewer: Viewer): SQL {
  const reaches: SQL[] = [];
  if (seesOwn(viewer, 'cluster')) reaches.push(ownedBy(viewer.organisationId, 'cluster'));
  if (readsAsProvider(viewer)) reaches.push(clusterVisibleToProvider(viewer.organisationId));
  else if (holds(viewer.permissions, 'viewTechAssignedAsset'))
    reaches.push(clusterVisibleToTechnician(viewer.userId, viewer.organisationId));
  return anyOf(reaches);
}

export const clusterReach = defineReach({ subject: 'cluster', table: 'clusters', condition: visibleClusters });
