import {
  makePricebookItemCreateSchema,
  PRICEBOOK_FILE_COLUMNS,
  PRICEBOOK_MAX_ITEMS,
  PRICEBOOK_REQUIRED_COLUMNS,
  type PricebookFileColumn,
  type PricebookKind,
  pricebookColumnOf,
  pricebookFileStatusOf,
  pricebookKindOf,
} from '@amp/contracts/pricebook';
import type { Db } from '../../db/client.js';
import { insertPricebookBatch, type PricebookBatch, pricebookItemsOf, updatePricebookBatch } from '../pricebook/pricebook.public.js';
import type { Cell } from './asset-import.parser.js';
import { lockPricebook } from './asset-import.repository.js';
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
 * The pricebook subject of the import (issue 9): the organisation's own pricebook from a CSV or
 * XLSX file in the columns of its export (PRICEBOOK_FILE_COLUMNS), so an exported file can be
 * changed and imported again. Each row is validated with the single create schema of an item; a
 * row whose name matches an item of the pricebook (ignoring case and surrounding spaces) changes
 * that item, any other row adds one. A column the file lacks leaves that field of a matched item as
 * it is; an empty status cell leaves its state (a new item is offered).
 */

/** Reads and checks a pricebook file. */
export function checkPricebookFile(db: Db, target: ImportTarget, file: ImportFile): Promise<CheckOutcome> {
  return new PricebookImportRun(db, target, file).execute();
}

/** A validated row. */
interface PricebookRow {
  /** The name as typed (trimmed), and as it is matched (lower-case). */
  name: string;
  key: string;
  kind: PricebookKind;
  priceKobo: number;
  unit: string | null;
  brand: string | null;
  model: string | null;
  description: string | null;
  /** Null: the status cell was empty. */
  retired: boolean | null;
}

/** The columns that may be left out of a file; a matched item keeps those fields. */
type OptionalColumn = 'unit' | 'brand' | 'model' | 'description';
const OPTIONAL_COLUMNS: readonly OptionalColumn[] = ['unit', 'brand', 'model', 'description'];

/** Rows per INSERT / UPDATE statement. */
const WRITE_BATCH = 5_000;

const COLUMNS: ImportColumns<PricebookFileColumn> = {
  all: PRICEBOOK_FILE_COLUMNS,
  of: pricebookColumnOf,
  required: () => PRICEBOOK_REQUIRED_COLUMNS,
};

/** The form's labels of the columns (the catalogue's {field}). */
const COLUMN_LABELS: Record<PricebookFileColumn, string> = {
  name: 'Name',
  kind: 'Kind',
  price: 'Price',
  unit: 'Unit',
  brand: 'Brand',
  model: 'Model',
  description: 'Description',
  status: 'Status',
};
/** The create schema's fields are the columns. */
const columnOfField = (field: string): PricebookFileColumn =>
  (PRICEBOOK_FILE_COLUMNS as readonly string[]).includes(field) ? (field as PricebookFileColumn) : 'name';
const labelOf = (column: PricebookFileColumn) => COLUMN_LABELS[column];

const createSchema = makePricebookItemCreateSchema(encodeMessage);

/** How names are matched: trimmed, ignoring case. */
const nameKey = (name: string) => name.trim().toLowerCase();

class PricebookImportRun extends ImportRun<PricebookFileColumn> {
  private readonly rows: PricebookRow[] = [];
  /** The file's names (lower-case) and the row each first appears on, in the file's order. */
  private readonly names = new Map<string, number>();

  constructor(db: Db, target: ImportTarget, file: ImportFile) {
    super(db, target, file, COLUMNS);
  }

  protected async prepare() {
    // Rows are checked on their own; the pricebook is read once they all are.
  }

  protected readRow(number: number, cells: Cell[]) {
    const name = this.exportedText(cells, 'name');
    const kindText = this.text(cells, 'kind');
    const price = this.naira(number, cells, 'price', COLUMN_LABELS.price);
    const statusText = this.text(cells, 'status');
    const status = statusText === null ? null : pricebookFileStatusOf(statusText);
    if (status === undefined) this.rowError(number, 'status', 'VALIDATION.NOT_VALID', { field: COLUMN_LABELS.status });

    // The one schema of an item: an empty cell is an absent field.
    const result = createSchema.safeParse({
      name: name ?? '',
      // A kind by its key or its label; anything else is not valid.
      kind: kindText === null ? undefined : (pricebookKindOf(kindText) ?? kindText),
      price,
      unit: this.exportedText(cells, 'unit') ?? undefined,
      brand: this.exportedText(cells, 'brand') ?? undefined,
      model: this.exportedText(cells, 'model') ?? undefined,
      description: this.exportedText(cells, 'description') ?? undefined,
    });
    if (!result.success) this.zodErrors(number, result.error.issues, columnOfField, labelOf);

    // The same name twice in the file: the later row is wrong.
    if (name !== null && !this.failed('name')) this.checkUnique(this.names, nameKey(name), number, 'name', COLUMN_LABELS.name);

    if (!this.cleanSoFar(this.rows) || !result.success) return;
    const v = result.data;
    this.rows.push({
      name: v.name,
      key: nameKey(v.name),
      kind: v.kind,
      priceKobo: v.price,
      unit: v.unit || null,
      brand: v.brand || null,
      model: v.model || null,
      description: v.description || null,
      retired: status === null ? null : status === 'retired',
    });
  }

