import type { SummaryFigure } from './dashboard-links';

/**
 * Where a sender's summary cards lead when it may open its outgoing and completed lists, as the
 * demo asset owner may: the table both the unit test of the links and the end-to-end test expect.
 */
export const SENDER_CARD_LINKS: Record<SummaryFigure, string> = {
  openedSr: '/service-request/outgoing',
  closedSr: '/service-request/completed',
  openedWo: '/work-order/outgoing',
  closedWo: '/work-order/completed',
  openedFaults: '/asset/reported-faults',
  closedFaults: '/asset/reported-faults',
  openedPO: '/purchase-order/outgoing',
  closedPO: '/purchase-order/completed',
};
