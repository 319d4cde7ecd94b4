import type { PageTable } from '../../lib/pages';

/** SLAs' routes, menu entry and headings. */
export const slaPages = {
  root: { path: '/sla', redirect: '/sla/manage' },
  list: { id: 'sla.list', path: '/sla/manage', load: () => import('./sla-list-page'), rule: 'manageAsset', title: 'shell.menu.manageSla' },
  create: {
    id: 'sla.create',
    path: '/sla/manage/create',
    load: () => import('./sla-create-page'),
    rule: 'manageAsset',
    title: 'sla.page.create',
    parent: 'sla.list',
  },
  detail: {
    id: 'sla.detail',
    path: '/sla/manage/:id',
    load: () => import('./sla-detail-page'),
    rule: 'manageAsset',
    title: 'sla.page.detail',
    parent: 'sla.list',
  },
  edit: {
    id: 'sla.edit',
    path: '/sla/manage/:id/edit',
    load: () => import('./sla-edit-page'),
    rule: 'manageAsset',
    title: 'sla.page.edit',
    parent: 'sla.list',
  },
} satisfies PageTable;
