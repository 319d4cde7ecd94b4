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

/** Plain SQL text with $1-style parameters, for libraries that bring their own SQL (the job queue). */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  executeSql: ExecuteSql;
  /** LISTEN on a channel; NOTIFY payloads arrive only after the notifying transaction commits. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Where the database is and how it is used; the callers take them from config.ts (README "Configuration"). */
export interface DatabaseSettings {
  /** PostgreSQL's URL (DATABASE_URL); without it, PGlite. */
  url?: string;
  /** PGlite's directory, or 'memory://' (the default). */
  dataDir?: string;
  /** The most connections the pool opens to PostgreSQL (DATABASE_POOL_SIZE). */
  poolSize: number;
  /**
   * Told of every statement the app sends through drizzle, before it runs (drizzle's public
   * `logger` option): the tests count the reads a request makes (kernel/step-runner.reads.test.ts).
   */
  onQuery?: (text: string, params: readonly unknown[]) => void;
}

/** drizzle's logger option for `onQuery`, when one is given. */
const loggerOf = (onQuery: DatabaseSettings['onQuery']) =>
  onQuery ? { logger: { logQuery: (text: string, params: unknown[]) => onQuery(text, params) } } : {};

/**
 * PostgreSQL through node-postgres when a URL is given, otherwise PGlite (PostgreSQL in WASM)
 * in-process: on disk under `dataDir`, or in memory when dataDir is 'memory://'.
 */
export async function openDatabase(options: DatabaseSettings): Promise<Database> {
  if (options.url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize,
      // Named (prepared) statements always run their generic plan. They are the hot, fixed-shape
      // queries (the session lookup, the list shapes), whose LIMIT/OFFSET parameters otherwise make
      // PostgreSQL's cost check re-plan them on every call; ad-hoc queries use the unnamed
      // statement and are still planned with their values (decision 0008). No JIT: a generic plan
      // takes a LIMIT parameter for a tenth of the table, and on the ten-million-row stock ledger
      // that estimate made PostgreSQL spend 300-600 ms compiling a 5 ms page of movements.
      options: '-c plan_cache_mode=force_generic_plan -c jit=off',
    });
    // An idle connection ended by the server (restart, failover, a dropped test database) must not
    // crash the process; the pool replaces it on the next query.
    pool.on('error', (error: Error & { code?: string }) => {
      if (error.code !== '57P01') console.error('database connection error:', error.message);
    });
    const db = drizzle({ client: pool, schema, ...loggerOf(options.onQuery) }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    const listeners: { end(): Promise<void> }[] = [];
    return {
      db,
      kind: 'postgres',
      executeSql: (text, values) => pool.query(text, values as unknown[]),
      async listen(channel, onPayload) {
        // One dedicated connection per channel: a pooled one would be handed to other queries.
        const { Client } = await import('pg');
        const client = new Client({ connectionString: options.url });
        client.on('error', (error) => console.error('database listener error:', error.message));
        await client.connect();
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload) onPayload(message.payload);
        });
        await client.query(`listen "${channel}"`);
        listeners.push(client);
        return async () => {
          listeners.splice(listeners.indexOf(client), 1);
          await client.end();
        };
      },
      async close() {
        await Promise.all(listeners.map((client) => client.end()));
        await pool.end();
      },
    };
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
  const db = drizzle({ client, schema, ...loggerOf(options.onQuery) }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    // Parameterised text goes through query (one statement); plain text may hold several
    // statements (the job queue's schema), which only exec runs.
    async executeSql(text, values) {
      if (values && values.length > 0) return client.query<Record<string, unknown>>(text, values);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}
