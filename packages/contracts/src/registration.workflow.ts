import { ORGANISATION_STATUSES } from './organisation.js';
import { defineWorkflow } from './workflow.js';

/** The registration request: the platform's super admin approves or rejects it. */
export const REGISTRATION_WORKFLOW = defineWorkflow({
  name: 'registration',
  statuses: ORGANISATION_STATUSES,
  open: ['pending'] as const,
  actions: {
    approve: { from: ['pending'], to: 'active', permission: ['manageUserRegistration'], party: 'platform' },
    reject: { from: ['pending'], to: 'rejected', permission: ['manageUserRegistration'], party: 'platform' },
  },
});

/** A registration as the API shows it (approved) and as its workflow knows it (the organisation is active). */
export const REGISTRATION_WORKFLOW_STATUS = { pending: 'pending', approved: 'active', rejected: 'rejected' } as const;
