import { EDITABLE_PO_STATUSES, OPEN_PO_STATUSES, PO_STATUSES, SUPPLYING_PO_STATUSES } from './purchase-order.js';
import { defineWorkflow } from './workflow.js';

/**
 * A purchase order (issue 11). The buyer drafts, changes and submits it; the approval engine moves
 * it on as for work orders (the last approval sends it to the supplier, a rejection returns it to
 * draft). The supplier accepts or declines; while it is supplied the supplier dispatches
 * deliveries and the buyer confirms receipts (`receive` to partly_received, `receiveAll` when the
 * last unit arrives); the buyer closes the rest, or cancels it before the supplier accepts.
 */
export const PURCHASE_ORDER_WORKFLOW = defineWorkflow({
  name: 'purchase order',
  statuses: PO_STATUSES,
  open: OPEN_PO_STATUSES,
  actions: {
    edit: { from: EDITABLE_PO_STATUSES, to: 'draft', permission: ['managePO'], party: 'buyer' },
    revise: { from: ['pending_approval'], to: 'pending_approval', permission: ['managePO'], party: 'buyer' },
    submit: { from: ['draft'], to: 'pending_approval', permission: ['managePO'], party: 'buyer' },
    submitUnapproved: { from: ['draft'], to: 'sent', permission: ['managePO'], party: 'buyer' },
    approveStep: { from: ['pending_approval'], to: 'pending_approval', permission: ['approvePO'], party: 'buyer' },
    approveLastStep: { from: ['pending_approval'], to: 'sent', permission: ['approvePO'], party: 'buyer' },
    rejectApproval: { from: ['pending_approval'], to: 'draft', permission: ['approvePO'], party: 'buyer' },
    cancel: { from: ['draft', 'pending_approval', 'sent'], to: 'cancelled', permission: ['managePO'], party: 'buyer' },
    accept: { from: ['sent'], to: 'accepted', permission: ['viewIncomingPO'], party: 'supplier' },
    decline: { from: ['sent'], to: 'declined', permission: ['viewIncomingPO'], party: 'supplier' },
    /** A delivery leaves the status as it is (one rule per status, so the guarded update keeps it). */
    dispatch: { from: ['accepted'], to: 'accepted', permission: ['viewIncomingPO'], party: 'supplier' },
    dispatchMore: { from: ['partly_received'], to: 'partly_received', permission: ['viewIncomingPO'], party: 'supplier' },
    receive: { from: SUPPLYING_PO_STATUSES, to: 'partly_received', permission: ['confirmSupply'], party: 'buyer' },
    receiveAll: { from: SUPPLYING_PO_STATUSES, to: 'closed', permission: ['confirmSupply'], party: 'buyer' },
    close: { from: SUPPLYING_PO_STATUSES, to: 'closed', permission: ['managePO'], party: 'buyer' },
  },
});
