import type { ReportFilter } from '@amp/contracts/report';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type ReportCaller, workScope } from './report-scope.js';
import { hours1, isoTime, rowsOf, type ViewSql } from './report-sql.js';

/**
 * The service request and work order report (issue 12). Definitions (docs/api-contract.md, "Reports"):
 * - response: from sent to accepted (a declined one: to its decline); resolution: from sent to
 *   completed (a work order) or closed (a service request), less the time paused; hours.
 * - on time: slaClock()'s rule written in SQL (as the score card's): a stopped clock is on time
 *   when the time that counted is within the SLA's target; a running clock past its target is
 *   late; a running clock within it, a declined request's resolution, or no SLA: null (not measured).
 * - compliance %: on time / measured, over both service requests and work orders.
 * - approval hours: from the last submission to the send to the provider, when levels applied;
 *   the per-level chart: from a step's ask to its decision (approval_steps), by position and name.
 * - cost: the work orders' approved totals, of those sent to the provider and not declined.
 */

/** The party on the other side of the caller, by name. */
function counterparty(caller: ReportCaller): SQL {
  if (caller.side === 'provider') return sql`own.name`;
  if (caller.side === 'platform') return sql`own.name || ' / ' || prov.name`;
  return sql`prov.name`;
}

const fromOf = (t: 'wo' | 'sr') => {
  const table = sql.raw(t === 'wo' ? 'work_orders wo' : 'service_requests sr');
  const alias = sql.raw(t);
  // Left joins on primary keys: PostgreSQL drops those a statement does not use (a count reads the table alone).
  return sql`${table}
    left join assets a on a.id = ${alias}.asset_id
    left join clusters c on c.id = coalesce(${alias}.cluster_id, a.cluster_id)
    left join categories cat on cat.id = a.category_id
    left join organisations prov on prov.id = ${alias}.provider_id
    left join organisations own on own.id = ${alias}.organisation_id`;
};

const WO_RESPONSE_STOP = sql`coalesce(wo.accepted_at, case when wo.status = 'declined' then wo.closed_at end)`;
const WO_RESOLUTION_STOP = sql`coalesce(wo.completed_at, wo.closed_at)`;
const SR_RESPONSE_STOP = sql`coalesce(sr.accepted_at, case when sr.status = 'declined' then sr.closed_at end)`;
const SR_RESOLUTION_STOP = sql`sr.closed_at`;

/** Seconds a clock counted from sent to `end`, less its pauses (a service request's current one too). */
const woElapsed = (end: SQL) => sql`(date_part('epoch', (${end} - wo.sent_at)) - wo.paused_ms::float8 / 1000)`;
const srElapsed = (end: SQL) =>
  sql`(date_part('epoch', (${end} - sr.sent_at)) - sr.paused_ms::float8 / 1000 - case when sr.paused_since is null then 0 else greatest(0, date_part('epoch', (${end} - greatest(sr.paused_since, sr.sent_at)))) end)`;

function verdict(target: SQL, stop: SQL, elapsed: (end: SQL) => SQL, notMeasured: SQL = sql`false`): SQL {
  return sql`case
    when ${target} is null or ${notMeasured} then null
    when ${stop} is not null then ${elapsed(stop)} <= ${target} * 3600
    when ${elapsed(sql`now()`)} > ${target} * 3600 then false
  end`;
}

const WO_FACTS = {
  responseSeconds: sql`date_part('epoch', (wo.accepted_at - wo.sent_at))`,
  resolutionSeconds: sql`case when wo.completed_at is not null then greatest(0, ${woElapsed(sql`wo.completed_at`)}) end`,
  responseOk: verdict(
    sql`wo.response_hours`,
    WO_RESPONSE_STOP,
    (end) => sql`date_part('epoch', (${end} - wo.sent_at))`,
    sql`wo.sent_at is null`,
  ),
  resolutionOk: verdict(sql`wo.resolution_hours`, WO_RESOLUTION_STOP, woElapsed, sql`(wo.sent_at is null or wo.status = 'declined')`),
};
const SR_FACTS = {
  responseSeconds: sql`date_part('epoch', (sr.accepted_at - sr.sent_at))`,
  resolutionSeconds: sql`case when sr.closed_at is not null and sr.status <> 'declined' then greatest(0, ${srElapsed(sql`sr.closed_at`)}) end`,
  responseOk: verdict(sql`sr.response_hours`, SR_RESPONSE_STOP, (end) => sql`date_part('epoch', (${end} - sr.sent_at))`),
  resolutionOk: verdict(sql`sr.resolution_hours`, SR_RESOLUTION_STOP, srElapsed, sql`sr.status = 'declined'`),
};

