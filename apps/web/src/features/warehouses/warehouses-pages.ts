import type { PageTable } from '../../lib/pages';

/** Who reads a warehouse's page: its staff with either permission (a notification may lead a reader there). */
const READERS = ['viewWarehouse', 'manageWarehouse'] as const;

/** The warehouse pages (docs/product.md#warehouses-and-stock, #side-menu; issue 11). */
export const warehousePages = {
  root: { path: '/manage-warehouse', redirect: '/manage-warehouse/view' },
  /** The menu entry: docs/product.md#side-menu asks for both permissions. */
  list: {
    id: 'warehouses.list',
    path: '/manage-warehouse/view',
    load: () => import('./warehouse-list-page'),
    rule: { allOf: ['manageWarehouse', 'viewWarehouse'] },
    title: 'shell.menu.warehouse',
  },
  detail: {
    id: 'warehouses.detail',
    path: '/manage-warehouse/view/:id',
    load: () => import('./warehouse-detail-page'),
    rule: [...READERS],
    title: 'warehouses.page.detail',
    parent: 'warehouses.list',
  },
  /** The opening inventory from a file (reached from the warehouse's Import button). */
  import: {
    id: 'warehouses.import',
    path: '/manage-warehouse/view/:id/import',
    load: () => import('./warehouse-import-page'),
    rule: 'manageWarehouse',
    title: 'warehouses.page.import',
    parent: 'warehouses.detail',
  },
  item: {
    id: 'warehouses.item',
    path: '/manage-warehouse/item/:id',
    load: () => import('./inventory-item-page'),
    rule: [...READERS],
    title: 'warehouses.page.item',
    parent: 'warehouses.list',
  },
} satisfies PageTable;
