import type { ReportFilter } from '@amp/contracts/report';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lateDeadlineSql, slaClockSql } from '../../rules/sla-clock.js';
import { type ReportCaller, workScope } from './report-scope.js';
import { hours1, isoTime, rowsOf, type ViewSql } from './report-sql.js';

/**
 * The service request and work order report (issue 12). Definitions (docs/api-contract.md, "Reports"):
 * - response: from sent to accepted (a declined one: to its decline); resolution: from sent to
 *   completed (a work order) or closed (a service request), less the time paused; hours.
 * - on time: slaClock()'s rule in SQL (rules/sla-clock.ts, as the score card's): a stopped clock is on time
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

/** No filter reads the asset's cluster, state or category: a count or grouping can read the table (its covering index) alone. */
const noAssetFilter = (filter: ReportFilter) => !filter.clusterId && !filter.state && !filter.categoryId;

const WO_RESPONSE_STOP = sql`coalesce(wo.accepted_at, case when wo.status = 'declined' then wo.closed_at end)`;
const WO_RESOLUTION_STOP = sql`coalesce(wo.completed_at, wo.closed_at)`;
const SR_RESPONSE_STOP = sql`coalesce(sr.accepted_at, case when sr.status = 'declined' then sr.closed_at end)`;
const SR_RESOLUTION_STOP = sql`sr.closed_at`;

/** One SLA clock of a row (the rule's SQL form), and when it is not measured at all. */
interface Clock {
  clock: ReturnType<typeof slaClockSql>;
  notMeasured: SQL;
}

/** The verdict of a clock that stopped: on time or not; null while it runs or when it is not measured. */
const stoppedVerdict = ({ clock, notMeasured }: Clock) => sql`case when ${notMeasured} then null else ${clock.stoppedOnTime} end`;

/** A row's verdict: on time or late once stopped, late while it runs past its target; null within it, or not measured. */
const verdict = ({ clock, notMeasured }: Clock) => sql`case
    when ${notMeasured} then null
    when ${clock.runningLate} then false
    else ${clock.stoppedOnTime}
  end`;

const WO_CLOCKS = {
  response: {
    clock: slaClockSql({ targetHours: sql`wo.response_hours`, startedAt: sql`wo.sent_at`, stoppedAt: WO_RESPONSE_STOP }),
    notMeasured: sql`wo.sent_at is null`,
  },
  resolution: {
    clock: slaClockSql({
      targetHours: sql`wo.resolution_hours`,
      startedAt: sql`wo.sent_at`,
      stoppedAt: WO_RESOLUTION_STOP,
      pausedMs: sql`wo.paused_ms`,
    }),
    notMeasured: sql`(wo.sent_at is null or wo.status = 'declined')`,
  },
} satisfies Record<string, Clock>;
const SR_CLOCKS = {
  response: {
    clock: slaClockSql({ targetHours: sql`sr.response_hours`, startedAt: sql`sr.sent_at`, stoppedAt: SR_RESPONSE_STOP }),
    notMeasured: sql`false`,
  },
  resolution: {
    clock: slaClockSql({
      targetHours: sql`sr.resolution_hours`,
      startedAt: sql`sr.sent_at`,
      stoppedAt: SR_RESOLUTION_STOP,
      pausedMs: sql`sr.paused_ms`,
      pausedSince: sql`sr.paused_since`,
    }),
    notMeasured: sql`sr.status = 'declined'`,
  },
} satisfies Record<string, Clock>;

const WO_FACTS = {
  responseSeconds: sql`date_part('epoch', (wo.accepted_at - wo.sent_at))`,
  resolutionSeconds: sql`case when wo.completed_at is not null then ${WO_CLOCKS.resolution.clock.elapsedSecondsAt(sql`wo.completed_at`)} end`,
  clocks: WO_CLOCKS,
};
const SR_FACTS = {
  responseSeconds: sql`date_part('epoch', (sr.accepted_at - sr.sent_at))`,
  resolutionSeconds: sql`case when sr.closed_at is not null and sr.status <> 'declined' then ${SR_CLOCKS.resolution.clock.elapsedSecondsAt(sql`sr.closed_at`)} end`,
  clocks: SR_CLOCKS,
};

