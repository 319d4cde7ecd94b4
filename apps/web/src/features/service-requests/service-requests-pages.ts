import type { AccessRule, PageTable } from '../../lib/pages';

/**
 * Who sends service requests: the owner's side, which sends them and follows its Outgoing list
 * (the system roles: Asset Owner). Providers and technicians hold viewSR for the menu's group but
 * have nothing to send (docs/product.md#service-requests-and-observations: they work on Incoming requests).
 */
export const SENDS_SERVICE_REQUESTS: AccessRule = { allOf: ['viewSR', 'viewOutgoingSR'] };

/**
 * The service request lists (docs/product.md#service-requests-and-observations: Outgoing, Incoming, Completed; one page, its tab from
 * the route) and one request's page.
 */
export const serviceRequestPages = {
  /** The Send Service Request form, or (for those who cannot send) the Incoming list. */
  home: {
    id: 'serviceRequests.home',
    path: '/service-request',
    load: () => import('./sr-send-page'),
    rule: 'viewSR',
    title: 'shell.menu.sendServiceRequest',
    // A provider or technician holds viewSR but has nothing to send.
    elsewhere: { unless: SENDS_SERVICE_REQUESTS, to: '/service-request/incoming' },
  },
  outgoing: {
    id: 'serviceRequests.outgoing',
    path: '/service-request/outgoing',
    load: () => import('./service-request-list-page'),
    rule: 'viewOutgoingSR',
    title: 'shell.menu.srOutgoing',
  },
  incoming: {
    id: 'serviceRequests.incoming',
    path: '/service-request/incoming',
    load: () => import('./service-request-list-page'),
    rule: 'viewIncomingSR',
    title: 'shell.menu.srIncoming',
  },
  completed: {
    id: 'serviceRequests.completed',
    path: '/service-request/completed',
    load: () => import('./service-request-list-page'),
    rule: 'viewCompletedSR',
    title: 'shell.menu.srCompleted',
  },
  /**
   * Reached from all three lists, the observation pages, the fault it came from and notifications,
   * by owners, providers and technicians who may hold only one of these permissions: no one list
   * is its parent (a fixed "Outgoing" crumb would lead a provider to a page it may not open), so
   * its crumbs are the dashboard and itself, and its back link goes to the reader's own list.
   */
  detail: {
    id: 'serviceRequests.detail',
    path: '/service-request/view/:id',
    load: () => import('./service-request-detail-page'),
    rule: ['viewSR', 'viewOutgoingSR', 'viewIncomingSR', 'viewCompletedSR', 'manageObservation'],
    title: 'serviceRequests.page.detail',
  },
} satisfies PageTable;
