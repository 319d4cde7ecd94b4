import { createHash } from 'node:crypto';
import { type AnyColumn, asc, desc, is, Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';

/** Helpers the list queries share (search pattern, paging, sort order) and the unique-violation check of the writes. */

/** An ILIKE pattern matching `search` anywhere, with the wildcards of the input taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function pageOffset(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** The ORDER BY of a whitelisted sort: its columns in the requested direction, then the id as a tie-breaker. */
export function orderOf(columns: (AnyColumn | SQL)[], order: 'asc' | 'desc', id: AnyColumn): SQL[] {
  const direction = order === 'desc' ? desc : asc;
  return [...columns.map((c) => direction(c)), direction(id)];
}

/** True for a unique-constraint violation (PostgreSQL 23505), as node-postgres or PGlite report it through Drizzle. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint === undefined || name === undefined || name === constraint;
  }
  return false;
}

/** True for a foreign-key violation (PostgreSQL 23503), e.g. deleting a row others still point to. */
export function isForeignKeyViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: string }).code === '23503') return true;
  }
  return false;
}

/**
 * A query as a named prepared statement, named after its text: its values are parameters, so every
 * viewer's query of one shape (scope, filters, sort) shares the name, and PostgreSQL plans it once
 * per connection (generic plans, decision 0008) instead of at every request. Planning a list's
 * joins costs more than running them. The SQL is built once: prepared under the prefix, then
 * renamed after its text (building a list's SQL twice cost a tenth of a page's CPU).
 */
export function preparedByShape<Prepared extends { getQuery(): { sql: string } }>(
  query: { prepare(name: string): Prepared },
  prefix: string,
): Prepared {
  const prepared = query.prepare(prefix);
  renameStatement(prepared, statementName(prefix, prepared.getQuery().sql));
  return prepared;
}

/** Where node-postgres keeps a prepared query's statement name (drizzle's NodePgPreparedQuery); PGlite names none. */
interface StatementConfigs {
  queryConfig?: { name?: string };
  rawQueryConfig?: { name?: string };
}

/**
 * Renames a prepared query's statement. drizzle has no public way to name a statement after the
 * text it builds in the same build (`prepare(name)` takes the name first), so this writes the two
 * query configs drizzle hands node-postgres: docs/decisions/0030-public-apis-of-drizzle-and-exceljs.md.
 * list-query.test.ts fails when an upgrade of drizzle moves them.
 */
function renameStatement(prepared: object, name: string): void {
  const configs = prepared as StatementConfigs;
  if (configs.queryConfig) configs.queryConfig.name = name;
  if (configs.rawQueryConfig) configs.rawQueryConfig.name = name;
}

/** A prepared statement's name: its prefix and a digest of its text. */
export const statementName = (prefix: string, text: string) => `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

// ---------------------------------------------------------------------------------------------
// Lists prepared once per shape (the fault and work order lists): the query is built with
// placeholders for every value, once per database and shape, and run with the values of each
// request, so a request neither builds nor plans it again.

const dialect = new PgDialect();

/** The text of a condition that is part of a shape: it must bind placeholders, never values. */
export function shapeText(condition: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(condition);
  // A value written into it would be prepared with it and serve the next viewer too.
  if (params.some((param) => !is(param, Placeholder))) throw new Error('A shared list shape takes placeholders, not values');
  return text;
}

/** A statement name derived from a shape's key: one name is always one query text, on any connection. */
export const shapeName = (prefix: string, key: string) => `${prefix}_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;

/** What was built for a database and a shape key, built on first use. */
export function cachedByShape<T>(store: WeakMap<Db, Map<string, T>>, db: Db, key: string, build: () => T): T {
  let byKey = store.get(db);
  if (!byKey) {
    byKey = new Map();
    store.set(db, byKey);
  }
  let value = byKey.get(key);
  if (value === undefined) {
    value = build();
    byKey.set(key, value);
  }
  return value;
}
