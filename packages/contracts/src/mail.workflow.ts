import { MAIL_STATUSES } from './mail.js';
import { defineWorkflow } from './workflow.js';

/** A mail's delivery: after the last failed attempt the super admin may send it again. */
export const MAIL_WORKFLOW = defineWorkflow({
  name: 'mail',
  statuses: MAIL_STATUSES,
  open: ['pending', 'retrying'] as const,
  actions: {
    retry: { from: ['failed'], to: 'pending', permission: ['manageUserRegistration'], party: 'platform' },
  },
});