/**
 * Each clock while it runs, and the instant it turns late (migration 0040's report_clock_deadline:
 * elapsed > target moved to the other side, so a late count is an index range). The predicates are
 * written as the partial indexes *_response_due_idx and *_resolution_due_idx are, so the planner
 * uses them; each is exactly "stop is null" of its Clock above, less the rows never measured.
 */
const RUNNING_CLOCKS = {
  wo: {
    response: {
      running: sql`wo.sent_at is not null and wo.response_hours is not null and wo.accepted_at is null and (wo.status <> 'declined' or wo.closed_at is null)`,
      deadline: lateDeadlineSql({ targetHours: sql`wo.response_hours`, startedAt: sql`wo.sent_at` }),
    },
    resolution: {
      running: sql`wo.sent_at is not null and wo.resolution_hours is not null and wo.status <> 'declined' and wo.completed_at is null and wo.closed_at is null`,
      deadline: lateDeadlineSql({ targetHours: sql`wo.resolution_hours`, startedAt: sql`wo.sent_at`, pausedMs: sql`wo.paused_ms` }),
    },
  },
  sr: {
    response: {
      running: sql`sr.response_hours is not null and sr.accepted_at is null and (sr.status <> 'declined' or sr.closed_at is null)`,
      deadline: lateDeadlineSql({ targetHours: sql`sr.response_hours`, startedAt: sql`sr.sent_at` }),
    },
    resolution: {
      running: sql`sr.resolution_hours is not null and sr.status <> 'declined' and sr.closed_at is null`,
      deadline: lateDeadlineSql({
        targetHours: sql`sr.resolution_hours`,
        startedAt: sql`sr.sent_at`,
        pausedMs: sql`sr.paused_ms`,
        pausedSince: sql`sr.paused_since`,
      }),
    },
  },
};

const newestFirst = (t: 'wo' | 'sr') => [
  { expr: sql`${sql.raw(t)}.created_at`, type: 'timestamptz' as const },
  { expr: sql`${sql.raw(t)}.id`, type: 'uuid' as const },
];

