import type { ReportFilter } from '@amp/contracts/report';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { and, assetScope, inRange, type ReportCaller, rangeOf } from './report-scope.js';
import { hours1, rowsOf, type TopPairs, topPairs, type ViewSql } from './report-sql.js';

/**
 * The asset report (issue 12). Definitions (also in docs/api-contract.md, "Reports"):
 * - The window is the filter's date range (from its first day's start to the end of its last
 *   day, never past now); without one, from the asset's creation to now. Only faults and work
 *   orders created in the window count, and only assets that existed by its end are listed.
 * - Downtime of an asset: the sum, over its work orders created in the window that completed, of
 *   completed_at minus the start of the outage: the fault's report time when the work order came
 *   from a fault, else the time it was sent to the provider.
 * - MTTR (mean time to repair): that downtime divided by the number of those completed work orders.
 * - MTBF (mean time between failures): (the window's hours - downtime) / the faults in the window;
 *   null ("no data") when the asset had no fault in it.
 * - The summary's mean MTTR and MTBF are the means over the assets that have one.
 */

const WINDOW_START = (filter: ReportFilter) => {
  const { from } = rangeOf(filter);
  return from ? sql`greatest(${from}::timestamptz, assets.created_at)` : sql`assets.created_at`;
};
const WINDOW_END = (filter: ReportFilter) => {
  const { to } = rangeOf(filter);
  return to ? sql`least(${to}::timestamptz, now())` : sql`now()`;
};

/** The assets of the report: the scope's, existing by the window's end. */
function assetWhere(caller: ReportCaller, filter: ReportFilter): SQL {
  const { to } = rangeOf(filter);
  return and([assetScope(caller, filter), ...(to ? [sql`assets.created_at < ${to}::timestamptz`] : [])]);
}

const ASSET_FROM = sql`assets
  left join clusters c on c.id = assets.cluster_id
  left join categories cat on cat.id = assets.category_id
  left join states st on st.alias = c.state`;

/**
 * Each asset's faults in the window, and its completed work orders' downtime (seconds), as lateral
 * joins: for a page they run for its rows only (faults_asset_idx, work_orders_asset_idx).
 */
function statsJoins(filter: ReportFilter): SQL {
  return sql`
  left join lateral (
    select count(*)::int as faults from faults f
    where f.asset_id = assets.id and ${and(inRange(sql`f.created_at`, filter))}
  ) fs on true
  left join lateral (
    select count(*)::int as work_orders,
      count(wo.completed_at)::int as repairs,
      sum(date_part('epoch', (wo.completed_at - coalesce(wf.created_at, wo.sent_at)))) filter (where wo.completed_at is not null) as downtime
    from work_orders wo left join faults wf on wf.id = wo.fault_id
    where wo.asset_id = assets.id and ${and(inRange(sql`wo.created_at`, filter))}
  ) ws on true`;
}

const DOWNTIME = sql`coalesce(ws.downtime, 0)`;
const mtbfSeconds = (filter: ReportFilter) =>
  sql`case when fs.faults > 0 then greatest(0, date_part('epoch', (${WINDOW_END(filter)} - ${WINDOW_START(filter)})) - ${DOWNTIME}) / fs.faults end`;
const mttrSeconds = sql`case when ws.repairs > 0 then ${DOWNTIME} / ws.repairs end`;

export function assetView(caller: ReportCaller, filter: ReportFilter): ViewSql {
  return {
    from: sql`${ASSET_FROM} ${statsJoins(filter)}`,
    countFrom: ASSET_FROM,
    where: assetWhere(caller, filter),
    columns: {
      assetID: sql`assets.asset_code`,
      name: sql`assets.name`,
      status: sql`assets.status`,
      category: sql`cat.name`,
      cluster: sql`c.name`,
      state: sql`st.name`,
      faults: sql`fs.faults`,
      workOrders: sql`ws.work_orders`,
      downtimeHours: hours1(DOWNTIME),
      mttrHours: hours1(mttrSeconds),
      mtbfHours: hours1(mtbfSeconds(filter)),
      warrantyExpiry: sql`assets.warranty_expiry::text`,
    },
    sorts: {
      assetID: sql`lower(assets.asset_code)`,
      name: sql`lower(assets.name)`,
      category: sql`lower(cat.name)`,
      cluster: sql`lower(c.name)`,
      state: sql`st.name`,
      warrantyExpiry: sql`assets.warranty_expiry`,
    },
    key: [
      { expr: sql`assets.created_at`, type: 'timestamptz' },
      { expr: sql`assets.id`, type: 'uuid' },
    ],
  };
}

export interface AssetSummaryRow {
  assets: number;
  active: number;
  faulty: number;
  under_maintenance: number;
  decommissioned: number;
  open_faults: number;
  warranty_expiring: number;
  mean_mttr: number | null;
  mean_mtbf: number | null;
  by_status: { k: string; v: number }[] | null;
  by_category: { k: string; v: number }[] | null;
  by_state: { k: string; v: number }[] | null;
  by_cluster: TopPairs;
  faults_by_month: { k: string; v: number }[] | null;
}

