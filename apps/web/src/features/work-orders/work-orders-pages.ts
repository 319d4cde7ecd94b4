import type { PageTable } from '../../lib/pages';

/**
 * The work order pages (docs/product.md#work-orders): the four lists (one page, its tab from
 * the route), one work order's page and the owner's form. The configuration and the approval
 * requests are work-order-admin-pages.ts's.
 */
export const workOrderPages = {
  root: { path: '/work-order', redirect: '/work-order/view' },
  /** The menu group's own path: the reader's own list (the owner's Outgoing, a provider's Incoming). */
  home: {
    id: 'workOrders.home',
    path: '/work-order/view',
    load: () => import('./work-order-home-page'),
    rule: 'manageWO',
    title: 'shell.menu.workOrder',
  },
  outgoing: {
    id: 'workOrders.outgoing',
    path: '/work-order/outgoing',
    load: () => import('./work-order-list-page'),
    rule: 'viewOutgoingWO',
    title: 'shell.menu.woOutgoing',
  },
  incoming: {
    id: 'workOrders.incoming',
    path: '/work-order/incoming',
    load: () => import('./work-order-list-page'),
    rule: 'viewIncomingWO',
    title: 'shell.menu.woIncoming',
  },
  completed: {
    id: 'workOrders.completed',
    path: '/work-order/completed',
    load: () => import('./work-order-list-page'),
    rule: 'viewCompletedWO',
    title: 'shell.menu.woCompleted',
  },
  certified: {
    id: 'workOrders.certified',
    path: '/work-order/certified',
    load: () => import('./work-order-list-page'),
    rule: 'viewCompletedWO',
    title: 'shell.menu.woCertified',
  },
  /**
   * Reached from every list, the approval requests, notifications and the fault or request it came
   * from, by readers who may hold only one of these permissions: no one list is its parent, so its
   * crumbs are the dashboard and itself, and its back link goes to the reader's own list.
   */
  detail: {
    id: 'workOrders.detail',
    path: '/work-order/view/:id',
    load: () => import('./work-order-detail-page'),
    rule: ['manageWO', 'approveWO', 'viewOutgoingWO', 'viewIncomingWO', 'viewCompletedWO'],
    title: 'workOrders.page.detail',
  },
  create: {
    id: 'workOrders.create',
    path: '/work-order/create',
    load: () => import('./work-order-form-page'),
    rule: 'manageWO',
    title: 'workOrders.page.create',
    parent: 'workOrders.outgoing',
  },
  edit: {
    id: 'workOrders.edit',
    path: '/work-order/edit/:id',
    load: () => import('./work-order-form-page'),
    rule: 'manageWO',
    title: 'workOrders.page.edit',
    parent: 'workOrders.outgoing',
  },
} satisfies PageTable;
