/** The files the API hands out as downloads: CSV cells, the XLSX type and the attachment header. */

/** The XLSX media type, declared once with the operations that answer it. */
export { XLSX_TYPE } from '@amp/contracts/operations/operation';

/** A CSV cell, quoted when needed; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of a CSV file, with its CRLF end. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A CSV file starts with a byte-order mark, so spreadsheets read it as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** A CSV file of these rows: a byte-order mark (so spreadsheets read UTF-8), CRLF line ends. */
export function csvFile(rows: readonly (readonly string[])[]): string {
  return `${CSV_BOM}${rows.map(csvLine).join('')}`;
}

/** `Content-Disposition` for a download under this name (anything but word characters, dots and dashes becomes _). */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^\w.-]+/g, '_')}"`;
}
