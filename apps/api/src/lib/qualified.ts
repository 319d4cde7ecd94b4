import { type AnyColumn, Column, getTableName, is, type SQL, sql } from 'drizzle-orm';

/**
 * A column written with its table's name. drizzle writes the columns of a statement on one table
 * bare ("asset_id"), and a bare name inside a subquery on another table names that table's column
 * when it has one: the projections other modules offer (`userRefOf`, `assetLabelOf`...) write the
 * outer column they are given through this, so it always names the outer row.
 */
export function qualified(column: AnyColumn | SQL): SQL {
  return is(column, Column) ? sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}` : column;
}
