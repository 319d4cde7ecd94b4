import type { ReportFilter } from '@amp/contracts/report';
import { REPORT_CHART_TOP } from '@amp/contracts/report';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { and, inRange, purchaseScope, type ReportCaller, warehouseScope } from './report-scope.js';
import { COUNT_CAP, isoTime, rowsOf, type TopPairs, topPairs, type ViewSql } from './report-sql.js';

/**
 * The warehouse report (issue 12). Definitions (docs/api-contract.md, "Reports"):
 * - stock value: quantity x unit price of the items now (an item without a price counts 0);
 * - consumption: stock that left for use, issues to material requests and stock-outs by hand
 *   (not transfers, counts or reversals), in the date range;
 * - the items table lists the items as they are now (stock is a present-time figure); the date
 *   range narrows its "consumed" column; the movements table and the figures' movements are those
 *   made in the range; PO spend: the purchase orders created in the range that went out (sent)
 *   and were not declined or cancelled (for a supplier, what it received: its sales).
 */

const CONSUMING = sql`('issue', 'stock_out')`;

/** On the outer "m" (stock_movements) row: the scope's warehouses and the range; the organisation's key first, for its index. */
function movementWhere(caller: ReportCaller, filter: ReportFilter): SQL {
  const conditions: SQL[] = [];
  if (caller.side !== 'platform') conditions.push(sql`m.organisation_id = ${caller.organisationId}`);
  else if (filter.partyId) conditions.push(sql`m.organisation_id = ${filter.partyId}`);
  if (filter.warehouseId) conditions.push(sql`m.warehouse_id = ${filter.warehouseId}`);
  if (filter.state) conditions.push(sql`exists (select 1 from warehouses sw where sw.id = m.warehouse_id and sw.state = ${filter.state})`);
  conditions.push(...inRange(sql`m.created_at`, filter));
  return and(conditions);
}

/** The warehouses' kept item counts (warehouse_stock_counts) within the scope: the items table's exact total. */
async function keptItemCount(db: Db, caller: ReportCaller, filter: ReportFilter) {
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select coalesce(sum(sc.items), 0)::float8 as total from warehouse_stock_counts sc join warehouses w on w.id = sc.warehouse_id where ${warehouseScope(caller, filter)}`,
  );
  return { total: row?.total ?? 0, lowerBound: false };
}

export function itemView(db: Db, caller: ReportCaller, filter: ReportFilter): ViewSql {
  const items = sql`inventory_items i join warehouses w on w.id = i.warehouse_id`;
  return {
    // Every item of the scope's warehouses is listed (the range narrows a column, not the rows).
    count: () => keptItemCount(db, caller, filter),
    from: items,
    // The items' own organisation key as well as the warehouse's, for an index on the items.
    where:
      caller.side === 'platform'
        ? warehouseScope(caller, filter)
        : and([sql`i.organisation_id = ${caller.organisationId}`, warehouseScope(caller, filter)]),
    columns: {
      warehouse: sql`w.name`,
      name: sql`i.name`,
      brand: sql`i.brand`,
      quantity: sql`i.quantity`,
      reorderLevel: sql`i.reorder_level`,
      unitPriceKobo: sql`i.price_kobo::float8`,
      valueKobo: sql`(i.quantity * i.price_kobo)::float8`,
      // A subquery in the select list runs for the page's rows only (after the sort and limit), not for every item.
      consumed: sql`coalesce((select -sum(m.delta) from stock_movements m
        where m.item_id = i.id and m.kind in ${CONSUMING} and ${and(inRange(sql`m.created_at`, filter))}), 0)::int`,
      low: sql`(i.low_since is not null)`,
    },
    sorts: { warehouse: sql`lower(w.name)`, name: sql`lower(i.name)`, brand: sql`lower(i.brand)` },
    key: [
      // NULLS LAST as inventory_items_org_created_idx is built (an order it cannot give sorts every item).
      { expr: sql`i.created_at`, type: 'timestamptz', nullsLast: true },
      { expr: sql`i.id`, type: 'uuid', nullsLast: true },
    ],
  };
}

/** A movement's source document, looked up only for movements that have one (the CASE guards the cast). */
const MOVEMENT_SOURCES = sql`
  left join lateral (
    select mr.code, mr.work_order_id from material_requests mr
    where mr.id = case when m.source_type = 'material_request' then m.source_id::uuid end
  ) mr on true
  left join work_orders mwo on mwo.id = mr.work_order_id
  left join lateral (
    select po.code from purchase_orders po
    where po.id = case when m.source_type = 'purchase_order' then m.source_id::uuid end
  ) po on true
  left join users u on u.id = m.user_id`;

export function movementView(db: Db, caller: ReportCaller, filter: ReportFilter): ViewSql {
  const where = movementWhere(caller, filter);
  return {
    from: sql`stock_movements m join warehouses w on w.id = m.warehouse_id join inventory_items i on i.id = m.item_id ${MOVEMENT_SOURCES}`,
    countFrom: sql`stock_movements m`,
    where,
    columns: {
      createdAt: isoTime(sql`m.created_at`),
      warehouse: sql`w.name`,
      item: sql`i.name`,
      kind: sql`m.kind`,
      quantity: sql`m.delta`,
      workOrder: sql`mwo.code`,
      reference: sql`coalesce(mr.code, po.code, m.reason)`,
      by: sql`nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')`,
    },
    sorts: {
      createdAt: sql`m.id`,
      warehouse: sql`lower(w.name)`,
      item: sql`lower(i.name)`,
    },
    // The ledger's id grows with its time: newest first is id descending (the warehouse's index, or the organisation's).
    // NULLS LAST as stock_movements_org_id_idx is built: `id desc` alone (NULLS FIRST) made it sort all the movements.
    key: [{ expr: sql`m.id`, type: 'bigint', nullsLast: true }],
    count: async () => {
      // Without a date range, the warehouses' movement counters (warehouse_stock_counts) are the exact total.
      if (!filter.from && !filter.to) {
        const [row] = await rowsOf<{ total: number }>(
          db,
          sql`select coalesce(sum(sc.movements), 0)::float8 as total from warehouse_stock_counts sc join warehouses w on w.id = sc.warehouse_id where ${warehouseScope(caller, filter)}`,
        );
        return { total: row?.total ?? 0, lowerBound: false };
      }
      const [row] = await rowsOf<{ total: number }>(
        db,
        sql`select count(*)::int as total from (select 1 from stock_movements m where ${where} limit ${COUNT_CAP + 1}) counted`,
      );
      const total = row?.total ?? 0;
      return total > COUNT_CAP ? { total: COUNT_CAP, lowerBound: true } : { total, lowerBound: false };
    },
  };
}

