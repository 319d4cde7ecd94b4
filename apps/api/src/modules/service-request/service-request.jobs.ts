import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { type SlaNoticeSource, tellSlaNoticesOf } from '../../lib/sla-notices.js';
import { write } from '../../lib/write.js';
import { defineJob, type JobDefinition } from '../../plugins/jobs.js';
import { recordFaultWork } from '../fault/fault.public.js';
import { srPath } from './service-request.kind.js';
import { notifyClosed } from './service-request.service.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Tell both parties of the SLA clocks that are almost over or exceeded (each notice once). */
    'service-request.sla': Record<string, never>;
    /** Close the resolved requests whose owners close them after some days without activity. */
    'service-request.auto-close': Record<string, never>;
  }
}

/** Service requests' SLA notices (the runner is shared with work orders). */
const SR_SLA_NOTICES: SlaNoticeSource = {
  kind: 'service_request',
  documents: 'service_requests',
  deadlines: 'service_request_deadlines',
  documentColumn: 'service_request_id',
  owner: { permission: 'viewOutgoingSR', list: '/service-request/outgoing' },
  provider: { permission: 'viewOrganizationAssignedAsset', list: '/service-request/incoming' },
  path: srPath,
};

/** One run of the SLA job. Answers how many requests were told. */
export const tellSlaNotices = (deps: Deps) => tellSlaNoticesOf(deps, SR_SLA_NOTICES);

const AUTO_CLOSE_BATCH = 500;

interface ClosedRow {
  id: string;
  code: string;
  title: string;
  organisationId: string;
  providerId: string;
  faultId: string | null;
  days: number;
  assignees: string[];
}

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
        returning sr.id, sr.code, sr.title, sr.organisation_id as "organisationId", sr.provider_id as "providerId", sr.fault_id as "faultId", due.days,
                  array(select user_id from service_request_assignees a where a.service_request_id = sr.id) as assignees`);
      // Its clocks stop: notices not given yet go.
      await tx.execute(sql`delete from service_request_deadlines d using service_requests sr
                            where sr.id = d.service_request_id and d.told_at is null and sr.status = 'closed'
                              and sr.id in (${sql.join(
                                [...(result as unknown as { rows: { id: string }[] }).rows.map((row) => sql`${row.id}::uuid`), sql`null`],
                                sql`, `,
                              )})`);
      const closing = (result as unknown as { rows: ClosedRow[] }).rows;
      for (const row of closing) {
        fx.activity({
          action: 'service_request.auto_closed',
          params: { code: row.code, days: row.days },
          subject: { type: 'service_request', id: row.id },
          organisationId: row.organisationId,
        });
        notifyClosed(fx, row, row.assignees);
        await recordFaultWork(deps, tx, fx, row.faultId, 'done');
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
