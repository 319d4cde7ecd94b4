import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { IMPORT_MAX_BYTES, type ImportSubject } from '@amp/contracts/asset-import';
import { assetImportOperations as op } from '@amp/contracts/operations/asset-import';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDownload } from '../../lib/download.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { operationRoute } from '../../lib/operation-routes.js';
import { readUpload } from '../../lib/upload.js';
import { principalOf } from '../../plugins/auth.js';
import { detectDelimiter, detectKind, SNIFF_BYTES } from './asset-import.parser.js';
import * as assetImport from './asset-import.service.js';
import { inventoryTemplate, pricebookTemplate, template } from './asset-import.template.js';

/** The routes of packages/contracts/src/operations/asset-import.ts: each one's handler. */
export const assetImportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A subject's import job with its first errors, and all its errors as CSV: the same two handlers for every subject. */
  const jobRoutes = (subject: ImportSubject, job: typeof op.assetJob, errors: typeof op.assetErrors) => {
    operationRoute(app, job, async (request) => ({
      data: await assetImport.get(app.deps.db, principalOf(request), subject, request.params.id),
    }));
    operationRoute(app, errors, async (request, reply) => {
      const file = await assetImport.errorsCsv(app.deps.db, principalOf(request), subject, request.params.id);
      return sendDownload(reply, { contentType: 'text/csv; charset=utf-8', ...file });
    });
  };

  operationRoute(app, op.assetTemplate, async (request, reply) =>
    sendDownload(reply, await template(app.deps.db, principalOf(request), request.query)),
  );
  for (const [mode, start] of [
    ['add', op.assetAdd],
    ['update', op.assetUpdate],
  ] as const) {
    operationRoute(app, start, async (request, reply) => {
      const upload = await receiveUpload(request);
      reply.status(202);
      return { data: await assetImport.start(app.deps, principalOf(request), { subject: 'asset', mode }, upload) };
    });
  }
  operationRoute(app, op.assetList, (request) => assetImport.list(app.deps.db, principalOf(request), 'asset', request.query));
  jobRoutes('asset', op.assetJob, op.assetErrors);

  // The organisation's pricebook from a file: the same upload, job, progress and errors as above.
  operationRoute(app, op.pricebookTemplate, async (request, reply) => sendDownload(reply, await pricebookTemplate(request.query)));
  operationRoute(app, op.pricebookStart, async (request, reply) => {
    const upload = await receiveUpload(request);
    reply.status(202);
    return { data: await assetImport.start(app.deps, principalOf(request), { subject: 'pricebook', mode: 'add' }, upload) };
  });
  operationRoute(app, op.pricebookList, (request) => assetImport.list(app.deps.db, principalOf(request), 'pricebook', request.query));
  jobRoutes('pricebook', op.pricebookJob, op.pricebookErrors);

  // A warehouse's inventory from a file: the same upload, job, progress and errors again.
  operationRoute(app, op.inventoryTemplate, async (request, reply) => sendDownload(reply, await inventoryTemplate(request.query)));
  operationRoute(app, op.inventoryStart, async (request, reply) => {
    // Another organisation's warehouse is not found, whatever the file.
    await assetImport.targetOf(app.deps.db, principalOf(request), 'inventory', request.params.id);
    const upload = await receiveUpload(request);
    reply.status(202);
    const target = { subject: 'inventory' as const, mode: 'add' as const, warehouseId: request.params.id };
    return { data: await assetImport.start(app.deps, principalOf(request), target, upload) };
  });
  operationRoute(app, op.inventoryList, (request) =>
    assetImport.list(app.deps.db, principalOf(request), 'inventory', { ...request.query, warehouseId: request.params.id }),
  );
  jobRoutes('inventory', op.inventoryJob, op.inventoryErrors);
};

/**
 * Streams the multipart `file` to a temporary file (never into memory), keeping its first bytes to
 * tell CSV from XLSX by content: anything else is a 415, more than 50 MB a 413.
 */
async function receiveUpload(request: FastifyRequest): Promise<assetImport.ImportUpload> {
  const path = join(tmpdir(), `amp-import-${randomUUID()}`);
  const upload = await readUpload(request, {
    maxBytes: IMPORT_MAX_BYTES,
    missing: () => invalidField('file', 'VALIDATION.REQUIRED', { field: 'File' }),
    notMultipart: 'unsupported',
    saveTo: path,
    headBytes: SNIFF_BYTES,
  });
  try {
    if (upload.truncated) throw new AppError(413, 'ERROR.TOO_LARGE');
    const sample = upload.head;
    const kind = detectKind(sample, sample.length < SNIFF_BYTES);
    if (!kind) throw new AppError(415, 'ERROR.UNSUPPORTED_TYPE');
    const fileName = basename(upload.filename || `import.${kind}`).slice(0, 200);
    return { path, fileName, kind, delimiter: kind === 'csv' ? detectDelimiter(sample) : ',' };
  } catch (error) {
    await unlink(path).catch(() => {});
    throw error;
  }
}
