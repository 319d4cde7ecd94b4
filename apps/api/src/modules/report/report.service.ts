import { pageMeta } from '@amp/contracts/fields';
import {
  REPORT_COLUMN_LABELS,
  REPORT_NONE,
  REPORT_OTHER,
  type ReportChart,
  type ReportColumnKind,
  type ReportExportQuery,
  type ReportFigure,
  type ReportFilter,
  type ReportId,
  type ReportLabelSet,
  type ReportOptions,
  type ReportRow,
  type ReportRowsQuery,
  type ReportSummary,
  reportColumns,
  reportViews,
} from '@amp/contracts/report';
import { STOCK_MOVEMENT_KINDS } from '@amp/contracts/warehouse';
import { OPEN_WO_STATUSES } from '@amp/contracts/work-order';
import type { Db } from '../../db/client.js';
import type { Download } from '../../lib/download.js';
import { invalidField } from '../../lib/errors.js';
import { tableExport } from '../../lib/table-export.js';
import type { Principal } from '../../plugins/auth.js';
import { assetSummary, assetView } from './asset-report.repository.js';
import { reportOptions } from './report-options.repository.js';
import { callerOf, type ReportCaller, rangeOf } from './report-scope.js';
import { batchesOf, countOf, monthsOf, pageOf, type TopPairs, type ViewSql, withRoom } from './report-sql.js';
import {
  approvalLevels,
  type ClockGroup,
  readsKeptRollups,
  recallCount,
  runningLate,
  serviceRequestGroups,
  serviceRequestView,
  workOrderGroups,
  workOrderView,
} from './sr-wo-report.repository.js';
import { itemView, movementView, warehouseSummary } from './warehouse-report.repository.js';

/**
 * The three reports (issue 12): options, summary, a table page and the whole table as a file,
 * each the caller's organisation's data (report-scope.ts) under the same filters.
 */

export function options(db: Db, principal: Principal, report: ReportId): Promise<ReportOptions> {
  return reportOptions(db, report, callerOf(principal));
}

/** The view's SQL, or 400 for a view the report does not have. */
function viewSql(db: Db, caller: ReportCaller, report: ReportId, view: string, filter: ReportFilter): ViewSql {
  const key = `${report}/${view}`;
  switch (key) {
    case 'asset/assets':
      return assetView(caller, filter);
    case 'sr-wo/work-orders':
      return workOrderView(caller, filter);
    case 'sr-wo/service-requests':
      return serviceRequestView(caller, filter);
    case 'warehouse/items':
      return itemView(db, caller, filter);
    case 'warehouse/movements':
      return movementView(db, caller, filter);
    default:
      throw invalidField('view', 'VALIDATION.NOT_VALID', { field: 'View' });
  }
}

/** The view asked for (its name is one of the report's: the query's schema), or the report's first. */
function viewOf(report: ReportId, view: string | undefined): string {
  return view ?? reportViews(report)[0]!;
}

/** GET /v2/report/{report}/rows: one page of a view, sorted by one of its columns. */
export async function rows(
  db: Db,
  principal: Principal,
  report: ReportId,
  query: ReportRowsQuery,
): Promise<{ data: ReportRow[]; meta: ReturnType<typeof pageMeta> }> {
  const view = viewOf(report, query.view);
  const columns = reportColumns(report, view)!;
  if (query.sort !== undefined && !columns.some((column) => column.key === query.sort)) {
    throw invalidField('sort', 'VALIDATION.NOT_VALID', { field: 'Sort' });
  }
  const sqlView = viewSql(db, callerOf(principal), report, view, query);
  const [data, count] = await Promise.all([
    pageOf(db, sqlView, {
      ...(query.sort ? { sort: query.sort } : {}),
      order: query.order,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }),
    countOf(db, sqlView),
  ]);
  return { data, meta: pageMeta(query.page, query.pageSize, count.total, count.lowerBound) };
}

/** GET /v2/report/{report}/export: the whole view as a CSV or XLSX file, streamed. */
export function exportFile(db: Db, principal: Principal, report: ReportId, query: ReportExportQuery, now = new Date()): Download {
  const view = viewOf(report, query.view);
  const columns = reportColumns(report, view)!.map((column) => ({
    key: column.key,
    kind: column.kind,
    label: REPORT_COLUMN_LABELS[column.key] ?? column.key,
  }));
  const sqlView = viewSql(db, callerOf(principal), report, view, query);
  const file = tableExport(query.format, { columns, batches: batchesOf(db, sqlView), sheetName: view });
  return {
    contentType: file.contentType,
    fileName: `amp-${report}-${view}-${now.toISOString().slice(0, 10)}.${query.format}`,
    body: file.body,
  };
}

