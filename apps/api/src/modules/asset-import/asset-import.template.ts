import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS, type ImportColumn, type ImportTemplateQuery } from '@amp/contracts/asset-import';
import {
  PRICEBOOK_FILE_COLUMNS,
  PRICEBOOK_MAX_ITEMS,
  PRICEBOOK_REQUIRED_COLUMNS,
  type PricebookFileColumn,
  type PricebookImportTemplateQuery,
} from '@amp/contracts/pricebook';
import {
  INVENTORY_FILE_COLUMNS,
  INVENTORY_REQUIRED_COLUMNS,
  type InventoryFileColumn,
  type InventoryImportTemplateQuery,
} from '@amp/contracts/warehouse';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client.js';
import { csvCell, csvFile, XLSX_TYPE } from '../../lib/spreadsheet.js';
import type { Principal } from '../../plugins/auth.js';
import { isoDate } from './asset-import.parser.js';
import { templateExample } from './asset-import.repository.js';

/** The files the importer hands out: the template to fill in (CSV or XLSX), and CSV cells for the error list. */

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

/** What each column of a pricebook file takes, for the template's Instructions sheet. */
const PRICEBOOK_COLUMN_NOTES: Record<PricebookFileColumn, string> = {
  name: 'Required, 2 to 150 characters. A name your pricebook already has (in any case) changes that item; any other name adds one.',
  kind: 'Required: service, spare_part or product (or Spare part, as on the form).',
  price: 'Required: in naira, with at most 2 decimals (e.g. 85000.50).',
  unit: 'How it is counted (visit, hour, litre…), at most 30 characters.',
  brand: 'At most 100 characters.',
  model: 'At most 100 characters.',
  description: 'At most 2000 characters.',
  status: 'offered or retired. Blank: an item keeps its state, a new one is offered.',
};

/** The template's example rows: one of each kind, as the export writes them. */
const PRICEBOOK_EXAMPLES: Record<PricebookFileColumn, string>[] = [
  {
    name: 'Generator servicing (up to 100 kVA)',
    kind: 'service',
    price: '85000.50',
    unit: 'visit',
    brand: '',
    model: '',
    description: 'Oil, oil filter and air filter change; load test',
    status: 'offered',
  },
  {
    name: 'Fuel injection pump',
    kind: 'spare_part',
    price: '412500.00',
    unit: 'each',
    brand: 'Perkins',
    model: '2644H041',
    description: '',
    status: 'offered',
  },
];

/**
 * The template of a file in an export's columns, as CSV or XLSX: the columns with example rows (an
 * export is a filled-in template), and in XLSX an Instructions sheet of what each column takes.
 */
