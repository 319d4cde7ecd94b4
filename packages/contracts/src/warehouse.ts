import { z } from 'zod';
import { columnOfHeader } from './asset-import.js';
import { dataOf, optionalText, out, pageOf, pageQuery, recordId, requiredText, safeString } from './fields.js';
import { formatMessage, type Translate } from './messages.js';
import { moneyField } from './money.js';
import type { OrganisationKind } from './organisation.js';
import { namedRefSchema, stateRefSchema } from './user.js';

/**
 * Warehouses and their stock (docs/product.md#warehouses-and-stock; issue 11). An organisation
 * that keeps parts has warehouses, each with the staff who manage it and an inventory. Stock is a
 * ledger: an item's quantity changes only through movements, which are never edited or deleted (a
 * mistake is undone by a reversing movement), so the quantity always equals the sum of its
 * movements and never goes below zero. Quantities are whole units.
 */

/** The organisations that keep parts. */
export const WAREHOUSE_ORGANISATION_KINDS = [
  'asset_owner',
  'mro',
  'imo',
  'external_technician',
  'supplier',
] as const satisfies readonly OrganisationKind[];

/** One movement moves at most this many units; an item holds at most an int32. */
export const STOCK_MAX_QUANTITY = 1_000_000;
export const WAREHOUSE_MAX_MANAGERS = 20;

/**
 * What moved stock: by hand (in, out, a count's correction), a transfer's two halves, a material
 * request's issue, a purchase order's receipt, an opening import, or the reversal of another movement.
 */
export const STOCK_MOVEMENT_KINDS = [
  'stock_in',
  'stock_out',
  'transfer_out',
  'transfer_in',
  'count',
  'issue',
  'receipt',
  'opening',
  'reversal',
] as const;
export type StockMovementKind = (typeof STOCK_MOVEMENT_KINDS)[number];

/** The documents a movement comes from, besides the hand of the warehouse's staff. */
export const STOCK_SOURCE_TYPES = ['material_request', 'purchase_order', 'transfer', 'import', 'movement'] as const;
export type StockSourceType = (typeof STOCK_SOURCE_TYPES)[number];

/** A whole number of units, 1 to STOCK_MAX_QUANTITY. */
export function quantityField(t: Translate, field = 'Quantity') {
  const invalid = t('VALIDATION.NOT_VALID', { field });
  return z
    .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? t('VALIDATION.REQUIRED', { field }) : invalid) })
    .int(invalid)
    .min(1, invalid)
    .max(STOCK_MAX_QUANTITY, invalid);
}

/** A count or a reorder level: a whole number from 0. */
function levelField(t: Translate, field: string) {
  const invalid = t('VALIDATION.NOT_VALID', { field });
  return z
    .number({ error: (issue) => (issue.input === undefined || issue.input === '' ? t('VALIDATION.REQUIRED', { field }) : invalid) })
    .int(invalid)
    .min(0, invalid)
    .max(STOCK_MAX_QUANTITY, invalid);
}

function stateOf(t: Translate) {
  const invalid = t('VALIDATION.NOT_VALID', { field: 'State' });
  return z
    .union(
      [
        safeString(invalid).trim().max(60),
        z.strictObject({ state: safeString(invalid).trim().max(60).optional(), alias: safeString(invalid).trim().max(60) }),
      ],
      { error: invalid },
    )
    .transform((v) => (typeof v === 'string' ? v : v.alias).toLowerCase() || null)
    .optional();
}

// ---------------------------------------------------------------------------------------------
// Warehouses

/** The organisation's staff who manage a warehouse (they take its requests and hear of its low stock). */
function managersOf(t: Translate) {
  return z
    .array(z.uuid({ error: t('VALIDATION.NOT_VALID', { field: 'Managers' }) }), {
      error: t('VALIDATION.NOT_VALID', { field: 'Managers' }),
    })
    .max(WAREHOUSE_MAX_MANAGERS, t('VALIDATION.NOT_VALID', { field: 'Managers' }));
}

