import { getTableName, is, Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Viewer } from '../access/viewer.js';
import type { Db } from '../db/client.js';
import { cachedByShape, shapeName } from '../lib/list-query.js';

/** A tab's count stops here (its answer says it is a lower bound); kept counters are exact at any size. */
export const TAB_COUNT_CAP = 10_000;

/** One tab of a document's list as one viewer reads it. */
export interface TabScope {
  /** The tab's rows the viewer sees, its statuses included, on the outer row of the document's table. */
  where: SQL;
  /**
   * The tab's exact total from counters the module keeps (a scalar subquery), where the tab is
   * exactly one organisation's documents on one side; without it the rows are counted, capped.
   */
  counted?: SQL<number>;
}

/**
 * A document's list tabs (docs/decisions/0026-document-kernel.md): which tabs it has and what each
 * holds for a viewer. The counts of GET /v2/<document>/counts are these, one statement for all tabs.
 */
export interface DocumentLists<Tab extends string> {
  tabs: readonly Tab[];
  tab(viewer: Viewer, tab: Tab): TabScope;
}

/** What the tabs are counted on: the document's table. */
export interface CountedDocument<Tab extends string> {
  table: { table: PgTable };
  lists?: DocumentLists<Tab>;
}

const dialect = new PgDialect();

/** A condition's text when it binds only placeholders (a shape every viewer shares), else undefined. */
function shapeOf(condition: SQL): string | undefined {
  const { sql: text, params } = dialect.sqlToQuery(condition);
  return params.every((param) => is(param, Placeholder)) ? text : undefined;
}

type PreparedCounts = ReturnType<ReturnType<typeof countsStatement>['prepare']>;
const preparedCounts = new WeakMap<Db, Map<string, PreparedCounts>>();

function countsStatement(db: Db, table: PgTable, columns: Record<string, TabScope | SQL<number>>) {
  const selected: Record<string, SQL<number>> = {};
  for (const [name, column] of Object.entries(columns)) {
    const count = 'where' in column ? (column.counted ?? cappedCountOf(table, column.where)) : column;
    selected[name] = sql<number>`${count}`.mapWith(Number);
  }
  return db.select(selected).from(sql`(select 1) as one`);
}

/** At most TAB_COUNT_CAP + 1 matching rows, counted: an index range, never the whole tenant (its table shadows the outer one). */
const cappedCountOf = (table: PgTable, where: SQL) =>
  sql<number>`(select count(*)::int from (select 1 from ${table} where ${where} limit ${TAB_COUNT_CAP + 1}) capped)`;

/**
 * Every tab's count for the viewer, with any further counts the answer holds (`extra`: the
 * approvals awaiting the viewer), in one round trip. Where the tabs bind only the placeholders of
 * VIEWER_KEYS, the statement is prepared once per shape and shared by every viewer; a capped count
 * answers at most TAB_COUNT_CAP.
 */
export async function countTabs<Tab extends string, Extra extends string = never>(
  db: Db,
  document: CountedDocument<Tab>,
  viewer: Viewer,
  extra: Record<Extra, SQL<number>> = {} as Record<Extra, SQL<number>>,
): Promise<Record<Tab | Extra, number>> {
  const lists = document.lists;
  if (!lists) throw new Error('This document declares no list tabs');
  const scopes = Object.fromEntries(lists.tabs.map((tab) => [tab, lists.tab(viewer, tab)])) as Record<Tab, TabScope>;
  const columns = { ...scopes, ...extra } as Record<string, TabScope | SQL<number>>;
  const shapes = Object.entries(columns).map(([name, column]) => {
    const parts = 'where' in column ? [column.where, column.counted] : [column];
    const texts = parts.map((part) => (part ? shapeOf(part) : ''));
    return texts.some((text) => text === undefined) ? undefined : `${name}:${texts.join(':')}`;
  });
  const key = shapes.every((shape) => shape !== undefined) ? `${getTableName(document.table.table)}|${shapes.join('|')}` : undefined;
  const values = { organisationId: viewer.organisationId, userId: viewer.userId };
  const [row] = (
    key === undefined
      ? await countsStatement(db, document.table.table, columns)
      : await cachedByShape(preparedCounts, db, key, () =>
          countsStatement(db, document.table.table, columns).prepare(shapeName('tab_counts', key)),
        ).execute(values)
  ) as Record<string, number>[];
  return Object.fromEntries(
    Object.keys(columns).map((name) => {
      const count = Number(row?.[name] ?? 0);
      const column = columns[name]!;
      return [name, 'where' in column && !column.counted ? Math.min(count, TAB_COUNT_CAP) : count];
    }),
  ) as Record<Tab | Extra, number>;
}
