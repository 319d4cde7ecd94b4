import type { PageTable } from '../../lib/pages';

/** Clusters' routes, menu entry and headings. */
export const clusterPages = {
  list: {
    id: 'clusters.list',
    path: '/asset/cluster',
    load: () => import('./cluster-list-page'),
    rule: 'viewAsset',
    title: 'shell.menu.viewCluster',
  },
  add: {
    id: 'clusters.add',
    path: '/asset/cluster/add',
    load: () => import('./add-cluster-page'),
    rule: 'createNewAsset',
    title: 'clusters.page.add',
    parent: 'clusters.list',
  },
  detail: {
    id: 'clusters.detail',
    path: '/asset/cluster/:id',
    load: () => import('./cluster-detail-page'),
    rule: 'viewAsset',
    title: 'clusters.page.detail',
    parent: 'clusters.list',
  },
  edit: {
    id: 'clusters.edit',
    path: '/asset/cluster/:id/edit',
    load: () => import('./edit-cluster-page'),
    rule: 'manageAsset',
    title: 'clusters.page.edit',
    parent: 'clusters.list',
  },
} satisfies PageTable;
