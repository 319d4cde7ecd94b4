import { ASSET_CODE_PREFIX, formatCode, makeAssetCreateSchema, makeAssetEditSchema } from '@amp/contracts/asset';
import {
  IMPORT_COLUMNS,
  IMPORT_REQUIRED_COLUMNS,
  IMPORT_STATUS_VALUES,
  type ImportColumn,
  importColumnOf,
} from '@amp/contracts/asset-import';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  type AssetBatch,
  type AssetChange,
  type AssetRuleViolation,
  assetRuleViolations,
  assetsByCode,
  dateOrderViolation,
  insertAssetBatch,
  takenCodes,
  updateAssetBatch,
} from '../asset/asset.public.js';
import { listAllCategories } from '../category/category.public.js';
import { clusterCodesOf, reserveAssetCodeNumbers } from '../cluster/cluster.public.js';
import { type Cell, cellDate } from './asset-import.parser.js';
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
 * The asset subject of the import (issue 3): bulk add and bulk update. Each row is validated with
 * the single create/edit schema and the asset rules (asset.rules.ts) the single create and edit
 * keep too, then against the database (the organisation's clusters, the category tree, unique
 * assetIDs, the assets an update changes); a clean file is written in batches of one statement.
 */

/** Reads and checks an asset file. */
export function checkAssetFile(db: Db, target: ImportTarget, file: ImportFile): Promise<CheckOutcome> {
  return new AssetImportRun(db, target, file).execute();
}

/** A validated row, kept compact until it is written (one object of one shape per row, no per-cell objects). */
interface ParsedRow {
  row: number;
  /** The assetID as typed (blank: generated on add). */
  code: string | null;
  name: string | null;
  clusterId: string | null;
  locationId: string | null;
  locationName: string | null;
  categoryId: string | null;
  subCategoryId: string | null;
  /** Update without a category column value: the sub-category is looked up under the asset's own category. */
  subCategoryName: string | null;
  brand: string | null;
  model: string | null;
  serialNumber: string | null;
  installationDate: string | null;
  warrantyExpiry: string | null;
  status: string | null;
  purchaseCostKobo: number | null;
  description: string | null;
  /** False when reading found an error in the row (an update still checks its assetID). */
  valid: boolean;
  /** Update: the matched asset. */
  assetId: string | null;
}

/** Codes per look-up. */
const LOOKUP_BATCH = 5_000;
/** Rows per INSERT / UPDATE statement. */
const WRITE_BATCH = 5_000;

const COLUMNS: ImportColumns<ImportColumn> = {
  all: IMPORT_COLUMNS,
  of: importColumnOf,
  required: (mode) => IMPORT_REQUIRED_COLUMNS[mode],
};

/** The form's labels of the columns (the catalogue's {field}). */
const COLUMN_LABELS: Record<ImportColumn, string> = {
  assetID: 'Asset ID',
  name: 'Name',
  clusterID: 'Cluster',
  locationID: 'Location ID',
  locationName: 'Location name',
  category: 'Category',
  subCategory: 'Sub-category',
  brand: 'Brand',
  model: 'Model',
  serialNumber: 'Serial number',
  installationDate: 'Installation date',
  warrantyExpiry: 'Warranty expiry',
  status: 'Status',
  purchaseCost: 'Purchase cost',
  description: 'Description',
};

/** The create/edit schemas' fields as columns. */
const COLUMN_OF_FIELD: Record<string, ImportColumn> = {
  assetID: 'assetID',
  name: 'name',
  clusterId: 'clusterID',
  locationID: 'locationID',
  locationName: 'locationName',
  categoryId: 'category',
  subCategoryId: 'subCategory',
  brand: 'brand',
  model: 'model',
  serialNumber: 'serialNumber',
  installationDate: 'installationDate',
  warrantyExpiry: 'warrantyExpiry',
  status: 'status',
  purchaseCost: 'purchaseCost',
  description: 'description',
};
const columnOfField = (field: string): ImportColumn => COLUMN_OF_FIELD[field] ?? 'name';
const labelOf = (column: ImportColumn) => COLUMN_LABELS[column];

