import type { Permission } from '@amp/contracts/permissions';

/** The summary cards of the work dashboard, in the order shown. */
export const SUMMARY_FIGURES = [
  'openedSr',
  'closedSr',
  'openedWo',
  'closedWo',
  'openedFaults',
  'closedFaults',
  'openedPO',
  'closedPO',
] as const;
export type SummaryFigure = (typeof SUMMARY_FIGURES)[number];

/**
 * Where each summary card leads (docs/product.md#dashboard): a list the user may open, else nowhere (the card is
 * then a plain figure, never a link to a page that would refuse them). Opened SR and WO go to the
 * user's own side's list: Outgoing for those who send them, else Incoming for those who receive
 * them. Fault cards need no permission.
 */
export function summaryCardLinks(can: (permission: Permission) => boolean): Record<SummaryFigure, string | undefined> {
  const when = (permission: Permission, path: string) => (can(permission) ? path : undefined);
  return {
    openedSr: when('viewOutgoingSR', '/service-request/outgoing') ?? when('viewIncomingSR', '/service-request/incoming'),
    closedSr: when('viewCompletedSR', '/service-request/completed'),
    openedWo: when('viewOutgoingWO', '/work-order/outgoing') ?? when('viewIncomingWO', '/work-order/incoming'),
    closedWo: when('viewCompletedWO', '/work-order/completed'),
    openedFaults: '/asset/reported-faults',
    closedFaults: '/asset/reported-faults',
    openedPO: when('viewOutgoingPO', '/purchase-order/outgoing'),
    closedPO: when('viewCompletedPO', '/purchase-order/completed'),
  };
}

/** The supplier dashboard's figures, in the order shown. */
export const SUPPLIER_FIGURES = ['received', 'accepted', 'toDispatch', 'delivered', 'declined'] as const;
export type SupplierFigure = (typeof SUPPLIER_FIGURES)[number];

/** A supplier's cards lead to its Incoming list (orders under way) or its Completed one, when it may open them. */
export function supplierCardLinks(can: (permission: Permission) => boolean): Record<SupplierFigure, string | undefined> {
  const incoming = can('viewIncomingPO') ? '/purchase-order/incoming' : undefined;
  const completed = can('viewCompletedPO') ? '/purchase-order/completed' : undefined;
  return { received: incoming, accepted: incoming, toDispatch: incoming, delivered: completed, declined: completed };
}
