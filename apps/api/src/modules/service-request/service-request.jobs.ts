import type { NotificationEvent } from '@amp/contracts/notification';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { SlaNotice } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { type Effects, write } from '../../lib/write.js';
import { defineJob, type JobDefinition } from '../../plugins/jobs.js';
import { notifyClosed, srPath } from './service-request.service.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Tell both parties of the SLA clocks that are almost over or exceeded (each notice once). */
    'service-request.sla': Record<string, never>;
    /** Close the resolved requests whose owners close them after some days without activity. */
    'service-request.auto-close': Record<string, never>;
  }
}

/** Deadlines marked per statement (and transaction). */
export const SLA_BATCH = 10_000;
/** An organisation told of more requests than this in one run gets one summary instead of one notice each. */
const SUMMARY_OVER = 3;

interface Marked {
  notice: SlaNotice;
  id: string;
  code: string;
  title: string;
  organisationId: string;
  providerId: string;
}

/**
 * Marks one batch of deadlines whose time has come told (a range of the partial index of those not
 * told, never a scan of the open requests), writes their activities in the same statement, and
 * answers them with their requests. A clock whose "almost over" and "over" both came due in one
 * batch (the job did not run for a while) is told only that it is over.
 */
async function markBatch(tx: Db): Promise<Marked[]> {
  const result = await tx.execute(sql`
    with due as (
      select service_request_id, notice from service_request_deadlines
       where told_at is null and due_at <= now()
       order by due_at
       limit ${SLA_BATCH}
         for update skip locked
    ), marked as (
      update service_request_deadlines d set told_at = now()
        from due
       where d.service_request_id = due.service_request_id and d.notice = due.notice
      returning d.service_request_id, d.notice
    ), told as (
      select m.notice, sr.id, sr.code, sr.title, sr.organisation_id, sr.provider_id
        from marked m
        join service_requests sr on sr.id = m.service_request_id
       where not (m.notice like '%_due_soon' and exists (
               select 1 from marked b where b.service_request_id = m.service_request_id
                  and b.notice = replace(m.notice, '_due_soon', '_breached')))
    ), logged as (
      insert into activities (organisation_id, action, params, subject_type, subject_id)
      select organisation_id, 'service_request.' || notice, jsonb_build_object('code', code), 'service_request', id from told
    )
    select notice, id, code, title, organisation_id as "organisationId", provider_id as "providerId",
           (select count(*) from marked)::int as "markedCount"
      from told`);
  return (result as unknown as { rows: Marked[] }).rows;
}

/**
 * Both parties hear of each request: the owner's staff who follow its outgoing requests and the
 * provider's managers. An organisation with many in one run gets one summary (a flood of notices
 * helps nobody), pointing at its list filtered to breached requests when any is.
 */
function notifyParties(fx: Effects, rows: readonly Marked[]) {
  const sides = [
    { key: 'organisationId' as const, permission: 'viewOutgoingSR' as const, list: '/service-request/outgoing' },
    { key: 'providerId' as const, permission: 'viewOrganizationAssignedAsset' as const, list: '/service-request/incoming' },
  ];
  for (const side of sides) {
    const byOrganisation = new Map<string, Marked[]>();
    for (const row of rows) byOrganisation.set(row[side.key], [...(byOrganisation.get(row[side.key]) ?? []), row]);
    for (const [organisation, mine] of byOrganisation) {
      const to = { organisation, permission: [side.permission] };
      if (mine.length > SUMMARY_OVER) {
        const state = mine.some((row) => row.notice.endsWith('breached')) ? 'breached' : 'due_soon';
        fx.notify({ event: 'service_request.sla_summary', to, params: { count: mine.length }, path: `${side.list}?sla=${state}` });
        continue;
      }
      for (const row of mine) {
        const event = `service_request.${row.notice}` as NotificationEvent;
        fx.notify({ event, to, params: { code: row.code, title: row.title }, path: srPath(row.id) });
      }
    }
  }
}

/** One run of the SLA job: every notice due now, batch by batch. Answers how many requests were told. */
export async function tellSlaNotices(deps: Deps): Promise<number> {
  let told = 0;
  for (;;) {
    const { rows, marked } = await write(deps, null, async (tx, fx) => {
      const batch = await markBatch(tx);
      notifyParties(fx, batch);
      return { rows: batch, marked: (batch[0] as { markedCount?: number } | undefined)?.markedCount ?? 0 };
    });
    told += rows.length;
    if (marked < SLA_BATCH) return told;
  }
}

const AUTO_CLOSE_BATCH = 500;

/**
 * Closes resolved requests with no activity for the days their owner configured (none by
 * default), as the owner's close does: clocks stopped, an activity, the provider and staff told.
 */
export async function autoClose(deps: Deps): Promise<number> {
  let closed = 0;
  for (;;) {
    const rows = await write(deps, null, async (tx, fx) => {
      const result = await tx.execute(sql`
        with due as (
          select sr.id, (c.settings->>'autoCloseDays')::int as days
            from configurations c
            join service_requests sr on sr.organisation_id = c.organisation_id and sr.status = 'resolved'
           where c.type = 'sr' and jsonb_typeof(c.settings->'autoCloseDays') = 'number'
             and sr.last_activity_at < now() - (c.settings->>'autoCloseDays')::int * interval '1 day'
           limit ${AUTO_CLOSE_BATCH}
             for update of sr skip locked
        )
        update service_requests sr
           set status = 'closed', closed_at = now(), updated_at = now(), last_activity_at = now(),
               paused_ms = sr.paused_ms + coalesce(floor(extract(epoch from now() - sr.paused_since) * 1000), 0)::bigint,
               paused_since = null
          from due
         where sr.id = due.id and sr.status = 'resolved'
        returning sr.id, sr.code, sr.title, sr.organisation_id as "organisationId", sr.provider_id as "providerId", due.days,
                  array(select user_id from service_request_assignees a where a.service_request_id = sr.id) as assignees`);
      // Its clocks stop: notices not given yet go.
      await tx.execute(sql`delete from service_request_deadlines d using service_requests sr
                            where sr.id = d.service_request_id and d.told_at is null and sr.status = 'closed'
                              and sr.id in (${sql.join(
                                [...(result as unknown as { rows: { id: string }[] }).rows.map((row) => sql`${row.id}::uuid`), sql`null`],
                                sql`, `,
                              )})`);
      const closing = (result as unknown as { rows: (Marked & { days: number; assignees: string[] })[] }).rows;
      for (const row of closing) {
        fx.activity({
          action: 'service_request.auto_closed',
          params: { code: row.code, days: row.days },
          subject: { type: 'service_request', id: row.id },
          organisationId: row.organisationId,
        });
        notifyClosed(fx, row, row.assignees);
      }
      return closing;
    });
    closed += rows.length;
    if (rows.length < AUTO_CLOSE_BATCH) return closed;
  }
}

export function serviceRequestJobs(deps: Deps): JobDefinition[] {
  return [
    defineJob({
      name: 'service-request.sla',
      run: async () => {
        await tellSlaNotices(deps);
      },
      schedule: { cron: '* * * * *', timeZone: 'UTC' },
      expireInSeconds: 300,
    }),
    defineJob({
      name: 'service-request.auto-close',
      run: async () => {
        await autoClose(deps);
      },
      schedule: { cron: '17 * * * *', timeZone: 'UTC' },
      expireInSeconds: 600,
    }),
  ];
}