const createSchema = makeAssetCreateSchema(encodeMessage);
const editSchema = makeAssetEditSchema(encodeMessage);

interface Lookups {
  clusters: Map<string, string>;
  /** Top-level categories by lower-case name. */
  categories: Map<string, string>;
  /** Sub-categories by `${parentId}|${lower-case name}`. */
  subCategories: Map<string, string>;
  /** Lower-case names of all sub-categories, to tell "wrong category" from "no such sub-category". */
  subCategoryNames: Set<string>;
  parentOf: Map<string, string | null>;
}

const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

class AssetImportRun extends ImportRun<ImportColumn> {
  private readonly rows: ParsedRow[] = [];
  /** Typed assetIDs (lower-case) and the row each first appears on. */
  private readonly codes = new Map<string, number>();
  private lookups!: Lookups;

  constructor(db: Db, target: ImportTarget, file: ImportFile) {
    super(db, target, file, COLUMNS);
  }

  protected async prepare() {
    const clusters = new Map<string, string>();
    for (const cluster of await clusterCodesOf(this.db, this.organisationId)) clusters.set(cluster.code.toLowerCase(), cluster.id);
    const lookups: Lookups = {
      clusters,
      categories: new Map(),
      subCategories: new Map(),
      subCategoryNames: new Set(),
      parentOf: new Map(),
    };
    for (const category of await listAllCategories(this.db)) {
      const name = category.name.trim().toLowerCase();
      lookups.parentOf.set(category.id, category.parentId);
      if (category.parentId === null) lookups.categories.set(name, category.id);
      else {
        lookups.subCategories.set(`${category.parentId}|${name}`, category.id);
        lookups.subCategoryNames.add(name);
      }
    }
    this.lookups = lookups;
  }

