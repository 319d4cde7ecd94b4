import type { PageTable } from '../../lib/pages';

/** The pricebook's route, menu entry and heading. */
export const pricebookPages = {
  root: { path: '/pricebook', redirect: '/pricebook/view' },
  list: {
    id: 'pricebook.list',
    path: '/pricebook/view',
    load: () => import('./pricebook-list-page'),
    rule: 'managePricebook',
    title: 'shell.menu.pricebook',
  },
} satisfies PageTable;
