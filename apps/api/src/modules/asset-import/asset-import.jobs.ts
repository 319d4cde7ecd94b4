import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMPORT_FINISHED, type ImportError } from '@amp/contracts/asset-import';
import { formatMessage, type MessageKey, type MessageParams } from '@amp/contracts/messages';
import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../lib/list-query.js';
import { write } from '../../lib/write.js';
import { defineJob, type JobContext, type JobDefinition } from '../../plugins/jobs.js';
import { detectDelimiter, detectKind, SNIFF_BYTES } from './asset-import.parser.js';
import { findJobToRun, type ImportToRun, restartJob, updateJob } from './asset-import.repository.js';
import { ImportFailure, type ImportFile } from './asset-import.run.js';
import { IMPORT_SUBJECT_HANDLERS } from './asset-import.subjects.js';
import { writeImport } from './asset-import.writer.js';

declare module '../../plugins/jobs.js' {
  interface JobPayloads {
    /** Read, check and write one uploaded import file (of any subject: assets or a pricebook). */
    'asset-import.run': { importId: string };
    /** Fail the imports whose job gave up without recording why (its last attempt was interrupted). */
    'asset-import.sweep': Record<string, never>;
  }
}

/** Where an import's upload waits for its job, in FileStorage. */
export function uploadKey(organisationId: string, importId: string): string {
  return `imports/${organisationId}/${importId}`;
}

/**
 * A run still going after this long is taken for interrupted (its process stopped): pg-boss fails
 * it and retries it. A 100,000-row file takes about a minute (npm run bench).
 */
const RUN_EXPIRES_SECONDS = 10 * 60;
const RUN_RETRIES = 2;

/**
 * Bulk imports as durable jobs (decision 0009): the upload is in FileStorage and the job was
 * enqueued with the import row, so any live API process runs it, and a run interrupted by a
 * restart is run again from the start (nothing was written: the rows go in one transaction).
 */
export function assetImportJobs(deps: Deps): JobDefinition[] {
  return [
    defineJob({
      name: 'asset-import.run',
      run: ({ importId }, context) => runImportJob(deps, importId, context),
      retryLimit: RUN_RETRIES,
      retryDelaySeconds: 15,
      expireInSeconds: RUN_EXPIRES_SECONDS,
    }),
    defineJob({
      name: 'asset-import.sweep',
      run: () => failAbandonedImports(deps),
      schedule: { cron: '*/5 * * * *', timeZone: 'UTC' },
    }),
  ];
}

/** Runs one import from its stored upload; the upload is deleted once the import has finished. */
export async function runImportJob(deps: Deps, importId: string, context: Pick<JobContext, 'lastAttempt'>): Promise<void> {
  const job = await findJobToRun(deps.db, importId);
  // Gone with its organisation: nothing to do.
  if (!job) return;
  // An earlier attempt finished it (and may have stopped before deleting the upload), or this
  // attempt finds it finished by the sweep.
  if (IMPORT_FINISHED.includes(job.status) || !(await restartJob(deps.db, job.id))) {
    await deleteUpload(deps, job);
    return;
  }
  let path: string | undefined;
  let finished = false;
  try {
    path = await download(deps, job);
    // The upload is gone (deleted by hand, or a storage that lost it): nothing can be read.
    if (!path) throw new ImportFailure('IMPORT.INTERRUPTED');
    const outcome = await IMPORT_SUBJECT_HANDLERS[job.subject].check(
      deps.db,
      job,
      await sniff(path, deps.config.IMPORT_MAX_SECONDS * 1000),
    );
    if (!outcome.ok) {
      const { errors, errorCount } = outcome;
      await finishFailed(deps, job, { errors, errorCount }, 'IMPORT.HAS_ERRORS', { count: errorCount });
    } else {
      await updateJob(deps.db, job.id, { status: 'writing' });
      await writeImport(deps, job, outcome);
    }
    finished = true;
  } catch (error) {
    if (error instanceof ImportFailure) {
      await finishFailed(deps, job, { failureMessage: error.message }, error.key, error.params);
      finished = true;
      return;
    }
    // Anything else (the database, the disk) may pass: the job is retried from the start, and only
    // its last attempt fails the import. Thrown either way, so the queue logs it.
    if (context.lastAttempt) {
      const key: MessageKey = isUniqueViolation(error) ? 'ERROR.CONFLICT' : 'ERROR.INTERNAL';
      await finishFailed(deps, job, { failureMessage: formatMessage(key) }, key);
      finished = true;
    } else {
      await updateJob(deps.db, job.id, { status: 'queued', totalRows: 0, processedRows: 0 });
    }
    throw error;
  } finally {
    if (path) await unlink(path).catch(() => {});
    if (finished) await deleteUpload(deps, job);
  }
}