  protected readRow(number: number, cells: Cell[]) {
    const { lookups } = this;

    const code = this.text(cells, 'assetID');
    const clusterCode = this.text(cells, 'clusterID');
    let clusterId: string | undefined;
    if (clusterCode !== null) {
      clusterId = lookups.clusters.get(clusterCode.toLowerCase());
      if (!clusterId) this.rowError(number, 'clusterID', 'VALIDATION.NOT_FOUND', { field: COLUMN_LABELS.clusterID });
    }
    const categoryName = this.text(cells, 'category');
    let categoryId: string | undefined;
    if (categoryName !== null) {
      categoryId = lookups.categories.get(categoryName.toLowerCase());
      if (!categoryId) this.rowError(number, 'category', 'VALIDATION.NOT_FOUND', { field: COLUMN_LABELS.category });
    }
    const subCategoryName = this.text(cells, 'subCategory');
    let subCategoryId: string | undefined;
    // Without a category in the row, an update looks the sub-category up under the asset's own.
    const deferSubCategory = subCategoryName !== null && categoryName === null && this.mode === 'update';
    if (subCategoryName !== null && categoryId) {
      subCategoryId = lookups.subCategories.get(`${categoryId}|${subCategoryName.toLowerCase()}`);
      if (!subCategoryId) {
        if (lookups.subCategoryNames.has(subCategoryName.toLowerCase()))
          this.rowError(number, 'subCategory', 'VALIDATION.SUB_CATEGORY_MISMATCH');
        else this.rowError(number, 'subCategory', 'VALIDATION.NOT_FOUND', { field: COLUMN_LABELS.subCategory });
      }
    }
    const statusText = this.text(cells, 'status');
    const status = statusText === null ? undefined : (IMPORT_STATUS_VALUES[statusText.toLowerCase()] ?? statusText);
    const purchaseCost = this.naira(number, cells, 'purchaseCost', COLUMN_LABELS.purchaseCost);

    // The schemas' input: an empty cell is an absent field (on update: left as it is).
    const input = {
      name: this.text(cells, 'name') ?? undefined,
      clusterId,
      locationID: this.text(cells, 'locationID') ?? undefined,
      locationName: this.text(cells, 'locationName') ?? undefined,
      categoryId,
      subCategoryId,
      brand: this.text(cells, 'brand') ?? undefined,
      model: this.text(cells, 'model') ?? undefined,
      serialNumber: this.text(cells, 'serialNumber') ?? undefined,
      installationDate: cellDate(this.cell(cells, 'installationDate')) ?? undefined,
      warrantyExpiry: cellDate(this.cell(cells, 'warrantyExpiry')) ?? undefined,
      status,
      purchaseCost,
      description: this.text(cells, 'description') ?? undefined,
    };

    let parsed: ParsedRow | undefined;
    if (this.mode === 'add') {
      const result = createSchema.safeParse({
        ...input,
        assetID: code ?? undefined,
        name: input.name ?? '',
        // Blank: "Category is required"; not found: already reported.
        categoryId: categoryId ?? (categoryName === null ? '' : PLACEHOLDER_ID),
      });
      if (!result.success) this.zodErrors(number, result.error.issues, columnOfField, labelOf);
      else {
        const v = result.data;
        // A category or sub-category not found by name is reported already (one error per cell).
        const change: AssetChange = {
          status: v.status,
          categoryId: v.categoryId,
          subCategoryId: v.subCategoryId ?? null,
          installationDate: v.installationDate ?? null,
          warrantyExpiry: v.warrantyExpiry ?? null,
        };
        for (const violation of assetRuleViolations(change, null, this.parentOf)) this.ruleError(number, violation, true);
        parsed = {
          row: number,
          code: v.assetID || null,
          name: v.name,
          clusterId: v.clusterId ?? null,
          locationId: v.locationID || null,
          locationName: v.locationName || null,
          categoryId: v.categoryId,
          subCategoryId: v.subCategoryId ?? null,
          subCategoryName: null,
          brand: v.brand || null,
          model: v.model || null,
          serialNumber: v.serialNumber || null,
          installationDate: v.installationDate ?? null,
          warrantyExpiry: v.warrantyExpiry ?? null,
          status: v.status,
          purchaseCostKobo: v.purchaseCost ?? null,
          description: v.description || null,
          valid: true,
          assetId: null,
        };
      }
    } else {
      if (code === null) this.rowError(number, 'assetID', 'VALIDATION.REQUIRED', { field: COLUMN_LABELS.assetID });
      // An empty cell leaves the field as it is: only the filled ones are validated and written.
      const result = editSchema.safeParse({
        ...input,
        categoryId: categoryName === null ? undefined : (categoryId ?? PLACEHOLDER_ID),
      });
      if (!result.success) this.zodErrors(number, result.error.issues, columnOfField, labelOf);
      const v: Partial<z.output<typeof editSchema>> = result.success ? result.data : {};
      // The dates of the row itself; against the stored asset once it is matched.
      const dates = dateOrderViolation({ installationDate: v.installationDate, warrantyExpiry: v.warrantyExpiry }, null);
      if (dates) this.ruleError(number, dates, true);
      if (code !== null) {
        parsed = {
          row: number,
          code,
          name: v.name ?? null,
          clusterId: v.clusterId ?? null,
          locationId: v.locationID || null,
          locationName: v.locationName || null,
          categoryId: v.categoryId ?? null,
          subCategoryId: v.subCategoryId ?? null,
          subCategoryName: deferSubCategory ? subCategoryName : null,
          brand: v.brand || null,
          model: v.model || null,
          serialNumber: v.serialNumber || null,
          installationDate: v.installationDate ?? null,
          warrantyExpiry: v.warrantyExpiry ?? null,
          status: v.status ?? null,
          purchaseCostKobo: v.purchaseCost ?? null,
          description: v.description || null,
          valid: true,
          assetId: null,
        };
      }
    }

    // The same assetID twice in the file (case-insensitive, as the database compares them).
    if (code !== null && !this.failed('assetID'))
      this.checkUnique(this.codes, code.toLowerCase(), number, 'assetID', COLUMN_LABELS.assetID);

    if (!parsed) return;
    parsed.valid = !this.rowHasErrors;
    // An add with an error anywhere writes nothing, so its rows need not be kept; an update still
    // matches every row's assetID.
    if (this.mode === 'update' || this.cleanSoFar(this.rows)) this.rows.push(parsed);
  }

