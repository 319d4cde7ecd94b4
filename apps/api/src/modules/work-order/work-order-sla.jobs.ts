import type { Deps } from '../../deps.js';
import { type SlaNoticeSource, tellSlaNoticesOf } from '../../lib/sla-notices.js';
import { defineJob, type JobDefinition } from '../../plugins/jobs.js';
import { woPath } from './work-order.kind.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Tell both parties of the work order SLA clocks that are almost over or exceeded (each notice once). */
    'work-order.sla': Record<string, never>;
  }
}

/** Work orders' SLA notices: the runner the service requests' job uses, on work_order_deadlines. */
const WO_SLA_NOTICES: SlaNoticeSource = {
  kind: 'work_order',
  documents: 'work_orders',
  deadlines: 'work_order_deadlines',
  documentColumn: 'work_order_id',
  owner: { permission: 'viewOutgoingWO', list: '/work-order/outgoing' },
  provider: { permission: 'viewOrganizationAssignedAsset', list: '/work-order/incoming' },
  path: woPath,
};

/** One run of the SLA job. Answers how many work orders were told. */
export const tellWorkOrderSlaNotices = (deps: Deps) => tellSlaNoticesOf(deps, WO_SLA_NOTICES);

export function workOrderSlaJobs(deps: Deps): JobDefinition[] {
  return [
    defineJob({
      name: 'work-order.sla',
      run: async () => {
        await tellWorkOrderSlaNotices(deps);
      },
      schedule: { cron: '* * * * *', timeZone: 'UTC' },
      expireInSeconds: 300,
    }),
  ];
}
