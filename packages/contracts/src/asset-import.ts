import { z } from 'zod';
import { INT32_MAX, out, pageQuery } from './fields.js';
import { formatMessage, MESSAGES, type MessageKey } from './messages.js';

/**
 * Bulk add and bulk update of assets from a CSV or XLSX file (issue 3). The columns are the
 * single-create form's fields; headers are matched case-insensitively (spaces, "_" and "-" are
 * ignored, so "Asset ID" is assetID).
 */
export const IMPORT_COLUMNS = [
  'assetID',
  'name',
  'clusterID',
  'locationID',
  'locationName',
  'category',
  'subCategory',
  'brand',
  'model',
  'serialNumber',
  'installationDate',
  'warrantyExpiry',
  'status',
  'purchaseCost',
  'description',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export const IMPORT_MODES = ['add', 'update'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/**
 * What an import's file holds: assets (this file's columns), items of the organisation's
 * pricebook (PRICEBOOK_FILE_COLUMNS in pricebook.ts), or a warehouse's inventory
 * (INVENTORY_FILE_COLUMNS in warehouse.ts). All go through the same upload, job, progress and
 * error list.
 */
export const IMPORT_SUBJECTS = ['asset', 'pricebook', 'inventory'] as const;
export type ImportSubject = (typeof IMPORT_SUBJECTS)[number];

/** The columns a file must have: an add needs a name and a category per row, an update the assetID to match on. */
export const IMPORT_REQUIRED_COLUMNS: Record<ImportMode, readonly ImportColumn[]> = {
  add: ['name', 'category'],
  update: ['assetID'],
};

/** `queued`: stored and waiting for a job worker; then read, checked, and written (or failed). */
export const IMPORT_STATUSES = ['queued', 'reading', 'validating', 'writing', 'succeeded', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_FINISHED: readonly ImportStatus[] = ['succeeded', 'failed'];

/** Limits: the upload size, the data rows of one file, and the errors kept for display and download. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_STORED_ERRORS = 10_000;
/** GET /v2/asset/bulk/:id answers with the first errors only; the download has all stored ones. */
export const IMPORT_ERRORS_IN_JOB = 100;

/**
 * A problem in the file: `row` as the spreadsheet numbers it (the header is row 1), `column` as in
 * the template. An unknown column is named by its header cell, whose length only the file's size
 * bounds; hence the caps.
 */
export const importErrorSchema = z
  .object({
    row: z.number().int().min(0).max(INT32_MAX),
    column: z.string().max(IMPORT_MAX_BYTES),
    /** The catalogue's English text, as the API answers everywhere. */
    message: z.string().max(IMPORT_MAX_BYTES),
    /** The catalogue key and its parameters, so the web can show the message in the reader's language. */
    key: z.enum(Object.keys(MESSAGES) as [MessageKey, ...MessageKey[]]).optional(),
    params: z
      .record(z.string().max(60), z.union([z.string().max(IMPORT_MAX_BYTES), z.number()]))
      .meta({ maxProperties: 20 })
      .optional(),
  })
  .meta({ id: 'ImportError' });
export type ImportError = z.infer<typeof importErrorSchema>;

export const assetImportJobSchema = z
  .object({
    _id: out.id(),
    subject: z.enum(IMPORT_SUBJECTS),
    /** A pricebook import is always `add`: it adds items and changes those whose names it matches. */
    mode: z.enum(IMPORT_MODES),
    /** At most 200 characters (of up to two UTF-16 units each). */
    fileName: out.text(400),
    status: z.enum(IMPORT_STATUSES),
    /** Data rows in the file (an estimate while an XLSX file is still being read: 0 until known). */
    totalRows: out.count(),
    processedRows: out.count(),
    writtenRows: out.count(),
    errorCount: out.count(),
    /** The first IMPORT_ERRORS_IN_JOB errors (in a list of imports: none). */
    errors: z.array(importErrorSchema).max(IMPORT_ERRORS_IN_JOB),
    /** Why a job failed without row errors (an unreadable file, an interruption, an internal error). */
    failureMessage: out.text(2000).nullable(),
    createdBy: z.object({ _id: out.id(), name: out.text(300) }).nullable(),
    createdAt: out.timestamp(),
    updatedAt: out.timestamp(),
    finishedAt: out.timestamp().nullable(),
  })
  .meta({ id: 'AssetImportJob' });
export type AssetImportJob = z.infer<typeof assetImportJobSchema>;

const invalid = (field: string) => ({ error: formatMessage('VALIDATION.NOT_VALID', { field }) });

export const importModeQuery = z.object({
  mode: z.enum(IMPORT_MODES, invalid('Mode')).default('add'),
  format: z.enum(['csv', 'xlsx'], invalid('Format')).default('csv'),
});
export type ImportTemplateQuery = z.infer<typeof importModeQuery>;

export const importListQuery = pageQuery.pick({ page: true, pageSize: true }).extend({
  mode: z.enum(IMPORT_MODES, invalid('Mode')).optional(),
});

/** The status column accepts the labels of the form (any case) or the keys. */
export const IMPORT_STATUS_VALUES: Record<string, string> = {
  active: 'active',
  faulty: 'faulty',
  'under maintenance': 'under_maintenance',
  under_maintenance: 'under_maintenance',
  'under-maintenance': 'under_maintenance',
  decommissioned: 'decommissioned',
};

/** A header cell as one of `columns`, ignoring case, spaces, "_" and "-" (on both: "Reorder level" is `reorder level`). */
export function columnOfHeader<Column extends string>(columns: readonly Column[], header: string): Column | undefined {
  const normal = (text: string) =>
    text
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '');
  const wanted = normal(header);
  return columns.find((column) => normal(column) === wanted);
}

/** A header cell as a column name: "Asset ID", "asset_id" and "ASSETID" are all assetID. */
export function importColumnOf(header: string): ImportColumn | undefined {
  return columnOfHeader(IMPORT_COLUMNS, header);
}
