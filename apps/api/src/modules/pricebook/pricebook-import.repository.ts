import type { PricebookKind } from '@amp/contracts/pricebook';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { pricebookItems } from '../../db/schema/pricebook.js';

/**
 * What the asset import pipeline reads and writes of a pricebook (modules/asset-import/asset-import.pricebook.ts):
 * the items it compares a file with, and the batches of items it adds or changes, one statement each.
 */

/** The tables a pricebook import fills (tidied up after it, db/tidy-up.ts). */
export const pricebookImportTables: readonly PgTable[] = [pricebookItems];

const array = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** The row count of a write, as node-postgres (rowCount) or PGlite (affectedRows) reports it. */
function affectedRows(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return Number(rowCount ?? affectedRows ?? 0);
}

/**
 * The organisation's pricebook items with what an import compares: offered ones first, then the
 * oldest, so a name several items share matches the first of them.
 */
export async function pricebookItemsOf(db: Db, organisationId: string) {
  return db
    .select({
      id: pricebookItems.id,
      name: pricebookItems.name,
      kind: pricebookItems.kind,
      priceKobo: pricebookItems.priceKobo,
      unit: pricebookItems.unit,
      brand: pricebookItems.brand,
      model: pricebookItems.model,
      description: pricebookItems.description,
      retired: sql<boolean>`${pricebookItems.retiredAt} is not null`,
    })
    .from(pricebookItems)
    .where(eq(pricebookItems.organisationId, organisationId))
    .orderBy(desc(sql`${pricebookItems.retiredAt} is null`), asc(pricebookItems.createdAt), asc(pricebookItems.id));
}

/** Pricebook items to write, one array per column. */
export interface PricebookBatch {
  name: string[];
  kind: PricebookKind[];
  priceKobo: number[];
  unit: (string | null)[];
  brand: (string | null)[];
  model: (string | null)[];
  description: (string | null)[];
  retired: boolean[];
}

const PRICEBOOK_BATCH_COLUMNS: [keyof PricebookBatch, string, string][] = [
  ['name', 'name', 'text'],
  ['kind', 'kind', 'text'],
  ['priceKobo', 'price_kobo', 'bigint'],
  ['unit', 'unit', 'text'],
  ['brand', 'brand', 'text'],
  ['model', 'model', 'text'],
  ['description', 'description', 'text'],
  ['retired', 'retired', 'boolean'],
];

/** Adds a batch of items to the organisation's pricebook with one statement, in the batch's order. */
export async function insertPricebookBatch(tx: Db, organisationId: string, createdBy: string | null, batch: PricebookBatch) {
  const names = sql.raw(PRICEBOOK_BATCH_COLUMNS.map(([, column]) => column).join(', '));
  const arrays = sql.join(
    PRICEBOOK_BATCH_COLUMNS.map(([key, , type]) => array(batch[key], type)),
    sql`, `,
  );
  await tx.execute(sql`
    insert into pricebook_items
      (organisation_id, created_by, name, kind, price_kobo, unit, brand, model, description, retired_at, created_at, updated_at)
    select ${organisationId}::uuid, ${createdBy}::uuid, v.name, v.kind, v.price_kobo, v.unit, v.brand, v.model, v.description,
           case when v.retired then now() end, now() + make_interval(secs => v.n / 1e6), now()
    from unnest(${arrays}) with ordinality as v(${names}, n)`);
}

/**
 * Changes a batch of the organisation's items by id with one statement (every field given; the
 * name stays). A retired item keeps the time it was retired. The number of items changed.
 */
export async function updatePricebookBatch(tx: Db, organisationId: string, ids: string[], batch: PricebookBatch): Promise<number> {
  const names = sql.raw(PRICEBOOK_BATCH_COLUMNS.map(([, column]) => column).join(', '));
  const arrays = sql.join([array(ids, 'uuid'), ...PRICEBOOK_BATCH_COLUMNS.map(([key, , type]) => array(batch[key], type))], sql`, `);
  const result = await tx.execute(sql`
    update pricebook_items p
       set kind = v.kind, price_kobo = v.price_kobo, unit = v.unit, brand = v.brand, model = v.model,
           description = v.description, retired_at = case when v.retired then coalesce(p.retired_at, now()) end, updated_at = now()
    from unnest(${arrays}) as v(id, ${names})
    where p.id = v.id and p.organisation_id = ${organisationId}::uuid`);
  return affectedRows(result);
}
