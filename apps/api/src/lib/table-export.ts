import { once } from 'node:events';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { koboToNaira } from '@amp/contracts/money';
import type { ReportColumnKind } from '@amp/contracts/report';
import ExcelJS from 'exceljs';
import { CSV_BOM, csvCell, XLSX_TYPE } from './spreadsheet.js';

/**
 * A table written as a CSV or XLSX file while its rows are still being read: the rows come in
 * batches (an async iterable, e.g. keyset pages of a query) and each batch is written before the
 * next is asked for, and only once the reader has taken what was written (backpressure), so a
 * table of a million rows never sits in memory, neither as rows nor as the file.
 *
 * Cells by kind: money is kobo in the rows and naira with two decimals in the file, hours one
 * decimal, a flag Yes/No, null empty. A CSV text cell starting with = + - @ gets a leading ' so a
 * spreadsheet never runs it as a formula (numbers are written as numbers and need no guard).
 */

export interface ExportColumn {
  key: string;
  /** The heading in the file. */
  label: string;
  kind: ReportColumnKind;
}

export type ExportCell = string | number | boolean | null | undefined;
export type ExportRow = Readonly<Record<string, ExportCell>>;

export interface TableExport {
  contentType: string;
  body: Readable;
}

const NUMERIC_KINDS: ReadonlySet<ReportColumnKind> = new Set(['count', 'hours', 'money', 'percent']);

/** One cell as CSV text. */
export function csvValue(kind: ReportColumnKind, value: ExportCell): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number' && NUMERIC_KINDS.has(kind)) {
    if (kind === 'money') return (value < 0 ? '-' : '') + koboToNaira(Math.abs(Math.round(value)));
    if (kind === 'hours') return value.toFixed(1);
    return String(value);
  }
  return csvCell(String(value));
}

/** One line of the CSV file (RFC 4180: quoted when needed, CRLF). */
export function csvRow(columns: readonly ExportColumn[], row: ExportRow): string {
  return `${columns.map((column) => csvValue(column.kind, row[column.key])).join(',')}\r\n`;
}

/** One cell as the XLSX sheet holds it: numbers as numbers (naira for money), times as dates. */
export function xlsxValue(kind: ReportColumnKind, value: ExportCell): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') {
    if (kind === 'money') return Math.round(value) / 100;
    if (kind === 'hours') return Math.round(value * 10) / 10;
    return value;
  }
  if ((kind === 'date' || kind === 'datetime') && !Number.isNaN(Date.parse(value))) return new Date(value);
  return value;
}

const XLSX_FORMATS: Partial<Record<ReportColumnKind, string>> = {
  money: '#,##0.00',
  hours: '0.0',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
};

async function* csvChunks(columns: readonly ExportColumn[], batches: AsyncIterable<readonly ExportRow[]>): AsyncGenerator<string> {
  yield `${CSV_BOM}${columns.map((column) => csvCell(column.label)).join(',')}\r\n`;
  for await (const batch of batches) {
    if (batch.length > 0) yield batch.map((row) => csvRow(columns, row)).join('');
  }
}

/**
 * True while a stream holds more than its high-water mark (its writer should wait for 'drain').
 * The zip's streams are readable-stream 2's, which know no `writableNeedDrain`: their state says it
 * (docs/decisions/0030-public-apis-of-drizzle-and-exceljs.md).
 */
export function needsDrain(stream: Writable): boolean | undefined {
  return stream.writableNeedDrain ?? (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain;
}

/** Until the stream's reader has taken what it holds (or the file's stream is gone). */
async function drained(stream: Writable, out: PassThrough): Promise<void> {
  if (!needsDrain(stream) || out.destroyed) return;
  // The listener of the event that did not come is removed (once() keeps it until its signal aborts):
  // a listener per batch would pile up over a million rows.
  const settled = new AbortController();
  try {
    await Promise.race([once(stream, 'drain', { signal: settled.signal }), once(out, 'close', { signal: settled.signal })]);
  } finally {
    settled.abort();
  }
}

/**
 * The zip entries a sheet's XML goes into. exceljs' sheet stream hands its XML to them without
 * waiting (its `pipes`) and exposes no public way to wait for them, so this reads its stream's
 * list of them (docs/decisions/0030-public-apis-of-drizzle-and-exceljs.md); table-export.test.ts
 * fails when an upgrade of exceljs moves it.
 */
export function sheetEntryInputs(sheet: ExcelJS.Worksheet): Writable[] {
  return (sheet as unknown as { stream?: { pipes?: Writable[] } }).stream?.pipes ?? [];
}

/**
 * Rows written faster than the zip and the reader take them would pile up uncompressed in memory:
 * wait for the sheet's zip entries and then the file's reader before the next batch.
 */
async function sheetDrained(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  for (const input of sheetEntryInputs(sheet)) await drained(input, out);
  await drained(out, out);
}

function xlsxStream(columns: readonly ExportColumn[], batches: AsyncIterable<readonly ExportRow[]>, sheetName: string): PassThrough {
  const out = new PassThrough();
  // No shared strings: they would keep every distinct text of the sheet in memory until the end.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = 'AMP';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || 'Report', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = columns.map((column) => {
    const numFmt = XLSX_FORMATS[column.kind];
    return {
      header: column.label,
      key: column.key,
      width: column.kind === 'text' ? 32 : column.kind === 'datetime' ? 18 : 14,
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for await (const batch of batches) {
      if (out.destroyed) return;
      for (const row of batch) {
        sheet.addRow(Object.fromEntries(columns.map((column) => [column.key, xlsxValue(column.kind, row[column.key])]))).commit();
      }
      await sheetDrained(sheet, out);
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** The table as a file stream of this format. */
export function tableExport(
  format: 'csv' | 'xlsx',
  table: { columns: readonly ExportColumn[]; batches: AsyncIterable<readonly ExportRow[]>; sheetName: string },
): TableExport {
  if (format === 'csv') return { contentType: 'text/csv; charset=utf-8', body: Readable.from(csvChunks(table.columns, table.batches)) };
  return { contentType: XLSX_TYPE, body: xlsxStream(table.columns, table.batches, table.sheetName) };
}
