import {
  IMPORT_MAX_ROWS,
  IMPORT_MAX_STORED_ERRORS,
  type ImportError,
  type ImportMode,
  type ImportSubject,
} from '@amp/contracts/asset-import';
import { formatMessage, type MessageKey, type MessageParams, type Translate } from '@amp/contracts/messages';
import type { Db } from '../../db/client.js';
import {
  type Cell,
  cellText,
  columnLetter,
  countCsvLines,
  type ImportFileKind,
  isBlankRow,
  readSheet,
  type SheetRow,
  SlowSheetError,
  UnreadableSheetError,
} from './asset-import.parser.js';
import { updateJob } from './asset-import.repository.js';

/**
 * Reading and checking an import file, whatever it holds (issue 3; pricebooks, issue 9): the rows
 * are streamed from the file, the header is matched to the subject's columns, and each row is
 * handed to the subject's checker (asset-import.assets.ts, asset-import.pricebook.ts), which
 * validates it with the single create schema of its records and reports errors by row and column.
 * The outcome is either every valid row, ready to be written, or every error (row, column,
 * catalogue message), the first ones kept. Progress is saved on the import as it goes.
 */

/** The import file on local disk, with what its first bytes told. */
export interface ImportFile {
  path: string;
  kind: ImportFileKind;
  /** CSV only. */
  delimiter: string;
  /** How long reading and checking its rows may take (config IMPORT_MAX_SECONDS). */
  readLimitMs: number;
}

/** The import being run. */
export interface ImportTarget {
  id: string;
  organisationId: string;
  subject: ImportSubject;
  mode: ImportMode;
  /** The author: the records' creator. */
  createdBy: string | null;
  /** The warehouse an inventory import fills (null for the other subjects). */
  warehouseId: string | null;
  fileName: string;
}

/** A failure of the whole import with a catalogue message (nothing is written). */
export class ImportFailure extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params?: MessageParams,
  ) {
    super(formatMessage(key, params));
  }
}

export type CheckOutcome =
  /**
   * Every row is valid: `rows` of them, written by `write` inside the import's transaction, which
   * answers how many records it added or changed; `params` join the activity's and the
   * notification's (an inventory import names its warehouse).
   */
  | { ok: true; rows: number; write(tx: Db): Promise<number>; params?: MessageParams }
  /** The first errors (by row, then column) and how many there are; nothing may be written. */
  | { ok: false; errors: ImportError[]; errorCount: number };

/** Progress is saved every this many rows, for the web's progress bar. */
const PROGRESS_EVERY = 2_000;
/** Errors kept while reading; a file with more is hopeless anyway, the count goes on. */
const ERRORS_IN_MEMORY = 200_000;

interface Message {
  key: MessageKey;
  params: MessageParams;
}

// A subject's create schema is built with this translator, which keeps the catalogue key and
// parameters of each message (decoded below), so an error is stored with its English text and its
// key for the web.
export const encodeMessage: Translate = (key, params) => JSON.stringify([key, params ?? {}]);