export interface WarehouseSummaryRow {
  warehouses: number;
  items: number;
  low: number;
  out_of_stock: number;
  counted_movements: number;
  range_movements: number;
  stock_value: number;
  po_spend: number;
  value_by_warehouse: TopPairs;
  movements_by_month: { m: string; k: string; v: number }[] | null;
  consumption_by_item: TopPairs;
  consumption_by_work_order: TopPairs;
  spend_by_party: TopPairs;
}

/**
 * The summary in one statement. Item figures are the warehouses' counters. Without a date range the
 * movements come from the ledger's rollups (stock_movement_months, stock_item_consumption,
 * stock_work_order_consumption: a few hundred rows, not an organisation's million movements);
 * with one (a range cuts months at days) the movements of the range are read once, grouped by
 * month, kind and item. The chart shows the months from `monthsFrom` (YYYY-MM-01, UTC).
 */
export async function warehouseSummary(
  db: Db,
  caller: ReportCaller,
  filter: ReportFilter,
  monthsFrom: string,
): Promise<WarehouseSummaryRow> {
  const moves = movementWhere(caller, filter);
  const party = caller.side === 'supplier' ? sql`po.organisation_id` : sql`po.supplier_id`;
  const rolled = !filter.from && !filter.to;
  // The rollups' own organisation key (their indexes lead with it), as the warehouses' scope has it.
  const org = (alias: string) => {
    const column = sql.raw(`${alias}.organisation_id`);
    if (caller.side !== 'platform') return sql`${column} = ${caller.organisationId} and`;
    return filter.partyId ? sql`${column} = ${filter.partyId} and` : sql``;
  };
  // mv: (mm, kind, n, delta) per month and kind; consumed: (item_id, v); by_wo_id: (work_order_id, v).
  const sources = rolled
    ? sql`
    mv as materialized (
      select s.month::timestamp as mm, s.kind, sum(s.movements)::int as n, sum(s.quantity)::float8 as delta
      from stock_movement_months s where ${org('s')} s.warehouse_id in (select id from w) group by 1, 2
    ),
    consumed as (
      select sc.item_id, sc.quantity::float8 as v from stock_item_consumption sc
      where ${org('sc')} sc.warehouse_id in (select id from w) and sc.quantity <> 0
    ),
    by_wo_id as materialized (
      select s.work_order_id, sum(s.quantity)::float8 as v from stock_work_order_consumption s
      where ${org('s')} s.warehouse_id in (select id from w) group by 1 having sum(s.quantity) <> 0
    )`
    : sql`
    mvi as materialized (
      -- The movements read once, grouped by month, kind and item: the chart, the figure and the
      -- consumption by item all add up these groups.
      select date_trunc('month', m.created_at at time zone 'UTC') as mm, m.kind, m.item_id, count(*)::int as n, sum(m.delta)::float8 as delta
      from stock_movements m where ${moves} and m.warehouse_id in (select id from w)
      group by 1, 2, 3
    ),
    mv as (select mm, kind, sum(n)::int as n, sum(delta) as delta from mvi group by 1, 2),
    consumed as (select item_id, -sum(delta) as v from mvi where kind in ${CONSUMING} group by item_id),
    by_wo_id as materialized (
      select mr.work_order_id, (-sum(m.delta))::float8 as v from stock_movements m
        join material_requests mr on mr.id = case when m.source_type = 'material_request' then m.source_id::uuid end
        where ${moves} and m.kind = 'issue' and m.source_type = 'material_request' and m.source_id is not null
          and mr.work_order_id is not null and m.warehouse_id in (select id from w) group by 1
    )`;
  const [row] = await rowsOf<WarehouseSummaryRow>(
    db,
    sql`
    with w as materialized (select w.id, w.name from warehouses w where ${warehouseScope(caller, filter)}),
    ${sources},
    -- The purchase orders read once: their spend by the other party, and its total (every order has both parties).
    spend as materialized (select ${party} as party_id, sum(po.total_kobo)::float8 as v from purchase_orders po where ${purchaseScope(caller, filter)} group by 1),
    -- Only the largest 12 work orders and items are named, not 2,000 or 20,000 (ties with the 12th
    -- are taken by id: with uniform stock thousands of items can tie), the rest add to the total.
    by_wo_top as (
      select mwo.code as k, b.v from (select * from by_wo_id order by v desc, work_order_id limit ${REPORT_CHART_TOP}) b
      join work_orders mwo on mwo.id = b.work_order_id
    ),
    consumed_top as (
      select i.name as k, c.v::float8 as v from (select * from consumed order by v desc, item_id limit ${REPORT_CHART_TOP}) c
      join inventory_items i on i.id = c.item_id
    ),
    -- The stock's value per warehouse, kept with its counts (migration 0039): the chart, and the figure its sum.
    value as materialized (
      select w.name as k, sc.value_kobo::float8 as v from w join warehouse_stock_counts sc on sc.warehouse_id = w.id
      where sc.items > 0
    )
    select
      (select count(*) from w)::int as warehouses,
      (select coalesce(sum(sc.items), 0) from warehouse_stock_counts sc join w on w.id = sc.warehouse_id)::int as items,
      (select coalesce(sum(sc.low), 0) from warehouse_stock_counts sc join w on w.id = sc.warehouse_id)::int as low,
      (select coalesce(sum(sc.out_of_stock), 0) from warehouse_stock_counts sc join w on w.id = sc.warehouse_id)::int as out_of_stock,
      (select coalesce(sum(sc.movements), 0) from warehouse_stock_counts sc join w on w.id = sc.warehouse_id)::float8 as counted_movements,
      (select coalesce(sum(n), 0) from mv)::float8 as range_movements,
      (select coalesce(sum(v), 0) from value)::float8 as stock_value,
      (select coalesce(sum(v), 0) from spend)::float8 as po_spend,
      ${topPairs(sql`select k, v from value`)} as value_by_warehouse,
      (select json_agg(json_build_object('m', to_char(mm, 'YYYY-MM'), 'k', kind, 'v', n)) from (
        select mm, kind, n from mv where mm >= ${monthsFrom}::timestamp and n <> 0
      ) x) as movements_by_month,
      json_build_object(
        'top', (${topPairs(sql`select k, v from consumed_top`)})->'top',
        'total', (select sum(v) from consumed)::float8) as consumption_by_item,
      json_build_object(
        'top', (${topPairs(sql`select k, v from by_wo_top`)})->'top',
        'total', (select sum(v) from by_wo_id)::float8) as consumption_by_work_order,
      ${topPairs(sql`select o.name as k, spend.v from spend join organisations o on o.id = spend.party_id`)} as spend_by_party`,
  );
  return row!;
}
