import { randomUUID } from 'node:crypto';
import { unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import {
  assetImportJobSchema,
  IMPORT_MAX_BYTES,
  type ImportMode,
  type ImportSubject,
  importListQuery,
  importModeQuery,
} from '@amp/contracts/asset-import';
import { dataOf, idField, out, pageOf } from '@amp/contracts/fields';
import { formatMessage } from '@amp/contracts/messages';
import { pricebookImportListQuery, pricebookImportTemplateQuery } from '@amp/contracts/pricebook';
import { inventoryImportListQuery, inventoryImportTemplateQuery, warehouseParams } from '@amp/contracts/warehouse';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendDownload } from '../../lib/download.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { XLSX_TYPE } from '../../lib/spreadsheet.js';
import { readUpload } from '../../lib/upload.js';
import type { AccessRule } from '../../plugins/access.js';
import { principalOf } from '../../plugins/auth.js';
import { detectDelimiter, detectKind, SNIFF_BYTES } from './asset-import.parser.js';
import * as assetImport from './asset-import.service.js';
import { inventoryTemplate, pricebookTemplate, template } from './asset-import.template.js';

const tags = ['asset import'];
const byId = z.object({ id: idField(formatMessage, 'Import') });
const access = { permission: 'createNewAsset' } as const;
const pricebookTags = ['pricebook'];
const pricebookAccess = { permission: 'managePricebook' } as const;
const warehouseTags = ['warehouse'];
const warehouseAccess = { permission: 'manageWarehouse' } as const;
const MB = 1024 * 1024;
/** Where a route is and how the API document names it. */
interface RouteName {
  url: string;
  summary: string;
  operationId: string;
}
/** A file answer in the API document: its bytes, as one of the given types. */
const fileAnswer = (description: string, types: string[], maxBytes: number) => ({
  description,
  content: Object.fromEntries(types.map((type) => [type, { schema: out.binary(maxBytes) }])),
});

