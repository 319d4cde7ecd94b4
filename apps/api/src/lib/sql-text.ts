import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/**
 * Turns SQL text with $1-style parameters (a library's own SQL) into a drizzle query, so it can
 * run inside an open drizzle transaction. A number used twice becomes two equal parameters.
 */
export function sqlFromText(text: string, values: readonly unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks = parts.map((part, index) => {
    if (index % 2 === 0) return sql.raw(part);
    const value = values[Number(part) - 1];
    return sql.param(value === undefined ? null : value);
  });
  return sql.join(chunks, sql.raw(''));
}

/** `name_0 as (…), name_1 as (…), `: statements to run as CTEs in front of a statement's own. */
export function alongCtes(statements: readonly SQL[]): SQL {
  return sql.join(
    statements.map((statement, index) => sql`${sql.identifier(`along_${index}`)} as (${statement}), `),
    sql``,
  );
}

/** Statements that need no answer (inserts), run as one (each round trip costs the API and the database). */
export async function executeTogether(tx: Db, statements: readonly SQL[]) {
  if (statements.length === 1) await tx.execute(statements[0]!);
  else if (statements.length > 1) {
    const [last, ...rest] = [statements.at(-1)!, ...statements.slice(0, -1)];
    await tx.execute(sql`with ${alongCtes(rest)}last as (${last}) select 1`);
  }
}

/**
 * Runs a statement with others in front of it as CTEs, in one round trip: after its own WITH when
 * it has one, else as `with … <statement>`. Data-modifying CTEs always run, read or not.
 */
export function withAlong(text: string, values: readonly unknown[], along: readonly SQL[]): SQL {
  if (along.length === 0) return sqlFromText(text, values);
  const leadingWith = /^\s*with\s/i.exec(text);
  return sql`with ${alongCtes(along)}${sqlFromText(leadingWith ? text.slice(leadingWith[0].length) : text, values)}`;
}
