import { randomUUID } from 'node:crypto';
import { readFile, unlink } from 'node:fs/promises';
import { type AssetImportJob, IMPORT_ERRORS_IN_JOB, type ImportListQuery, type ImportMode } from '@amp/contracts/asset-import';
import { pageMeta } from '@amp/contracts/fields';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { csvCell } from '../../lib/spreadsheet.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { uploadKey } from './asset-import.jobs.js';
import type { ImportFileKind } from './asset-import.parser.js';
import { findJob, findJobErrors, insertJob, type JobRow, listJobs } from './asset-import.repository.js';

/**
 * Bulk add and bulk update of assets (issue 3): an upload is stored and becomes a queued import
 * whose job (asset-import.jobs.ts) reads and checks every row, then writes them all in one
 * transaction or stores every error and writes nothing. Here: starting one, following it, the
 * list, and the download of its errors.
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

/**
 * Stores the upload, then records the import (queued) and enqueues its job in one write: any API
 * process with workers runs it, and a restart does not lose it.
 */
export async function start(deps: Deps, principal: Principal, mode: ImportMode, upload: ImportUpload): Promise<AssetImportJob> {
  const id = randomUUID();
  const key = uploadKey(principal.organisationId, id);
  try {
    await deps.storage.put(key, await readFile(upload.path), CONTENT_TYPES[upload.kind]);
  } finally {
    await unlink(upload.path).catch(() => {});
  }
  try {
    await write(deps, principal, async (tx, fx) => {
      await insertJob(tx, { id, organisationId: principal.organisationId, createdBy: principal.userId, mode, fileName: upload.fileName });
      fx.enqueue({ name: 'asset-import.run', data: { importId: id } });
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
  return get(deps.db, principal, id);
}

export async function get(db: Db, principal: Principal, id: string): Promise<AssetImportJob> {
  const row = await findJob(db, principal.organisationId, id, IMPORT_ERRORS_IN_JOB);
  if (!row) throw notFound('import');
  return toJob(row);
}

export async function list(db: Db, principal: Principal, query: ImportListQuery) {
  const { rows, total } = await listJobs(db, principal.organisationId, query);
  return { data: rows.map(toJob), meta: pageMeta(query.page, query.pageSize, total) };
}

/** The stored errors as CSV (row, column, message). */
export async function errorsCsv(db: Db, principal: Principal, id: string) {
  const row = await findJobErrors(db, principal.organisationId, id);
  if (!row) throw notFound('import');
  const lines = ['row,column,message', ...row.errors.map((e) => [String(e.row), csvCell(e.column), csvCell(e.message)].join(','))];
  const base = row.fileName.replace(/\.(csv|xlsx)$/i, '').replace(/[^\w.-]+/g, '_') || 'import';
  return { fileName: `${base}-errors.csv`, body: `\uFEFF${lines.join('\r\n')}\r\n` };
}

function toJob(row: JobRow): AssetImportJob {
  return {
    _id: row.id,
    mode: row.mode as ImportMode,
    fileName: row.fileName,
    status: row.status,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    writtenRows: row.writtenRows,
    errorCount: row.errorCount,
    errors: row.errors ?? [],
    failureMessage: row.failureMessage,
    createdBy: row.createdById ? { _id: row.createdById, name: `${row.createdByFirstName} ${row.createdByLastName}` } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}
