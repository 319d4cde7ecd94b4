import type { PageTable } from '../../lib/pages';

/** Who may open a purchase order: any holder of one of the purchase order entries (the API decides which orders). */
const READS = ['managePO', 'viewOutgoingPO', 'viewIncomingPO', 'viewCompletedPO', 'approvePO', 'confirmSupply', 'poConfiguration'] as const;

/**
 * The purchase order pages (docs/product.md#purchase-orders): the three lists (one page, its
 * tab from the route), the approval levels, the approver's list, the supplies to confirm, the
 * buyer's form, one order's page and its print.
 */
export const purchaseOrderPages = {
  root: { path: '/purchase-order', redirect: '/purchase-order/view' },
  /** The menu group's own path: the reader's own list (a buyer's Outgoing, a supplier's Incoming). */
  home: {
    id: 'purchaseOrders.home',
    path: '/purchase-order/view',
    load: () => import('./purchase-order-home-page'),
    rule: 'managePO',
    title: 'shell.menu.purchaseOrder',
  },
  outgoing: {
    id: 'purchaseOrders.outgoing',
    path: '/purchase-order/outgoing',
    load: () => import('./purchase-order-list-page'),
    rule: 'viewOutgoingPO',
    title: 'shell.menu.poOutgoing',
  },
  incoming: {
    id: 'purchaseOrders.incoming',
    path: '/purchase-order/incoming',
    load: () => import('./purchase-order-list-page'),
    rule: 'viewIncomingPO',
    title: 'shell.menu.poIncoming',
  },
  completed: {
    id: 'purchaseOrders.completed',
    path: '/purchase-order/completed',
    load: () => import('./purchase-order-list-page'),
    rule: 'viewCompletedPO',
    title: 'shell.menu.poCompleted',
  },
  configuration: {
    id: 'purchaseOrders.configuration',
    path: '/purchase-order/configuration',
    load: () => import('./purchase-order-configuration-page'),
    rule: 'poConfiguration',
    title: 'shell.menu.poConfiguration',
  },
  approval: {
    id: 'purchaseOrders.approval',
    path: '/purchase-order/approval',
    load: () => import('./purchase-order-approval-page'),
    rule: 'approvePO',
    title: 'shell.menu.poApproval',
  },
  supply: {
    id: 'purchaseOrders.supply',
    path: '/purchase-order/confirmation/supply',
    load: () => import('./purchase-order-supply-page'),
    rule: 'confirmSupply',
    title: 'shell.menu.poConfirmSupply',
  },
  /** `?warehouse=<id>&items=<id,id>` (a warehouse's low-stock list) fills in the warehouse and a line per item. */
  create: {
    id: 'purchaseOrders.create',
    path: '/purchase-order/new',
    load: () => import('./purchase-order-form-page'),
    rule: 'managePO',
    title: 'purchaseOrders.page.create',
    parent: 'purchaseOrders.outgoing',
  },
  /**
   * Reached from every list, the approvals, the supplies, notifications and a warehouse's movements,
   * by readers who may hold only one of these permissions: no one list is its parent.
   */
  detail: {
    id: 'purchaseOrders.detail',
    path: '/purchase-order/:id',
    load: () => import('./purchase-order-detail-page'),
    rule: [...READS],
    title: 'purchaseOrders.page.detail',
  },
  edit: {
    id: 'purchaseOrders.edit',
    path: '/purchase-order/:id/edit',
    load: () => import('./purchase-order-form-page'),
    rule: 'managePO',
    title: 'purchaseOrders.page.edit',
    parent: 'purchaseOrders.detail',
  },
  print: {
    id: 'purchaseOrders.print',
    path: '/purchase-order/:id/print',
    load: () => import('./purchase-order-print-page'),
    rule: [...READS],
    title: 'purchaseOrders.page.print',
    parent: 'purchaseOrders.detail',
  },
} satisfies PageTable;
