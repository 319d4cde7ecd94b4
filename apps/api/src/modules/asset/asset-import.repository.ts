import { and, eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { assets } from '../../db/schema/asset.js';

/**
 * What the asset import pipeline reads and writes of assets (modules/asset-import/asset-import.assets.ts): the codes
 * and assets a file names, and the batches of assets it adds or changes, one statement each.
 */

/** The tables an asset import fills (tidied up after it, db/tidy-up.ts). */
export const assetImportTables: readonly PgTable[] = [assets];

/** One value per parameter: a JS array becomes one PostgreSQL array, not a list of parameters. */
const array = (values: unknown[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}[]`;

/** The row count of a write, as node-postgres (rowCount) or PGlite (affectedRows) reports it. */
function affectedRows(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return Number(rowCount ?? affectedRows ?? 0);
}

/** Which of these codes (lower-case) the organisation's assets already hold: one index probe each. */
export async function takenCodes(db: Db, organisationId: string, lowerCodes: string[]): Promise<string[]> {
  if (lowerCodes.length === 0) return [];
  const rows = await db
    .select({ code: sql<string>`lower(${assets.assetCode})` })
    .from(assets)
    .where(and(eq(assets.organisationId, organisationId), sql`lower(${assets.assetCode}) = any(${array(lowerCodes, 'text')})`));
  return rows.map((row) => row.code);
}

/** The organisation's assets with these codes (lower-case), with what a bulk update checks against. */
export async function assetsByCode(db: Db, organisationId: string, lowerCodes: string[]) {
  if (lowerCodes.length === 0) return [];
  return db
    .select({
      id: assets.id,
      code: sql<string>`lower(${assets.assetCode})`,
      status: assets.status,
      categoryId: assets.categoryId,
      subCategoryId: assets.subCategoryId,
      installationDate: assets.installationDate,
      warrantyExpiry: assets.warrantyExpiry,
    })
    .from(assets)
    .where(and(eq(assets.organisationId, organisationId), sql`lower(${assets.assetCode}) = any(${array(lowerCodes, 'text')})`));
}

/** The columns of a batch, one array per column, in the order of ASSET_IMPORT_COLUMNS. */
export interface AssetBatch {
  assetCode: string[];
  name: (string | null)[];
  clusterId: (string | null)[];
  locationId: (string | null)[];
  locationName: (string | null)[];
  categoryId: (string | null)[];
  subCategoryId: (string | null)[];
  brand: (string | null)[];
  model: (string | null)[];
  serialNumber: (string | null)[];
  installationDate: (string | null)[];
  warrantyExpiry: (string | null)[];
  status: (string | null)[];
  purchaseCostKobo: (number | null)[];
  description: (string | null)[];
}

const BATCH_COLUMNS: [keyof AssetBatch, string, string][] = [
  ['assetCode', 'asset_code', 'text'],
  ['name', 'name', 'text'],
  ['clusterId', 'cluster_id', 'uuid'],
  ['locationId', 'location_id', 'text'],
  ['locationName', 'location_name', 'text'],
  ['categoryId', 'category_id', 'uuid'],
  ['subCategoryId', 'sub_category_id', 'uuid'],
  ['brand', 'brand', 'text'],
  ['model', 'model', 'text'],
  ['serialNumber', 'serial_number', 'text'],
  ['installationDate', 'installation_date', 'date'],
  ['warrantyExpiry', 'warranty_expiry', 'date'],
  ['status', 'status', 'text'],
  ['purchaseCostKobo', 'purchase_cost_kobo', 'bigint'],
  ['description', 'description', 'text'],
];

const unnest = (batch: AssetBatch, first: [unknown[], string][] = []) =>
  sql.join(
    [...first, ...BATCH_COLUMNS.map(([key, , type]) => [batch[key], type] as [unknown[], string])].map(([values, type]) =>
      array(values, type),
    ),
    sql`, `,
  );

/**
 * Inserts a batch of assets with one statement (one array parameter per column), so the count
 * triggers run once per batch. `sequence` orders the batch's creation times after the previous
 * batches', so the list's newest-first order follows the file.
 */
export async function insertAssetBatch(tx: Db, organisationId: string, createdBy: string | null, batch: AssetBatch, sequence: number) {
  const columns = sql.raw(BATCH_COLUMNS.map(([, column]) => column).join(', '));
  const values = sql.raw(BATCH_COLUMNS.map(([, column]) => `v.${column}`).join(', '));
  const names = sql.raw(BATCH_COLUMNS.map(([, column]) => column).join(', '));
  await tx.execute(sql`
    insert into assets (organisation_id, created_by, created_at, updated_at, ${columns})
    select ${organisationId}::uuid, ${createdBy}::uuid, now() + make_interval(secs => (${sequence} + v.n) / 1e6), now(), ${values}
    from unnest(${unnest(batch)}) with ordinality as v(${names}, n)`);
}

/**
 * Updates a batch of assets by id with one statement: a null leaves the field as it is. A status
 * change of an asset decommissioned meanwhile is skipped, so the caller compares the count.
 */
export async function updateAssetBatch(tx: Db, organisationId: string, ids: string[], batch: AssetBatch): Promise<number> {
  const names = sql.raw(BATCH_COLUMNS.map(([, column]) => column).join(', '));
  const sets = sql.raw(
    BATCH_COLUMNS.filter(([key]) => key !== 'assetCode')
      .map(([, column]) => `${column} = coalesce(v.${column}, a.${column})`)
      .join(', '),
  );
  const result = await tx.execute(sql`
    update assets a set ${sets}, updated_at = now()
    from unnest(${unnest(batch, [[ids, 'uuid']])}) as v(id, ${names})
    where a.id = v.id and a.organisation_id = ${organisationId}::uuid
      and (v.status is null or a.status <> 'decommissioned')`);
  return affectedRows(result);
}

// --- pricebook items --------------------------------------------------------------------------------
