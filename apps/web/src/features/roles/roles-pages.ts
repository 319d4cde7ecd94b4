import type { PageTable } from '../../lib/pages';

/** Custom roles' routes, menu entries and headings. */
export const rolePages = {
  create: {
    id: 'roles.create',
    path: '/user/roles/create',
    load: () => import('./create-role-page'),
    rule: 'viewUserRoles',
    title: 'shell.menu.createRole',
  },
  list: { id: 'roles.list', path: '/user/role', load: () => import('./roles-page'), rule: 'viewUserRoles', title: 'shell.menu.userRoles' },
  detail: {
    id: 'roles.detail',
    path: '/user/role/:id',
    load: () => import('./role-detail-page'),
    rule: 'viewUserRoles',
    title: 'shell.page.roleDetail',
    parent: 'roles.list',
  },
} satisfies PageTable;
