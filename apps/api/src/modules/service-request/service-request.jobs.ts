import type { NotificationEvent } from '@amp/contracts/notification';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
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

/** One notice the SLA job gives: the instant column it finds due through its partial index, and the columns it clears. */
interface Notice {
  notice: 'response_due_soon' | 'response_breached' | 'resolution_due_soon' | 'resolution_breached';
  column: 'response_warn_at' | 'response_due_at' | 'resolution_warn_at' | 'resolution_due_at';
  clears: readonly string[];
}

/** Breaches first: a clock found past its end is told breached, not first "almost over". */
const NOTICES: readonly Notice[] = [
  { notice: 'resolution_breached', column: 'resolution_due_at', clears: ['resolution_warn_at', 'resolution_due_at'] },
  { notice: 'response_breached', column: 'response_due_at', clears: ['response_warn_at', 'response_due_at'] },
  { notice: 'resolution_due_soon', column: 'resolution_warn_at', clears: ['resolution_warn_at'] },
  { notice: 'response_due_soon', column: 'response_warn_at', clears: ['response_warn_at'] },
];

/** Requests marked per statement (and transaction). */
export const SLA_BATCH = 10_000;
/** An organisation told of more requests than this in one batch gets one summary instead of one notice each. */
const SUMMARY_OVER = 3;

interface Marked {
  id: string;
  code: string;
  title: string;
  organisationId: string;
  providerId: string;
}

/**
 * Marks one batch of requests whose instant has come (an index range of the partial index, never a
 * scan of the open requests), writes their activities in the same statement, and answers them.
 */
async function markBatch(tx: Db, notice: Notice): Promise<Marked[]> {
  const column = sql.identifier(notice.column);
  const cleared = sql.join(
    notice.clears.map((name) => sql`${sql.identifier(name)} = null`),
    sql`, `,
  );
  const action = `service_request.${notice.notice}`;
  const result = await tx.execute(sql`
    with due as (
      select id from service_requests
       where ${column} <= now()
       order by ${column}
       limit ${SLA_BATCH}
         for update skip locked
    ), marked as (
      update service_requests sr
         set ${cleared}, told = array_append(sr.told, ${notice.notice})
        from due
       where sr.id = due.id
      returning sr.id, sr.code, sr.title, sr.organisation_id, sr.provider_id
    ), logged as (
      insert into activities (organisation_id, action, params, subject_type, subject_id)
      select organisation_id, ${action}, jsonb_build_object('code', code), 'service_request', id from marked
    )
    select id, code, title, organisation_id as "organisationId", provider_id as "providerId" from marked`);
  return (result as unknown as { rows: Marked[] }).rows;
}

/**
 * Both parties hear of each request: the owner's staff who follow its outgoing requests and the
 * provider's managers. An organisation with many in one batch gets one summary (a flood of
 * notices helps nobody), pointing at its list filtered to the SLA state.
 */
function notifyParties(fx: Effects, notice: Notice, rows: readonly Marked[]) {
  const event = `service_request.${notice.notice}` as NotificationEvent;
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
        const state = notice.notice.endsWith('breached') ? 'breached' : 'due_soon';
        fx.notify({ event: 'service_request.sla_summary', to, params: { count: mine.length }, path: `${side.list}?sla=${state}` });
        continue;
      }
      for (const row of mine) fx.notify({ event, to, params: { code: row.code, title: row.title }, path: srPath(row.id) });
    }
  }
}

/** One run of the SLA job: every notice due now, batch by batch. Answers how many were given. */
export async function tellSlaNotices(deps: Deps): Promise<number> {
  let told = 0;
  for (const notice of NOTICES) {
    for (;;) {
      const rows = await write(deps, null, async (tx, fx) => {
        const marked = await markBatch(tx, notice);
        notifyParties(fx, notice, marked);
        return marked;
      });
      told += rows.length;
      if (rows.length < SLA_BATCH) break;
    }
  }
  return told;
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
               paused_since = null, response_warn_at = null, response_due_at = null, resolution_warn_at = null, resolution_due_at = null
          from due
         where sr.id = due.id and sr.status = 'resolved'
        returning sr.id, sr.code, sr.title, sr.organisation_id as "organisationId", sr.provider_id as "providerId", due.days,
                  array(select user_id from service_request_assignees a where a.service_request_id = sr.id) as assignees`);
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
