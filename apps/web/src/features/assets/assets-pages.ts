import type { PageTable } from '../../lib/pages';

/** Assets' routes, menu entry and headings. */
export const assetPages = {
  list: {
    id: 'assets.list',
    path: '/asset/asset-list',
    load: () => import('./asset-list-page'),
    rule: 'viewAsset',
    title: 'shell.menu.viewAsset',
  },
  add: {
    id: 'assets.add',
    path: '/asset/add',
    load: () => import('./add-asset-page'),
    rule: 'createNewAsset',
    title: 'assets.page.add',
    parent: 'assets.list',
  },
  detail: {
    id: 'assets.detail',
    path: '/asset/asset-list/:id',
    load: () => import('./asset-detail-page'),
    rule: 'viewAsset',
    title: 'assets.page.detail',
    parent: 'assets.list',
  },
  edit: {
    id: 'assets.edit',
    path: '/asset/asset-list/:id/edit',
    load: () => import('./edit-asset-page'),
    rule: 'manageAsset',
    title: 'assets.page.edit',
    parent: 'assets.list',
  },
  label: {
    id: 'assets.label',
    path: '/asset/asset-list/:id/label',
    load: () => import('./asset-label-page'),
    rule: 'viewAsset',
    title: 'assets.page.label',
    parent: 'assets.list',
  },
  clusterLabels: {
    id: 'assets.clusterLabels',
    path: '/asset/cluster/:id/labels',
    load: () => import('./cluster-labels-page'),
    rule: 'viewAsset',
    title: 'assets.page.clusterLabels',
    parent: 'clusters.list',
  },
} satisfies PageTable;