  /** A broken asset rule, on the column of its field; `inRow`: while reading, one error per cell. */
  private ruleError(row: number, violation: AssetRuleViolation, inRow: boolean) {
    const column = columnOfField(violation.field);
    if (inRow) this.rowError(row, column, violation.key, violation.params);
    else this.addError(row, column, violation.key, violation.params);
  }

  private readonly parentOf = (categoryId: string) => this.lookups.parentOf.get(categoryId);

  // --- checks against the database ---------------------------------------------------------------

  protected async checkAgainstDatabase() {
    if (this.mode === 'add') await this.checkTakenCodes();
    else await this.matchAssets();
  }

  /** Add: a typed assetID the organisation already uses is taken. */
  private async checkTakenCodes() {
    const codes = [...this.codes.keys()];
    for (let i = 0; i < codes.length; i += LOOKUP_BATCH) {
      for (const code of await takenCodes(this.db, this.organisationId, codes.slice(i, i + LOOKUP_BATCH))) {
        this.addError(this.codes.get(code)!, 'assetID', 'VALIDATION.CODE_TAKEN', { field: COLUMN_LABELS.assetID });
      }
    }
  }

  /** Update: every row's assetID must be one of the organisation's assets; then the rules that need the asset. */
  private async matchAssets() {
    const { lookups } = this;
    for (let i = 0; i < this.rows.length; i += LOOKUP_BATCH) {
      const chunk = this.rows.slice(i, i + LOOKUP_BATCH);
      const found = await assetsByCode(
        this.db,
        this.organisationId,
        chunk.map((row) => row.code!.toLowerCase()),
      );
      const byCode = new Map(found.map((asset) => [asset.code, asset]));
      for (const row of chunk) {
        const current = byCode.get(row.code!.toLowerCase());
        if (!current) {
          this.addError(row.row, 'assetID', 'VALIDATION.NOT_FOUND', { field: COLUMN_LABELS.assetID });
          continue;
        }
        row.assetId = current.id;
        if (!row.valid) continue;
        if (row.subCategoryName !== null) {
          // A sub-category named without a category is one of the asset's own category.
          const name = row.subCategoryName.toLowerCase();
          const id = lookups.subCategories.get(`${current.categoryId}|${name}`);
          if (id) row.subCategoryId = id;
          else if (lookups.subCategoryNames.has(name)) this.addError(row.row, 'subCategory', 'VALIDATION.SUB_CATEGORY_MISMATCH');
          else this.addError(row.row, 'subCategory', 'VALIDATION.NOT_FOUND', { field: COLUMN_LABELS.subCategory });
        }
        // The rules of a single edit, against the stored asset (an empty cell leaves a field as it is).
        const change: AssetChange = {
          status: row.status ?? undefined,
          categoryId: row.categoryId ?? undefined,
          subCategoryId: row.subCategoryId ?? undefined,
          installationDate: row.installationDate ?? undefined,
          warrantyExpiry: row.warrantyExpiry ?? undefined,
        };
        for (const violation of assetRuleViolations(change, current, this.parentOf)) this.ruleError(row.row, violation, false);
      }
    }
  }

  protected checked(): CheckOutcome {
    const { rows, target } = this;
    // The assetIDs typed in the file (lower-case), which generated codes skip.
    const typedCodes: ReadonlySet<string> = new Set(this.codes.keys());
    return { ok: true, rows: rows.length, write: (tx) => writeAssets(tx, target, rows, typedCodes) };
  }
}

