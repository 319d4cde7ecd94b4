import { PassThrough, Readable } from 'node:stream';
import { koboToNaira } from '@amp/contracts/money';
import { INVENTORY_FILE_COLUMNS, type InventoryExportQuery, type InventoryFileColumn } from '@amp/contracts/warehouse';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.js';
import { CSV_BOM, csvLine, XLSX_TYPE } from '../../lib/spreadsheet.js';
import type { Principal } from '../../plugins/auth.js';
import { itemsAfter } from './inventory.repository.js';
import { warehouseOf } from './warehouse.service.js';

/**
 * A warehouse's inventory as a CSV or XLSX file in the columns of an inventory file
 * (INVENTORY_FILE_COLUMNS), so an export can be changed and imported again. Streamed: the items
 * are read in batches along the name index and written as they come, so 100,000 items never sit
 * in memory at once. Prices are naira with two decimals, as typed on the form.
 */

const BATCH = 2_000;

type Row = Record<InventoryFileColumn, string>;

/** The warehouse's items as file rows, batch by batch, by name. */
async function* rowsOf(db: Db, warehouseId: string): AsyncGenerator<Row[]> {
  let after: { name: string; id: string } | undefined;
  for (;;) {
    const items = await itemsAfter(db, warehouseId, after, BATCH);
    if (items.length === 0) return;
    yield items.map((item) => ({
      name: item.name,
      quantity: String(item.quantity),
      unit: item.unit ?? '',
      price: item.priceKobo === null ? '' : koboToNaira(item.priceKobo),
      'reorder level': item.reorderLevel === null ? '' : String(item.reorderLevel),
      brand: item.brand ?? '',
      model: item.model ?? '',
      description: item.description ?? '',
    }));
    const last = items[items.length - 1]!;
    after = { name: last.key, id: last.id };
  }
}

async function* csvOf(rows: AsyncGenerator<Row[]>): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(INVENTORY_FILE_COLUMNS);
  for await (const batch of rows) yield batch.map((row) => csvLine(INVENTORY_FILE_COLUMNS.map((column) => row[column]))).join('');
}

/** The XLSX workbook written into a stream as the rows come; a failure ends the stream with it. */
function xlsxOf(rows: AsyncGenerator<Row[]>, sheetName: string): PassThrough {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  workbook.creator = 'AMP';
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31).replace(/[\\/?*[\]:]/g, ' ') || 'Inventory', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = INVENTORY_FILE_COLUMNS.map((column) => ({
    header: column,
    key: column,
    width: column === 'name' || column === 'description' ? 40 : 16,
    style: column === 'price' ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  (async () => {
    for await (const batch of rows) {
      for (const row of batch) {
        // Numbers as numbers in the sheet (a price in naira with kobo stays exact within 15 digits).
        sheet
          .addRow({
            ...row,
            quantity: Number(row.quantity),
            price: row.price === '' ? null : Number(row.price),
            'reorder level': row['reorder level'] === '' ? null : Number(row['reorder level']),
          })
          .commit();
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** GET /v2/warehouse/{id}/export: for whoever reads the warehouse. */
export async function exportInventory(db: Db, principal: Principal, warehouseId: string, query: InventoryExportQuery) {
  const warehouse = await warehouseOf(db, principal, warehouseId);
  const stamp = new Date().toISOString().slice(0, 10);
  const baseName = `inventory-${warehouse.name}-${stamp}`;
  const rows = rowsOf(db, warehouseId);
  if (query.format === 'csv') {
    return { fileName: `${baseName}.csv`, contentType: 'text/csv; charset=utf-8', body: Readable.from(csvOf(rows)) };
  }
  return { fileName: `${baseName}.xlsx`, contentType: XLSX_TYPE, body: xlsxOf(rows, warehouse.name) };
}