/**
 * The summary in one statement: the report's assets once (materialised), each asset's faults and
 * completed work orders' downtime, then every figure and chart from those. Without a date range the
 * window is each asset's whole life, and its faults, repairs and downtime are the kept
 * asset_report_stats row (one per asset, not its faults and work orders); with one they are read
 * per asset (lateral index probes). The faults by month are read from `monthsFrom` (YYYY-MM-01, UTC)
 * on, the months the chart shows.
 */
export async function assetSummary(db: Db, caller: ReportCaller, filter: ReportFilter, monthsFrom: string): Promise<AssetSummaryRow> {
  const kept = !filter.from && !filter.to;
  const perAsset = kept
    ? sql`
    per as (
      select a.id,
        s.downtime_seconds / nullif(s.repairs, 0) as mttr,
        case when s.faults > 0 then greatest(0, a.window_seconds - s.downtime_seconds) / s.faults end as mtbf
      from a join asset_report_stats s on s.asset_id = a.id
    )`
    : sql`
    -- Per asset (lateral): index probes on faults_asset_created_idx and work_orders_asset_completed_idx
    -- for the report's assets, not a pass over every fault and work order of the database.
    per as (
      select a.id,
        rr.downtime / nullif(rr.repairs, 0) as mttr,
        case when ff.faults > 0 then greatest(0, a.window_seconds - coalesce(rr.downtime, 0)) / ff.faults end as mtbf
      from a
      cross join lateral (
        select count(*) as faults from faults f where f.asset_id = a.id and ${and(inRange(sql`f.created_at`, filter))}
      ) ff
      cross join lateral (
        select sum(date_part('epoch', (wo.completed_at - coalesce(wf.created_at, wo.sent_at)))) as downtime, count(*) as repairs
        from work_orders wo left join faults wf on wf.id = wo.fault_id
        where wo.asset_id = a.id and wo.completed_at is not null and ${and(inRange(sql`wo.created_at`, filter))}
      ) rr
    )`;
  // The faults of the chart's months (m, n): an owner's whole inventory is its organisation's faults,
  // already counted by month in dashboard_counts; otherwise the report's assets' faults, per asset
  // on faults_asset_created_idx, grouped by the month's instant (written as YYYY-MM per group).
  const wholeInventory = kept && caller.side === 'owner' && !filter.partyId && !filter.clusterId && !filter.state && !filter.categoryId;
  const faultMonths = wholeInventory
    ? sql`fm as (
      select d.month::timestamp as m, sum(d.total)::int as n from dashboard_counts d
      where d.organisation_id = ${caller.organisationId} and d.side = 'owner' and d.subject = 'fault' and d.month >= ${monthsFrom}::date
      group by 1 having sum(d.total) <> 0
    )`
    : sql`fm as (
      select date_trunc('month', af.created_at at time zone 'UTC') as m, count(*)::int as n from a cross join lateral (
        select f.created_at from faults f
        where f.asset_id = a.id and f.created_at >= ${monthsFrom}::timestamptz and ${and(inRange(sql`f.created_at`, filter))}
      ) af group by 1
    )`;
  const [row] = await rowsOf<AssetSummaryRow>(
    db,
    sql`
    with a as materialized (
      select assets.id, assets.status, assets.warranty_expiry, assets.open_fault_count,
        cat.name as category, st.name as state, c.name as cluster,
        date_part('epoch', (${WINDOW_END(filter)} - ${WINDOW_START(filter)})) as window_seconds
      from ${ASSET_FROM}
      where ${assetWhere(caller, filter)}
    ),
    ${perAsset},
    ${faultMonths}
    select
      (select count(*) from a)::int as assets,
      (select count(*) from a where status = 'active')::int as active,
      (select count(*) from a where status = 'faulty')::int as faulty,
      (select count(*) from a where status = 'under_maintenance')::int as under_maintenance,
      (select count(*) from a where status = 'decommissioned')::int as decommissioned,
      (select coalesce(sum(open_fault_count), 0) from a)::int as open_faults,
      (select count(*) from a where warranty_expiry between (now() at time zone 'UTC')::date and (now() at time zone 'UTC')::date + 90)::int as warranty_expiring,
      (select ${hours1(sql`avg(mttr)`)} from per) as mean_mttr,
      (select ${hours1(sql`avg(mtbf)`)} from per) as mean_mtbf,
      (select json_agg(json_build_object('k', status, 'v', n)) from (select status, count(*)::int as n from a group by status) x) as by_status,
      (select json_agg(json_build_object('k', k, 'v', n)) from (select coalesce(category, '') as k, count(*)::int as n from a group by 1) x) as by_category,
      (select json_agg(json_build_object('k', k, 'v', n)) from (select coalesce(state, '') as k, count(*)::int as n from a group by 1) x) as by_state,
      ${topPairs(sql`select coalesce(cluster, '') as k, count(*)::int as v from a group by 1`)} as by_cluster,
      (select json_agg(json_build_object('k', to_char(m, 'YYYY-MM'), 'v', n)) from fm) as faults_by_month`,
  );
  return row!;
}
