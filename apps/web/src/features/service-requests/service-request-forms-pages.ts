import type { PageTable } from '../../lib/pages';
import { SENDS_SERVICE_REQUESTS } from './service-requests-pages';

/**
 * The service request forms: sending a request (or raising one from a fault), the faults awaiting
 * the owner, the observation queue, the observation form, the sent observations and the owner's
 * configuration.
 */
export const serviceRequestFormPages = {
  /** The form itself is also the /service-request home of those who send (service-requests-pages.ts). */
  send: {
    id: 'srForms.send',
    path: '/service-request/new',
    load: () => import('./sr-send-page'),
    rule: SENDS_SERVICE_REQUESTS,
    title: 'srForms.page.send',
  },
  /**
   * The owner's faults awaiting its decision, to raise as requests. Not /service-request/fault:
   * docs/product.md#fault-portal gives that path to the review of a fault prepared on the portal (faultPortal.review).
   */
  fault: {
    id: 'srForms.fault',
    path: '/service-request/faults',
    load: () => import('./sr-fault-page'),
    rule: SENDS_SERVICE_REQUESTS,
    title: 'srForms.page.fault',
  },
  observationQueue: {
    id: 'srForms.observationQueue',
    path: '/service-request/observation',
    load: () => import('./observation-queue-page'),
    rule: 'manageObservation',
    title: 'srForms.page.observationQueue',
  },
  observationNew: {
    id: 'srForms.observationNew',
    path: '/service-request/observation/new/:id',
    load: () => import('./observation-form-page'),
    rule: 'manageObservation',
    title: 'srForms.page.observationNew',
    parent: 'srForms.observationQueue',
  },
  sentObservations: {
    id: 'srForms.sentObservations',
    path: '/service-request/observation/sent',
    load: () => import('./sent-observations-page'),
    rule: 'viewSentObservation',
    title: 'srForms.page.sentObservations',
  },
  configuration: {
    id: 'srForms.configuration',
    path: '/service-request/configuration',
    load: () => import('./sr-configuration-page'),
    rule: 'viewOutgoingSR',
    title: 'srForms.page.configuration',
  },
} satisfies PageTable;