/**
 * Imports whose job failed for good without saying so: its last attempt was interrupted (the
 * process stopped), so pg-boss failed it on expiry. They fail with "interrupted", and their author
 * hears of it; nothing of them was written.
 */
export async function failAbandonedImports(deps: Deps): Promise<void> {
  for (const failed of await deps.jobs.failedJobs('asset-import.run')) {
    const importId = (failed.data as { importId?: unknown } | null)?.importId;
    if (typeof importId !== 'string') continue;
    const job = await findJobToRun(deps.db, importId);
    if (!job || IMPORT_FINISHED.includes(job.status)) continue;
    await finishFailed(deps, job, { failureMessage: formatMessage('IMPORT.INTERRUPTED') }, 'IMPORT.INTERRUPTED');
    await deleteUpload(deps, job);
  }
}

/**
 * Fails an unfinished import with its errors or the reason, and tells its author, in one
 * transaction. Nothing happens to an import that has finished meanwhile.
 */
async function finishFailed(
  deps: Deps,
  job: ImportToRun,
  result: { errors?: ImportError[]; errorCount?: number; failureMessage?: string },
  reason: MessageKey,
  reasonParams?: MessageParams,
) {
  const subject = IMPORT_SUBJECT_HANDLERS[job.subject];
  await write(deps, { userId: job.createdBy, organisationId: job.organisationId }, async (tx, fx) => {
    if (!(await updateJob(tx, job.id, { status: 'failed', ...result, finished: true }))) return;
    if (!job.createdBy) return;
    fx.notify({
      event: 'import.failed',
      to: { users: [job.createdBy] },
      params: { file: job.fileName, reason: formatMessage(reason, reasonParams), ...subject.notificationParams },
      path: subject.path(job),
    });
  });
}

/** The stored upload as a local file (the readers stream from disk), or undefined when it is gone. */
async function download(deps: Deps, job: ImportToRun): Promise<string | undefined> {
  const body = await deps.storage.get(uploadKey(job.organisationId, job.id));
  if (!body) return undefined;
  const path = join(tmpdir(), `amp-import-${randomUUID()}`);
  try {
    await pipeline(body, createWriteStream(path));
  } catch (error) {
    await unlink(path).catch(() => {});
    throw error;
  }
  return path;
}

/** CSV or XLSX by content, as the upload route told them apart; its rows may take `readLimitMs` to read. */
async function sniff(path: string, readLimitMs: number): Promise<ImportFile> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    const head = buffer.subarray(0, bytesRead);
    const kind = detectKind(head, bytesRead < SNIFF_BYTES);
    if (!kind) throw new ImportFailure('IMPORT.UNREADABLE');
    return { path, kind, delimiter: kind === 'csv' ? detectDelimiter(head) : ',', readLimitMs };
  } finally {
    await handle.close();
  }
}

/** The upload is not needed once the import has finished; a missing one is no error. */
async function deleteUpload(deps: Deps, job: ImportToRun) {
  await deps.storage.delete(uploadKey(job.organisationId, job.id));
}
