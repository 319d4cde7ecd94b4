import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/**
 * Reading an uploaded import file row by row: CSV through csv-parse's stream, XLSX through
 * ExcelJS's streaming WorkbookReader, so a 50 MB file is never held in memory.
 */

export type ImportFileKind = 'csv' | 'xlsx';

/** A cell as the importer sees it: text, a number or a date (XLSX only), or nothing. */
export type Cell = string | number | Date | null;

export interface SheetRow {
  /** The row number as a spreadsheet shows it (the first line is row 1). */
  number: number;
  cells: Cell[];
}

/** How many leading bytes `detectKind` needs. */
export const SNIFF_BYTES = 4096;

/**
 * The kind of a file by its first bytes, whatever its name says: a zip container (XLSX) or
 * UTF-8 text without control characters (CSV). Anything else (images, PDFs, old .xls, UTF-16) is
 * not importable.
 */
export function detectKind(head: Buffer, complete: boolean): ImportFileKind | undefined {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'xlsx';
  for (const byte of head) {
    // Control characters other than tab, line feed, form feed and carriage return mean binary data.
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0c && byte !== 0x0d) return undefined;
    if (byte === 0x7f) return undefined;
  }
  // The sample may end inside a multi-byte character: allow up to three bytes to be cut off.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let cut = 0; cut <= (complete ? 0 : 3); cut++) {
    try {
      decoder.decode(head.subarray(0, head.length - cut));
      return 'csv';
    } catch {
      // try with fewer bytes
    }
  }
  return undefined;
}

/** The separator of a CSV file: the one of comma, semicolon and tab its first line holds most of, outside quotes. */
export function detectDelimiter(head: Buffer): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of head.toString('utf8')) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > counts.get(best)!) best = delimiter;
  return best;
}

/**
 * A quick estimate of a CSV file's lines (line breaks outside quotes), for the progress bar while
 * the rows are read; the exact count is known once they have been.
 */
export async function countCsvLines(path: string): Promise<number> {
  let lines = 0;
  let quoted = false;
  let last = 0x0a;
  for await (const chunk of createReadStream(path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x0a && !quoted) lines++;
    }
    if (chunk.length > 0) last = chunk[chunk.length - 1]!;
  }
  return last === 0x0a ? lines : lines + 1;
}

/** The rows of a CSV file, the header included, each numbered as a spreadsheet numbers it. */
async function* readCsvRows(input: Readable, delimiter: string): AsyncGenerator<SheetRow> {
  const parser = input.pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }),
  );
  // A failure of the file stream (an abort) ends the parser too.
  input.once('error', (error) => parser.destroy(error));
  let number = 0;
  for await (const record of parser as AsyncIterable<string[]>) {
    number++;
    yield { number, cells: record };
  }
}

/** The rows of the first worksheet of an XLSX file, the header included, with its own row numbers. */
async function* readXlsxRows(input: Readable): AsyncGenerator<SheetRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    // Styles tell dates from numbers.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const worksheet of workbook) {
    for await (const row of worksheet) {
      const values = row.values as unknown[];
      const cells: Cell[] = [];
      // row.values is 1-based and sparse.
      for (let i = 1; i < values.length; i++) cells.push(cellValue(values[i]));
      yield { number: row.number, cells };
    }
    // Only the first worksheet holds data; a template's "Instructions" sheet is not read.
    return;
  }
}

/** The file cannot be read as the spreadsheet it claims to be (a damaged zip, an unclosed quote, not a workbook). */
export class UnreadableSheetError extends Error {
  constructor(cause: unknown) {
    super('The file is not a readable spreadsheet', { cause });
  }
}

/** Reading the file took longer than its reader may take (a zip bomb, a pathological file). */
export class SlowSheetError extends Error {
  constructor(readonly limitMs: number) {
    super(`Reading the file took longer than ${limitMs} ms`);
  }
}

/** Errors of the machine, not of the file (the disk, memory): worth another attempt. */
const SYSTEM_ERROR_CODES = /^E[A-Z]+$/;

/**
 * The one way every import reads its file: the rows of a CSV or of the first worksheet of an XLSX
 * file, the header included. Whatever the reader itself throws is the file's fault
 * (UnreadableSheetError: ExcelJS and its zip reader throw plain errors such as FILE_ENDED, so no
 * message can be trusted to tell), except the machine's own errors (ENOENT, EIO...); the rows
 * stop with SlowSheetError once `limitMs` has passed, the file stream torn down. What the caller
 * does with a row (the database) is outside, so its errors pass through unchanged.
 */
export async function* readSheet(path: string, kind: ImportFileKind, delimiter: string, limitMs: number): AsyncGenerator<SheetRow> {
  const abort = new AbortController();
  const input = createReadStream(path, { highWaterMark: 1 << 16, signal: abort.signal });
  const rows = kind === 'csv' ? readCsvRows(input, delimiter) : readXlsxRows(input);
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new SlowSheetError(limitMs));
      abort.abort();
    }, limitMs);
  });
  // Nobody may be waiting on it when it fires.
  tooSlow.catch(() => {});
  let finished = false;
  try {
    for (;;) {
      let next: IteratorResult<SheetRow>;
      try {
        next = await Promise.race([rows.next(), tooSlow]);
      } catch (error) {
        if (error instanceof SlowSheetError) throw error;
        if (abort.signal.aborted) throw new SlowSheetError(limitMs);
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && SYSTEM_ERROR_CODES.test(code)) throw error;
        throw new UnreadableSheetError(error);
      }
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    clearTimeout(timer);
    abort.abort();
    // A reader cut off mid-row may never settle: it is not waited for.
    if (!finished) rows.return(undefined).catch(() => {});
  }
}

/** An ExcelJS cell value as a plain cell: rich text joined, formulas as their result, links as their text. */
function cellValue(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'object') {
    const object = value as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
    if (Array.isArray(object.richText)) return object.richText.map((part) => part.text).join('');
    if ('result' in object) return cellValue(object.result);
    if (typeof object.text === 'string') return object.text;
    if (typeof object.error === 'string') return object.error;
  }
  return String(value);
}

/** A row without any value (skipped, but counted in the row numbers, as a spreadsheet counts it). */
export function isBlankRow(cells: Cell[]): boolean {
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
export function cellDate(cell: Cell): string | null {
  if (cell instanceof Date) return isoDate(cell);
  // Excel's day numbers (1 = 1900-01-01) in a cell without a date format.
  if (typeof cell === 'number' && cell >= 1 && cell < 2_958_466)
    return isoDate(new Date(Date.UTC(1899, 11, 30) + Math.floor(cell) * 86_400_000));
  return cellText(cell);
}

/** Spreadsheet dates carry no zone: ExcelJS reads them as UTC midnight. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A, B, ..., Z, AA, ...: how a spreadsheet names the column at `index` (0-based). */
export function columnLetter(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}
