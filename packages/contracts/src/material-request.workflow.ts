import { MR_STATUSES, OPEN_MR_STATUSES } from './material-request.js';
import { defineWorkflow } from './workflow.js';

/**
 * A material request (issue 11): its managers decide it line by line (accept issues the stock,
 * reject says why), each line a guarded update of its own status, and the request's status follows
 * from its lines (`mrStatusOf`); the requester may cancel it while no line is decided.
 */
export const MATERIAL_REQUEST_WORKFLOW = defineWorkflow({
  name: 'material request',
  statuses: MR_STATUSES,
  open: OPEN_MR_STATUSES,
  actions: {
    accept: { from: ['pending'], to: 'accepted', permission: ['manageWarehouse'], party: 'manager' },
    partlyAccept: { from: ['pending'], to: 'partly_accepted', permission: ['manageWarehouse'], party: 'manager' },
    reject: { from: ['pending'], to: 'rejected', permission: ['manageWarehouse'], party: 'manager' },
    cancel: { from: ['pending'], to: 'cancelled', permission: [], party: 'requester' },
  },
});