// --- writing -------------------------------------------------------------------------------------

/**
 * Writes the rows of a checked file inside the import's transaction: an add inserts them (with
 * generated codes for those without one), an update changes the matched assets.
 */
async function writeAssets(tx: Db, target: ImportTarget, rows: ParsedRow[], typedCodes: ReadonlySet<string>): Promise<number> {
  const { organisationId, createdBy } = target;
  if (target.mode === 'add') {
    const blanks = rows.filter((row) => row.code === null).length;
    const generated = blanks > 0 ? await generateCodes(tx, organisationId, blanks, typedCodes) : [];
    let next = 0;
    for (const row of rows) if (row.code === null) row.code = generated[next++]!;
    for (let i = 0; i < rows.length; i += WRITE_BATCH) {
      await insertAssetBatch(tx, organisationId, createdBy, toBatch(rows.slice(i, i + WRITE_BATCH)), i);
    }
  } else {
    for (let i = 0; i < rows.length; i += WRITE_BATCH) {
      const chunk = rows.slice(i, i + WRITE_BATCH);
      const updated = await updateAssetBatch(
        tx,
        organisationId,
        chunk.map((row) => row.assetId!),
        toBatch(chunk),
      );
      // An asset decommissioned since the check: the file no longer applies as a whole.
      if (updated !== chunk.length) throw new ImportFailure('ERROR.CONFLICT');
    }
  }
  return rows.length;
}

/**
 * Generated codes (AS-000001, ...) for the rows without one: a range reserved in one statement,
 * skipping codes typed in the file or already held by the organisation's assets.
 */
async function generateCodes(tx: Db, organisationId: string, count: number, typedCodes: ReadonlySet<string>): Promise<string[]> {
  const codes: string[] = [];
  while (codes.length < count) {
    const need = count - codes.length;
    const last = await reserveAssetCodeNumbers(tx, organisationId, need);
    const candidates: string[] = [];
    for (let n = last - need + 1; n <= last; n++) {
      const code = formatCode(ASSET_CODE_PREFIX, n);
      if (!typedCodes.has(code.toLowerCase())) candidates.push(code);
    }
    const taken = new Set<string>();
    for (let i = 0; i < candidates.length; i += LOOKUP_BATCH) {
      const chunk = candidates.slice(i, i + LOOKUP_BATCH).map((code) => code.toLowerCase());
      for (const code of await takenCodes(tx, organisationId, chunk)) taken.add(code);
    }
    for (const code of candidates) if (!taken.has(code.toLowerCase())) codes.push(code);
  }
  return codes;
}

function toBatch(rows: ParsedRow[]): AssetBatch {
  const batch: AssetBatch = {
    assetCode: [],
    name: [],
    clusterId: [],
    locationId: [],
    locationName: [],
    categoryId: [],
    subCategoryId: [],
    brand: [],
    model: [],
    serialNumber: [],
    installationDate: [],
    warrantyExpiry: [],
    status: [],
    purchaseCostKobo: [],
    description: [],
  };
  for (const row of rows) {
    batch.assetCode.push(row.code!);
    batch.name.push(row.name);
    batch.clusterId.push(row.clusterId);
    batch.locationId.push(row.locationId);
    batch.locationName.push(row.locationName);
    batch.categoryId.push(row.categoryId);
    batch.subCategoryId.push(row.subCategoryId);
    batch.brand.push(row.brand);
    batch.model.push(row.model);
    batch.serialNumber.push(row.serialNumber);
    batch.installationDate.push(row.installationDate);
    batch.warrantyExpiry.push(row.warrantyExpiry);
    batch.status.push(row.status);
    batch.purchaseCostKobo.push(row.purchaseCostKobo);
    batch.description.push(row.description);
  }
  return batch;
}
