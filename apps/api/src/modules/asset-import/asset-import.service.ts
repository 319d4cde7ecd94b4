import { unlink } from 'node:fs/promises';
import { ASSET_CODE_PREFIX, formatCode, makeAssetCreateSchema, makeAssetEditSchema } from '@amp/contracts/asset';
import {
  type AssetImportJob,
  IMPORT_COLUMNS,
  IMPORT_ERRORS_IN_JOB,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_STORED_ERRORS,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_STATUS_VALUES,
  type ImportColumn,
  type ImportError,
  type ImportListQuery,
  type ImportMode,
  type ImportStatus,
  type ImportTemplateQuery,
  importColumnOf,
} from '@amp/contracts/asset-import';
import { pageMeta } from '@amp/contracts/fields';
import { formatMessage, type MessageKey, type MessageParams, type Translate } from '@amp/contracts/messages';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Deps } from '../../app.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { isUniqueViolation } from '../../lib/list-query.js';
import type { Principal } from '../../plugins/auth.js';
import { recordActivity } from '../activity/activity.repository.js';
import { type Cell, countCsvLines, type ImportFileKind, readCsvRows, readXlsxRows, type SheetRow } from './asset-import.parser.js';
import {
  type AssetBatch,
  allCategories,
  assetsByCode,
  clusterCodes,
  failStaleJobs,
  findJob,
  findJobErrors,
  insertAssetBatch,
  insertJob,
  type JobRow,
  listJobs,
  reserveAssetCodeNumbers,
  takenCodes,
  templateExample,
  UNFINISHED,
  updateAssetBatch,
  updateJob,
} from './asset-import.repository.js';

/**
 * Bulk add and bulk update of assets (issue 3). An upload becomes a job that runs in the
 * background of this process, one at a time: the rows are streamed from the file and each is
 * validated with the single create/edit schema and the same rules (owner's cluster, category
 * tree, unique assetID, date order, decommissioned status); then either every error is stored
 * (row, column, catalogue message) and nothing is written, or everything is written in one
 * transaction with one activity.
 */

/** The import file on disk, as the route received it. */
export interface ImportUpload {
  path: string;
  fileName: string;
  kind: ImportFileKind;
  /** CSV only. */
  delimiter: string;
}

/** Progress is saved every this many rows, for the web's progress bar. */
const PROGRESS_EVERY = 2_000;
/** Rows per INSERT / UPDATE statement, and codes per look-up. */
const WRITE_BATCH = 5_000;
const LOOKUP_BATCH = 5_000;
/** Errors kept while reading; a file with more is hopeless anyway, the count goes on. */
const ERRORS_IN_MEMORY = 200_000;

/** The form's labels of the columns (the catalogue's {field}). */
const COLUMN_LABELS: Record<ImportColumn, string> = {
  assetID: 'Asset ID',
  name: 'Name',
  clusterID: 'Cluster',
  locationID: 'Location ID',
  locationName: 'Location name',
  category: 'Category',
  subCategory: 'Sub-category',
  brand: 'Brand',
  model: 'Model',
  serialNumber: 'Serial number',
  installationDate: 'Installation date',
  warrantyExpiry: 'Warranty expiry',
  status: 'Status',
  purchaseCost: 'Purchase cost',
  description: 'Description',
};

/** The create/edit schemas' fields as columns. */
const COLUMN_OF_FIELD: Record<string, ImportColumn> = {
  assetID: 'assetID',
  name: 'name',
  clusterId: 'clusterID',
  locationID: 'locationID',
  locationName: 'locationName',
  categoryId: 'category',
  subCategoryId: 'subCategory',
  brand: 'brand',
  model: 'model',
  serialNumber: 'serialNumber',
  installationDate: 'installationDate',
  warrantyExpiry: 'warrantyExpiry',
  status: 'status',
  purchaseCost: 'purchaseCost',
  description: 'description',
};

// The shared schemas, built with a translator that keeps the catalogue key and parameters of each
// message (decoded below), so an error is stored with its English text and its key for the web.
const encode: Translate = (key, params) => JSON.stringify([key, params ?? {}]);
const createSchema = makeAssetCreateSchema(encode);
const editSchema = makeAssetEditSchema(encode);

interface Message {
  key: MessageKey;
  params: MessageParams;
}
const decoded = new Map<string, Message>();
function decode(message: string, column: ImportColumn): Message {
  let found = decoded.get(message);
  if (!found) {
    try {
      const [key, params] = JSON.parse(message) as [MessageKey, MessageParams];
      found = { key, params };
    } catch {
      // A message zod made itself: say the value is not valid.
      return { key: 'VALIDATION.NOT_VALID', params: { field: COLUMN_LABELS[column] } };
    }
    decoded.set(message, found);
  }
  return found;
}

