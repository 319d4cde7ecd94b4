import type { PageTable } from '../../lib/pages';

/** Categories' routes and menu entries. */
export const categoryPages = {
  add: {
    id: 'categories.add',
    path: '/category/add',
    load: () => import('./add-category-page'),
    rule: 'createCategory',
    title: 'shell.menu.addCategory',
  },
  view: {
    id: 'categories.view',
    path: '/category/view',
    load: () => import('./view-categories-page'),
    rule: 'manageCategory',
    title: 'shell.menu.viewCategories',
  },
} satisfies PageTable;
