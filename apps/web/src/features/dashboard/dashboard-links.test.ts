import { describe, expect, it } from 'vitest';
import { summaryCardLinks, supplierCardLinks } from './dashboard-links';
import { SENDER_CARD_LINKS } from './dashboard-links.fixture';

const holding =
  (...permissions: string[]) =>
  (permission: string) =>
    permissions.includes(permission);

describe('summaryCardLinks (docs/product.md#dashboard)', () => {
  it('leads a sender to its outgoing lists and the completed ones it may open', () => {
    expect(
      summaryCardLinks(
        holding(
          'viewOutgoingSR',
          'viewIncomingSR',
          'viewCompletedSR',
          'viewOutgoingWO',
          'viewCompletedWO',
          'viewOutgoingPO',
          'viewCompletedPO',
        ),
      ),
    ).toEqual(SENDER_CARD_LINKS);
  });

  it('leads a receiver to its incoming lists', () => {
    const links = summaryCardLinks(holding('viewIncomingSR', 'viewIncomingWO'));
    expect(links.openedSr).toBe('/service-request/incoming');
    expect(links.openedWo).toBe('/work-order/incoming');
  });

  it('links nothing without the permission, except the fault cards', () => {
    expect(summaryCardLinks(holding())).toEqual({
      openedSr: undefined,
      closedSr: undefined,
      openedWo: undefined,
      closedWo: undefined,
      openedFaults: '/asset/reported-faults',
      closedFaults: '/asset/reported-faults',
      openedPO: undefined,
      closedPO: undefined,
    });
  });

  it('does not take one list permission for another', () => {
    const links = summaryCardLinks(holding('viewCompletedSR', 'viewIncomingPO'));
    expect(links.openedSr).toBeUndefined();
    expect(links.closedSr).toBe('/service-request/completed');
    expect(links.openedPO).toBeUndefined();
    expect(links.closedPO).toBeUndefined();
  });
});

describe('supplierCardLinks', () => {
  it('leads to the incoming and completed lists the supplier may open', () => {
    expect(supplierCardLinks(holding('viewIncomingPO', 'viewCompletedPO'))).toEqual({
      received: '/purchase-order/incoming',
      accepted: '/purchase-order/incoming',
      toDispatch: '/purchase-order/incoming',
      delivered: '/purchase-order/completed',
      declined: '/purchase-order/completed',
    });
    expect(supplierCardLinks(holding('viewIncomingPO')).delivered).toBeUndefined();
  });
});
