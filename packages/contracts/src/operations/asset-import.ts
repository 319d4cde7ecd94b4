import { z } from 'zod';
import { assetImportJobSchema, IMPORT_MAX_BYTES, importListQuery, importModeQuery } from '../asset-import.js';
import { dataOf, pageOf, recordId } from '../fields.js';
import { pricebookImportListQuery, pricebookImportTemplateQuery } from '../pricebook.js';
import { inventoryImportListQuery, inventoryImportTemplateQuery, warehouseParams } from '../warehouse.js';
import type { AccessRule } from './access-rule.js';
import { fileAnswer, operation, SPREADSHEET_TYPES } from './operation.js';

const byId = z.object({ id: recordId('Import', 'import') });
const MB = 1024 * 1024;
const startedJob = { 202: dataOf(assetImportJobSchema) };
const rowsChecked = 'Every row is checked before anything is written; poll the job for its progress.';

/** Who may import a subject, and where the API document lists it. */
interface Subject {
  tags: readonly string[];
  access: AccessRule;
}
const assets: Subject = { tags: ['asset import'], access: { permission: 'createNewAsset' } };
const pricebook: Subject = { tags: ['pricebook'], access: { permission: 'managePricebook' } };
const inventory: Subject = { tags: ['warehouse'], access: { permission: 'manageWarehouse' } };

/** Where a read is and how the API document names it. */
interface Named {
  path: string;
  summary: string;
  operationId: string;
}

/** A subject's import job with its first errors: the same read for every subject. */
const jobOf = ({ tags, access }: Subject, { path, summary, operationId }: Named) =>
  operation({ method: 'GET', path, tags, summary, operationId, access, params: byId, response: { 200: dataOf(assetImportJobSchema) } });

/** All of a job's errors as CSV: the same download for every subject. */
const errorsOf = ({ tags, access }: Subject, { path, summary, operationId }: Named) =>
  operation({
    method: 'GET',
    path,
    tags,
    summary,
    operationId,
    access,
    params: byId,
    response: { 200: fileAnswer('The errors, one per line', ['text/csv'], 100 * MB) },
  });

/**
 * Imports from a CSV or XLSX file: assets (a bulk add or update), the organisation's pricebook and a
 * warehouse's inventory. Each subject has its template, its upload (a job answered 202), its recent
 * imports, its job and the job's errors.
 */
