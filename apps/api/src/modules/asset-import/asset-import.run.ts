import { makeAssetCreateSchema, makeAssetEditSchema } from '@amp/contracts/asset';
import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MAX_STORED_ERRORS,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_STATUS_VALUES,
  type ImportColumn,
  type ImportError,
  type ImportMode,
  importColumnOf,
} from '@amp/contracts/asset-import';
import { formatMessage, type MessageKey, type MessageParams, type Translate } from '@amp/contracts/messages';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { type AssetChange, type AssetRuleViolation, assetRuleViolations, dateOrderViolation } from '../asset/asset.public.js';
import {
  type Cell,
  cellDate,
  cellText,
  columnLetter,
  countCsvLines,
  type ImportFileKind,
  isBlankRow,
  isParseError,
  readCsvRows,
  readXlsxRows,
  type SheetRow,
} from './asset-import.parser.js';
import { allCategories, assetsByCode, clusterCodes, takenCodes, updateJob } from './asset-import.repository.js';

/**
 * Reading and checking an import file (issue 3): the rows are streamed from the file and each is
 * validated with the single create/edit schema and the asset rules (asset.rules.ts) the single
 * create and edit keep too, then against the database (the organisation's clusters, the category
 * tree, unique assetIDs, the assets an update changes). The outcome is either every valid row,
 * ready to be written, or every error (row, column, catalogue message).
 */

/** The import file on local disk, with what its first bytes told. */
export interface ImportFile {
  path: string;
  kind: ImportFileKind;
  /** CSV only. */
  delimiter: string;
}

/** The import being run. */
export interface ImportTarget {
  id: string;
  organisationId: string;
  mode: ImportMode;
}

/** A failure of the whole import with a catalogue message (nothing is written). */
export class ImportFailure extends Error {
  constructor(readonly key: MessageKey) {
    super(formatMessage(key));
  }
}

/** A validated row, kept compact until it is written (one object of one shape per row, no per-cell objects). */
export interface ParsedRow {
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

export type RunOutcome =
  /** Every row is valid. `typedCodes`: the assetIDs typed in the file (lower-case), which generated codes skip. */
  | { ok: true; rows: ParsedRow[]; typedCodes: ReadonlySet<string> }
  /** The first errors (by row, then column) and how many there are; nothing may be written. */
  | { ok: false; errors: ImportError[]; errorCount: number };

/** Reads and checks the file, saving the progress on the import as it goes. */
export async function runImport(db: Db, target: ImportTarget, file: ImportFile): Promise<RunOutcome> {
  return new ImportRun(db, target, file).execute();
}

/** Progress is saved every this many rows, for the web's progress bar. */
const PROGRESS_EVERY = 2_000;
/** Codes per look-up. */
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

/** An amount whose commas group thousands: 1,250,000.50. */
const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;

const COLUMN_BITS = Object.fromEntries(IMPORT_COLUMNS.map((column, index) => [column, index])) as Record<ImportColumn, number>;

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

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

  private readonly mode: ImportMode;
  private readonly organisationId: string;
  private readonly id: string;

  constructor(
    private readonly db: Db,
    target: ImportTarget,
    private readonly file: ImportFile,
  ) {
    this.mode = target.mode;
    this.organisationId = target.organisationId;
    this.id = target.id;
  }

  async execute(): Promise<RunOutcome> {
    this.lookups = await this.loadLookups();
    if (this.file.kind === 'csv') {
      // The header is not a data row.
      const estimate = Math.max(0, (await countCsvLines(this.file.path)) - 1);
      await updateJob(this.db, this.id, { totalRows: estimate });
    }
    await this.read();
    await updateJob(this.db, this.id, { status: 'validating', totalRows: this.dataRows, processedRows: this.dataRows });
    // Every row is checked, so one upload lists every problem of the file. A header that cannot
    // be read leaves no rows to check.
    if (this.mode === 'add') await this.checkTakenCodes();
    else await this.matchAssets();
    if (this.errorCount > 0) return this.failure();
    return { ok: true, rows: this.rows, typedCodes: new Set(this.codes.keys()) };
  }

  private async loadLookups(): Promise<Lookups> {
    const clusters = new Map<string, string>();
    for (const cluster of await clusterCodes(this.db, this.organisationId)) clusters.set(cluster.code.toLowerCase(), cluster.id);
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
      this.file.kind === 'csv' ? readCsvRows(this.file.path, this.file.delimiter) : readXlsxRows(this.file.path);
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
      if (isParseError(error)) throw new ImportFailure('IMPORT.UNREADABLE');
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
        // A category or sub-category not found by name is reported already (one error per cell).
        const change: AssetChange = {
          status: v.status,
          categoryId: v.categoryId,
          subCategoryId: v.subCategoryId ?? null,
          installationDate: v.installationDate ?? null,
          warrantyExpiry: v.warrantyExpiry ?? null,
        };
        for (const violation of assetRuleViolations(change, null, this.parentOf)) this.ruleError(number, violation, true);
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
      // The dates of the row itself; against the stored asset once it is matched.
      const dates = dateOrderViolation({ installationDate: v.installationDate, warrantyExpiry: v.warrantyExpiry }, null);
      if (dates) this.ruleError(number, dates, true);
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

  /** A broken asset rule, on the column of its field; `inRow`: while reading, one error per cell. */
  private ruleError(row: number, violation: AssetRuleViolation, inRow: boolean) {
    const column = COLUMN_OF_FIELD[violation.field] ?? 'name';
    if (inRow) this.rowError(row, column, violation.key, violation.params);
    else this.addError(row, column, violation.key, violation.params);
  }

  private readonly parentOf = (categoryId: string) => this.lookups.parentOf.get(categoryId);

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
      for (const code of await takenCodes(this.db, this.organisationId, codes.slice(i, i + LOOKUP_BATCH))) {
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
        this.organisationId,
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
        if (row.subCategoryName !== null) {
          // A sub-category named without a category is one of the asset's own category.
          const name = row.subCategoryName.toLowerCase();
          const id = lookups.subCategories.get(`${current.categoryId}|${name}`);
          if (id) row.subCategoryId = id;
          else if (lookups.subCategoryNames.has(name)) this.addError(row.row, 'subCategory', 'VALIDATION.SUB_CATEGORY_MISMATCH');
          else this.addError(row.row, 'subCategory', 'VALIDATION.NOT_FOUND', { field: COLUMN_LABELS.subCategory });
        }
        // The rules of a single edit, against the stored asset (an empty cell leaves a field as it is).
        const change: AssetChange = {
          status: row.status ?? undefined,
          categoryId: row.categoryId ?? undefined,
          subCategoryId: row.subCategoryId ?? undefined,
          installationDate: row.installationDate ?? undefined,
          warrantyExpiry: row.warrantyExpiry ?? undefined,
        };
        for (const violation of assetRuleViolations(change, current, this.parentOf)) this.ruleError(row.row, violation, false);
      }
    }
  }

  /** The first errors (by row, then column) and their count; nothing may be written. */
  private failure(): RunOutcome {
    const errors: ImportError[] = this.errors
      .sort((a, b) => a.row - b.row || a.order - b.order)
      .slice(0, IMPORT_MAX_STORED_ERRORS)
      .map(({ row, column, key, params }) => ({ row, column, message: formatMessage(key, params), key, params }));
    this.rows.length = 0;
    return { ok: false, errors, errorCount: this.errorCount };
  }
}
