import { EDITABLE_WO_STATUSES, OPEN_WO_STATUSES, WO_STATUSES } from './work-order.js';
import { defineWorkflow } from './workflow.js';

/**
 * A work order (issue 10). The owner drafts, changes and submits it; its approval steps (the
 * approval engine) move it on: an approval of the last step sends it to the provider, a rejection
 * returns it to draft. The provider's managers accept, decline and assign; its assigned staff (or
 * the managers) start, hold, resume and complete it. Each side certifies once, in either order;
 * the owner may find the work unsatisfactory instead (back to in progress). The owner rates the
 * provider (closing it), closes it unrated, or ends it early while it is open.
 */
export const WORK_ORDER_WORKFLOW = defineWorkflow({
  name: 'work order',
  statuses: WO_STATUSES,
  open: OPEN_WO_STATUSES,
  actions: {
    edit: { from: EDITABLE_WO_STATUSES, to: 'draft', permission: ['manageWO'], party: 'owner' },
    /** A change of a work order awaiting approval: the steps start again (the engine). */
    revise: { from: ['pending_approval'], to: 'pending_approval', permission: ['manageWO'], party: 'owner' },
    submit: { from: ['draft'], to: 'pending_approval', permission: ['manageWO'], party: 'owner' },
    /** Submitted when no approval level applies (the owner has none): straight to the provider. */
    submitUnapproved: { from: ['draft'], to: 'sent', permission: ['manageWO'], party: 'owner' },
    approveStep: { from: ['pending_approval'], to: 'pending_approval', permission: ['approveWO'], party: 'owner' },
    approveLastStep: { from: ['pending_approval'], to: 'sent', permission: ['approveWO'], party: 'owner' },
    rejectApproval: { from: ['pending_approval'], to: 'draft', permission: ['approveWO'], party: 'owner' },
    accept: { from: ['sent'], to: 'accepted', permission: ['viewIncomingWO'], party: 'provider' },
    decline: { from: ['sent'], to: 'declined', permission: ['viewIncomingWO'], party: 'provider' },
    assign: { from: ['accepted', 'assigned'], to: 'assigned', permission: ['viewIncomingWO'], party: 'provider' },
    start: { from: ['assigned'], to: 'in_progress', permission: ['viewIncomingWO'], party: 'assignee' },
    startAsProvider: { from: ['assigned'], to: 'in_progress', permission: ['viewIncomingWO'], party: 'provider' },
    hold: { from: ['in_progress'], to: 'on_hold', permission: ['viewIncomingWO'], party: 'assignee' },
    holdAsProvider: { from: ['in_progress'], to: 'on_hold', permission: ['viewIncomingWO'], party: 'provider' },
    resume: { from: ['on_hold'], to: 'in_progress', permission: ['viewIncomingWO'], party: 'assignee' },
    resumeAsProvider: { from: ['on_hold'], to: 'in_progress', permission: ['viewIncomingWO'], party: 'provider' },
    complete: { from: ['in_progress'], to: 'completed', permission: ['viewIncomingWO'], party: 'assignee' },
    completeAsProvider: { from: ['in_progress'], to: 'completed', permission: ['viewIncomingWO'], party: 'provider' },
    certifyAsOwner: { from: ['completed'], to: 'owner_certified', permission: ['viewOutgoingWO', 'viewCompletedWO'], party: 'owner' },
    countersignAsOwner: {
      from: ['provider_certified'],
      to: 'certified',
      permission: ['viewOutgoingWO', 'viewCompletedWO'],
      party: 'owner',
    },
    certifyAsProvider: { from: ['completed'], to: 'provider_certified', permission: ['viewIncomingWO'], party: 'provider' },
    countersignAsProvider: { from: ['owner_certified'], to: 'certified', permission: ['viewIncomingWO'], party: 'provider' },
    certifyAsAssignee: { from: ['completed'], to: 'provider_certified', permission: ['viewIncomingWO'], party: 'assignee' },
    countersignAsAssignee: { from: ['owner_certified'], to: 'certified', permission: ['viewIncomingWO'], party: 'assignee' },
    unsatisfactory: {
      from: ['completed', 'provider_certified'],
      to: 'in_progress',
      permission: ['viewOutgoingWO', 'viewCompletedWO'],
      party: 'owner',
    },
    rate: { from: ['certified'], to: 'closed', permission: ['viewOutgoingWO', 'viewCompletedWO'], party: 'owner' },
    close: { from: ['certified'], to: 'closed', permission: ['viewOutgoingWO', 'viewCompletedWO'], party: 'owner' },
    end: { from: OPEN_WO_STATUSES, to: 'ended', permission: ['manageWO'], party: 'owner' },
  },
});
