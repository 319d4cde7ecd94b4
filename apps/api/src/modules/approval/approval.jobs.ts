import { APPROVAL_DOCUMENT_TYPES, type ApprovalDocumentType } from '@amp/contracts/approval';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { type ServedByApproval, servedByApproval } from '../../kernel/registry.js';
import { write } from '../../lib/write.js';
import { defineJob, type JobDefinition } from '../../plugins/jobs.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Remind approvers of steps waiting past their organisation's reminder hours; tell the next level past its escalation hours. */
    'approval.reminders': Record<string, never>;
  }
}

/** Steps reminded or escalated per statement (and transaction). */
export const REMINDER_BATCH = 1_000;

/**
 * What the reminders of each document type say and where they lead: registered by the documents'
 * kinds with the kernel (kernel/registry.ts), so the engine imports none of their modules.
 */
const REMINDED = Object.fromEntries(APPROVAL_DOCUMENT_TYPES.map((type) => [type, servedByApproval(type)])) as Record<
  ApprovalDocumentType,
  ServedByApproval
>;

interface Due {
  documentId: string;
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
 * Marks one batch of a type's pending steps due for a reminder (or an escalation) told, in one
 * statement over the partial index of pending steps, and answers them with what the notices say.
 * Each step is reminded once and escalated once; the hours are those of the organisation's
 * configuration of the same type (`configurations.type` is the document type), else 24 and 48.
 */
async function markDue(deps: Deps, type: ApprovalDocumentType, kind: 'reminder' | 'escalation') {
  const documents = REMINDED[type];
  return write(deps, null, async (tx, fx) => {
    const told = kind === 'reminder' ? sql.raw('reminded_at') : sql.raw('escalated_at');
    const setting = kind === 'reminder' ? 'reminderHours' : 'escalationHours';
    const fallback = kind === 'reminder' ? 24 : 48;
    const result = await tx.execute(sql`
      with due as (
        select s.id, coalesce((c.settings->>${setting})::int, ${fallback}) as hours
          from approval_steps s
          left join configurations c on c.organisation_id = s.organisation_id and c.type = ${type}
         where s.status = 'pending' and s.document_type = ${type} and s.${told} is null
           and s.asked_at <= now() - coalesce((c.settings->>${setting})::int, ${fallback}) * interval '1 hour'
         order by s.asked_at
         limit ${REMINDER_BATCH}
           for update of s skip locked
      ), marked as (
        update approval_steps s set ${told} = now() from due where s.id = due.id
        returning s.id, s.document_id, s.round, s.position, s.name, s.approver_ids, due.hours
      )
      select d.id as "documentId", d.code, d.title, d.organisation_id as "organisationId",
             m.name as level, m.hours, m.approver_ids as "approverIds",
             (select n.approver_ids from approval_steps n
               where n.document_type = ${type} and n.document_id = m.document_id and n.round = m.round and n.position = m.position + 1) as "nextApproverIds"
        from marked m
        join ${sql.identifier(documents.table)} d on d.id = m.document_id`);
    const rows = (result as unknown as { rows: Due[] }).rows;
    for (const row of rows) {
      const params = { code: row.code, title: row.title, level: row.level, hours: row.hours };
      const path = documents.path(row.documentId);
      if (kind === 'reminder') {
        fx.notify({ event: documents.reminder, to: { users: row.approverIds }, params, path });
      } else {
        // The next level hears that the one before it waits; after the last level, the organisation's admins.
        const to =
          row.nextApproverIds && row.nextApproverIds.length > 0 ? { users: row.nextApproverIds } : { organisation: row.organisationId };
        fx.notify({ event: documents.escalation, to, params, path });
      }
    }
    return rows.length;
  });
}

/** Every due reminder and escalation of every document type, batch after batch. */
export async function tellApprovers(deps: Deps): Promise<{ reminded: number; escalated: number }> {
  let reminded = 0;
  let escalated = 0;
  for (const type of APPROVAL_DOCUMENT_TYPES) {
    for (let count = REMINDER_BATCH; count === REMINDER_BATCH; reminded += count) count = await markDue(deps, type, 'reminder');
    for (let count = REMINDER_BATCH; count === REMINDER_BATCH; escalated += count) count = await markDue(deps, type, 'escalation');
  }
  return { reminded, escalated };
}

export function approvalJobs(deps: Deps): JobDefinition[] {
  return [
    defineJob({
      name: 'approval.reminders',
      run: async () => {
        await tellApprovers(deps);
      },
      schedule: { cron: '*/5 * * * *', timeZone: 'UTC' },
      expireInSeconds: 300,
    }),
  ];
}