export function workOrderView(caller: ReportCaller, filter: ReportFilter): ViewSql {
  return {
    from: fromOf('wo'),
    // The page total from work_orders_org_report_idx alone (an index-only count), not through the joins.
    countFrom: noAssetFilter(filter) ? sql`work_orders wo` : undefined,
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
      responseOnTime: verdict(WO_CLOCKS.response),
      resolutionOnTime: verdict(WO_CLOCKS.resolution),
      totalKobo: sql`wo.total_kobo::float8`,
      materialsKobo: sql`wo.issued_kobo::float8`,
      actualKobo: sql`wo.actual_kobo::float8`,
      recalls: sql`wo.recall_count`,
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
    countFrom: noAssetFilter(filter) ? sql`service_requests sr` : undefined,
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
      responseOnTime: verdict(SR_CLOCKS.response),
      resolutionOnTime: verdict(SR_CLOCKS.resolution),
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
const clockSums = sql`
  sum(rs)::float8 as response_sum, count(rs)::int as response_n,
  sum(zs)::float8 as resolution_sum, count(zs)::int as resolution_n,
  count(*) filter (where rok)::int as response_ok, count(rok)::int as response_measured,
  count(*) filter (where zok)::int as resolution_ok, count(zok)::int as resolution_measured`;

/**
 * Each row's clock facts as columns (rs, zs, rok, zok) of a subquery that OFFSET 0 keeps from being
 * merged into the grouping: merged, PostgreSQL wrote each fact out twice (its sum and its count)
 * and computed it twice per row. The verdicts are those of stopped clocks; the late running ones
 * are counted apart (runningLate), as the kept rollups do.
 */
const clockFacts = (facts: typeof WO_FACTS | typeof SR_FACTS) =>
  sql`${facts.responseSeconds} as rs, ${facts.resolutionSeconds} as zs, ${stoppedVerdict(facts.clocks.response)} as rok, ${stoppedVerdict(facts.clocks.resolution)} as zok`;

export interface ClockGroup {
  month: string;
  status: string;
  n: number;
  response_sum: number | null;
  response_n: number;
  resolution_sum: number | null;
  resolution_n: number;
  /** Of the clocks that stopped: on time, and measured. */
  response_ok: number;
  response_measured: number;
  resolution_ok: number;
  resolution_measured: number;
}

export interface WorkOrderGroup extends ClockGroup {
  completed: number;
  cost: number;
  unsatisfactory: number;
}

/** The work orders' spend by party, cluster or category (one of the three set, the others null). */
export interface WorkOrderCostGroup {
  by: 'party' | 'cluster' | 'category';
  party: string | null;
  cluster: string | null;
  category: string | null;
  cost: number;
}

/** The months are grouped as instants and written as YYYY-MM per group, not per row. */
const monthKey = (column: SQL) => sql`date_trunc('month', ${column} at time zone 'UTC')`;

/**
 * The report is the caller's whole business (no filter on the asset, a party or dates): it adds up
 * the kept rollups of migration 0040 (a few hundred rows) instead of the orders themselves. A
 * supplier has no work orders or requests: its empty report stays on the live path.
 */
export const readsKeptRollups = (caller: ReportCaller, filter: ReportFilter) =>
  caller.side !== 'supplier' && noAssetFilter(filter) && !filter.partyId && !filter.from && !filter.to;

/** A rollup row `k`'s side: the caller's own; the platform reads every owner's (each order once). */
const keptScope = (caller: ReportCaller) =>
  caller.side === 'platform'
    ? sql`k.side = 'owner'`
    : sql`k.organisation_id = ${caller.organisationId} and k.side = ${caller.side === 'provider' ? 'provider' : 'owner'}`;

/** The month groups of one subject from report_work_months. */
function keptGroups<T extends ClockGroup>(db: Db, caller: ReportCaller, subject: 'wo' | 'sr'): Promise<T[]> {
  return rowsOf<T>(
    db,
    sql`select to_char(k.month, 'YYYY-MM') as month, k.status, sum(k.n)::int as n, sum(k.completed)::int as completed,
        sum(k.cost_kobo)::float8 as cost, sum(k.unsatisfactory)::int as unsatisfactory,
        sum(k.response_seconds)::float8 as response_sum, sum(k.response_count)::int as response_n,
        sum(k.resolution_seconds)::float8 as resolution_sum, sum(k.resolution_count)::int as resolution_n,
        sum(k.response_on_time)::int as response_ok, sum(k.response_measured)::int as response_measured,
        sum(k.resolution_on_time)::int as resolution_ok, sum(k.resolution_measured)::int as resolution_measured
      from report_work_months k where ${keptScope(caller)} and k.subject = ${subject} and k.n > 0
      group by k.month, k.status`,
  );
}

/** A spend group as read: g is grouping() over (party, cluster, category), the names of its group's key. */
interface CostRow {
  g: number;
  party: string | null;
  cluster: string | null;
  category: string | null;
  cost: number;
}

/** The spend by party (report_work_party_spend) and by the subject's cluster and category (report_work_subject_spend). */
async function keptCosts(db: Db, caller: ReportCaller): Promise<CostRow[]> {
  const [parties, places] = await Promise.all([
    rowsOf<CostRow>(
      db,
      sql`select 3 as g, party.name as party, null as cluster, null as category, s.cost from (
          select k.party_id, sum(k.cost_kobo)::float8 as cost from report_work_party_spend k where ${keptScope(caller)} group by 1) s
        left join organisations party on party.id = s.party_id`,
    ),
    rowsOf<CostRow>(
      db,
      // g as workOrderGroups' grouping() over (party, cluster, category): the party always left out (4).
      sql`select s.g, null as party, gc.name as cluster, gcat.name as category, s.cost from (
          select coalesce(k.cluster_id, k.asset_cluster_id) as cluster_id, k.asset_category_id as category_id,
            4 | grouping(coalesce(k.cluster_id, k.asset_cluster_id), k.asset_category_id) as g, sum(k.cost_kobo)::float8 as cost
          from report_work_subject_spend k where ${keptScope(caller)}
          group by grouping sets ((coalesce(k.cluster_id, k.asset_cluster_id)), (k.asset_category_id))) s
        left join clusters gc on gc.id = s.cluster_id
        left join categories gcat on gcat.id = s.category_id`,
    ),
  ]);
  return [...parties, ...places];
}

/**
 * The work orders of the report: grouped by month and status with the clock sums, which every
 * figure and the month and status charts add up (a few hundred groups); and their spend by party,
 * by cluster and by category for the cost charts. Kept (the rollups) for the caller's whole
 * business; otherwise read twice from work_orders_org_report_idx (index-only scans), the spend by
 * GROUPING SETS, one sum each. Grouping by all five at once made nearly a group per work order
 * (78,542 of 100,000 in the benchmark), and carrying the clock sums through the cost groups
 * quadrupled their cost.
 */
export async function workOrderGroups(
  db: Db,
  caller: ReportCaller,
  filter: ReportFilter,
): Promise<{ groups: WorkOrderGroup[]; costs: WorkOrderCostGroup[] }> {
  // Grouped by ids (cheap to hash), named once per group afterwards; the platform's party is the provider.
  const partyId = caller.side === 'provider' ? sql`wo.organisation_id` : sql`wo.provider_id`;
  const clusterId = sql`coalesce(wo.cluster_id, a.cluster_id)`;
  const [groups, costRows] = readsKeptRollups(caller, filter)
    ? await Promise.all([keptGroups<WorkOrderGroup>(db, caller, 'wo'), keptCosts(db, caller)])
    : await Promise.all([
        rowsOf<WorkOrderGroup>(
          db,
          sql`select to_char(g.m, 'YYYY-MM') as month, g.* from (
            select m, status, count(*)::int as n, count(completed_at)::int as completed,
              coalesce(sum(actual_kobo) filter (where spent), 0)::float8 as cost,
              coalesce(sum(unsatisfactory_count), 0)::int as unsatisfactory,
              ${clockSums}
            from (
              select ${monthKey(sql`wo.created_at`)} as m, wo.status, wo.completed_at, wo.actual_kobo, ${SPENT} as spent,
                wo.unsatisfactory_count, ${clockFacts(WO_FACTS)}
              from ${fromOf('wo')} where ${workScope(caller, filter, 'wo')} offset 0) x
            group by 1, 2) g`,
        ),
        rowsOf<CostRow>(
          db,
          sql`select g.g, g.cost, party.name as party, gc.name as cluster, gcat.name as category from (
            select ${partyId} as party_id, ${clusterId} as cluster_id, a.category_id,
              grouping(${partyId}, ${clusterId}, a.category_id) as g, sum(wo.actual_kobo)::float8 as cost
            from ${fromOf('wo')} where ${workScope(caller, filter, 'wo')} and ${SPENT}
            group by grouping sets ((${partyId}), (${clusterId}), (a.category_id))) g
          left join organisations party on party.id = g.party_id
          left join clusters gc on gc.id = g.cluster_id
          left join categories gcat on gcat.id = g.category_id`,
        ),
      ]);
  // grouping(): a bit per argument left out of the set, the first argument the highest (4).
  const costs = costRows.map(({ g, party, cluster, category, cost }) => ({
    by: g === 0b011 ? ('party' as const) : g === 0b101 ? ('cluster' as const) : ('category' as const),
    party,
    cluster,
    category,
    cost,
  }));
  return { groups, costs };
}

/** The service requests of the report by month and status: kept, or read in one pass. */
export function serviceRequestGroups(db: Db, caller: ReportCaller, filter: ReportFilter): Promise<ClockGroup[]> {
  if (readsKeptRollups(caller, filter)) return keptGroups(db, caller, 'sr');
  // Without a filter on the asset's cluster, state or category the joins are left out: with them the
  // planner read the rows from the table, not from service_requests_org_report_idx alone.
  const bare = noAssetFilter(filter);
  return rowsOf<ClockGroup>(
    db,
    sql`select to_char(g.m, 'YYYY-MM') as month, g.* from (
      select m, status, count(*)::int as n, ${clockSums} from (
        select ${monthKey(sql`sr.created_at`)} as m, sr.status, ${clockFacts(SR_FACTS)}
        from ${bare ? sql`service_requests sr` : fromOf('sr')} where ${workScope(caller, filter, 'sr')} offset 0) x
      group by 1, 2) g`,
  );
}

/**
 * The clocks of the report's work orders and requests that still run and are past their target:
 * late now, so measured and not on time. Read live on both paths, as it changes with the time: four
 * counts in one statement, each an index range of the running clocks due before now.
 */
export async function runningLate(db: Db, caller: ReportCaller, filter: ReportFilter): Promise<{ response: number; resolution: number }> {
  const bare = noAssetFilter(filter);
  const lateCount = (t: 'wo' | 'sr', clock: 'response' | 'resolution') => {
    const { running, deadline } = RUNNING_CLOCKS[t][clock];
    const from = bare ? sql.raw(t === 'wo' ? 'work_orders wo' : 'service_requests sr') : fromOf(t);
    return sql`(select count(*) from ${from} where ${workScope(caller, filter, t)} and ${running} and ${deadline} < now())`;
  };
  const [row] = await rowsOf<{ response: number; resolution: number }>(
    db,
    sql`select (${lateCount('wo', 'response')} + ${lateCount('sr', 'response')})::int as response,
        (${lateCount('wo', 'resolution')} + ${lateCount('sr', 'resolution')})::int as resolution`,
  );
  return { response: row?.response ?? 0, resolution: row?.resolution ?? 0 };
}

/** Recalls of the report's work orders: their kept counts (recall_count), from the few orders that have any. */
export async function recallCount(db: Db, caller: ReportCaller, filter: ReportFilter): Promise<number> {
  const from = noAssetFilter(filter) ? sql`work_orders wo` : fromOf('wo');
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select coalesce(sum(wo.recall_count), 0)::int as n from ${from} where ${workScope(caller, filter, 'wo')} and wo.recall_count > 0`,
  );
  return row?.n ?? 0;
}

/**
 * The mean hours from ask to decision of each approval level (by position and name) over the
 * report's work orders. An owner's whole report reads its kept sums (report_approval_levels)
 * rather than its steps.
 */
export function approvalLevels(db: Db, caller: ReportCaller, filter: ReportFilter): Promise<{ k: string; v: number; p: number }[]> {
  if (caller.side === 'owner' && readsKeptRollups(caller, filter))
    return rowsOf(
      db,
      sql`select k.position as p, k.name as k, ${hours1(sql`k.seconds / k.n`)} as v
        from report_approval_levels k where k.organisation_id = ${caller.organisationId} and k.n > 0
        order by k.position, k.name`,
    );
  const decided = sql`st.document_type = 'wo' and st.asked_at is not null and st.decided_at is not null`;
  return rowsOf(
    db,
    sql`select st.position as p, st.name as k, ${hours1(sql`avg(date_part('epoch', (st.decided_at - st.asked_at)))`)} as v
      from approval_steps st join ${fromOf('wo')} on wo.id = st.document_id
      where ${decided} and ${workScope(caller, filter, 'wo')}
      group by st.position, st.name order by st.position, st.name`,
  );
}
