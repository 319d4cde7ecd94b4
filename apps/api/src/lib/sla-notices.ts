import type { NotificationEvent } from '@amp/contracts/notification';
import type { Permission } from '@amp/contracts/permissions';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import type { Deps } from '../deps.js';
import { type Effects, write } from './write.js';

/** Deadlines marked per statement (and transaction). */
export const SLA_NOTICE_BATCH = 10_000;
/** An organisation told of more documents than this in one run gets one summary instead of one notice each. */
const SUMMARY_OVER = 3;

/**
 * A kind of document whose SLA clocks have deadlines kept in a table of their own (one row per
 * document and notice, `told_at` null until told, a partial index of those not told): service
 * requests and work orders. The table and column names are the module's constants, never input.
 */
export interface SlaNoticeSource {
  /** The event and activity prefix, and the activities' subject type. */
  kind: 'service_request' | 'work_order';
  documents: string;
  deadlines: string;
  /** The deadlines' column naming their document. */
  documentColumn: string;
  /** Who hears of it on each side, and the list an organisation's summary points at. */
  owner: { permission: Permission; list: string };
  provider: { permission: Permission; list: string };
  path: (id: string) => string;
}

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
 * Marks one batch of deadlines whose time has come told (a range of the partial index of those not
 * told, never a scan of the open documents), writes their activities in the same statement and
 * answers them with their documents. A clock whose "almost over" and "over" both came due in one
 * batch (the job did not run for a while) is told only that it is over.
 */
async function markBatch(tx: Db, source: SlaNoticeSource): Promise<Marked[]> {
  const deadlines = sql.identifier(source.deadlines);
  const documents = sql.identifier(source.documents);
  const documentId = sql.identifier(source.documentColumn);
  const result = await tx.execute(sql`
    with due as (
      select ${documentId} as document_id, notice from ${deadlines}
       where told_at is null and due_at <= now()
       order by due_at
       limit ${SLA_NOTICE_BATCH}
         for update skip locked
    ), marked as (
      update ${deadlines} d set told_at = now()
        from due
       where d.${documentId} = due.document_id and d.notice = due.notice
      returning d.${documentId} as document_id, d.notice
    ), told as (
      select m.notice, doc.id, doc.code, doc.title, doc.organisation_id, doc.provider_id
        from marked m
        join ${documents} doc on doc.id = m.document_id
       where not (m.notice like '%_due_soon' and exists (
               select 1 from marked b where b.document_id = m.document_id
                  and b.notice = replace(m.notice, '_due_soon', '_breached')))
    ), logged as (
      insert into activities (organisation_id, action, params, subject_type, subject_id)
      select organisation_id, ${`${source.kind}.`} || notice, jsonb_build_object('code', code), ${source.kind}, id from told
    )
    select notice, id, code, title, organisation_id as "organisationId", provider_id as "providerId",
           (select count(*) from marked)::int as "markedCount"
      from told`);
  return (result as unknown as { rows: Marked[] }).rows;
}

/**
 * Both parties hear of each document: the owner's staff who follow its outgoing list and the
 * provider's managers. An organisation with many in one run gets one summary (a flood of notices
 * helps nobody), pointing at its list filtered to breached ones when any is.
 */
function notifyParties(fx: Effects, source: SlaNoticeSource, rows: readonly Marked[]) {
  const sides = [
    { key: 'organisationId' as const, ...source.owner },
    { key: 'providerId' as const, ...source.provider },
  ];
  for (const side of sides) {
    const byOrganisation = new Map<string, Marked[]>();
    for (const row of rows) byOrganisation.set(row[side.key], [...(byOrganisation.get(row[side.key]) ?? []), row]);
    for (const [organisation, mine] of byOrganisation) {
      const to = { organisation, permission: [side.permission] };
      if (mine.length > SUMMARY_OVER) {
        const state = mine.some((row) => row.notice.endsWith('breached')) ? 'breached' : 'due_soon';
        const event = `${source.kind}.sla_summary` as NotificationEvent;
        fx.notify({ event, to, params: { count: mine.length }, path: `${side.list}?sla=${state}` });
        continue;
      }
      for (const row of mine) {
        const event = `${source.kind}.${row.notice}` as NotificationEvent;
        fx.notify({ event, to, params: { code: row.code, title: row.title }, path: source.path(row.id) });
      }
    }
  }
}

/** One run of an SLA job: every notice due now, batch by batch, each batch one transaction. Answers how many documents were told. */
export async function tellSlaNoticesOf(deps: Deps, source: SlaNoticeSource): Promise<number> {
  let told = 0;
  for (;;) {
    const { rows, marked } = await write(deps, null, async (tx, fx) => {
      const batch = await markBatch(tx, source);
      notifyParties(fx, source, batch);
      return { rows: batch, marked: batch[0]?.markedCount ?? 0 };
    });
    told += rows.length;
    if (marked < SLA_NOTICE_BATCH) return told;
  }
}