export const assetImportOperations = {
  assetTemplate: operation({
    method: 'GET',
    path: '/v2/asset/bulk/template',
    ...assets,
    summary: 'The template of a bulk add or update, as CSV or XLSX',
    operationId: 'getImportTemplate',
    query: importModeQuery,
    response: { 200: fileAnswer('The template file', SPREADSHEET_TYPES, 10 * MB) },
  }),
  assetAdd: operation({
    method: 'POST',
    path: '/v2/asset/bulk/add',
    ...assets,
    summary: 'Start a bulk add of assets from a file',
    operationId: 'startBulkAdd',
    description: rowsChecked,
    upload: { maxBytes: IMPORT_MAX_BYTES, description: 'A CSV or XLSX file (told apart by its bytes), at most 100,000 rows' },
    response: startedJob,
  }),
  assetUpdate: operation({
    method: 'POST',
    path: '/v2/asset/bulk/update',
    ...assets,
    summary: 'Start a bulk update of assets from a file',
    operationId: 'startBulkUpdate',
    description: rowsChecked,
    upload: { maxBytes: IMPORT_MAX_BYTES, description: 'A CSV or XLSX file (told apart by its bytes), at most 100,000 rows' },
    response: startedJob,
  }),
  assetList: operation({
    method: 'GET',
    path: '/v2/asset/bulk',
    ...assets,
    summary: "The organisation's recent imports",
    operationId: 'listImports',
    query: importListQuery,
    response: { 200: pageOf(assetImportJobSchema) },
  }),
  assetJob: jobOf(assets, { path: '/v2/asset/bulk/:id', summary: 'An import job, with its first errors', operationId: 'getImport' }),
  assetErrors: errorsOf(assets, {
    path: '/v2/asset/bulk/:id/errors',
    summary: "An import's errors as CSV (row, column, message)",
    operationId: 'downloadImportErrors',
  }),

  // The organisation's pricebook from a file: the same upload, job, progress and errors as above.
  pricebookTemplate: operation({
    method: 'GET',
    path: '/v2/pricebook/import/template',
    ...pricebook,
    summary: 'The template of a pricebook import, as CSV or XLSX (the columns of the export)',
    operationId: 'getPricebookImportTemplate',
    query: pricebookImportTemplateQuery,
    response: { 200: fileAnswer('The template file', SPREADSHEET_TYPES, MB) },
  }),
  pricebookStart: operation({
    method: 'POST',
    path: '/v2/pricebook/import',
    ...pricebook,
    summary: 'Start an import of the pricebook from a file',
    operationId: 'startPricebookImport',
    description: `A row whose name matches an item of the pricebook (ignoring case) changes that item, any other row adds one. ${rowsChecked}`,
    upload: { maxBytes: IMPORT_MAX_BYTES, description: 'A CSV or XLSX file (told apart by its bytes) in the columns of the export' },
    response: startedJob,
  }),
  pricebookList: operation({
    method: 'GET',
    path: '/v2/pricebook/imports',
    ...pricebook,
    summary: "The organisation's recent pricebook imports",
    operationId: 'listPricebookImports',
    query: pricebookImportListQuery,
    response: { 200: pageOf(assetImportJobSchema) },
  }),
  pricebookJob: jobOf(pricebook, {
    path: '/v2/pricebook/import/:id',
    summary: 'A pricebook import, with its first errors',
    operationId: 'getPricebookImport',
  }),
  pricebookErrors: errorsOf(pricebook, {
    path: '/v2/pricebook/import/:id/errors',
    summary: "A pricebook import's errors as CSV (row, column, message)",
    operationId: 'downloadPricebookImportErrors',
  }),

  // A warehouse's inventory from a file: the same upload, job, progress and errors again.
  inventoryTemplate: operation({
    method: 'GET',
    path: '/v2/warehouse/import/template',
    ...inventory,
    summary: 'The template of an inventory import, as CSV or XLSX (the columns of the export)',
    operationId: 'getInventoryImportTemplate',
    query: inventoryImportTemplateQuery,
    response: { 200: fileAnswer('The template file', SPREADSHEET_TYPES, MB) },
  }),
  inventoryStart: operation({
    method: 'POST',
    path: '/v2/warehouse/:id/import',
    ...inventory,
    summary: "Start an import of a warehouse's inventory from a file",
    operationId: 'startInventoryImport',
    description:
      'A row naming an item of the warehouse (name, brand and model, ignoring case) changes it and counts it to the row’s quantity; ' +
      `any other row adds an item with that opening quantity. ${rowsChecked}`,
    params: warehouseParams,
    upload: { maxBytes: IMPORT_MAX_BYTES, description: 'A CSV or XLSX file (told apart by its bytes) in the columns of the export' },
    response: startedJob,
  }),
  inventoryList: operation({
    method: 'GET',
    path: '/v2/warehouse/:id/imports',
    ...inventory,
    summary: "A warehouse's recent inventory imports",
    operationId: 'listInventoryImports',
    params: warehouseParams,
    query: inventoryImportListQuery,
    response: { 200: pageOf(assetImportJobSchema) },
  }),
  inventoryJob: jobOf(inventory, {
    path: '/v2/warehouse/import/:id',
    summary: 'An inventory import, with its first errors',
    operationId: 'getInventoryImport',
  }),
  inventoryErrors: errorsOf(inventory, {
    path: '/v2/warehouse/import/:id/errors',
    summary: "An inventory import's errors as CSV (row, column, message)",
    operationId: 'downloadInventoryImportErrors',
  }),
};
