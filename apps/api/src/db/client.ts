import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** A database handle or an open transaction: repositories accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PostgreSQL through node-postgres when a URL is given, otherwise PGlite (PostgreSQL in WASM)
 * in-process: on disk under `dataDir`, or in memory when dataDir is 'memory://'.
 */
export async function openDatabase(options: { url?: string; dataDir?: string }): Promise<Database> {
  if (options.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({
      connectionString: options.url,
      max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
      // Named (prepared) statements always run their generic plan. They are the hot, fixed-shape
      // queries (the session lookup, the list shapes), whose LIMIT/OFFSET parameters otherwise make
      // PostgreSQL's cost check re-plan them on every call; ad-hoc queries use the unnamed
      // statement and are still planned with their values (decision 0008).
      options: '-c plan_cache_mode=force_generic_plan',
    });
    // An idle connection ended by the server (restart, failover, a dropped test database) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error('database connection error:', error.message);
    });
    const db = drizzle({ client: pool, schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  // pg_trgm backs the `%substring%` searches of the lists (migration 0001 creates the extension).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // btree_gin puts the owner's key in the same GIN index as the trigrams (migration 0005).
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = options.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { extensions: { pg_trgm, btree_gin } });
  const db = drizzle({ client, schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
