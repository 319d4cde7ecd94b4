import { OPEN_SR_STATUSES, SR_STATUSES } from './service-request.js';
import { defineWorkflow } from './workflow.js';

/**
 * A service request (issue 9). The provider's managers accept, decline and assign; its staff
 * assigned to the request (or the managers) submit observations, a correction included; the owner
 * decides an observation (accepting it resolves the request, rejecting it sends it back to the
 * staff) and closes the request. The owner may also close a request it no longer needs, except
 * while an observation awaits its decision. `observe` from `observed` is a superseding correction.
 */
export const SERVICE_REQUEST_WORKFLOW = defineWorkflow({
  name: 'service request',
  statuses: SR_STATUSES,
  open: OPEN_SR_STATUSES,
  actions: {
    accept: { from: ['sent'], to: 'accepted', permission: ['viewIncomingSR'], party: 'provider' },
    decline: { from: ['sent'], to: 'declined', permission: ['viewIncomingSR'], party: 'provider' },
    assign: { from: ['accepted', 'assigned'], to: 'assigned', permission: ['viewIncomingSR'], party: 'provider' },
    observe: { from: ['assigned', 'observed'], to: 'observed', permission: ['manageObservation'], party: 'assignee' },
    observeAsProvider: { from: ['assigned', 'observed'], to: 'observed', permission: ['manageObservation'], party: 'provider' },
    acceptObservation: { from: ['observed'], to: 'resolved', permission: ['viewOutgoingSR'], party: 'owner' },
    rejectObservation: { from: ['observed'], to: 'assigned', permission: ['viewOutgoingSR'], party: 'owner' },
    close: { from: ['sent', 'accepted', 'assigned', 'resolved'], to: 'closed', permission: ['viewOutgoingSR'], party: 'owner' },
  },
});