/** POST /v2/warehouse/create (PUT /v2/warehouse/update/{id}: any field; managers left out stay). */
export function makeWarehouseSchema(t: Translate) {
  return z.strictObject({
    name: requiredText(t, 'Name', { min: 2, max: 100 }),
    address: optionalText(t, 'Address', 300),
    state: stateOf(t),
    lga: optionalText(t, 'LGA', 80),
    managers: managersOf(t).default([]),
  });
}
export const warehouseSchema = makeWarehouseSchema(formatMessage);
// Without the create's default: a change that leaves the managers out keeps them.
export const warehouseUpdateSchema = makeWarehouseSchema(formatMessage)
  .extend({ managers: managersOf(formatMessage) })
  .partial();
export type WarehouseInput = z.infer<typeof warehouseSchema>;
export type WarehouseUpdateInput = z.infer<typeof warehouseUpdateSchema>;

export const warehouseAnswerSchema = z
  .object({
    _id: out.id(),
    name: out.text(100),
    address: out.text(300).nullable(),
    state: stateRefSchema.nullable(),
    lga: out.text(80).nullable(),
    managers: z.array(namedRefSchema).max(WAREHOUSE_MAX_MANAGERS),
    /** Items held, items at or under their reorder level, and the stock's value (kobo and naira). */
    itemCount: out.count(),
    lowStockCount: out.count(),
    valueKobo: out.bigCount(),
    value: out.text(24),
    /** Whether the caller manages it (takes its requests, moves its stock). */
    managedByMe: z.boolean(),
    createdAt: out.timestamp(),
    updatedAt: out.timestamp(),
  })
  .meta({ id: 'Warehouse' });
export type Warehouse = z.infer<typeof warehouseAnswerSchema>;