interface RowError extends Message {
  row: number;
  column: string;
  /** Sorts a row's errors in the template's column order. */
  order: number;
}

/** A validated row, kept compact until it is written (one object of one shape per row, no per-cell objects). */
interface ParsedRow {
  row: number;
  /** The assetID as typed (blank: generated on add). */
  code: string | null;
  name: string | null;
  clusterId: string | null;
  locationId: string | null;
  locationName: string | null;
  categoryId: string | null;
  subCategoryId: string | null;
  /** Update without a category column value: the sub-category is looked up under the asset's own category. */
  subCategoryName: string | null;
  brand: string | null;
  model: string | null;
  serialNumber: string | null;
  installationDate: string | null;
  warrantyExpiry: string | null;
  status: string | null;
  purchaseCostKobo: number | null;
  description: string | null;
  /** False when reading found an error in the row (an update still checks its assetID). */
  valid: boolean;
  /** Update: the matched asset. */
  assetId: string | null;
}

interface Lookups {
  clusters: Map<string, string>;
  /** Top-level categories by lower-case name. */
  categories: Map<string, string>;
  /** Sub-categories by `${parentId}|${lower-case name}`. */
  subCategories: Map<string, string>;
  /** Lower-case names of all sub-categories, to tell "wrong category" from "no such sub-category". */
  subCategoryNames: Set<string>;
  parentOf: Map<string, string | null>;
}

/** A failure of the whole job with a catalogue message (nothing is written). */
class JobFailure extends Error {
  constructor(readonly key: MessageKey) {
    super(formatMessage(key));
  }
}

/** An amount whose commas group thousands: 1,250,000.50. */
const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;

const COLUMN_BITS = Object.fromEntries(IMPORT_COLUMNS.map((column, index) => [column, index])) as Record<ImportColumn, number>;

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

// ---------------------------------------------------------------------------------------------
// Jobs: start, follow, list.

/** Jobs run one at a time in this process: two 100,000-row files never hold memory at once. */
let queue: Promise<void> = Promise.resolve();
const running = new Set<Promise<void>>();

