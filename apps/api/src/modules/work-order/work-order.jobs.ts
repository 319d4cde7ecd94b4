import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { write } from '../../lib/write.js';
import { defineJob, type JobDefinition } from '../../plugins/jobs.js';
import { woPath } from './work-order.service.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Remind approvers of steps waiting past the owner's reminder hours; tell the next level past its escalation hours. */
    'work-order.approval-reminders': Record<string, never>;
  }
}

/** Steps reminded or escalated per statement (and transaction). */
export const REMINDER_BATCH = 1_000;

interface Due {
  stepId: string;
  workOrderId: string;
  code: string;
  title: string;
  organisationId: string;
  level: string;
  hours: number;
  approverIds: string[];
  /** The next step's approvers (escalation), or none after the last level. */
  nextApproverIds: string[] | null;
}

/**
 * Marks one batch of pending work order steps due for a reminder (or an escalation) told, in one
 * statement over the partial index of pending steps, and answers them with what the notices say.
 * Each step is reminded once and escalated once; the hours are the owner's configuration's.
 */
async function markDue(deps: Deps, kind: 'reminder' | 'escalation') {
  return write(deps, null, async (tx, fx) => {
    const told = kind === 'reminder' ? sql.raw('reminded_at') : sql.raw('escalated_at');
    const setting = kind === 'reminder' ? 'reminderHours' : 'escalationHours';
    const fallback = kind === 'reminder' ? 24 : 48;
    const result = await tx.execute(sql`
      with due as (
        select s.id, coalesce((c.settings->>${setting})::int, ${fallback}) as hours
          from approval_steps s
          left join configurations c on c.organisation_id = s.organisation_id and c.type = 'wo'
         where s.status = 'pending' and s.document_type = 'wo' and s.${told} is null
           and s.asked_at <= now() - coalesce((c.settings->>${setting})::int, ${fallback}) * interval '1 hour'
         order by s.asked_at
         limit ${REMINDER_BATCH}
           for update of s skip locked
      ), marked as (
        update approval_steps s set ${told} = now() from due where s.id = due.id
        returning s.id, s.document_id, s.round, s.position, s.name, s.approver_ids, due.hours
      )
      select m.id as "stepId", w.id as "workOrderId", w.code, w.title, w.organisation_id as "organisationId",
             m.name as level, m.hours, m.approver_ids as "approverIds",
             (select n.approver_ids from approval_steps n
               where n.document_type = 'wo' and n.document_id = m.document_id and n.round = m.round and n.position = m.position + 1) as "nextApproverIds"
        from marked m
        join work_orders w on w.id = m.document_id`);
    const rows = (result as unknown as { rows: Due[] }).rows;
    for (const row of rows) {
      const params = { code: row.code, title: row.title, level: row.level, hours: row.hours };
      if (kind === 'reminder') {
        fx.notify({ event: 'work_order.approval_reminder', to: { users: row.approverIds }, params, path: woPath(row.workOrderId) });
      } else {
        // The next level hears that the one before it waits; after the last level, the owner's admins.
        const to =
          row.nextApproverIds && row.nextApproverIds.length > 0 ? { users: row.nextApproverIds } : { organisation: row.organisationId };
        fx.notify({ event: 'work_order.approval_escalated', to, params, path: woPath(row.workOrderId) });
      }
    }
    return rows.length;
  });
}

/** Every due reminder and escalation, batch after batch. */
export async function tellApprovers(deps: Deps): Promise<{ reminded: number; escalated: number }> {
  let reminded = 0;
  let escalated = 0;
  for (let count = REMINDER_BATCH; count === REMINDER_BATCH; reminded += count) count = await markDue(deps, 'reminder');
  for (let count = REMINDER_BATCH; count === REMINDER_BATCH; escalated += count) count = await markDue(deps, 'escalation');
  return { reminded, escalated };
}

export function workOrderJobs(deps: Deps): JobDefinition[] {
  return [
    defineJob({
      name: 'work-order.approval-reminders',
      run: async () => {
        await tellApprovers(deps);
      },
      schedule: { cron: '*/5 * * * *', timeZone: 'UTC' },
      expireInSeconds: 300,
    }),
  ];
}