// ---- Summaries ----

type Pairs = { k: string; v: number }[] | null;

const figure = (key: string, value: number | null, kind: ReportColumnKind): ReportFigure => ({ key, value, kind });
const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null);
const nameOf = (k: string) => (k === '' ? REPORT_NONE : k);

/** A chart of one series over categories as they come (largest first), or in `order` when given. */
function groupChart(
  key: string,
  type: ReportChart['type'],
  kind: ReportColumnKind,
  pairs: Pairs,
  options: { labels?: ReportLabelSet; order?: readonly string[] } = {},
): ReportChart {
  const values = new Map((pairs ?? []).map((pair) => [nameOf(pair.k), pair.v]));
  const categories = options.order
    ? options.order.filter((category) => values.has(category))
    : [...values.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([category]) => category);
  return {
    key,
    type,
    kind,
    ...(options.labels ? { labels: options.labels } : {}),
    categories: categories.slice(0, 200),
    series: [{ key: 'value', data: categories.slice(0, 200).map((category) => values.get(category) ?? 0) }],
  };
}

/** The largest groups and the rest as one "Other" (REPORT_OTHER). */
function topChart(key: string, kind: ReportColumnKind, top: TopPairs): ReportChart {
  const pairs = (top?.top ?? []).map((pair) => ({ k: nameOf(pair.k), v: pair.v }));
  const shown = pairs.reduce((sum, pair) => sum + pair.v, 0);
  const rest = (top?.total ?? 0) - shown;
  if (rest > 0) pairs.push({ k: REPORT_OTHER, v: rest });
  return { key, type: 'bar', kind, categories: pairs.map((pair) => pair.k), series: [{ key: 'value', data: pairs.map((pair) => pair.v) }] };
}

/** A chart over months (YYYY-MM, the `month` labels), one series per entry; a month without data is 0 (counts) or null (means). */
function monthChart(
  key: string,
  type: ReportChart['type'],
  kind: ReportColumnKind,
  months: string[],
  series: { key: string; pairs: Pairs; missing: 0 | null }[],
): ReportChart {
  return {
    key,
    type,
    kind,
    labels: 'month',
    categories: months,
    series: series.map((one) => {
      const values = new Map((one.pairs ?? []).map((pair) => [pair.k, pair.v]));
      return { key: one.key, data: months.map((month) => values.get(month) ?? one.missing) };
    }),
  };
}

async function assetReport(db: Db, caller: ReportCaller, filter: ReportFilter, now: Date): Promise<ReportSummary> {
  const months = monthsOf(rangeOf(filter), now);
  const row = await withRoom(db, (tx) => assetSummary(tx, caller, filter, `${months[0] ?? '1970-01'}-01`));
  return {
    figures: [
      figure('assets', row.assets, 'count'),
      figure('active', row.active, 'count'),
      figure('faulty', row.faulty, 'count'),
      figure('underMaintenance', row.under_maintenance, 'count'),
      figure('decommissioned', row.decommissioned, 'count'),
      figure('openFaults', row.open_faults, 'count'),
      figure('warrantyExpiring', row.warranty_expiring, 'count'),
      figure('meanMttrHours', row.mean_mttr, 'hours'),
      figure('meanMtbfHours', row.mean_mtbf, 'hours'),
    ],
    charts: [
      groupChart('assetsByStatus', 'donut', 'count', row.by_status, {
        labels: 'assetStatus',
        order: ['active', 'faulty', 'under_maintenance', 'decommissioned'],
      }),
      groupChart('assetsByCategory', 'bar', 'count', row.by_category),
      groupChart('assetsByState', 'bar', 'count', row.by_state),
      topChart('assetsByCluster', 'count', row.by_cluster),
      monthChart('faultsByMonth', 'line', 'count', months, [{ key: 'value', pairs: row.faults_by_month, missing: 0 }]),
    ],
  };
}

/** Σ of a field over groups. */
const sumOf = <T>(groups: readonly T[], field: (group: T) => number | null) => groups.reduce((sum, group) => sum + (field(group) ?? 0), 0);
const hoursOf = (seconds: number, n: number) => (n > 0 ? Math.round((seconds / n / 3600) * 10) / 10 : null);

