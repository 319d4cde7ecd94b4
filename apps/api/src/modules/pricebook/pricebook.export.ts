import { koboToNaira } from '@amp/contracts/money';
import { PRICEBOOK_FILE_COLUMNS, type PricebookExportQuery } from '@amp/contracts/pricebook';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.js';
import { csvFile, XLSX_TYPE } from '../../lib/spreadsheet.js';
import type { Principal } from '../../plugins/auth.js';
import { allPricebookItems } from './pricebook.repository.js';

/**
 * The caller's pricebook as a CSV or XLSX file, one row per item, in the columns a pricebook file
 * has (PRICEBOOK_FILE_COLUMNS). Prices are naira with two decimals, as typed on the form.
 */
export async function exportPricebook(db: Db, principal: Principal, query: PricebookExportQuery) {
  const items = await allPricebookItems(db, principal.organisationId, query.state);
  const rows = items.map((item) => ({
    name: item.name,
    kind: item.kind,
    price: koboToNaira(item.priceKobo),
    unit: item.unit ?? '',
    brand: item.brand ?? '',
    model: item.model ?? '',
    description: item.description ?? '',
    status: item.retiredAt ? 'retired' : 'offered',
  }));
  const stamp = new Date().toISOString().slice(0, 10);
  const baseName = `pricebook-${stamp}`;
  if (query.format === 'csv') {
    const body = csvFile([[...PRICEBOOK_FILE_COLUMNS], ...rows.map((row) => PRICEBOOK_FILE_COLUMNS.map((column) => row[column]))]);
    return { fileName: `${baseName}.csv`, contentType: 'text/csv; charset=utf-8', body };
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'AMP';
  const sheet = workbook.addWorksheet('Pricebook', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PRICEBOOK_FILE_COLUMNS.map((column) => ({
    header: column,
    key: column,
    width: column === 'name' || column === 'description' ? 40 : 16,
    style: column === 'price' ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  // The price as a number in the sheet (exact: at most 15 significant digits, which naira with kobo stay within).
  for (const row of rows) sheet.addRow({ ...row, price: Number(row.price) });
  return { fileName: `${baseName}.xlsx`, contentType: XLSX_TYPE, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
