import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { csvValue, type ExportColumn, type ExportRow, needsDrain, sheetEntryInputs, tableExport } from './table-export.js';

const columns: ExportColumn[] = [
  { key: 'code', label: 'Code', kind: 'code' },
  { key: 'title', label: 'Title, "quoted"', kind: 'text' },
  { key: 'total', label: 'Total (NGN)', kind: 'money' },
  { key: 'hours', label: 'Hours', kind: 'hours' },
  { key: 'delta', label: 'Quantity', kind: 'count' },
  { key: 'ok', label: 'On time', kind: 'text' },
  { key: 'at', label: 'Created', kind: 'datetime' },
];

const rows: ExportRow[] = [
  { code: 'WO-1', title: '=SUM(A1:A9)', total: 123_456, hours: 1.25, delta: -3, ok: true, at: '2026-01-02T01:00:00Z' },
  { code: 'WO-2', title: 'Line one\nline "two", end', total: 5, hours: null, delta: 7, ok: false, at: null },
  { code: '@cmd', title: '+1 and -1', total: -150, hours: 0, delta: 0, ok: null, at: '2026-02-03T04:05:06Z' },
];

async function* inBatches(all: ExportRow[], size: number) {
  for (let i = 0; i < all.length; i += size) yield all.slice(i, i + size);
}

async function bytesOf(body: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of body) parts.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(parts);
}

describe('table export', () => {
  it('writes RFC 4180 CSV with naira, one-decimal hours, Yes/No and neutralised formulas', async () => {
    const file = tableExport('csv', { columns, batches: inBatches(rows, 2), sheetName: 'x' });
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const text = (await bytesOf(file.body)).toString('utf8');
    expect(text.startsWith('\uFEFFCode,"Title, ""quoted""",')).toBe(true);
    expect(text).toContain('\r\n');
    expect(parse(text, { bom: true })).toEqual([
      ['Code', 'Title, "quoted"', 'Total (NGN)', 'Hours', 'Quantity', 'On time', 'Created'],
      ['WO-1', "'=SUM(A1:A9)", '1234.56', '1.3', '-3', 'Yes', '2026-01-02T01:00:00Z'],
      ['WO-2', 'Line one\nline "two", end', '0.05', '', '7', 'No', ''],
      ["'@cmd", "'+1 and -1", '-1.50', '0.0', '0', '', '2026-02-03T04:05:06Z'],
    ]);
  });

  it('guards a text cell starting with = + - @ but never a number', () => {
    expect(csvValue('text', '-5 units')).toBe("'-5 units");
    expect(csvValue('count', -5)).toBe('-5');
    expect(csvValue('money', -5)).toBe('-0.05');
  });

  it('writes XLSX with numbers as numbers and the headings in bold', async () => {
    const file = tableExport('xlsx', { columns, batches: inBatches(rows, 2), sheetName: 'work-orders' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(file.body)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('work-orders')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Code',
      'Title, "quoted"',
      'Total (NGN)',
      'Hours',
      'Quantity',
      'On time',
      'Created',
    ]);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const first = sheet.getRow(2).values as unknown[];
    expect(first.slice(1, 7)).toEqual(['WO-1', '=SUM(A1:A9)', 1234.56, 1.3, -3, 'Yes']);
    expect((first[7] as Date).toISOString()).toBe('2026-01-02T01:00:00.000Z');
    expect(sheet.getCell('C2').numFmt).toBe('#,##0.00');
    expect(sheet.getRow(4).getCell(3).value).toBe(-1.5);
    expect(sheet.rowCount).toBe(4);
  });

  it('asks for the next batch only once the reader has taken the last (backpressure)', async () => {
    let produced = 0;
    async function* many() {
      for (let batch = 0; batch < 40; batch++) {
        produced += 1000;
        yield Array.from({ length: 1000 }, (_, i) => ({
          code: `C-${batch}-${i}`,
          title: 'x'.repeat(100),
          total: i,
          hours: 1,
          delta: i,
          ok: true,
          at: null,
        }));
      }
    }
    const file = tableExport('csv', { columns, batches: many(), sheetName: 'x' });
    let received = 0;
    let lines = 0;
    let aheadAtMost = 0;
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        lines += chunk.toString('utf8').split('\r\n').length - 1;
        aheadAtMost = Math.max(aheadAtMost, produced - lines);
        setImmediate(done);
      },
    });
    await pipeline(file.body, slow);
    expect(lines).toBe(40_001);
    // Never more than a couple of batches ahead of what the reader took.
    expect(aheadAtMost).toBeLessThanOrEqual(3000);
    expect(received).toBeGreaterThan(40_000 * 100);
  });
});

describe('the exceljs internals the XLSX writer waits on (docs/decisions/0030-public-apis-of-drizzle-and-exceljs.md)', () => {
  it("finds the zip entry a sheet's XML goes into, and says when it holds more than it should", async () => {
    const out = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = workbook.addWorksheet('x');
    sheet.addRow(['first']).commit();
    const inputs = sheetEntryInputs(sheet);
    expect(inputs.length).toBeGreaterThan(0);
    for (const input of inputs) {
      expect(typeof input.once).toBe('function');
      expect(typeof needsDrain(input)).toBe('boolean');
    }
    // Nobody reads the file: rows written on pile up in the entry, and its state says so.
    for (let row = 0; row < 5000 && !inputs.some((input) => needsDrain(input)); row++) sheet.addRow(['x'.repeat(100)]).commit();
    expect(inputs.some((input) => needsDrain(input))).toBe(true);
    out.resume();
    sheet.commit();
    await workbook.commit();
  });
});