/** Pairs of a key and a sum over the groups with that key. */
function sumBy<T>(groups: readonly T[], key: (group: T) => string | null, value: (group: T) => number): { k: string; v: number }[] {
  const sums = new Map<string, number>();
  for (const group of groups) {
    const k = key(group) ?? '';
    sums.set(k, (sums.get(k) ?? 0) + value(group));
  }
  return [...sums.entries()].map(([k, v]) => ({ k, v }));
}

/** Mean hours per month over the groups' clock sums. */
function meanByMonth(groups: readonly ClockGroup[], clock: 'response' | 'resolution'): { k: string; v: number }[] {
  const months = new Map<string, { seconds: number; n: number }>();
  for (const group of groups) {
    const entry = months.get(group.month) ?? { seconds: 0, n: 0 };
    entry.seconds += group[`${clock}_sum`] ?? 0;
    entry.n += group[`${clock}_n`];
    months.set(group.month, entry);
  }
  return [...months.entries()].flatMap(([k, { seconds, n }]) => (n > 0 ? [{ k, v: hoursOf(seconds, n)! }] : []));
}

async function srWoReport(db: Db, caller: ReportCaller, filter: ReportFilter, now: Date): Promise<ReportSummary> {
  const months = monthsOf(rangeOf(filter), now);
  // The statements on as many connections; grouping the orders themselves, each with room to hash.
  const grouping = <T>(run: (db: Db) => Promise<T>) => (readsKeptRollups(caller, filter) ? run(db) : withRoom(db, run));
  const [{ groups: orders, costs }, requests, late, recalls, levels] = await Promise.all([
    grouping((tx) => workOrderGroups(tx, caller, filter)),
    grouping((tx) => serviceRequestGroups(tx, caller, filter)),
    runningLate(db, caller, filter),
    recallCount(db, caller, filter),
    approvalLevels(db, caller, filter),
  ]);
  const clocks: ClockGroup[] = [...orders, ...requests];
  // The groups' verdicts are the stopped clocks'; a running clock past its target is measured and late.
  const responseOk = sumOf(clocks, (g) => g.response_ok);
  const responseMeasured = sumOf(clocks, (g) => g.response_measured) + late.response;
  const resolutionOk = sumOf(clocks, (g) => g.resolution_ok);
  const resolutionMeasured = sumOf(clocks, (g) => g.resolution_measured) + late.resolution;
  const open = new Set<string>(OPEN_WO_STATUSES);
  return {
    figures: [
      figure(
        'serviceRequests',
        sumOf(requests, (g) => g.n),
        'count',
      ),
      figure(
        'workOrders',
        sumOf(orders, (g) => g.n),
        'count',
      ),
      figure(
        'open',
        sumOf(orders, (g) => (open.has(g.status) ? g.n : 0)),
        'count',
      ),
      figure(
        'completed',
        sumOf(orders, (g) => g.completed),
        'count',
      ),
      figure(
        'meanResponseHours',
        hoursOf(
          sumOf(clocks, (g) => g.response_sum),
          sumOf(clocks, (g) => g.response_n),
        ),
        'hours',
      ),
      figure(
        'meanResolutionHours',
        hoursOf(
          sumOf(clocks, (g) => g.resolution_sum),
          sumOf(clocks, (g) => g.resolution_n),
        ),
        'hours',
      ),
      figure('slaResponseCompliance', percentOf(responseOk, responseMeasured), 'percent'),
      figure('slaResolutionCompliance', percentOf(resolutionOk, resolutionMeasured), 'percent'),
      figure(
        'totalCost',
        sumOf(orders, (g) => g.cost),
        'money',
      ),
      figure('recalls', recalls, 'count'),
      figure(
        'unsatisfactory',
        sumOf(orders, (g) => g.unsatisfactory),
        'count',
      ),
    ],
    charts: [
      monthChart('volumeByMonth', 'bar', 'count', months, [
        {
          key: 'serviceRequests',
          pairs: sumBy(
            requests,
            (g) => g.month,
            (g) => g.n,
          ),
          missing: 0,
        },
        {
          key: 'workOrders',
          pairs: sumBy(
            orders,
            (g) => g.month,
            (g) => g.n,
          ),
          missing: 0,
        },
      ]),
      groupChart(
        'workOrdersByStatus',
        'bar',
        'count',
        sumBy(
          orders,
          (g) => g.status,
          (g) => g.n,
        ),
        { labels: 'woStatus' },
      ),
      groupChart(
        'serviceRequestsByStatus',
        'bar',
        'count',
        sumBy(
          requests,
          (g) => g.status,
          (g) => g.n,
        ),
        { labels: 'srStatus' },
      ),
      monthChart('cycleTimesByMonth', 'line', 'hours', months, [
        { key: 'response', pairs: meanByMonth(clocks, 'response'), missing: null },
        { key: 'resolution', pairs: meanByMonth(clocks, 'resolution'), missing: null },
      ]),
      {
        key: 'approvalTimeByLevel',
        type: 'bar',
        kind: 'hours',
        categories: levels.slice(0, 200).map((level) => level.k),
        series: [{ key: 'value', data: levels.slice(0, 200).map((level) => level.v) }],
      },
      {
        key: 'slaCompliance',
        type: 'bar',
        kind: 'count',
        categories: ['response', 'resolution'],
        series: [
          { key: 'onTime', data: [responseOk, resolutionOk] },
          { key: 'breached', data: [responseMeasured - responseOk, resolutionMeasured - resolutionOk] },
        ],
      },
      topChart(
        'costByParty',
        'money',
        topOf(
          spent(
            sumBy(
              costs.filter((g) => g.by === 'party'),
              (g) => g.party,
              (g) => g.cost,
            ),
          ),
        ),
      ),
      topChart(
        'costByCluster',
        'money',
        topOf(
          spent(
            sumBy(
              costs.filter((g) => g.by === 'cluster'),
              (g) => g.cluster,
              (g) => g.cost,
            ),
          ),
        ),
      ),
      topChart(
        'costByCategory',
        'money',
        topOf(
          spent(
            sumBy(
              costs.filter((g) => g.by === 'category'),
              (g) => g.category,
              (g) => g.cost,
            ),
          ),
        ),
      ),
    ],
  };
}

