import { type SQL, sql } from 'drizzle-orm';

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
