import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { IMPORT_MAX_BYTES, type ImportMode, importListQuery, importModeQuery } from '@amp/contracts/asset-import';
import { idField } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, invalidField } from '../../lib/errors.js';
import { principalOf } from '../../plugins/auth.js';
import { detectDelimiter, detectKind, SNIFF_BYTES } from './asset-import.parser.js';
import * as assetImport from './asset-import.service.js';

const tags = ['asset import'];
const byId = z.object({ id: idField(formatMessage, 'Import') });
const access = { permission: 'createNewAsset' } as const;

export const assetImportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Jobs run in this process: closing the app waits for the one under way.
  app.addHook('onClose', async () => assetImport.idle());

  app.get('/asset/bulk/template', { schema: { tags, querystring: importModeQuery }, config: { access } }, async (request, reply) => {
    const file = await assetImport.template(app.deps.db, principalOf(request), request.query);
    return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.body);
  });

  for (const mode of ['add', 'update'] as const satisfies ImportMode[]) {
    app.post(`/asset/bulk/${mode}`, { schema: { tags, consumes: ['multipart/form-data'] }, config: { access } }, async (request, reply) => {
      const upload = await receiveUpload(request);
      reply.status(202);
      return { data: await assetImport.start(app.deps, principalOf(request), mode, upload) };
    });
  }

  app.get('/asset/bulk', { schema: { tags, querystring: importListQuery }, config: { access } }, (request) =>
    assetImport.list(app.deps.db, principalOf(request), request.query),
  );

  app.get('/asset/bulk/:id', { schema: { tags, params: byId }, config: { access } }, async (request) => ({
    data: await assetImport.get(app.deps.db, principalOf(request), request.params.id),
  }));

  app.get('/asset/bulk/:id/errors', { schema: { tags, params: byId }, config: { access } }, async (request, reply) => {
    const file = await assetImport.errorsCsv(app.deps.db, principalOf(request), request.params.id);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', attachment(file.fileName)).send(file.body);
  });
};

function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`;
}

/**
 * Streams the multipart `file` to a temporary file (never into memory), keeping its first bytes to
 * tell CSV from XLSX by content: anything else is a 415, more than 50 MB a 413.
 */
async function receiveUpload(request: FastifyRequest): Promise<assetImport.ImportUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'ERROR.UNSUPPORTED_TYPE');
  const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES } });
  if (!part) throw invalidField('file', 'VALIDATION.REQUIRED', { field: 'File' });
  const path = join(tmpdir(), `amp-import-${randomUUID()}`);
  const head: Buffer[] = [];
  let headLength = 0;
  const sniff = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (headLength < SNIFF_BYTES) {
        head.push(chunk.subarray(0, SNIFF_BYTES - headLength));
        headLength += Math.min(chunk.length, SNIFF_BYTES - headLength);
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(part.file, sniff, createWriteStream(path));
    if (part.file.truncated) throw new AppError(413, 'ERROR.TOO_LARGE');
    const sample = Buffer.concat(head);
    const kind = detectKind(sample, sample.length < SNIFF_BYTES);
    if (!kind) throw new AppError(415, 'ERROR.UNSUPPORTED_TYPE');
    const fileName = basename(part.filename || `import.${kind}`).slice(0, 200);
    return { path, fileName, kind, delimiter: kind === 'csv' ? detectDelimiter(sample) : ',' };
  } catch (error) {
    await unlink(path).catch(() => {});
    throw error;
  }
}