/** Cost charts show where money went: groups that spent nothing are left out. */
const spent = (pairs: { k: string; v: number }[]) => pairs.filter((pair) => pair.v > 0);

/** Plain groups as the largest REPORT_CHART_TOP and the total. */
function topOf(pairs: Pairs): TopPairs {
  const sorted = [...(pairs ?? [])].sort((a, b) => b.v - a.v || Number(a.k === '') - Number(b.k === '') || a.k.localeCompare(b.k));
  return { top: sorted.slice(0, 12), total: sorted.reduce((sum, pair) => sum + pair.v, 0) };
}

async function warehouseReport(db: Db, caller: ReportCaller, filter: ReportFilter, now: Date): Promise<ReportSummary> {
  const months = monthsOf(rangeOf(filter), now);
  const row = await withRoom(db, (tx) => warehouseSummary(tx, caller, filter, `${months[0] ?? '1970-01'}-01`));
  const byMonth = row.movements_by_month ?? [];
  // Without a range, the warehouses' movement counters (the same number, without counting).
  const movements = filter.from || filter.to ? row.range_movements : row.counted_movements;
  const kinds = STOCK_MOVEMENT_KINDS.filter((kind) => byMonth.some((group) => group.k === kind));
  return {
    figures: [
      figure('warehouses', row.warehouses, 'count'),
      figure('items', row.items, 'count'),
      figure('stockValue', row.stock_value, 'money'),
      figure('lowStock', row.low, 'count'),
      figure('outOfStock', row.out_of_stock, 'count'),
      figure('movements', movements, 'count'),
      figure('poSpend', row.po_spend, 'money'),
    ],
    charts: [
      topChart('stockValueByWarehouse', 'money', row.value_by_warehouse),
      monthChart(
        'movementsByKind',
        'bar',
        'count',
        months,
        kinds.map((kind) => ({
          key: kind,
          pairs: byMonth.filter((group) => group.k === kind).map((group) => ({ k: group.m, v: group.v })),
          missing: 0,
        })),
      ),
      topChart('consumptionByItem', 'count', row.consumption_by_item),
      topChart('consumptionByWorkOrder', 'count', row.consumption_by_work_order),
      topChart('poSpendBySupplier', 'money', row.spend_by_party),
    ],
  };
}

/** GET /v2/report/{report}/summary. */
export function summary(db: Db, principal: Principal, report: ReportId, filter: ReportFilter, now = new Date()): Promise<ReportSummary> {
  const caller = callerOf(principal);
  if (report === 'asset') return assetReport(db, caller, filter, now);
  if (report === 'sr-wo') return srWoReport(db, caller, filter, now);
  return warehouseReport(db, caller, filter, now);
}