const newestFirst = (t: 'wo' | 'sr') => [
  { expr: sql`${sql.raw(t)}.created_at`, type: 'timestamptz' as const },
  { expr: sql`${sql.raw(t)}.id`, type: 'uuid' as const },
];

export function workOrderView(caller: ReportCaller, filter: ReportFilter): ViewSql {
  return {
    from: fromOf('wo'),
    where: workScope(caller, filter, 'wo'),
    columns: {
      code: sql`wo.code`,
      title: sql`wo.title`,
      status: sql`wo.status`,
      counterparty: counterparty(caller),
      subject: sql`wo.subject_label`,
      cluster: sql`c.name`,
      category: sql`cat.name`,
      createdAt: isoTime(sql`wo.created_at`),
      approvalHours: hours1(
        sql`case when wo.approval_needed and wo.sent_at is not null and wo.submitted_at is not null then date_part('epoch', (wo.sent_at - wo.submitted_at)) end`,
      ),
      responseHours: hours1(WO_FACTS.responseSeconds),
      resolutionHours: hours1(WO_FACTS.resolutionSeconds),
      responseOnTime: WO_FACTS.responseOk,
      resolutionOnTime: WO_FACTS.resolutionOk,
      totalKobo: sql`wo.total_kobo::float8`,
      recalls: sql`(select count(*) from work_order_recalls r where r.work_order_id = wo.id)::int`,
      unsatisfactory: sql`wo.unsatisfactory_count`,
      rating: sql`wo.rating::int`,
    },
    sorts: {
      title: sql`lower(wo.title)`,
      counterparty: sql`lower(${counterparty(caller)})`,
      subject: sql`lower(wo.subject_label)`,
      cluster: sql`lower(c.name)`,
      category: sql`lower(cat.name)`,
      createdAt: sql`wo.created_at`,
    },
    key: newestFirst('wo'),
  };
}

export function serviceRequestView(caller: ReportCaller, filter: ReportFilter): ViewSql {
  return {
    from: fromOf('sr'),
    where: workScope(caller, filter, 'sr'),
    columns: {
      code: sql`sr.code`,
      title: sql`sr.title`,
      status: sql`sr.status`,
      counterparty: counterparty(caller),
      subject: sql`sr.subject_label`,
      cluster: sql`c.name`,
      createdAt: isoTime(sql`sr.created_at`),
      responseHours: hours1(SR_FACTS.responseSeconds),
      resolutionHours: hours1(SR_FACTS.resolutionSeconds),
      responseOnTime: SR_FACTS.responseOk,
      resolutionOnTime: SR_FACTS.resolutionOk,
    },
    sorts: {
      title: sql`lower(sr.title)`,
      counterparty: sql`lower(${counterparty(caller)})`,
      subject: sql`lower(sr.subject_label)`,
      cluster: sql`lower(c.name)`,
      createdAt: sql`sr.created_at`,
    },
    key: newestFirst('sr'),
  };
}

/** What counts as spent: sent to the provider and not declined. */
const SPENT = sql`wo.sent_at is not null and wo.status <> 'declined'`;

/** The clock columns one group of rows adds up (sums and counts, so means and shares combine across groups). */
const clockSums = (facts: typeof WO_FACTS) => sql`
  sum(${facts.responseSeconds})::float8 as response_sum, count(${facts.responseSeconds})::int as response_n,
  sum(${facts.resolutionSeconds})::float8 as resolution_sum, count(${facts.resolutionSeconds})::int as resolution_n,
  count(*) filter (where ${facts.responseOk})::int as response_ok, count(${facts.responseOk})::int as response_measured,
  count(*) filter (where ${facts.resolutionOk})::int as resolution_ok, count(${facts.resolutionOk})::int as resolution_measured`;

