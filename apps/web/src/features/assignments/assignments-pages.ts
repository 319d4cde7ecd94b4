import type { PageTable } from '../../lib/pages';

/** The owner's assignments, and what a provider and its technicians hold. */
export const assignmentPages = {
  owner: {
    id: 'assignments.owner',
    path: '/asset/assign',
    load: () => import('./owner-assignments-page'),
    rule: 'manageAsset',
    title: 'assignments.page.owner',
    parent: 'assets.list',
  },
  provider: {
    id: 'assignments.provider',
    path: '/asset/assigned',
    load: () => import('./organization-assets-page'),
    rule: 'viewOrganizationAssignedAsset',
    title: 'shell.menu.organizationAsset',
  },
  technician: {
    id: 'assignments.technician',
    path: '/asset/assigned/technician',
    load: () => import('./technician-assigned-page'),
    rule: 'viewTechAssignedAsset',
    title: 'shell.menu.assigned',
  },
  providerAsset: {
    id: 'assignments.providerAsset',
    path: '/asset/assigned/asset/:id',
    load: () => import('./assigned-asset-page'),
    rule: 'viewOrganizationAssignedAsset',
    title: 'assignments.page.asset',
    parent: 'assignments.provider',
  },
  providerCluster: {
    id: 'assignments.providerCluster',
    path: '/asset/assigned/cluster/:id',
    load: () => import('./assigned-cluster-page'),
    rule: 'viewOrganizationAssignedAsset',
    title: 'assignments.page.cluster',
    parent: 'assignments.provider',
  },
  technicianAsset: {
    id: 'assignments.technicianAsset',
    path: '/asset/assigned/technician/asset/:id',
    load: () => import('./assigned-asset-page'),
    rule: 'viewTechAssignedAsset',
    title: 'assignments.page.asset',
    parent: 'assignments.technician',
  },
  technicianCluster: {
    id: 'assignments.technicianCluster',
    path: '/asset/assigned/technician/cluster/:id',
    load: () => import('./assigned-cluster-page'),
    rule: 'viewTechAssignedAsset',
    title: 'assignments.page.cluster',
    parent: 'assignments.technician',
  },
} satisfies PageTable;
