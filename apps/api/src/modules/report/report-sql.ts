import { REPORT_CHART_TOP, type ReportRow } from '@amp/contracts/report';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * The pieces every report's SQL shares: how a table ("view") is described once and then read
 * as a page (LIMIT/OFFSET over its sort) or in keyset batches (for the export), and the cell
 * expressions (times as ISO text, hours to one decimal, kobo as a number).
 */

export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** An instant as ISO 8601 text in UTC (what the web and the files read). */
export const isoTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
/** Seconds as hours with one decimal (null stays null). */
export const hours1 = (seconds: SQL) => sql`round((${seconds})::numeric / 3600, 1)::float8`;

/** One keyset column of a view's export order (all descending). */
export interface KeyColumn {
  expr: SQL;
  type: 'timestamptz' | 'uuid' | 'bigint' | 'text';
  /** Sort NULLS LAST (never null either way) to match an index built with drizzle's `.desc()`, else the default (NULLS FIRST). */
  nullsLast?: boolean;
}

/** A table of a report as SQL: what it reads, which rows, each column's expression and sort. */
export interface ViewSql {
  /** `from <table> <joins>`, without the word FROM. */
  from: SQL;
  where: SQL;
  /** What a count reads, when less than `from` does (joins that only add columns left out). */
  countFrom?: SQL;
  /** The view's columns by key (every key of the contract's view). */
  columns: Record<string, SQL>;
  /** Sort expressions where a column's own is not the one to sort by (a name sorts case-insensitively). */
  sorts?: Record<string, SQL>;
  /** The natural order (newest first), which is also the export's keyset: descending on these. */
  key: KeyColumn[];
  /** Counts the rows (capped where a count could be large); undefined: count them (capped at COUNT_CAP). */
  count?: () => Promise<{ total: number; lowerBound: boolean }>;
}

/** A count stops here; the page says "at least" beyond it (as the lists' counts, fault-list.repository.ts). */
export const COUNT_CAP = 100_000;

const selectList = (view: ViewSql) =>
  sql.join(
    Object.entries(view.columns).map(([key, expr]) => sql`${expr} as ${sql.identifier(key)}`),
    sql`, `,
  );

const keyList = (view: ViewSql) =>
  sql.join(
    view.key.map((column, index) => sql`(${column.expr})::text as ${sql.identifier(`_k${index}`)}`),
    sql`, `,
  );

const naturalOrder = (view: ViewSql) =>
  sql.join(
    view.key.map((column) => (column.nullsLast ? sql`${column.expr} desc nulls last` : sql`${column.expr} desc`)),
    sql`, `,
  );

/** One page of a view, sorted by `sort` (a column key, checked by the caller) or its natural order. */
export async function pageOf(
  db: Db,
  view: ViewSql,
  page: { sort?: string; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<ReportRow[]> {
  const direction = sql.raw(page.order === 'asc' ? 'asc' : 'desc');
  const order = page.sort
    ? sql`${view.sorts?.[page.sort] ?? view.columns[page.sort]!} ${direction} nulls last, ${naturalOrder(view)}`
    : naturalOrder(view);
  return rowsOf<ReportRow>(
    db,
    sql`select ${selectList(view)} from ${view.from} where ${view.where} order by ${order} limit ${page.limit} offset ${page.offset}`,
  );
}

/** How many rows a view has, capped at COUNT_CAP (or the view's own count). */
export async function countOf(db: Db, view: ViewSql): Promise<{ total: number; lowerBound: boolean }> {
  if (view.count) return view.count();
  const [row] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from (select 1 from ${view.countFrom ?? view.from} where ${view.where} limit ${COUNT_CAP + 1}) counted`,
  );
  const total = row?.total ?? 0;
  return total > COUNT_CAP ? { total: COUNT_CAP, lowerBound: true } : { total, lowerBound: false };
}

/** Rows per export batch: large enough to be quick, small enough to stay light. */
export const EXPORT_BATCH = 1_000;

/**
 * The whole view, batch by batch along its natural order, each batch starting after the last row
 * of the one before (keyset: the same cost for the first batch and the last, on PGlite and
 * PostgreSQL alike, and nothing held between batches but the last key).
 */
export async function* batchesOf(db: Db, view: ViewSql, batch = EXPORT_BATCH): AsyncGenerator<ReportRow[]> {
  let after: string[] | undefined;
  for (;;) {
    const keyset = after
      ? sql`(${sql.join(
          view.key.map((column) => column.expr),
          sql`, `,
        )}) < (${sql.join(
          view.key.map((column, index) => sql`${after![index]}::${sql.raw(column.type)}`),
          sql`, `,
        )})`
      : sql`true`;
    const rows = await rowsOf<Record<string, string | number | boolean | null>>(
      db,
      sql`select ${selectList(view)}, ${keyList(view)} from ${view.from} where ${view.where} and ${keyset} order by ${naturalOrder(view)} limit ${batch}`,
    );
    if (rows.length === 0) return;
    const last = rows[rows.length - 1]!;
    after = view.key.map((_, index) => String(last[`_k${index}`]));
    yield rows;
    if (rows.length < batch) return;
  }
}

/** The months a chart shows (YYYY-MM, oldest first): the range's, else the 12 up to now; at most 36, the latest. */
export function monthsOf(range: { from?: string; to?: string }, now: Date): string[] {
  const end = range.to ? new Date(Math.min(new Date(range.to).getTime() - 1, now.getTime())) : now;
  const endMonth = end.getUTCFullYear() * 12 + end.getUTCMonth();
  let startMonth = endMonth - 11;
  if (range.from) {
    const from = new Date(range.from);
    startMonth = from.getUTCFullYear() * 12 + from.getUTCMonth();
  }
  startMonth = Math.max(startMonth, endMonth - 35);
  const months: string[] = [];
  for (let m = startMonth; m <= endMonth; m++) months.push(`${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`);
  return months;
}

/** The largest groups of a chart and the total of all, so the rest can be one "Other" bar. */
export type TopPairs = { top: { k: string; v: number }[] | null; total: number | null } | null;

/**
 * `select k, v ... group by` as its REPORT_CHART_TOP largest groups and the total of all: a chart
 * over thousands of clusters or items carries 12 bars and one number, not every group.
 */
export const topPairs = (grouped: SQL) =>
  sql`(with g as (${grouped}) select json_build_object(
    'top', (select json_agg(json_build_object('k', k, 'v', v)) from (select k, v from g order by v desc nulls last, k = '', k limit ${REPORT_CHART_TOP}) t),
    'total', (select sum(v) from g)))`;

/**
 * Runs a summary's statement with room to group in memory: with the default work_mem (4 MB) the
 * planner sorted 100,000 work orders on disk to group them; a hash of their groups needs far less
 * than this, and SET LOCAL ends with the statement's own transaction.
 */
export function withRoom<T>(db: Db, run: (db: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return run(tx as unknown as Db);
  });
}
