import type { PageTable } from '../../lib/pages';

/** Bulk add and bulk update (reached from the Create menu of the asset pages). */
export const assetImportPages = {
  add: {
    id: 'assetImport.add',
    path: '/asset/bulk/add',
    load: () => import('./bulk-add-page'),
    rule: 'createNewAsset',
    title: 'assetImport.page.add',
    parent: 'assets.list',
  },
  update: {
    id: 'assetImport.update',
    path: '/asset/bulk/update',
    load: () => import('./bulk-update-page'),
    rule: 'createNewAsset',
    title: 'assetImport.page.update',
    parent: 'assets.list',
  },
} satisfies PageTable;
