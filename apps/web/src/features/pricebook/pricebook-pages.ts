import type { PageTable } from '../../lib/pages';

/** The pricebook's routes, menu entry and headings. */
export const pricebookPages = {
  root: { path: '/pricebook', redirect: '/pricebook/view' },
  list: {
    id: 'pricebook.list',
    path: '/pricebook/view',
    load: () => import('./pricebook-list-page'),
    rule: 'managePricebook',
    title: 'shell.menu.pricebook',
  },
  /** Items added and changed from a CSV or XLSX file (reached from the list's Import button). */
  import: {
    id: 'pricebook.import',
    path: '/pricebook/import',
    load: () => import('./pricebook-import-page'),
    rule: 'managePricebook',
    title: 'pricebook.page.import',
    parent: 'pricebook.list',
  },
  /** An owner reads the pricebook of a provider it works with (read-only). */
  provider: {
    id: 'pricebook.provider',
    path: '/pricebook/provider/:organisationId',
    load: () => import('./provider-pricebook-page'),
    rule: ['viewAsset', 'manageAsset'],
    title: 'pricebook.page.provider',
  },
} satisfies PageTable;