export const warehouseListQuery = pageQuery.extend({
  sort: z.enum(['name', 'createdAt'], { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Sort' }) }).optional(),
});
export type WarehouseListQuery = z.infer<typeof warehouseListQuery>;

export const warehouseParams = z.object({ id: recordId('Warehouse', 'warehouse') });
export const warehouseAnswer = dataOf(warehouseAnswerSchema);
export const warehousePage = pageOf(warehouseAnswerSchema);

/** GET /v2/warehouse/manager-options: the organisation's active staff who may manage a warehouse (admins and holders of manageWarehouse). */
export const WAREHOUSE_MANAGER_OPTIONS_MAX = 500;
export const warehouseManagerOptionsQuery = pageQuery.pick({ search: true });
export const warehouseManagerOptionsAnswer = z.object({ data: z.array(namedRefSchema).max(WAREHOUSE_MANAGER_OPTIONS_MAX) });

// ---------------------------------------------------------------------------------------------
// Inventory items

/** POST /v2/warehouse/{id}/item: a new item, with its opening quantity (an `opening` movement). */
export function makeInventoryItemSchema(t: Translate) {
  return z.strictObject({
    name: requiredText(t, 'Material name', { min: 2, max: 150 }),
    description: optionalText(t, 'Description', 2000),
    brand: optionalText(t, 'Brand', 100),
    model: optionalText(t, 'Model', 100),
    unit: optionalText(t, 'Unit', 30),
    /** Naira per unit, exact (kobo); none: not priced. */
    price: moneyField(t, 'Price').optional(),
    /** At or under this quantity the item is low and its managers hear of it once; none: never. */
    reorderLevel: levelField(t, 'Reorder level').nullable().optional(),
    /** The pricebook item it is (a supplier's or provider's own), if any. */
    pricebookItem: z
      .union([z.uuid({ error: t('VALIDATION.NOT_VALID', { field: 'Pricebook item' }) }), z.literal(''), z.null()], {
        error: t('VALIDATION.NOT_VALID', { field: 'Pricebook item' }),
      })
      .transform((v) => v || null)
      .optional(),
    quantity: levelField(t, 'Quantity').default(0),
  });
}
export const inventoryItemSchema = makeInventoryItemSchema(formatMessage);
export type InventoryItemInput = z.infer<typeof inventoryItemSchema>;
/** PUT /v2/warehouse/item/{id}: the item's description, never its quantity (movements only). */
export const inventoryItemUpdateSchema = makeInventoryItemSchema(formatMessage).omit({ quantity: true }).partial();
export type InventoryItemUpdateInput = z.infer<typeof inventoryItemUpdateSchema>;

export const INVENTORY_SORTS = ['name', 'quantity', 'price', 'updatedAt'] as const;
export const INVENTORY_STOCK_FILTERS = ['all', 'low', 'out'] as const;
export type InventoryStockFilter = (typeof INVENTORY_STOCK_FILTERS)[number];

/** GET /v2/warehouse/{id}/items: search on name, description, brand and model; low or out of stock; sorted. */
export const inventoryListQuery = pageQuery.extend({
  stock: z.enum(INVENTORY_STOCK_FILTERS, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Stock' }) }).default('all'),
  sort: z.enum(INVENTORY_SORTS, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Sort' }) }).optional(),
});
export type InventoryListQuery = z.infer<typeof inventoryListQuery>;

export const inventoryItemAnswerSchema = z
  .object({
    _id: out.id(),
    warehouse: namedRefSchema,
    name: out.text(150),
    description: out.text(2000).nullable(),
    brand: out.text(100).nullable(),
    model: out.text(100).nullable(),
    unit: out.text(30).nullable(),
    quantity: out.count(),
    priceKobo: out.bigCount().nullable(),
    price: out.text(24).nullable(),
    reorderLevel: out.count().nullable(),
    /** At or under its reorder level. */
    low: z.boolean(),
    pricebookItem: namedRefSchema.nullable(),
    /** "Last updated" (docs/product.md#warehouses-and-stock): the item's last movement or change. */
    updatedAt: out.timestamp(),
    createdAt: out.timestamp(),
  })
  .meta({ id: 'InventoryItem' });
export type InventoryItem = z.infer<typeof inventoryItemAnswerSchema>;

export const inventoryItemParams = z.object({ id: recordId('Item', 'inventory_item') });
export const inventoryItemAnswer = dataOf(inventoryItemAnswerSchema);
export const inventoryPage = pageOf(inventoryItemAnswerSchema);

/** GET /v2/warehouse/low-stock: items at or under their reorder level in the warehouses the caller reads (one of them with `warehouse`), by warehouse and name. */
export const lowStockQuery = pageQuery.pick({ page: true, pageSize: true, search: true }).extend({
  warehouse: z.uuid({ error: formatMessage('VALIDATION.NOT_VALID', { field: 'Warehouse' }) }).optional(),
});
export type LowStockQuery = z.infer<typeof lowStockQuery>;

// ---------------------------------------------------------------------------------------------
// Movements

/** POST /v2/warehouse/item/{id}/stock-in and /stock-out: by hand, with a reason. */
export function makeStockMoveSchema(t: Translate) {
  return z.strictObject({
    quantity: quantityField(t),
    reason: requiredText(t, 'Reason', { min: 2, max: 500 }),
  });
}
export const stockMoveSchema = makeStockMoveSchema(formatMessage);
export type StockMoveInput = z.infer<typeof stockMoveSchema>;

/** POST /v2/warehouse/item/{id}/transfer: to another warehouse of the same organisation (an item of the same name there, made if missing). */
export function makeStockTransferSchema(t: Translate) {
  return makeStockMoveSchema(t).extend({
    toWarehouse: z.uuid({
      error: (issue) =>
        issue.input ? t('VALIDATION.NOT_VALID', { field: 'Warehouse' }) : t('VALIDATION.REQUIRED', { field: 'Warehouse' }),
    }),
  });
}
export const stockTransferSchema = makeStockTransferSchema(formatMessage);
export type StockTransferInput = z.infer<typeof stockTransferSchema>;

/** POST /v2/warehouse/item/{id}/count: the quantity found on the shelf; the difference is the movement. */
export function makeStockCountSchema(t: Translate) {
  return z.strictObject({
    counted: levelField(t, 'Counted quantity'),
    reason: requiredText(t, 'Reason', { min: 2, max: 500 }),
  });
}
export const stockCountSchema = makeStockCountSchema(formatMessage);
export type StockCountInput = z.infer<typeof stockCountSchema>;

/** POST /v2/warehouse/movement/{id}/reverse: undoes a movement by its opposite (once). */
export function makeStockReverseSchema(t: Translate) {
  return z.strictObject({ reason: requiredText(t, 'Reason', { min: 2, max: 500 }) });
}
export const stockReverseSchema = makeStockReverseSchema(formatMessage);
export type StockReverseInput = z.infer<typeof stockReverseSchema>;

export const stockMovementSchema = z
  .object({
    _id: out.text(20),
    item: namedRefSchema,
    warehouse: namedRefSchema,
    kind: z.enum(STOCK_MOVEMENT_KINDS),
    /** Signed: positive in, negative out. */
    quantity: z.number().int().min(-2_147_483_648).max(2_147_483_647),
    balanceAfter: out.count(),
    reason: out.text(500).nullable(),
    source: z.object({ type: z.enum(STOCK_SOURCE_TYPES), _id: out.text(40), code: out.text(40).nullable() }).nullable(),
    /** The movement this one reverses, and the one that reversed this (each at most once). */
    reverses: out.text(20).nullable(),
    reversedBy: out.text(20).nullable(),
    by: namedRefSchema.nullable(),
    createdAt: out.timestamp(),
  })
  .meta({ id: 'StockMovement' });
export type StockMovement = z.infer<typeof stockMovementSchema>;

export const stockMovementParams = z.object({
  id: z
    .string({ error: formatMessage('VALIDATION.NOT_VALID', { field: 'Movement' }) })
    .max(18, formatMessage('VALIDATION.NOT_VALID', { field: 'Movement' }))
    .regex(/^\d{1,18}$/, formatMessage('VALIDATION.NOT_VALID', { field: 'Movement' })),
});

/** GET /v2/warehouse/item/{id}/movements (newest first) and GET /v2/warehouse/{id}/movements. */
export const movementListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  kind: z.enum(STOCK_MOVEMENT_KINDS, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Kind' }) }).optional(),
});
export type MovementListQuery = z.infer<typeof movementListQuery>;

/** What a movement answers: the item as it now stands and the movement(s) written. */
export const stockMoveAnswer = dataOf(z.object({ item: inventoryItemAnswerSchema, movements: z.array(stockMovementSchema).max(2) }));
export const movementPage = pageOf(stockMovementSchema);

// ---------------------------------------------------------------------------------------------
// Import and export of an inventory

/** The columns of an inventory file, in order: what the export writes and the import reads. */
export const INVENTORY_FILE_COLUMNS = ['name', 'quantity', 'unit', 'price', 'reorder level', 'brand', 'model', 'description'] as const;
export type InventoryFileColumn = (typeof INVENTORY_FILE_COLUMNS)[number];
export const INVENTORY_REQUIRED_COLUMNS: readonly InventoryFileColumn[] = ['name', 'quantity'];

export function inventoryColumnOf(header: string): InventoryFileColumn | undefined {
  return columnOfHeader(INVENTORY_FILE_COLUMNS, header);
}

export const inventoryExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Format' }) }).default('xlsx'),
});
export type InventoryExportQuery = z.infer<typeof inventoryExportQuery>;

/** GET /v2/warehouse/import/template: the columns of the export with example rows. */
export const inventoryImportTemplateQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Format' }) }).default('csv'),
});
export type InventoryImportTemplateQuery = z.infer<typeof inventoryImportTemplateQuery>;

/** GET /v2/warehouse/{id}/imports: the warehouse's recent imports, newest first. */
export const inventoryImportListQuery = pageQuery.pick({ page: true, pageSize: true });
