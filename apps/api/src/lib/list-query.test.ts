import type { OrganisationKind } from '@amp/contracts/organisation';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { organisations } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { preparedByShape, statementName } from './list-query.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(organisations).values({ kind: 'mro', name: 'Shape Test MRO', status: 'active' });
});
afterAll(async () => {
  await t.close();
});

const byKind = (kind: OrganisationKind, db: Db = t.db) =>
  db.select({ name: organisations.name }).from(organisations).where(eq(organisations.kind, kind)).orderBy(organisations.name);

describe('preparedByShape', () => {
  it('names a statement after its text, so values share it and shapes do not, and runs it with its values', async () => {
    const mros = preparedByShape(byKind('mro'), 'orgs');
    const none = preparedByShape(byKind('supplier'), 'orgs');
    const otherShape = preparedByShape(byKind('mro').limit(1), 'orgs');
    const text = mros.getQuery().sql;
    expect(none.getQuery().sql).toBe(text);
    expect(otherShape.getQuery().sql).not.toBe(text);

    const names = await t.db.transaction(async (tx) => {
      const found = await preparedByShape(byKind('mro', tx), 'orgs').execute();
      expect(found).toEqual([{ name: 'Shape Test MRO' }]);
      expect(await preparedByShape(byKind('supplier', tx), 'orgs').execute()).toEqual([]);
      const result = await tx.execute(sql`select name from pg_prepared_statements where name like 'orgs_%'`);
      return (result as unknown as { rows: { name: string }[] }).rows.map((row) => row.name);
    });
    // PostgreSQL keeps one statement for both values under the shape's name; PGlite prepares none by name.
    expect(names).toEqual(t.database.kind === 'postgres' ? [statementName('orgs', text)] : []);
  });
});

describe('the drizzle internals preparedByShape writes (docs/decisions/0030-public-apis-of-drizzle-and-exceljs.md)', () => {
  it("finds a node-postgres statement's name where drizzle hands it to node-postgres, and renames it there", () => {
    // A pool that never connects: preparing a query builds it and asks no database.
    const db = drizzle(new pg.Pool());
    const query = db.select({ name: organisations.name }).from(organisations).where(eq(organisations.kind, 'mro'));
    type Configs = { queryConfig?: { name?: unknown; text?: unknown }; rawQueryConfig?: { name?: unknown; text?: unknown } };
    const named = query.prepare('orgs') as unknown as Configs;
    const text = query.toSQL().sql;
    expect(named.queryConfig).toMatchObject({ name: 'orgs', text });
    expect(named.rawQueryConfig).toMatchObject({ name: 'orgs', text });

    const renamed = preparedByShape(query, 'orgs') as unknown as Configs;
    expect(renamed.queryConfig?.name).toBe(statementName('orgs', text));
    expect(renamed.rawQueryConfig?.name).toBe(statementName('orgs', text));
  });
});
