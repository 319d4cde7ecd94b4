import type { PageTable } from '../../lib/pages';

/**
 * The owner's work order administration (docs/product.md#approval-levels): the approval levels with the work order
 * configuration, and the approvers' Approval Requests.
 */
export const workOrderAdminPages = {
  configuration: {
    id: 'workOrders.configuration',
    path: '/work-order/configuration',
    load: () => import('./work-order-configuration-page'),
    rule: 'woConfiguration',
    title: 'shell.menu.woConfiguration',
  },
  approvalRequests: {
    id: 'workOrders.approvalRequests',
    path: '/work-order/approval-requests',
    load: () => import('./approval-requests-page'),
    rule: 'approveWO',
    title: 'shell.menu.woApprovalRequests',
  },
} satisfies PageTable;
