import { randomUUID } from 'node:crypto';
import { readFile, unlink } from 'node:fs/promises';
import { type AssetImportJob, IMPORT_ERRORS_IN_JOB, type ImportMode, type ImportSubject } from '@amp/contracts/asset-import';
import { pageMeta } from '@amp/contracts/fields';
import { PRICEBOOK_ORGANISATION_KINDS } from '@amp/contracts/pricebook';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { csvCell } from '../../lib/spreadsheet.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { managedWarehouse, warehouseOf } from '../warehouse/warehouse.public.js';
import { uploadKey } from './asset-import.jobs.js';
import type { ImportFileKind } from './asset-import.parser.js';
import { findJob, findJobErrors, insertJob, type JobRow, listJobs } from './asset-import.repository.js';

/**
 * Imports from CSV or XLSX files: bulk add and bulk update of assets (issue 3), the
 * organisation's pricebook (issue 9), and a warehouse's inventory (issue 11). An upload is stored and becomes a queued import whose job
 * (asset-import.jobs.ts) reads and checks every row, then writes them all in one transaction or
 * stores every error and writes nothing. Here: starting one, following it, the list, and the
 * download of its errors; each asked about its subject, so an import of the other one is not found.
 */

/** The import file on disk, as the route received it. */
export interface ImportUpload {
  path: string;
  fileName: string;
  kind: ImportFileKind;
  /** CSV only. */
  delimiter: string;
}

const CONTENT_TYPES: Record<ImportFileKind, string> = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A pricebook is imported only by an organisation that keeps one (a provider or a supplier), as it is edited. */
function assertMayImport(principal: Principal, subject: ImportSubject) {
  if (subject === 'pricebook' && !(PRICEBOOK_ORGANISATION_KINDS as readonly string[]).includes(principal.organisationKind)) {
    throw forbidden();
  }
}

/**
 * What an import fills: an inventory import names a warehouse the caller manages (404 or 403
 * otherwise, as its items are edited). Asked before the upload is read, and again when it starts.
 */
export async function targetOf(
  db: Db,
  principal: Principal,
  subject: ImportSubject,
  warehouseId: string | undefined,
): Promise<string | null> {
  assertMayImport(principal, subject);
  if (subject !== 'inventory') return null;
  if (!warehouseId) throw new Error('an inventory import names its warehouse');
  return (await managedWarehouse(db, principal, warehouseId)).id;
}

/**
 * Stores the upload, then records the import (queued) and enqueues its job in one write: any API
 * process with workers runs it, and a restart does not lose it. A pricebook import is an `add`:
 * its rows add items or change those whose names they match.
 */
export async function start(
  deps: Deps,
  principal: Principal,
  { subject, mode, warehouseId }: { subject: ImportSubject; mode: ImportMode; warehouseId?: string },
  upload: ImportUpload,
): Promise<AssetImportJob> {
  const id = randomUUID();
  const key = uploadKey(principal.organisationId, id);
  let target: string | null;
  try {
    target = await targetOf(deps.db, principal, subject, warehouseId);
    await deps.storage.put(key, await readFile(upload.path), CONTENT_TYPES[upload.kind]);
  } finally {
    await unlink(upload.path).catch(() => {});
  }
  try {
    await write(deps, principal, async (tx, fx) => {
      await insertJob(tx, {
        id,
        organisationId: principal.organisationId,
        createdBy: principal.userId,
        subject,
        mode,
        fileName: upload.fileName,
        warehouseId: target,
      });
      fx.enqueue({ name: 'asset-import.run', data: { importId: id } });
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
  return get(deps.db, principal, subject, id);
}

export async function get(db: Db, principal: Principal, subject: ImportSubject, id: string): Promise<AssetImportJob> {
  assertMayImport(principal, subject);
  const row = await findJob(db, principal.organisationId, subject, id, IMPORT_ERRORS_IN_JOB);
  if (!row) throw notFound('import');
  return toJob(row);
}

export async function list(
  db: Db,
  principal: Principal,
  subject: ImportSubject,
  query: { page: number; pageSize: number; mode?: ImportMode; warehouseId?: string },
) {
  assertMayImport(principal, subject);
  // A warehouse's imports: for whoever reads the warehouse.
  if (query.warehouseId) await warehouseOf(db, principal, query.warehouseId);
  const { rows, total } = await listJobs(db, principal.organisationId, subject, query);
  return { data: rows.map(toJob), meta: pageMeta(query.page, query.pageSize, total) };
}

/** The stored errors as CSV (row, column, message). */
export async function errorsCsv(db: Db, principal: Principal, subject: ImportSubject, id: string) {
  assertMayImport(principal, subject);
  const row = await findJobErrors(db, principal.organisationId, subject, id);
  if (!row) throw notFound('import');
  const lines = ['row,column,message', ...row.errors.map((e) => [String(e.row), csvCell(e.column), csvCell(e.message)].join(','))];
  const base = row.fileName.replace(/\.(csv|xlsx)$/i, '').replace(/[^\w.-]+/g, '_') || 'import';
  return { fileName: `${base}-errors.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
}

function toJob(row: JobRow): AssetImportJob {
  return {
    _id: row.id,
    subject: row.subject,
    mode: row.mode as ImportMode,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    writtenRows: row.writtenRows,
    errorCount: row.errorCount,
    errors: row.errors ?? [],
    failureMessage: row.failureMessage,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}
