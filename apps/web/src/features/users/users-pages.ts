import type { PageTable } from '../../lib/pages';

/** User administration's routes, menu entries and headings. */
export const userPages = {
  add: { id: 'users.add', path: '/user/add', load: () => import('./add-user-page'), rule: 'createUser', title: 'shell.menu.addUser' },
  view: { id: 'users.view', path: '/user/view', load: () => import('./view-users-page'), rule: 'manageUser', title: 'shell.menu.viewUser' },
  detail: {
    id: 'users.detail',
    path: '/user/view/:id',
    load: () => import('./user-detail-page'),
    rule: 'manageUser',
    title: 'shell.page.userDetail',
    parent: 'users.view',
  },
} satisfies PageTable;