export const assetImportRoutes: FastifyPluginAsyncZod = async (app) => {
  /** A subject's import job with its first errors, and all its errors as CSV: the same two routes for every subject. */
  const jobRoutes = (subject: ImportSubject, rule: { tags: string[]; access: AccessRule }, job: RouteName, errors: RouteName) => {
    app.get(
      job.url,
      {
        schema: {
          tags: rule.tags,
          summary: job.summary,
          operationId: job.operationId,
          params: byId,
          response: { 200: dataOf(assetImportJobSchema) },
        },
        config: { access: rule.access },
      },
      async (request) => ({ data: await assetImport.get(app.deps.db, principalOf(request), subject, request.params.id) }),
    );
    app.get(
      errors.url,
      {
        schema: {
          tags: rule.tags,
          summary: errors.summary,
          operationId: errors.operationId,
          params: byId,
          response: { 200: fileAnswer('The errors, one per line', ['text/csv'], 100 * MB) },
        },
        config: { access: rule.access },
      },
      async (request, reply) => {
        const file = await assetImport.errorsCsv(app.deps.db, principalOf(request), subject, request.params.id);
        return sendDownload(reply, { contentType: 'text/csv; charset=utf-8', ...file });
      },
    );
  };

  app.get(
    '/asset/bulk/template',
    {
      schema: {
        tags,
        summary: 'The template of a bulk add or update, as CSV or XLSX',
        operationId: 'getImportTemplate',
        querystring: importModeQuery,
        response: { 200: fileAnswer('The template file', ['text/csv', XLSX_TYPE], 10 * MB) },
      },
      config: { access },
    },
    async (request, reply) => sendDownload(reply, await template(app.deps.db, principalOf(request), request.query)),
  );

  for (const mode of ['add', 'update'] as const satisfies ImportMode[]) {
    app.post(
      `/asset/bulk/${mode}`,
      {
        schema: {
          tags,
          summary: mode === 'add' ? 'Start a bulk add of assets from a file' : 'Start a bulk update of assets from a file',
          operationId: mode === 'add' ? 'startBulkAdd' : 'startBulkUpdate',
          description: 'Every row is checked before anything is written; poll the job for its progress.',
          upload: { maxBytes: IMPORT_MAX_BYTES, description: 'A CSV or XLSX file (told apart by its bytes), at most 100,000 rows' },
          response: { 202: dataOf(assetImportJobSchema) },
        },
        config: { access },
      },
      async (request, reply) => {
        const upload = await receiveUpload(request);
        reply.status(202);
        return { data: await assetImport.start(app.deps, principalOf(request), { subject: 'asset', mode }, upload) };
      },
    );
  }

  app.get(
    '/asset/bulk',
    {
      schema: {
        tags,
        summary: "The organisation's recent imports",
        operationId: 'listImports',
        querystring: importListQuery,
        response: { 200: pageOf(assetImportJobSchema) },
      },
      config: { access },
    },
    (request) => assetImport.list(app.deps.db, principalOf(request), 'asset', request.query),
  );

  jobRoutes(
    'asset',
    { tags, access },
    { url: '/asset/bulk/:id', summary: 'An import job, with its first errors', operationId: 'getImport' },
    { url: '/asset/bulk/:id/errors', summary: "An import's errors as CSV (row, column, message)", operationId: 'downloadImportErrors' },
  );

  // The organisation's pricebook from a file: the same upload, job, progress and errors as above.
  app.get(
    '/pricebook/import/template',
    {
      schema: {
        tags: pricebookTags,
        summary: 'The template of a pricebook import, as CSV or XLSX (the columns of the export)',
        operationId: 'getPricebookImportTemplate',
        querystring: pricebookImportTemplateQuery,
        response: { 200: fileAnswer('The template file', ['text/csv', XLSX_TYPE], MB) },
      },
      config: { access: pricebookAccess },
    },
    async (request, reply) => sendDownload(reply, await pricebookTemplate(request.query)),
  );

  app.post(
    '/pricebook/import',
    {
      schema: {
        tags: pricebookTags,
        summary: 'Start an import of the pricebook from a file',
        operationId: 'startPricebookImport',
        description:
          'A row whose name matches an item of the pricebook (ignoring case) changes that item, any other row adds one. ' +
          'Every row is checked before anything is written; poll the job for its progress.',
        upload: { maxBytes: IMPORT_MAX_BYTES, description: 'A CSV or XLSX file (told apart by its bytes) in the columns of the export' },
        response: { 202: dataOf(assetImportJobSchema) },
      },
      config: { access: pricebookAccess },
    },
    async (request, reply) => {
      const upload = await receiveUpload(request);
      reply.status(202);
      return { data: await assetImport.start(app.deps, principalOf(request), { subject: 'pricebook', mode: 'add' }, upload) };
    },
  );

  app.get(
    '/pricebook/imports',
    {
      schema: {
        tags: pricebookTags,
        summary: "The organisation's recent pricebook imports",
        operationId: 'listPricebookImports',
        querystring: pricebookImportListQuery,
        response: { 200: pageOf(assetImportJobSchema) },
      },
      config: { access: pricebookAccess },
    },
    (request) => assetImport.list(app.deps.db, principalOf(request), 'pricebook', request.query),
  );

  jobRoutes(
    'pricebook',
    { tags: pricebookTags, access: pricebookAccess },
    { url: '/pricebook/import/:id', summary: 'A pricebook import, with its first errors', operationId: 'getPricebookImport' },
    {
      url: '/pricebook/import/:id/errors',
      summary: "A pricebook import's errors as CSV (row, column, message)",
      operationId: 'downloadPricebookImportErrors',
    },
  );

  // A warehouse's inventory from a file: the same upload, job, progress and errors again.
  app.get(
    '/warehouse/import/template',
    {
      schema: {
        tags: warehouseTags,
        summary: 'The template of an inventory import, as CSV or XLSX (the columns of the export)',
        operationId: 'getInventoryImportTemplate',
        querystring: inventoryImportTemplateQuery,
        response: { 200: fileAnswer('The template file', ['text/csv', XLSX_TYPE], MB) },
      },
      config: { access: warehouseAccess },
    },
    async (request, reply) => sendDownload(reply, await inventoryTemplate(request.query)),
  );

  app.post(
    '/warehouse/:id/import',
    {
      schema: {
        tags: warehouseTags,
        summary: "Start an import of a warehouse's inventory from a file",
        operationId: 'startInventoryImport',
        description:
          'A row naming an item of the warehouse (name, brand and model, ignoring case) changes it and counts it to the row’s quantity; ' +
          'any other row adds an item with that opening quantity. Every row is checked before anything is written; poll the job for its progress.',
        params: warehouseParams,
        upload: { maxBytes: IMPORT_MAX_BYTES, description: 'A CSV or XLSX file (told apart by its bytes) in the columns of the export' },
        response: { 202: dataOf(assetImportJobSchema) },
      },
      config: { access: warehouseAccess },
    },
    async (request, reply) => {
      // Another organisation's warehouse is not found, whatever the file.
      await assetImport.targetOf(app.deps.db, principalOf(request), 'inventory', request.params.id);
      const upload = await receiveUpload(request);
      reply.status(202);
      const target = { subject: 'inventory' as const, mode: 'add' as const, warehouseId: request.params.id };
      return { data: await assetImport.start(app.deps, principalOf(request), target, upload) };
    },
  );

  app.get(
    '/warehouse/:id/imports',
    {
      schema: {
        tags: warehouseTags,
        summary: "A warehouse's recent inventory imports",
        operationId: 'listInventoryImports',
        params: warehouseParams,
        querystring: inventoryImportListQuery,
        response: { 200: pageOf(assetImportJobSchema) },
      },
      config: { access: warehouseAccess },
    },
    (request) => assetImport.list(app.deps.db, principalOf(request), 'inventory', { ...request.query, warehouseId: request.params.id }),
  );

  jobRoutes(
    'inventory',
    { tags: warehouseTags, access: warehouseAccess },
    { url: '/warehouse/import/:id', summary: 'An inventory import, with its first errors', operationId: 'getInventoryImport' },
    {
      url: '/warehouse/import/:id/errors',
      summary: "An inventory import's errors as CSV (row, column, message)",
      operationId: 'downloadInventoryImportErrors',
    },
  );
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
