/**
 * What other modules may use of service requests: what a request or a work order is about and
 * whom it can go to (the owner's own asset or cluster, a provider of a receiver type, the choices
 * of the send form), and the owner's acceptance of an observation inside the caller's write (a
 * work order raised from it), the caller's own open requests (the technician's home) and whether
 * one reaches requests only through one's assignments (the dashboards).
 */
export { reachesOnlyAssignedRequests } from './service-request.reach.js';
export { findOwnTarget, findProvider } from './service-request.repository.js';
export { acceptObservationWithin } from './service-request.service.js';
export { assignedOpenRequests, providerChoices } from './service-request-read.service.js';