  /** The pricebook may not grow past PRICEBOOK_MAX_ITEMS: the first new name beyond it is the error. */
  protected async checkAgainstDatabase() {
    if (this.names.size === 0) return;
    const items = await pricebookItemsOf(this.db, this.organisationId);
    const existing = new Set(items.map((item) => nameKey(item.name)));
    let total = items.length;
    for (const [key, row] of this.names) {
      if (existing.has(key)) continue;
      total++;
      if (total > PRICEBOOK_MAX_ITEMS) {
        this.addError(row, '', 'PRICEBOOK.FULL', { max: PRICEBOOK_MAX_ITEMS });
        return;
      }
    }
  }

  protected checked(): CheckOutcome {
    const { rows, target } = this;
    const present = new Set(OPTIONAL_COLUMNS.filter((column) => this.hasColumn(column)));
    return { ok: true, rows: rows.length, write: (tx) => writePricebook(tx, target, rows, present) };
  }
}

// --- writing -------------------------------------------------------------------------------------

type Item = Awaited<ReturnType<typeof pricebookItemsOf>>[number];
type Values = Omit<PricebookRow, 'key' | 'retired'> & { retired: boolean };

/**
 * Writes the rows of a checked file inside the import's transaction, matched against the pricebook
 * as it is now (another import of it waits): new names are added, matched items changed where the
 * row differs from them. The number of items added or changed.
 */
async function writePricebook(tx: Db, target: ImportTarget, rows: PricebookRow[], present: ReadonlySet<OptionalColumn>): Promise<number> {
  const { organisationId } = target;
  await lockPricebook(tx, organisationId);
  const items = await pricebookItemsOf(tx, organisationId);
  const byName = new Map<string, Item>();
  for (const item of items) {
    const key = nameKey(item.name);
    if (!byName.has(key)) byName.set(key, item);
  }
  const added: Values[] = [];
  const changed: { id: string; values: Values }[] = [];
  for (const row of rows) {
    const item = byName.get(row.key);
    if (!item) {
      added.push({ ...row, retired: row.retired ?? false });
      continue;
    }
    const values: Values = {
      name: item.name,
      kind: row.kind,
      priceKobo: row.priceKobo,
      unit: present.has('unit') ? row.unit : item.unit,
      brand: present.has('brand') ? row.brand : item.brand,
      model: present.has('model') ? row.model : item.model,
      description: present.has('description') ? row.description : item.description,
      retired: row.retired ?? item.retired,
    };
    if (differs(item, values)) changed.push({ id: item.id, values });
  }
  // Items added since the file was checked count too.
  if (items.length + added.length > PRICEBOOK_MAX_ITEMS) throw new ImportFailure('PRICEBOOK.FULL', { max: PRICEBOOK_MAX_ITEMS });
  for (let i = 0; i < added.length; i += WRITE_BATCH) {
    await insertPricebookBatch(tx, organisationId, target.createdBy, toBatch(added.slice(i, i + WRITE_BATCH)));
  }
  for (let i = 0; i < changed.length; i += WRITE_BATCH) {
    const chunk = changed.slice(i, i + WRITE_BATCH);
    const updated = await updatePricebookBatch(
      tx,
      organisationId,
      chunk.map((change) => change.id),
      toBatch(chunk.map((change) => change.values)),
    );
    if (updated !== chunk.length) throw new ImportFailure('ERROR.CONFLICT');
  }
  return added.length + changed.length;
}

function differs(item: Item, values: Values): boolean {
  return (
    item.kind !== values.kind ||
    item.priceKobo !== values.priceKobo ||
    item.unit !== values.unit ||
    item.brand !== values.brand ||
    item.model !== values.model ||
    item.description !== values.description ||
    item.retired !== values.retired
  );
}

function toBatch(values: Values[]): PricebookBatch {
  const batch: PricebookBatch = { name: [], kind: [], priceKobo: [], unit: [], brand: [], model: [], description: [], retired: [] };
  for (const value of values) {
    batch.name.push(value.name);
    batch.kind.push(value.kind);
    batch.priceKobo.push(value.priceKobo);
    batch.unit.push(value.unit);
    batch.brand.push(value.brand);
    batch.model.push(value.model);
    batch.description.push(value.description);
    batch.retired.push(value.retired);
  }
  return batch;
}
