import type { MessageParams } from '@amp/contracts/messages';
import {
  INVENTORY_FILE_COLUMNS,
  INVENTORY_REQUIRED_COLUMNS,
  type InventoryFileColumn,
  inventoryColumnOf,
  makeInventoryItemSchema,
} from '@amp/contracts/warehouse';
import type { Db } from '../../db/client.js';
import {
  type InventoryDescriptionField,
  type InventoryImportRow,
  identityKey,
  warehouseNameOf,
  writeInventoryImport,
} from '../warehouse/warehouse.public.js';
import type { Cell } from './asset-import.parser.js';
import {
  type CheckOutcome,
  encodeMessage,
  type ImportColumns,
  ImportFailure,
  type ImportFile,
  ImportRun,
  type ImportTarget,
} from './asset-import.run.js';

/**
 * The inventory subject of the import (issue 11): a warehouse's opening inventory, or a count of
 * it, from a CSV or XLSX file in the columns of its export (INVENTORY_FILE_COLUMNS), so an exported
 * file can be changed and imported again. Each row is validated with the single create schema of
 * an item; the warehouse module writes the clean file (writeInventoryImport): new items with an
 * opening movement, matched ones (name, brand and model) changed and counted. A column the file
 * lacks leaves that field of a matched item as it is.
 */

export function checkInventoryFile(db: Db, target: ImportTarget, file: ImportFile): Promise<CheckOutcome> {
  return new InventoryImportRun(db, target, file).execute();
}

const COLUMNS: ImportColumns<InventoryFileColumn> = {
  all: INVENTORY_FILE_COLUMNS,
  of: inventoryColumnOf,
  required: () => INVENTORY_REQUIRED_COLUMNS,
};

/** The form's labels of the columns (the catalogue's {field}). */
const COLUMN_LABELS: Record<InventoryFileColumn, string> = {
  name: 'Material name',
  quantity: 'Quantity',
  unit: 'Unit',
  price: 'Price',
  'reorder level': 'Reorder level',
  brand: 'Brand',
  model: 'Model',
  description: 'Description',
};
/** Where each field of the create schema sits in the file. */
const COLUMN_OF_FIELD: Record<string, InventoryFileColumn> = {
  name: 'name',
  quantity: 'quantity',
  unit: 'unit',
  price: 'price',
  reorderLevel: 'reorder level',
  brand: 'brand',
  model: 'model',
  description: 'description',
};
const DESCRIPTION_FIELDS: [InventoryFileColumn, InventoryDescriptionField][] = [
  ['unit', 'unit'],
  ['price', 'priceKobo'],
  ['reorder level', 'reorderLevel'],
  ['description', 'description'],
];

const createSchema = makeInventoryItemSchema(encodeMessage);

/** A whole-number cell as the schema takes it: a number as it is, digits as their number, anything else as typed (not valid). */
function wholeCell(cell: Cell, text: string | null): unknown {
  if (typeof cell === 'number') return cell;
  if (text === null) return undefined;
  const digits = text.replace(/,/g, '');
  return /^\d+(\.0+)?$/.test(digits) ? Number(digits) : text;
}

class InventoryImportRun extends ImportRun<InventoryFileColumn> {
  private readonly rows: InventoryImportRow[] = [];
  /** The file's items (identity) and the row each first appears on. */
  private readonly identities = new Map<string, number>();
  private params: MessageParams = {};

  constructor(db: Db, target: ImportTarget, file: ImportFile) {
    super(db, target, file, COLUMNS);
  }

  /** The warehouse names the import in its activity and notices; one deleted since the upload fails it. */
  protected async prepare() {
    const name = this.target.warehouseId ? await warehouseNameOf(this.db, this.target.warehouseId) : undefined;
    if (name === undefined) throw new ImportFailure('VALIDATION.NOT_FOUND', { field: 'warehouse' });
    this.params = { warehouse: name };
  }

  protected readRow(number: number, cells: Cell[]) {
    const name = this.exportedText(cells, 'name');
    const quantityText = this.text(cells, 'quantity');
    if (quantityText === null) this.rowError(number, 'quantity', 'VALIDATION.REQUIRED', { field: COLUMN_LABELS.quantity });
    const price = this.naira(number, cells, 'price', COLUMN_LABELS.price);
    const levelText = this.text(cells, 'reorder level');
    // The one schema of an item: an empty cell is an absent field (an empty reorder level: none).
    const result = createSchema.safeParse({
      name: name ?? '',
      quantity: wholeCell(this.cell(cells, 'quantity'), quantityText) ?? 0,
      unit: this.exportedText(cells, 'unit') ?? undefined,
      price,
      reorderLevel: levelText === null ? null : wholeCell(this.cell(cells, 'reorder level'), levelText),
      brand: this.exportedText(cells, 'brand') ?? undefined,
      model: this.exportedText(cells, 'model') ?? undefined,
      description: this.exportedText(cells, 'description') ?? undefined,
    });
    if (!result.success) {
      this.zodErrors(
        number,
        result.error.issues,
        (field) => COLUMN_OF_FIELD[field] ?? 'name',
        (column) => COLUMN_LABELS[column],
      );
    }

    // The same item twice in the file: the later row is wrong.
    if (name !== null && !this.failed('name') && result.success) {
      const key = identityKey({ name: result.data.name, brand: result.data.brand ?? null, model: result.data.model ?? null });
      this.checkUnique(this.identities, key, number, 'name', COLUMN_LABELS.name);
    }

    if (!this.cleanSoFar(this.rows) || !result.success) return;
    const v = result.data;
    this.rows.push({
      name: v.name,
      brand: v.brand || null,
      model: v.model || null,
      unit: v.unit || null,
      priceKobo: v.price ?? null,
      reorderLevel: v.reorderLevel ?? null,
      description: v.description || null,
      quantity: v.quantity,
    });
  }

  protected async checkAgainstDatabase() {
    // Any quantity can be counted to, and any new item added: nothing to check against the warehouse.
  }

  protected checked(): CheckOutcome {
    const { rows, target, params } = this;
    const present = new Set(DESCRIPTION_FIELDS.filter(([column]) => this.hasColumn(column)).map(([, field]) => field));
    const warehouseId = target.warehouseId!;
    return {
      ok: true,
      rows: rows.length,
      params,
      write: (tx) =>
        writeInventoryImport(tx, { id: target.id, warehouseId, createdBy: target.createdBy, fileName: target.fileName }, rows, present),
    };
  }
}
