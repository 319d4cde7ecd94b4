import { z } from 'zod';
import { pageQuery } from './fields.js';
import { formatMessage, type MessageKey, type MessageParams } from './messages.js';

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

/** The columns a file must have: an add needs a name and a category per row, an update the assetID to match on. */
export const IMPORT_REQUIRED_COLUMNS: Record<ImportMode, readonly ImportColumn[]> = {
  add: ['name', 'category'],
  update: ['assetID'],
};

export const IMPORT_STATUSES = ['reading', 'validating', 'writing', 'succeeded', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_FINISHED: readonly ImportStatus[] = ['succeeded', 'failed'];

/** Limits: the upload size, the data rows of one file, and the errors kept for display and download. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
export const IMPORT_MAX_STORED_ERRORS = 10_000;
/** GET /v2/asset/bulk/:id answers with the first errors only; the download has all stored ones. */
export const IMPORT_ERRORS_IN_JOB = 100;

/** A problem in the file: `row` as the spreadsheet numbers it (the header is row 1), `column` as in the template. */
export interface ImportError {
  row: number;
  column: string;
  /** The catalogue's English text, as the API answers everywhere. */
  message: string;
  /** The catalogue key and its parameters, so the web can show the message in the reader's language. */
  key?: MessageKey;
  params?: MessageParams;
}

export interface AssetImportJob {
  _id: string;
  mode: ImportMode;
  fileName: string;
  status: ImportStatus;
  /** Data rows in the file (an estimate while an XLSX file is still being read: 0 until known). */
  totalRows: number;
  processedRows: number;
  writtenRows: number;
  errorCount: number;
  /** The first IMPORT_ERRORS_IN_JOB errors (in a list of imports: none). */
  errors: ImportError[];
  /** Why a job failed without row errors (an unreadable file, an interruption, an internal error). */
  failureMessage: string | null;
  createdBy: { _id: string; name: string } | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}

const invalid = (field: string) => ({ error: formatMessage('VALIDATION.NOT_VALID', { field }) });

export const importModeQuery = z.object({
  mode: z.enum(IMPORT_MODES, invalid('Mode')).default('add'),
  format: z.enum(['csv', 'xlsx'], invalid('Format')).default('csv'),
});
export type ImportTemplateQuery = z.infer<typeof importModeQuery>;

export const importListQuery = pageQuery.pick({ page: true, pageSize: true }).extend({
  mode: z.enum(IMPORT_MODES, invalid('Mode')).optional(),
});
export type ImportListQuery = z.infer<typeof importListQuery>;

/** The status column accepts the labels of the form (any case) or the keys. */
export const IMPORT_STATUS_VALUES: Record<string, string> = {
  active: 'active',
  faulty: 'faulty',
  'under maintenance': 'under_maintenance',
  under_maintenance: 'under_maintenance',
  'under-maintenance': 'under_maintenance',
  decommissioned: 'decommissioned',
};

/** A header cell as a column name: "Asset ID", "asset_id" and "ASSETID" are all assetID. */
export function importColumnOf(header: string): ImportColumn | undefined {
  const normal = header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '');
  return IMPORT_COLUMNS.find((column) => column.toLowerCase() === normal);
}
