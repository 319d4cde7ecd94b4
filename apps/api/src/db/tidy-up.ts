import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';

/**
 * From this many rows written at once, a table is vacuumed as well as analysed: VACUUM sets the
 * rows' hint bits and the visibility map (index-only scans), which the first readers would
 * otherwise pay for. Below it, fresh statistics are all a list needs.
 */
export const VACUUM_FROM_ROWS = 1_000;

/**
 * After a bulk write (an import, the seed), brings the tables' statistics and visibility map up to
 * date at once rather than when autovacuum next passes: until then the planner reads a table of
 * 1,000,000 rows as the few it had, and a list is 3 to 4 times slower (docs/architecture.md
 * "After a bulk write"). Runs outside any transaction (VACUUM cannot run in one), after the write
 * committed; a failure is only logged, the data is written either way.
 */
export async function tidyUpAfterBulkWrite(
  db: Db,
  tables: readonly PgTable[],
  writtenRows: number,
  onFailure: (table: string, error: unknown) => void = warn,
): Promise<void> {
  if (writtenRows === 0) return;
  // Statistics first (quick, and what the planner needs), then the visibility map.
  const steps = writtenRows >= VACUUM_FROM_ROWS ? ['analyze', 'vacuum'] : ['analyze'];
  for (const table of tables) {
    const name = getTableName(table);
    try {
      for (const step of steps) await db.execute(sql.raw(`${step} "${name}"`));
    } catch (error) {
      onFailure(name, error);
    }
  }
}

/** After the demo seed (many tables, a few rows each): every table's statistics, in one pass. */
export async function analyzeDatabase(db: Db, onFailure: (table: string, error: unknown) => void = warn): Promise<void> {
  try {
    await db.execute(sql`analyze`);
  } catch (error) {
    onFailure('the database', error);
  }
}

function warn(table: string, error: unknown) {
  process.emitWarning(`tidying up ${table} after a bulk write failed: ${error instanceof Error ? error.message : String(error)}`);
}