async function columnsTemplate<Column extends string>(
  format: 'csv' | 'xlsx',
  file: {
    baseName: string;
    sheet: string;
    columns: readonly Column[];
    required: readonly Column[];
    notes: Record<Column, string>;
    examples: Record<Column, string>[];
    /** Written as numbers in the sheet (the example holds them as text). */
    numeric: readonly Column[];
    /** Naira columns: two decimals. */
    money: readonly Column[];
    closing: string[];
  },
) {
  const { baseName, columns } = file;
  if (format === 'csv') {
    const body = csvFile([[...columns], ...file.examples.map((row) => columns.map((column) => row[column]))]);
    return { fileName: `${baseName}.csv`, contentType: 'text/csv; charset=utf-8', body };
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'AMP';
  const sheet = workbook.addWorksheet(file.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: column,
    key: column,
    width: column === 'name' || column === 'description' ? 40 : 16,
    style: file.money.includes(column) ? { numFmt: '#,##0.00' } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of file.examples) {
    sheet.addRow(
      Object.fromEntries(
        columns.map((column) => [column, file.numeric.includes(column) && row[column] !== '' ? Number(row[column]) : row[column]]),
      ),
    );
  }
  const notes = workbook.addWorksheet('Instructions');
  notes.columns = [
    { header: 'Column', key: 'column', width: 20 },
    { header: 'Required', key: 'required', width: 12 },
    { header: 'What to enter', key: 'note', width: 110 },
  ];
  notes.getRow(1).font = { bold: true };
  for (const column of columns) notes.addRow({ column, required: file.required.includes(column) ? 'Yes' : 'No', note: file.notes[column] });
  notes.addRow({});
  for (const note of file.closing) notes.addRow({ note });
  return { fileName: `${baseName}.xlsx`, contentType: XLSX_TYPE, body: Buffer.from(await workbook.xlsx.writeBuffer()) };
}

/** The template of a pricebook import, as CSV or XLSX (the columns of the pricebook's export). */
export function pricebookTemplate(query: PricebookImportTemplateQuery) {
  return columnsTemplate(query.format, {
    baseName: 'pricebook-import-template',
    sheet: 'Pricebook',
    columns: PRICEBOOK_FILE_COLUMNS,
    required: PRICEBOOK_REQUIRED_COLUMNS,
    notes: PRICEBOOK_COLUMN_NOTES,
    examples: PRICEBOOK_EXAMPLES,
    numeric: ['price'],
    money: ['price'],
    closing: [
      `Each row adds an item to your pricebook, or changes the item of that name. A column left out of the file leaves that field of the items as it is. If any row has an error, nothing is changed. A pricebook holds at most ${PRICEBOOK_MAX_ITEMS} items.`,
      'An exported pricebook can be changed and imported again. Only the first sheet is read; headers are matched without regard to case.',
    ],
  });
}

/** What each column of an inventory file takes, for the template's Instructions sheet. */
const INVENTORY_COLUMN_NOTES: Record<InventoryFileColumn, string> = {
  name: 'Required, 2 to 150 characters. With the brand and model, it names the item: an item the warehouse already has (in any case) is changed and counted; any other is added.',
  quantity:
    'Required: the whole number of units on the shelf. A new item starts with it; an item the warehouse has is counted to it (the difference is recorded as a count).',
  unit: 'How it is counted (piece, litre, box…), at most 30 characters.',
  price: 'In naira per unit, with at most 2 decimals (e.g. 2500.50), or blank.',
  'reorder level': 'A whole number: at or under it the item is low and its managers are told. Blank: none.',
  brand: 'At most 100 characters.',
  model: 'At most 100 characters.',
  description: 'At most 2000 characters.',
};

/** The template's example rows, as the export writes them. */
const INVENTORY_EXAMPLES: Record<InventoryFileColumn, string>[] = [
  {
    name: 'Oil filter',
    quantity: '24',
    unit: 'piece',
    price: '4500.00',
    'reorder level': '6',
    brand: 'Perkins',
    model: '2654403',
    description: 'For 100 kVA generators',
  },
  {
    name: 'Engine oil 15W-40',
    quantity: '40',
    unit: 'litre',
    price: '3200.50',
    'reorder level': '10',
    brand: '',
    model: '',
    description: '',
  },
];

/** The template of an inventory import, as CSV or XLSX (the columns of the inventory's export). */
export function inventoryTemplate(query: InventoryImportTemplateQuery) {
  return columnsTemplate(query.format, {
    baseName: 'inventory-import-template',
    sheet: 'Inventory',
    columns: INVENTORY_FILE_COLUMNS,
    required: INVENTORY_REQUIRED_COLUMNS,
    notes: INVENTORY_COLUMN_NOTES,
    examples: INVENTORY_EXAMPLES,
    numeric: ['quantity', 'price', 'reorder level'],
    money: ['price'],
    closing: [
      'Each row adds an item to the warehouse, or changes and counts the item of that name, brand and model. A column left out of the file (other than name and quantity) leaves that field of the items as it is. If any row has an error, nothing is changed.',
      'An exported inventory can be changed and imported again. Only the first sheet is read; headers are matched without regard to case.',
    ],
  });
}
