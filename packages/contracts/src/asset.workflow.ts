import { ASSET_EDITABLE_STATUSES, ASSET_STATUSES } from './asset.js';
import { defineWorkflow } from './workflow.js';

/** An asset's life: the owner decommissions it (a one-way step). */
export const ASSET_WORKFLOW = defineWorkflow({
  name: 'asset',
  statuses: ASSET_STATUSES,
  open: ASSET_EDITABLE_STATUSES,
  actions: {
    decommission: {
      from: ASSET_EDITABLE_STATUSES,
      to: 'decommissioned',
      permission: ['manageAsset'],
      party: 'owner',
    },
  },
});