export interface ClockGroup {
  month: string;
  status: string;
  n: number;
  response_sum: number | null;
  response_n: number;
  resolution_sum: number | null;
  resolution_n: number;
  response_ok: number;
  response_measured: number;
  resolution_ok: number;
  resolution_measured: number;
}

export interface WorkOrderGroup extends ClockGroup {
  party: string | null;
  cluster: string | null;
  category: string | null;
  completed: number;
  cost: number;
  unsatisfactory: number;
}

/** The months are grouped as instants and written as YYYY-MM per group, not per row. */
const monthKey = (column: SQL) => sql`date_trunc('month', ${column} at time zone 'UTC')`;

/**
 * The work orders of the report in one pass, grouped by month, status, party, cluster and
 * category: every figure and chart of the summary is a sum over these groups (a few thousand at
 * most), so 100,000 work orders are read once.
 */
export function workOrderGroups(db: Db, caller: ReportCaller, filter: ReportFilter): Promise<WorkOrderGroup[]> {
  // Grouped by ids (cheap to hash), named once per group afterwards; the platform's party is the provider.
  const partyId = caller.side === 'provider' ? sql`wo.organisation_id` : sql`wo.provider_id`;
  return rowsOf<WorkOrderGroup>(
    db,
    sql`select to_char(g.m, 'YYYY-MM') as month, g.*, party.name as party, gc.name as cluster, gcat.name as category from (
      select ${monthKey(sql`wo.created_at`)} as m, wo.status, ${partyId} as party_id,
        coalesce(wo.cluster_id, a.cluster_id) as cluster_id, a.category_id,
        count(*)::int as n, count(wo.completed_at)::int as completed,
        coalesce(sum(wo.total_kobo) filter (where ${SPENT}), 0)::float8 as cost,
        coalesce(sum(wo.unsatisfactory_count), 0)::int as unsatisfactory,
        ${clockSums(WO_FACTS)}
      from ${fromOf('wo')} where ${workScope(caller, filter, 'wo')}
      group by 1, 2, 3, 4, 5) g
    left join organisations party on party.id = g.party_id
    left join clusters gc on gc.id = g.cluster_id
    left join categories gcat on gcat.id = g.category_id`,
  );
}

/** The service requests of the report in one pass, by month and status. */
export function serviceRequestGroups(db: Db, caller: ReportCaller, filter: ReportFilter): Promise<ClockGroup[]> {
  return rowsOf<ClockGroup>(
    db,
    sql`select to_char(g.m, 'YYYY-MM') as month, g.* from (
      select ${monthKey(sql`sr.created_at`)} as m, sr.status, count(*)::int as n, ${clockSums(SR_FACTS as unknown as typeof WO_FACTS)}
      from ${fromOf('sr')} where ${workScope(caller, filter, 'sr')}
      group by 1, 2) g`,
  );
}

/** Recalls of the report's work orders. */
export async function recallCount(db: Db, caller: ReportCaller, filter: ReportFilter): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from work_order_recalls r join ${fromOf('wo')} on wo.id = r.work_order_id where ${workScope(caller, filter, 'wo')}`,
  );
  return row?.n ?? 0;
}

/** The mean hours from ask to decision of each approval level (by position and name) over the report's work orders. */
export function approvalLevels(db: Db, caller: ReportCaller, filter: ReportFilter): Promise<{ k: string; v: number; p: number }[]> {
  return rowsOf(
    db,
    sql`select st.position as p, st.name as k, ${hours1(sql`avg(date_part('epoch', (st.decided_at - st.asked_at)))`)} as v
      from approval_steps st join ${fromOf('wo')} on wo.id = st.document_id
      where st.document_type = 'wo' and st.asked_at is not null and st.decided_at is not null and ${workScope(caller, filter, 'wo')}
      group by st.position, st.name order by st.position, st.name`,
  );
}
