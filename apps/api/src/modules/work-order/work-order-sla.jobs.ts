import type { NotificationEvent } from '@amp/contracts/notification';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { type Effects, write } from '../../lib/write.js';
import { defineJob, type JobDefinition } from '../../plugins/jobs.js';
import { woPath } from './work-order.service.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Tell both parties of the work order SLA clocks that are almost over or exceeded (each notice once). */
    'work-order.sla': Record<string, never>;
  }
}

/** Deadlines marked per statement (and transaction). */
export const WO_SLA_BATCH = 10_000;
/** An organisation told of more work orders than this in one run gets one summary instead. */
const SUMMARY_OVER = 3;

interface Marked {
  notice: string;
  id: string;
  code: string;
  title: string;
  organisationId: string;
  providerId: string;
  markedCount: number;
}

/**
 * Marks one batch of deadlines whose time has come told (the partial index of those not told),
 * writes their activities in the same statement and answers them with their work orders; a clock
 * whose "almost over" and "over" both came due in one batch is told only that it is over. As the
 * service request SLA job (service-request.jobs.ts), on work_order_deadlines.
 */
async function markBatch(tx: Db): Promise<Marked[]> {
  const result = await tx.execute(sql`
    with due as (
      select work_order_id, notice from work_order_deadlines
       where told_at is null and due_at <= now()
       order by due_at
       limit ${WO_SLA_BATCH}
         for update skip locked
    ), marked as (
      update work_order_deadlines d set told_at = now()
        from due
       where d.work_order_id = due.work_order_id and d.notice = due.notice
      returning d.work_order_id, d.notice
    ), told as (
      select m.notice, w.id, w.code, w.title, w.organisation_id, w.provider_id
        from marked m
        join work_orders w on w.id = m.work_order_id
       where not (m.notice like '%_due_soon' and exists (
               select 1 from marked b where b.work_order_id = m.work_order_id
                  and b.notice = replace(m.notice, '_due_soon', '_breached')))
    ), logged as (
      insert into activities (organisation_id, action, params, subject_type, subject_id)
      select organisation_id, 'work_order.' || notice, jsonb_build_object('code', code), 'work_order', id from told
    )
    select notice, id, code, title, organisation_id as "organisationId", provider_id as "providerId",
           (select count(*) from marked)::int as "markedCount"
      from told`);
  return (result as unknown as { rows: Marked[] }).rows;
}

/** Both sides hear of each work order; an organisation with many in one run gets one summary pointing at its list. */
function notifyParties(fx: Effects, rows: readonly Marked[]) {
  const sides = [
    { key: 'organisationId' as const, permission: 'viewOutgoingWO' as const, list: '/work-order/outgoing' },
    { key: 'providerId' as const, permission: 'viewOrganizationAssignedAsset' as const, list: '/work-order/incoming' },
  ];
  for (const side of sides) {
    const byOrganisation = new Map<string, Marked[]>();
    for (const row of rows) byOrganisation.set(row[side.key], [...(byOrganisation.get(row[side.key]) ?? []), row]);
    for (const [organisation, mine] of byOrganisation) {
      const to = { organisation, permission: [side.permission] };
      if (mine.length > SUMMARY_OVER) {
        const state = mine.some((row) => row.notice.endsWith('breached')) ? 'breached' : 'due_soon';
        fx.notify({ event: 'work_order.sla_summary', to, params: { count: mine.length }, path: `${side.list}?sla=${state}` });
        continue;
      }
      for (const row of mine) {
        const event = `work_order.${row.notice}` as NotificationEvent;
        fx.notify({ event, to, params: { code: row.code, title: row.title }, path: woPath(row.id) });
      }
    }
  }
}

/** One run of the SLA job: every notice due now, batch by batch. Answers how many work orders were told. */
export async function tellWorkOrderSlaNotices(deps: Deps): Promise<number> {
  let told = 0;
  for (;;) {
    const { rows, marked } = await write(deps, null, async (tx, fx) => {
      const batch = await markBatch(tx);
      notifyParties(fx, batch);
      return { rows: batch, marked: batch[0]?.markedCount ?? 0 };
    });
    told += rows.length;
    if (marked < WO_SLA_BATCH) return told;
  }
}

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
