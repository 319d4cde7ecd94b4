import { FAULT_STATUSES, OPEN_FAULT_STATUSES } from './fault.js';
import { defineWorkflow } from './workflow.js';

/**
 * A fault (docs/product.md#faults): the provider approves or returns its technicians' reports (the provider's
 * managers, who hold viewOrganizationAssignedAsset: not a technician approving their own); the
 * reporter corrects a returned one; the owner rejects or converts. `convert` is taken by the
 * service request and work order issues' "raise a ..." calls, never on its own.
 */
export const FAULT_WORKFLOW = defineWorkflow({
  name: 'fault',
  statuses: FAULT_STATUSES,
  open: OPEN_FAULT_STATUSES,
  actions: {
    approve: { from: ['awaiting_provider'], to: 'awaiting_owner', permission: ['viewOrganizationAssignedAsset'], party: 'provider' },
    return: { from: ['awaiting_provider'], to: 'returned', permission: ['viewOrganizationAssignedAsset'], party: 'provider' },
    resubmit: { from: ['returned'], to: 'awaiting_provider', permission: ['manageAssetFault'], party: 'reporter' },
    reject: { from: ['awaiting_owner'], to: 'rejected', permission: ['manageAssetFault'], party: 'owner' },
    convert: { from: ['awaiting_owner'], to: 'converted', permission: ['viewSR', 'manageWO'], party: 'owner' },
  },
});