/** Resolves when every queued job of this process has finished (the app waits for it on close). */
export async function idle(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

export async function start(deps: Deps, principal: Principal, mode: ImportMode, upload: ImportUpload): Promise<AssetImportJob> {
  let id: string;
  try {
    await failStaleJobs(deps.db, principal.organisationId, formatMessage('IMPORT.INTERRUPTED'));
    id = await insertJob(deps.db, {
      organisationId: principal.organisationId,
      createdBy: principal.userId,
      mode,
      fileName: upload.fileName,
    });
  } catch (error) {
    await unlink(upload.path).catch(() => {});
    throw error;
  }
  const task = queue.then(() => runJob(deps, principal, mode, upload, id));
  queue = task;
  running.add(task);
  void task.finally(() => running.delete(task));
  return get(deps.db, principal, id);
}

/** Jobs not heard of for this long were left by a process that stopped (a running job saves progress every few seconds). */
const STALE_MS = 60 * 60 * 1000;

export async function get(db: Db, principal: Principal, id: string): Promise<AssetImportJob> {
  let row = await findJob(db, principal.organisationId, id, IMPORT_ERRORS_IN_JOB);
  if (!row) throw notFound('import');
  // A poll is a read; only a job that looks abandoned costs a write.
  if (UNFINISHED.includes(row.status as ImportStatus) && Date.now() - row.updatedAt.getTime() > STALE_MS) {
    await failStaleJobs(db, principal.organisationId, formatMessage('IMPORT.INTERRUPTED'));
    row = (await findJob(db, principal.organisationId, id, IMPORT_ERRORS_IN_JOB))!;
  }
  return toJob(row);
}

export async function list(db: Db, principal: Principal, query: ImportListQuery) {
  await failStaleJobs(db, principal.organisationId, formatMessage('IMPORT.INTERRUPTED'));
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

/** A CSV cell, quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function toJob(row: JobRow): AssetImportJob {
  return {
    _id: row.id,
    mode: row.mode as ImportMode,
    fileName: row.fileName,
    status: row.status as ImportStatus,
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

// ---------------------------------------------------------------------------------------------
// The template.

/** What each column takes, for the template's Instructions sheet. */
const COLUMN_NOTES: Record<ImportColumn, string> = {
  assetID:
    'Your code for the asset (letters, digits and - _ . /, at most 40). Add: leave blank to get a generated one (AS-000001). Update: required, the asset to change.',
  name: 'Required on add, 2 to 150 characters.',
  clusterID: 'The code of one of your clusters (see Asset > View Cluster), or blank.',
  locationID: 'At most 60 characters.',
  locationName: 'At most 150 characters.',
  category: 'Required on add: the name of a category, as on the add-asset form.',
  subCategory: 'The name of a sub-category of that category, or blank.',
  brand: 'At most 100 characters.',
  model: 'At most 100 characters.',
  serialNumber: 'At most 100 characters.',
  installationDate: 'A date: YYYY-MM-DD (e.g. 2024-01-15) or a spreadsheet date.',
  warrantyExpiry: 'A date, not before the installation date.',
  status: 'Active, Faulty or Under maintenance. Add: blank means Active.',
  purchaseCost: 'In naira, with at most 2 decimals (e.g. 1250000.50).',
  description: 'At most 2000 characters.',
};

const DATE_COLUMNS = new Set<ImportColumn>(['installationDate', 'warrantyExpiry']);
const TEXT_COLUMNS = new Set<ImportColumn>(['assetID', 'clusterID', 'locationID', 'serialNumber']);

export async function template(db: Db, principal: Principal, query: ImportTemplateQuery) {
  const example = query.mode === 'add' ? await templateExample(db, principal.organisationId) : undefined;
  const exampleRow: Record<ImportColumn, string | number | Date> | undefined = example && {
    assetID: '',
    name: 'Main generator',
    clusterID: example.clusterCode ?? '',
    locationID: 'LOC-001',
    locationName: 'Plant room',
    category: example.category ?? '',
    subCategory: example.subCategory ?? '',
    brand: 'Perkins',
    model: '4006-23',
    serialNumber: 'SN-12345',
    installationDate: new Date(Date.UTC(2024, 0, 15)),
    warrantyExpiry: new Date(Date.UTC(2027, 0, 14)),
    status: 'Active',
    purchaseCost: 1250000.5,
    description: '500 kVA standby generator',
  };
  const baseName = `asset-bulk-${query.mode}-template`;
  if (query.format === 'csv') {
    const lines = [IMPORT_COLUMNS.join(',')];
    if (exampleRow) {
      const cells = IMPORT_COLUMNS.map((column) => {
        const value = exampleRow[column];
        if (value instanceof Date) return isoDate(value);
        return csvCell(column === 'purchaseCost' ? '1250000.50' : String(value));
      });
      lines.push(cells.join(','));
    }
    // A byte-order mark, so spreadsheets open the file as UTF-8.
    return { fileName: `${baseName}.csv`, contentType: 'text/csv; charset=utf-8', body: `\uFEFF${lines.join('\r\n')}\r\n` };
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'AMP';
  const sheet = workbook.addWorksheet('Assets', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = IMPORT_COLUMNS.map((column) => ({
    header: column,
    key: column,
    width: Math.max(14, column.length + 4),
    style: DATE_COLUMNS.has(column)
      ? { numFmt: 'yyyy-mm-dd' }
      : column === 'purchaseCost'
        ? { numFmt: '#,##0.00' }
        : TEXT_COLUMNS.has(column)
          ? { numFmt: '@' }
          : {},
  }));
  sheet.getRow(1).font = { bold: true };
  if (exampleRow) sheet.addRow(exampleRow);
  const notes = workbook.addWorksheet('Instructions');
  notes.columns = [
    { header: 'Column', key: 'column', width: 20 },
    { header: 'Required', key: 'required', width: 12 },
    { header: 'What to enter', key: 'note', width: 110 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const column of IMPORT_COLUMNS) {
    const required = IMPORT_REQUIRED_COLUMNS[query.mode].includes(column) ? 'Yes' : 'No';
    notes.addRow({ column, required, note: COLUMN_NOTES[column] });
  }
  notes.addRow({});
  notes.addRow({
    note:
      query.mode === 'add'
        ? 'Each row of the Assets sheet becomes a new asset. If any row has an error, nothing is imported: fix the rows listed and upload again.'
        : 'Each row changes the asset with its assetID. An empty cell leaves that field unchanged, so fill only what should change. If any row has an error, nothing is changed.',
  });
  notes.addRow({ note: 'Only the first sheet (Assets) is read. Headers are matched without regard to case.' });
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { fileName: `${baseName}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body };
}

// ---------------------------------------------------------------------------------------------
// Running a job.

async function runJob(deps: Deps, principal: Principal, mode: ImportMode, upload: ImportUpload, id: string): Promise<void> {
  const run = new ImportRun(deps.db, principal, mode, upload, id);
  try {
    await run.execute();
  } catch (error) {
    const known = error instanceof JobFailure;
    if (!known) console.error(`asset import ${id} failed:`, error);
    const failureMessage = known ? error.message : formatMessage(isUniqueViolation(error) ? 'ERROR.CONFLICT' : 'ERROR.INTERNAL');
    await updateJob(deps.db, id, { status: 'failed', failureMessage, finished: true }).catch((e: unknown) =>
      console.error(`asset import ${id}: could not record the failure:`, e),
    );
  } finally {
    await unlink(upload.path).catch(() => {});
  }
}

class ImportRun {
  private readonly errors: RowError[] = [];
  private errorCount = 0;
  private readonly rows: ParsedRow[] = [];
  /** Typed assetIDs (lower-case) and the row each first appears on. */
  private readonly codes = new Map<string, number>();
  private lookups!: Lookups;
  private readonly columns = new Map<ImportColumn, number>();
  /** Each column's cell index in a row, -1 when the file lacks the column. */
  private readonly index = Object.fromEntries(IMPORT_COLUMNS.map((column) => [column, -1])) as Record<ImportColumn, number>;
  /** The columns of the current row that already have an error (a bit per column). */
  private rowFailed = 0;
  /** Which cells of a row have a column (a value under a blank header cell has none). */
  private mappedCells: boolean[] = [];
  private dataRows = 0;

  constructor(
    private readonly db: Db,
    private readonly principal: Principal,
    private readonly mode: ImportMode,
    private readonly upload: ImportUpload,
    private readonly id: string,
  ) {}

  async execute() {
    this.lookups = await this.loadLookups();
    if (this.upload.kind === 'csv') {
      // The header is not a data row.
      const estimate = Math.max(0, (await countCsvLines(this.upload.path)) - 1);
      await updateJob(this.db, this.id, { totalRows: estimate });
    }
    await this.read();
    await updateJob(this.db, this.id, { status: 'validating', totalRows: this.dataRows, processedRows: this.dataRows });
    // Every row is checked, so one upload lists every problem of the file. A header that cannot
    // be read leaves no rows to check.
    if (this.mode === 'add') await this.checkTakenCodes();
    else await this.matchAssets();
    if (this.errorCount > 0) {
      await this.fail();
      return;
    }
    await updateJob(this.db, this.id, { status: 'writing' });
    await this.write();
  }

  private async loadLookups(): Promise<Lookups> {
    const clusters = new Map<string, string>();
    for (const cluster of await clusterCodes(this.db, this.principal.organisationId)) clusters.set(cluster.code.toLowerCase(), cluster.id);
    const lookups: Lookups = {
      clusters,
      categories: new Map(),
      subCategories: new Map(),
      subCategoryNames: new Set(),
      parentOf: new Map(),
    };
    for (const category of await allCategories(this.db)) {
      const name = category.name.trim().toLowerCase();
      lookups.parentOf.set(category.id, category.parentId);
      if (category.parentId === null) lookups.categories.set(name, category.id);
      else {
        lookups.subCategories.set(`${category.parentId}|${name}`, category.id);
        lookups.subCategoryNames.add(name);
      }
    }
    return lookups;
  }

  private addError(row: number, column: string, key: MessageKey, params: MessageParams = {}) {
    this.errorCount++;
    if (this.errors.length >= ERRORS_IN_MEMORY) return;
    const index = IMPORT_COLUMNS.indexOf(column as ImportColumn);
    this.errors.push({ row, column, key, params, order: index === -1 ? IMPORT_COLUMNS.length : index });
  }

  // --- reading ---------------------------------------------------------------------------------

  private async read() {
    const source: AsyncGenerator<SheetRow> =
      this.upload.kind === 'csv' ? readCsvRows(this.upload.path, this.upload.delimiter) : readXlsxRows(this.upload.path);
    let header = false;
    try {
      for await (const { number, cells } of source) {
        if (isBlankRow(cells)) continue;
        if (!header) {
          header = true;
          // A header without the columns it needs makes every row wrong: report the header alone.
          if (!this.readHeader(number, cells)) return;
          continue;
        }
        this.dataRows++;
        if (this.dataRows > IMPORT_MAX_ROWS) {
          this.dataRows--;
          this.addError(number, '', 'IMPORT.TOO_MANY_ROWS', { max: IMPORT_MAX_ROWS });
          return;
        }
        this.readRow(number, cells);
        if (this.dataRows % PROGRESS_EVERY === 0) await updateJob(this.db, this.id, { processedRows: this.dataRows });
      }
    } catch (error) {
      // A malformed CSV (an unclosed quote) or a broken XLSX: the file as a whole is unreadable.
      if (isParseError(error)) throw new JobFailure('IMPORT.UNREADABLE');
      throw error;
    } finally {
      await source.return(undefined);
    }
    if (!header || this.dataRows === 0) this.addError(header ? 2 : 1, '', 'IMPORT.EMPTY_FILE');
  }

  /** Maps the header's cells to columns; false when the file cannot be read row by row. */
  private readHeader(number: number, cells: Cell[]): boolean {
    let ok = true;
    cells.forEach((cell, index) => {
      const text = cellText(cell);
      if (text === null) return;
      const column = importColumnOf(text);
      if (!column) {
        this.addError(number, text, 'IMPORT.UNKNOWN_COLUMN', { column: text });
        ok = false;
      } else if (this.columns.has(column)) {
        this.addError(number, column, 'IMPORT.DUPLICATE_COLUMN', { column });
        ok = false;
      } else this.columns.set(column, index);
    });
    this.mappedCells = cells.map((_, index) => [...this.columns.values()].includes(index));
    for (const [column, index] of this.columns) this.index[column] = index;
    for (const column of IMPORT_REQUIRED_COLUMNS[this.mode]) {
      if (!this.columns.has(column)) {
        this.addError(number, column, 'IMPORT.MISSING_COLUMN', { column });
        ok = false;
      }
    }
    return ok;
  }

  /** A cell of the current row by column (null when the file has no such column). */
  private cell(cells: Cell[], column: ImportColumn): Cell {
    const index = this.index[column];
    return index < 0 ? null : (cells[index] ?? null);
  }

  private text(cells: Cell[], column: ImportColumn): string | null {
    return cellText(this.cell(cells, column));
  }

  /** An error in a cell of the current row; one per cell. */
  private rowError(row: number, column: ImportColumn, key: MessageKey, params: MessageParams = {}) {
    const bit = 1 << COLUMN_BITS[column];
    if (this.rowFailed & bit) return;
    this.rowFailed |= bit;
    this.addError(row, column, key, params);
  }

  private failed(column: ImportColumn): boolean {
    return (this.rowFailed & (1 << COLUMN_BITS[column])) !== 0;
  }

  private readRow(number: number, cells: Cell[]) {
    const before = this.errorCount;
    this.rowFailed = 0;
    // Values under a blank header cell, or past the header's last cell, belong to no column.
    if (cells.length > this.columns.size) {
      for (let index = 0; index < cells.length; index++) {
        if (!this.mappedCells[index] && cellText(cells[index] ?? null) !== null) {
          this.addError(number, columnLetter(index), 'IMPORT.NO_COLUMN_NAME');
        }
      }
    }
    const { lookups } = this;

    const code = this.text(cells, 'assetID');
    const clusterCode = this.text(cells, 'clusterID');
    let clusterId: string | undefined;
    if (clusterCode !== null) {
      clusterId = lookups.clusters.get(clusterCode.toLowerCase());
      if (!clusterId) this.rowError(number, 'clusterID', 'VALIDATION.NOT_FOUND', { field: COLUMN_LABELS.clusterID });
    }
    const categoryName = this.text(cells, 'category');
    let categoryId: string | undefined;
    if (categoryName !== null) {
      categoryId = lookups.categories.get(categoryName.toLowerCase());
      if (!categoryId) this.rowError(number, 'category', 'VALIDATION.NOT_FOUND', { field: COLUMN_LABELS.category });
    }
    const subCategoryName = this.text(cells, 'subCategory');
    let subCategoryId: string | undefined;
    // Without a category in the row, an update looks the sub-category up under the asset's own.
    const deferSubCategory = subCategoryName !== null && categoryName === null && this.mode === 'update';
    if (subCategoryName !== null && categoryId) {
      subCategoryId = lookups.subCategories.get(`${categoryId}|${subCategoryName.toLowerCase()}`);
      if (!subCategoryId) {
        if (lookups.subCategoryNames.has(subCategoryName.toLowerCase()))
          this.rowError(number, 'subCategory', 'VALIDATION.SUB_CATEGORY_MISMATCH');
        else this.rowError(number, 'subCategory', 'VALIDATION.NOT_FOUND', { field: COLUMN_LABELS.subCategory });
      }
    }
    const statusText = this.text(cells, 'status');
    const status = statusText === null ? undefined : (IMPORT_STATUS_VALUES[statusText.toLowerCase()] ?? statusText);
    const cost = this.cell(cells, 'purchaseCost');
    let purchaseCost = typeof cost === 'number' ? cost : (cellText(cost)?.replace(/^(₦|NGN)\s*/i, '') ?? undefined);
    // Commas may only group thousands: "12,5" (a decimal comma) must not become 125 naira.
    if (typeof purchaseCost === 'string' && purchaseCost.includes(',') && !THOUSANDS.test(purchaseCost.replace(/\s/g, ''))) {
      this.rowError(number, 'purchaseCost', 'VALIDATION.NOT_VALID', { field: COLUMN_LABELS.purchaseCost });
      purchaseCost = undefined;
    }

    // The schemas' input: an empty cell is an absent field (on update: left as it is).
    const input = {
      name: this.text(cells, 'name') ?? undefined,
      clusterId,
      locationID: this.text(cells, 'locationID') ?? undefined,
      locationName: this.text(cells, 'locationName') ?? undefined,
      categoryId,
      subCategoryId,
      brand: this.text(cells, 'brand') ?? undefined,
      model: this.text(cells, 'model') ?? undefined,
      serialNumber: this.text(cells, 'serialNumber') ?? undefined,
      installationDate: cellDate(this.cell(cells, 'installationDate')) ?? undefined,
      warrantyExpiry: cellDate(this.cell(cells, 'warrantyExpiry')) ?? undefined,
      status,
      purchaseCost,
      description: this.text(cells, 'description') ?? undefined,
    };

    let parsed: ParsedRow | undefined;
    if (this.mode === 'add') {
      const result = createSchema.safeParse({
        ...input,
        assetID: code ?? undefined,
        name: input.name ?? '',
        // Blank: "Category is required"; not found: already reported.
        categoryId: categoryId ?? (categoryName === null ? '' : PLACEHOLDER_ID),
      });
      if (!result.success) this.zodErrors(number, result.error.issues);
      else {
        const v = result.data;
        if (v.installationDate && v.warrantyExpiry && v.warrantyExpiry < v.installationDate) {
          this.rowError(number, 'warrantyExpiry', 'VALIDATION.DATE_ORDER', {
            field: COLUMN_LABELS.warrantyExpiry,
            other: COLUMN_LABELS.installationDate,
          });
        }
        parsed = {
          row: number,
          code: v.assetID || null,
          name: v.name,
          clusterId: v.clusterId ?? null,
          locationId: v.locationID || null,
          locationName: v.locationName || null,
          categoryId: v.categoryId,
          subCategoryId: v.subCategoryId ?? null,
          subCategoryName: null,
          brand: v.brand || null,
          model: v.model || null,
          serialNumber: v.serialNumber || null,
          installationDate: v.installationDate ?? null,
          warrantyExpiry: v.warrantyExpiry ?? null,
          status: v.status,
          purchaseCostKobo: v.purchaseCost ?? null,
          description: v.description || null,
          valid: true,
          assetId: null,
        };
      }
    } else {
      if (code === null) this.rowError(number, 'assetID', 'VALIDATION.REQUIRED', { field: COLUMN_LABELS.assetID });
      // An empty cell leaves the field as it is: only the filled ones are validated and written.
      const result = editSchema.safeParse({
        ...input,
        categoryId: categoryName === null ? undefined : (categoryId ?? PLACEHOLDER_ID),
      });
      if (!result.success) this.zodErrors(number, result.error.issues);
      const v: Partial<z.output<typeof editSchema>> = result.success ? result.data : {};
      if (v.installationDate && v.warrantyExpiry && v.warrantyExpiry < v.installationDate) {
        this.rowError(number, 'warrantyExpiry', 'VALIDATION.DATE_ORDER', {
          field: COLUMN_LABELS.warrantyExpiry,
          other: COLUMN_LABELS.installationDate,
        });
      }
      if (code !== null) {
        parsed = {
          row: number,
          code,
          name: v.name ?? null,
          clusterId: v.clusterId ?? null,
          locationId: v.locationID || null,
          locationName: v.locationName || null,
          categoryId: v.categoryId ?? null,
          subCategoryId: v.subCategoryId ?? null,
          subCategoryName: deferSubCategory ? subCategoryName : null,
          brand: v.brand || null,
          model: v.model || null,
          serialNumber: v.serialNumber || null,
          installationDate: v.installationDate ?? null,
          warrantyExpiry: v.warrantyExpiry ?? null,
          status: v.status ?? null,
          purchaseCostKobo: v.purchaseCost ?? null,
          description: v.description || null,
          valid: true,
          assetId: null,
        };
      }
    }

    // The same assetID twice in the file (case-insensitive, as the database compares them).
    if (code !== null && !this.failed('assetID')) {
      const key = code.toLowerCase();
      const first = this.codes.get(key);
      if (first !== undefined) this.rowError(number, 'assetID', 'IMPORT.DUPLICATE_IN_FILE', { field: COLUMN_LABELS.assetID, row: first });
      else this.codes.set(key, number);
    }

    if (!parsed) return;
    parsed.valid = this.errorCount === before;
    // An add with an error anywhere writes nothing, so its rows need not be kept; an update still
    // matches every row's assetID.
    if (this.mode === 'update' || this.errorCount === 0) this.rows.push(parsed);
    else this.rows.length = 0;
  }

  private zodErrors(row: number, issues: { path: PropertyKey[]; message: string }[]) {
    for (const issue of issues) {
      const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? 'name';
      if (this.failed(column)) continue;
      const { key, params } = decode(issue.message, column);
      this.rowError(row, column, key, params);
    }
  }

  // --- checks against the database ---------------------------------------------------------------

  /** Add: a typed assetID the organisation already uses is taken. */
  private async checkTakenCodes() {
    const codes = [...this.codes.keys()];
    for (let i = 0; i < codes.length; i += LOOKUP_BATCH) {
      for (const code of await takenCodes(this.db, this.principal.organisationId, codes.slice(i, i + LOOKUP_BATCH))) {
        this.addError(this.codes.get(code)!, 'assetID', 'VALIDATION.CODE_TAKEN', { field: COLUMN_LABELS.assetID });
      }
    }
  }

  /** Update: every row's assetID must be one of the organisation's assets; then the rules that need the asset. */
  private async matchAssets() {
    const { lookups } = this;
    for (let i = 0; i < this.rows.length; i += LOOKUP_BATCH) {
      const chunk = this.rows.slice(i, i + LOOKUP_BATCH);
      const found = await assetsByCode(
        this.db,
        this.principal.organisationId,
        chunk.map((row) => row.code!.toLowerCase()),
      );
      const byCode = new Map(found.map((asset) => [asset.code, asset]));
      for (const row of chunk) {
        const current = byCode.get(row.code!.toLowerCase());
        if (!current) {
          this.addError(row.row, 'assetID', 'VALIDATION.NOT_FOUND', { field: COLUMN_LABELS.assetID });
          continue;
        }
        row.assetId = current.id;
        if (!row.valid) continue;
        if (row.status !== null && row.status !== current.status && current.status === 'decommissioned') {
          this.addError(row.row, 'status', 'ASSET.DECOMMISSIONED_STATUS');
        }
        const categoryId = row.categoryId ?? current.categoryId;
        if (row.subCategoryName !== null) {
          const name = row.subCategoryName.toLowerCase();
          const id = lookups.subCategories.get(`${categoryId}|${name}`);
          if (id) row.subCategoryId = id;
          else if (lookups.subCategoryNames.has(name)) this.addError(row.row, 'subCategory', 'VALIDATION.SUB_CATEGORY_MISMATCH');
          else this.addError(row.row, 'subCategory', 'VALIDATION.NOT_FOUND', { field: COLUMN_LABELS.subCategory });
        } else if (row.categoryId !== null && row.subCategoryId === null && current.subCategoryId) {
          // A new category keeps the asset's sub-category only if it belongs to it (as a single edit).
          if (lookups.parentOf.get(current.subCategoryId) !== row.categoryId) {
            this.addError(row.row, 'subCategory', 'VALIDATION.SUB_CATEGORY_MISMATCH');
          }
        }
        const installationDate = row.installationDate ?? current.installationDate;
        const warrantyExpiry = row.warrantyExpiry ?? current.warrantyExpiry;
        if (installationDate && warrantyExpiry && warrantyExpiry < installationDate) {
          this.addError(row.row, row.warrantyExpiry ? 'warrantyExpiry' : 'installationDate', 'VALIDATION.DATE_ORDER', {
            field: COLUMN_LABELS.warrantyExpiry,
            other: COLUMN_LABELS.installationDate,
          });
        }
      }
    }
  }

  /** Stores the first errors (by row, then column), their count, and the failure; nothing was written. */
  private async fail() {
    const stored: ImportError[] = this.errors
      .sort((a, b) => a.row - b.row || a.order - b.order)
      .slice(0, IMPORT_MAX_STORED_ERRORS)
      .map(({ row, column, key, params }) => ({ row, column, message: formatMessage(key, params), key, params }));
    this.rows.length = 0;
    await updateJob(this.db, this.id, { status: 'failed', errorCount: this.errorCount, errors: stored, finished: true });
  }

  // --- writing ---------------------------------------------------------------------------------

  private async write() {
    const { organisationId, userId } = this.principal;
    const rows = this.rows;
    await this.db.transaction(async (tx) => {
      if (this.mode === 'add') {
        const blanks = rows.filter((row) => row.code === null).length;
        const generated = blanks > 0 ? await this.generateCodes(tx, blanks) : [];
        let next = 0;
        for (const row of rows) if (row.code === null) row.code = generated[next++]!;
        for (let i = 0; i < rows.length; i += WRITE_BATCH) {
          await insertAssetBatch(tx, organisationId, userId, toBatch(rows.slice(i, i + WRITE_BATCH)), i);
        }
      } else {
        for (let i = 0; i < rows.length; i += WRITE_BATCH) {
          const chunk = rows.slice(i, i + WRITE_BATCH);
          const updated = await updateAssetBatch(
            tx,
            organisationId,
            chunk.map((row) => row.assetId!),
            toBatch(chunk),
          );
          // An asset decommissioned since the check: the file no longer applies as a whole.
          if (updated !== chunk.length) throw new JobFailure('ERROR.CONFLICT');
        }
      }
      const noun = rows.length === 1 ? 'asset' : 'assets';
      await recordActivity(tx, {
        organisationId,
        userId,
        action: this.mode === 'add' ? 'asset.bulk_added' : 'asset.bulk_updated',
        description: `${this.mode === 'add' ? 'Added' : 'Updated'} ${rows.length} ${noun} from the file ${this.upload.fileName}`,
        subjectType: 'asset_import',
        subjectId: this.id,
      });
      // In the same transaction: a job is never "succeeded" without its rows, nor the reverse.
      await updateJob(tx, this.id, { status: 'succeeded', writtenRows: rows.length, processedRows: rows.length, finished: true });
    });
  }

  /**
   * Generated codes (AS-000001, ...) for the rows without one: a range reserved in one statement,
   * skipping codes typed in the file or already held by the organisation's assets.
   */
  private async generateCodes(tx: Db, count: number): Promise<string[]> {
    const codes: string[] = [];
    while (codes.length < count) {
      const need = count - codes.length;
      const last = await reserveAssetCodeNumbers(tx, this.principal.organisationId, need);
      const candidates: string[] = [];
      for (let n = last - need + 1; n <= last; n++) {
        const code = formatCode(ASSET_CODE_PREFIX, n);
        if (!this.codes.has(code.toLowerCase())) candidates.push(code);
      }
      const taken = new Set<string>();
      for (let i = 0; i < candidates.length; i += LOOKUP_BATCH) {
        const chunk = candidates.slice(i, i + LOOKUP_BATCH).map((code) => code.toLowerCase());
        for (const code of await takenCodes(tx, this.principal.organisationId, chunk)) taken.add(code);
      }
      for (const code of candidates) if (!taken.has(code.toLowerCase())) codes.push(code);
    }
    return codes;
  }
}

function toBatch(rows: ParsedRow[]): AssetBatch {
  const batch: AssetBatch = {
    assetCode: [],
    name: [],
    clusterId: [],
    locationId: [],
    locationName: [],
    categoryId: [],
    subCategoryId: [],
    brand: [],
    model: [],
    serialNumber: [],
    installationDate: [],
    warrantyExpiry: [],
    status: [],
    purchaseCostKobo: [],
    description: [],
  };
  for (const row of rows) {
    batch.assetCode.push(row.code!);
    batch.name.push(row.name);
    batch.clusterId.push(row.clusterId);
    batch.locationId.push(row.locationId);
    batch.locationName.push(row.locationName);
    batch.categoryId.push(row.categoryId);
    batch.subCategoryId.push(row.subCategoryId);
    batch.brand.push(row.brand);
    batch.model.push(row.model);
    batch.serialNumber.push(row.serialNumber);
    batch.installationDate.push(row.installationDate);
    batch.warrantyExpiry.push(row.warrantyExpiry);
    batch.status.push(row.status);
    batch.purchaseCostKobo.push(row.purchaseCostKobo);
    batch.description.push(row.description);
  }
  return batch;
}

// ---------------------------------------------------------------------------------------------
// Cells.

function isBlankRow(cells: Cell[]): boolean {
  return cells.every((cell) => cellText(cell) === null);
}

/** A cell as trimmed text, or null when blank: numbers as written, dates as YYYY-MM-DD. */
export function cellText(cell: Cell): string | null {
  if (cell === null) return null;
  if (typeof cell === 'number') return String(cell);
  if (cell instanceof Date) return isoDate(cell);
  const text = cell.trim();
  return text === '' ? null : text;
}

/** A date cell: a real spreadsheet date, a date serial number, or text (validated as YYYY-MM-DD). */
function cellDate(cell: Cell): string | null {
  if (cell instanceof Date) return isoDate(cell);
  // Excel's day numbers (1 = 1900-01-01) in a cell without a date format.
  if (typeof cell === 'number' && cell >= 1 && cell < 2_958_466)
    return isoDate(new Date(Date.UTC(1899, 11, 30) + Math.floor(cell) * 86_400_000));
  return cellText(cell);
}

/** Spreadsheet dates carry no zone: ExcelJS reads them as UTC midnight. */
function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A, B, ..., Z, AA, ...: how a spreadsheet names the column at `index` (0-based). */
export function columnLetter(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function isParseError(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  if (typeof code === 'string' && code.startsWith('CSV_')) return true;
  // ExcelJS and its zip reader: not a workbook, a damaged archive, a missing part.
  return /zip|central directory|end of data|invalid signature|workbook|worksheet|sax|unexpected/i.test(message ?? '');
}
