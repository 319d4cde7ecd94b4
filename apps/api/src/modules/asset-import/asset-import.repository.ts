import type { ImportError, ImportMode, ImportStatus, ImportSubject } from '@amp/contracts/asset-import';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetImports } from '../../db/schema/asset-import.js';
import { pageOffset } from '../../lib/list-query.js';
import { exampleSubCategory } from '../category/category.public.js';
import { firstClusterCode } from '../cluster/cluster.public.js';
import { lockOrganisation } from '../registration/registration.public.js';
import { userRefOf } from '../user/user.public.js';

export const UNFINISHED: ImportStatus[] = ['queued', 'reading', 'validating', 'writing'];

const jobColumns = {
  id: assetImports.id,
  subject: assetImports.subject,
  mode: assetImports.mode,
  fileName: assetImports.fileName,
  status: assetImports.status,
  totalRows: assetImports.totalRows,
  processedRows: assetImports.processedRows,
  writtenRows: assetImports.writtenRows,
  errorCount: assetImports.errorCount,
  failureMessage: assetImports.failureMessage,
  createdAt: assetImports.createdAt,
  updatedAt: assetImports.updatedAt,
  finishedAt: assetImports.finishedAt,
  createdBy: userRefOf(assetImports.createdBy),
};
export type JobRow = Awaited<ReturnType<typeof listJobs>>['rows'][number] & { errors?: ImportError[] };

/** A new import, queued: its file is in storage and its job is enqueued in the same transaction. */
export async function insertJob(
  db: Db,
  values: {
    id: string;
    organisationId: string;
    createdBy: string;
    subject: ImportSubject;
    mode: ImportMode;
    fileName: string;
    warehouseId: string | null;
  },
) {
  await db.insert(assetImports).values({ ...values, status: 'queued' });
}

/** What the job needs to run an import, whatever its state. */
export async function findJobToRun(db: Db, id: string) {
  const [row] = await db
    .select({
      id: assetImports.id,
      organisationId: assetImports.organisationId,
      createdBy: assetImports.createdBy,
      subject: assetImports.subject,
      mode: assetImports.mode,
      fileName: assetImports.fileName,
      status: assetImports.status,
      warehouseId: assetImports.warehouseId,
    })
    .from(assetImports)
    .where(eq(assetImports.id, id))
    .limit(1);
  return row && { ...row, mode: row.mode as ImportMode };
}
export type ImportToRun = NonNullable<Awaited<ReturnType<typeof findJobToRun>>>;

export type JobChanges = Partial<
  Pick<
    typeof assetImports.$inferInsert,
    'status' | 'totalRows' | 'processedRows' | 'writtenRows' | 'errorCount' | 'errors' | 'failureMessage'
  >
> & { finished?: boolean };

/**
 * Progress or result of an unfinished import. A finished one is never changed again, so a run
 * that lost a race (an expired attempt still going) cannot overwrite the result, and a result is
 * written once. False when the import had already finished.
 */
export async function updateJob(db: Db, id: string, { finished, ...changes }: JobChanges): Promise<boolean> {
  const result = await db
    .update(assetImports)
    .set({ ...changes, updatedAt: sql`now()`, ...(finished ? { finishedAt: sql`now()` } : {}) })
    .where(and(eq(assetImports.id, id), inArray(assetImports.status, UNFINISHED)));
  return affectedRows(result) > 0;
}

/**
 * A run starts from the beginning: an earlier attempt that was interrupted wrote no assets (they
 * are written in one transaction), so only its progress is cleared. False when already finished.
 */
export async function restartJob(db: Db, id: string): Promise<boolean> {
  return updateJob(db, id, {
    status: 'reading',
    totalRows: 0,
    processedRows: 0,
    writtenRows: 0,
    errorCount: 0,
    errors: [],
    failureMessage: null,
  });
}

/** An import of the organisation about the subject: another organisation's, or an asset import asked for as a pricebook one, is not found. */
const ofJob = (organisationId: string, subject: ImportSubject, id: string) =>
  and(eq(assetImports.id, id), eq(assetImports.organisationId, organisationId), eq(assetImports.subject, subject));

/**
 * A job of the organisation with its first `errorLimit` errors (sliced in the database, so a
 * 10,000-error job is not read whole for a progress poll), or nothing.
 */
export async function findJob(db: Db, organisationId: string, subject: ImportSubject, id: string, errorLimit: number) {
  const [row] = await db
    .select({
      ...jobColumns,
      errors: sql<
        ImportError[]
      >`coalesce((select jsonb_agg(e.value order by e.ordinality) from jsonb_array_elements(${assetImports.errors}) with ordinality e where e.ordinality <= ${errorLimit}), '[]'::jsonb)`,
    })
    .from(assetImports)
    .where(ofJob(organisationId, subject, id))
    .limit(1);
  return row;
}

/** Every stored error of a job of the organisation (for the download), or nothing. */
export async function findJobErrors(db: Db, organisationId: string, subject: ImportSubject, id: string) {
  const [row] = await db
    .select({ fileName: assetImports.fileName, errors: assetImports.errors })
    .from(assetImports)
    .where(ofJob(organisationId, subject, id))
    .limit(1);
  return row;
}

/** The organisation's imports about the subject (of one mode, or into one warehouse, if given), newest first. */
export async function listJobs(
  db: Db,
  organisationId: string,
  subject: ImportSubject,
  query: { page: number; pageSize: number; mode?: ImportMode; warehouseId?: string },
) {
  const where = and(
    eq(assetImports.organisationId, organisationId),
    eq(assetImports.subject, subject),
    query.mode ? eq(assetImports.mode, query.mode) : undefined,
    query.warehouseId ? eq(assetImports.warehouseId, query.warehouseId) : undefined,
  );
  const rows = await db
    .select(jobColumns)
    .from(assetImports)
    .where(where)
    .orderBy(desc(assetImports.createdAt), desc(assetImports.id))
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(assetImports).where(where);
  return { rows, total };
}

/** The template's example row: the organisation's first cluster, and a category with a sub-category. */
export async function templateExample(db: Db, organisationId: string) {
  const clusterCode = await firstClusterCode(db, organisationId);
  const { category, subCategory } = await exampleSubCategory(db);
  return { clusterCode, category, subCategory };
}

/**
 * Holds the organisation's pricebook until the caller's transaction ends, so two imports of one
 * pricebook write one after the other (each sees the other's new items). The organisation's row is
 * locked without blocking rows that reference it.
 */
export async function lockPricebook(tx: Db, organisationId: string) {
  await lockOrganisation(tx, organisationId);
}

/** The row count of a write, as node-postgres (rowCount) or PGlite (affectedRows) reports it. */
function affectedRows(result: unknown): number {
  const { rowCount, affectedRows } = result as { rowCount?: number | null; affectedRows?: number };
  return Number(rowCount ?? affectedRows ?? 0);
}