const decoded = new Map<string, Message>();
/** A message of a schema built with `encodeMessage`; `field` names the value when zod made the message itself. */
function decodeMessage(message: string, field: string): Message {
  let found = decoded.get(message);
  if (!found) {
    try {
      const [key, params] = JSON.parse(message) as [MessageKey, MessageParams];
      found = { key, params };
    } catch {
      // A message zod made itself: say the value is not valid.
      return { key: 'VALIDATION.NOT_VALID', params: { field } };
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

/** An amount whose commas group thousands: 1,250,000.50. */
const THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;

/**
 * A naira cell as the create schemas take it: a number as it is, text without a leading ₦ or NGN;
 * 'invalid' when its commas do not group thousands ("12,5", a decimal comma, must not become 125
 * naira); undefined when blank.
 */
function nairaCell(cell: Cell): string | number | 'invalid' | undefined {
  if (typeof cell === 'number') return cell;
  const text = cellText(cell)?.replace(/^(₦|NGN)\s*/i, '');
  if (text === undefined) return undefined;
  if (text.includes(',') && !THOUSANDS.test(text.replace(/\s/g, ''))) return 'invalid';
  return text;
}

/** A subject's file: its columns in the template's order, the column a header cell names, the columns it must have. */
export interface ImportColumns<Column extends string> {
  all: readonly Column[];
  of(header: string): Column | undefined;
  required(mode: ImportMode): readonly Column[];
}

/** A text cell as an export wrote it: the CSV export guards a leading = + - @ with an apostrophe (lib/spreadsheet.ts csvCell). */
const unguarded = (text: string | null) => (text !== null && /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

/**
 * One run over one file. A subject extends it with its columns and its checks: `readRow` for each
 * data row (the cells through `cell` and `text`, errors through `rowError`), `checkAgainstDatabase`
 * once every row is read, and `checked` for the outcome of a clean file.
 */
export abstract class ImportRun<Column extends string> {
  private readonly errors: RowError[] = [];
  private found = 0;
  private readonly columnIndex = new Map<Column, number>();
  /** Each column's cell index in a row, -1 when the file lacks the column. */
  private readonly index: Record<string, number>;
  /** Each column's bit in `rowFailed`, and its place in a row's errors. */
  private readonly bits: Map<string, number>;
  /** The columns of the current row that already have an error (a bit per column). */
  private rowFailed = 0;
  /** The error count when the current row began. */
  private rowStart = 0;
  /** Which cells of a row have a column (a value under a blank header cell has none). */
  private mappedCells: boolean[] = [];
  private dataRows = 0;

  protected readonly organisationId: string;
  protected readonly mode: ImportMode;
  private readonly id: string;

  constructor(
    protected readonly db: Db,
    protected readonly target: ImportTarget,
    private readonly file: ImportFile,
    /** The subject's columns (a row's errors are listed in their order). */
    private readonly columns: ImportColumns<Column>,
  ) {
    this.organisationId = target.organisationId;
    this.mode = target.mode;
    this.id = target.id;
    this.index = Object.fromEntries(columns.all.map((column) => [column, -1]));
    this.bits = new Map(columns.all.map((column, bit) => [column, bit]));
  }

  /** Loads what rows are checked against, before the first one is read. */
  protected abstract prepare(): Promise<void>;
  /** Checks one data row (its unnamed cells are reported already). */
  protected abstract readRow(number: number, cells: Cell[]): void;
  /** The checks that need every row, against the database, once the file has been read. */
  protected abstract checkAgainstDatabase(): Promise<void>;
  /** The outcome of a file without errors. */
  protected abstract checked(): CheckOutcome;

  async execute(): Promise<CheckOutcome> {
    await this.prepare();
    if (this.file.kind === 'csv') {
      // The header is not a data row.
      const estimate = Math.max(0, (await countCsvLines(this.file.path)) - 1);
      await updateJob(this.db, this.id, { totalRows: estimate });
    }
    await this.read();
    await updateJob(this.db, this.id, { status: 'validating', totalRows: this.dataRows, processedRows: this.dataRows });
    // Every row is checked, so one upload lists every problem of the file. A header that cannot
    // be read leaves no rows to check.
    await this.checkAgainstDatabase();
    if (this.errorCount > 0) return this.failure();
    return this.checked();
  }

  /** Errors found so far. */
  protected get errorCount(): number {
    return this.found;
  }

  /** Whether the current row has an error (its unnamed cells included). */
  protected get rowHasErrors(): boolean {
    return this.found !== this.rowStart;
  }

  /** Whether the file has the column. */
  protected hasColumn(column: Column): boolean {
    return this.columnIndex.has(column);
  }

  /** An error anywhere: `column` is one of the subject's, a header cell, a column letter, or '' for the file. */
  protected addError(row: number, column: string, key: MessageKey, params: MessageParams = {}) {
    this.found++;
    if (this.errors.length >= ERRORS_IN_MEMORY) return;
    this.errors.push({ row, column, key, params, order: this.bits.get(column) ?? this.columns.all.length });
  }

  // --- reading ---------------------------------------------------------------------------------

  private async read() {
    const source: AsyncGenerator<SheetRow> = readSheet(this.file.path, this.file.kind, this.file.delimiter, this.file.readLimitMs);
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
        this.startRow(number, cells);
        this.readRow(number, cells);
        if (this.dataRows % PROGRESS_EVERY === 0) await updateJob(this.db, this.id, { processedRows: this.dataRows });
      }
    } catch (error) {
      // A malformed CSV (an unclosed quote) or a broken XLSX: the file as a whole is unreadable,
      // and stays so, so it is never tried again; likewise a file that takes too long to read.
      if (error instanceof UnreadableSheetError) throw new ImportFailure('IMPORT.UNREADABLE');
      if (error instanceof SlowSheetError) throw new ImportFailure('IMPORT.TOO_SLOW');
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
      const column = this.columns.of(text);
      if (!column) {
        this.addError(number, text, 'IMPORT.UNKNOWN_COLUMN', { column: text });
        ok = false;
      } else if (this.columnIndex.has(column)) {
        this.addError(number, column, 'IMPORT.DUPLICATE_COLUMN', { column });
        ok = false;
      } else this.columnIndex.set(column, index);
    });
    const mapped = new Set(this.columnIndex.values());
    this.mappedCells = cells.map((_, index) => mapped.has(index));
    for (const [column, index] of this.columnIndex) this.index[column] = index;
    for (const column of this.columns.required(this.mode)) {
      if (!this.columnIndex.has(column)) {
        this.addError(number, column, 'IMPORT.MISSING_COLUMN', { column });
        ok = false;
      }
    }
    return ok;
  }

  /** A new row: no cell has an error yet; values under a blank header cell, or past its last cell, belong to no column. */
  private startRow(number: number, cells: Cell[]) {
    this.rowStart = this.found;
    this.rowFailed = 0;
    if (cells.length > this.columnIndex.size) {
      for (let index = 0; index < cells.length; index++) {
        if (!this.mappedCells[index] && cellText(cells[index] ?? null) !== null) {
          this.addError(number, columnLetter(index), 'IMPORT.NO_COLUMN_NAME');
        }
      }
    }
  }

  /** A cell of the current row by column (null when the file has no such column). */
  protected cell(cells: Cell[], column: Column): Cell {
    const index = this.index[column]!;
    return index < 0 ? null : (cells[index] ?? null);
  }

  protected text(cells: Cell[], column: Column): string | null {
    return cellText(this.cell(cells, column));
  }

  /** A text cell of a file exported by the app and changed: its formula guard taken off again. */
  protected exportedText(cells: Cell[], column: Column): string | null {
    return unguarded(this.text(cells, column));
  }

  /** A naira cell (nairaCell); one whose commas do not group thousands is an error on its cell, and read as blank. */
  protected naira(row: number, cells: Cell[], column: Column, label: string): string | number | undefined {
    const value = nairaCell(this.cell(cells, column));
    if (value !== 'invalid') return value;
    this.rowError(row, column, 'VALIDATION.NOT_VALID', { field: label });
    return undefined;
  }

  /** An error in a cell of the current row; one per cell. */
  protected rowError(row: number, column: Column, key: MessageKey, params: MessageParams = {}) {
    const bit = 1 << this.bits.get(column)!;
    if (this.rowFailed & bit) return;
    this.rowFailed |= bit;
    this.addError(row, column, key, params);
  }

  /** The same `key` twice in the file (`seen`: each key's first row): the later row is wrong on `column`. */
  protected checkUnique(seen: Map<string, number>, key: string, row: number, column: Column, label: string) {
    const first = seen.get(key);
    if (first !== undefined) this.rowError(row, column, 'IMPORT.DUPLICATE_IN_FILE', { field: label, row: first });
    else seen.set(key, row);
  }

  /** Whether the file has no error so far; a file with an error anywhere writes nothing, so the rows `kept` are dropped. */
  protected cleanSoFar(kept: unknown[]): boolean {
    if (this.errorCount === 0) return true;
    kept.length = 0;
    return false;
  }

  /** Whether a cell of the current row has an error. */
  protected failed(column: Column): boolean {
    return (this.rowFailed & (1 << this.bits.get(column)!)) !== 0;
  }

  /**
   * A create schema's errors (built with `encodeMessage`) on the cells of the current row, where
   * `columnOfField` places each field; `label` names a column whose message zod made itself.
   */
  protected zodErrors(
    row: number,
    issues: { path: PropertyKey[]; message: string }[],
    columnOfField: (field: string) => Column,
    label: (column: Column) => string,
  ) {
    for (const issue of issues) {
      const column = columnOfField(String(issue.path[0]));
      if (this.failed(column)) continue;
      const { key, params } = decodeMessage(issue.message, label(column));
      this.rowError(row, column, key, params);
    }
  }

  /** The first errors (by row, then column) and their count; nothing may be written. */
  private failure(): CheckOutcome {
    const errors: ImportError[] = this.errors
      .sort((a, b) => a.row - b.row || a.order - b.order)
      .slice(0, IMPORT_MAX_STORED_ERRORS)
      .map(({ row, column, key, params }) => ({ row, column, message: formatMessage(key, params), key, params }));
    return { ok: false, errors, errorCount: this.errorCount };
  }
}
