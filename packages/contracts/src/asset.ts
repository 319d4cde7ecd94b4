import { z } from 'zod';
import { dateField, idField, optionalText, out, pageQuery, requiredText, safeString } from './fields.js';
import { fileIdsField, fileRefSchema } from './file.js';
import { formatMessage, type Translate } from './messages.js';
import { moneyField } from './money.js';
import { namedRefSchema, stateRefSchema } from './user.js';

export { koboToNaira, nairaToKobo } from './money.js';

/** Asset statuses (docs/product.md#assets-and-clusters; issue 3): decommissioned is reached only through POST /v2/asset/:id/decommission. */
export const ASSET_STATUSES = ['active', 'faulty', 'under_maintenance', 'decommissioned'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];
/** The statuses a create or an edit may set. */
export const ASSET_EDITABLE_STATUSES = ['active', 'faulty', 'under_maintenance'] as const;

/** Generated codes: CL-000001, AS-000001 (unique per owner, like any code the owner types). */
export const CLUSTER_CODE_PREFIX = 'CL-';
export const ASSET_CODE_PREFIX = 'AS-';
export const formatCode = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, '0')}`;

/** A code the owner types (clusterID, assetID): letters, digits and - _ . / ; blank means "generate one". */
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;
function codeField(t: Translate, field: string) {
  return safeString(t('VALIDATION.NOT_VALID', { field }))
    .trim()
    .max(40, t('VALIDATION.MAX_LENGTH', { field, max: 40 }))
    .refine((v) => v === '' || CODE_PATTERN.test(v), t('VALIDATION.NOT_VALID', { field }))
    .optional();
}

/** A state as its alias ("lagos") or as the registration form sends it ({ state, alias }). */
function stateField(t: Translate) {
  const invalid = t('VALIDATION.NOT_VALID', { field: 'State' });
  return z
    .union(
      [
        safeString(invalid).trim().max(60),
        z.strictObject({ state: safeString(invalid).trim().max(60).optional(), alias: safeString(invalid).trim().max(60) }),
      ],
      { error: invalid },
    )
    .transform((v) => (typeof v === 'string' ? v : v.alias).toLowerCase())
    .optional();
}

/** An optional reference: a uuid, or null / '' to leave it empty (or clear it on edit). */
function optionalRef(t: Translate, field: string) {
  const invalid = t('VALIDATION.NOT_VALID', { field });
  return z
    .union([z.uuid({ error: invalid }), z.literal(''), z.null()], { error: invalid })
    .transform((v) => v || null)
    .optional();
}

function requiredRef(t: Translate, field: string) {
  const required = t('VALIDATION.REQUIRED', { field });
  return safeString(t('VALIDATION.NOT_VALID', { field }), required)
    .trim()
    .min(1, required)
    .max(36, t('VALIDATION.NOT_VALID', { field }))
    .pipe(idField(t, field));
}

/** YYYY-MM-DD, or null / '' for none. */
function optionalDate(t: Translate, field: string) {
  const invalid = t('VALIDATION.NOT_VALID', { field });
  const date = dateField(invalid);
  return z
    .union([date, z.literal(''), z.null()], { error: invalid })
    .transform((v) => v || null)
    .optional();
}

export function makeClusterCreateSchema(t: Translate) {
  return z.strictObject({
    clusterID: codeField(t, 'Cluster ID'),
    name: requiredText(t, 'Name', { min: 2, max: 100 }),
    state: stateField(t),
    lga: optionalText(t, 'LGA', 80),
    address: optionalText(t, 'Address', 300),
    description: optionalText(t, 'Description', 2000),
  });
}

/** Edit: any field; a blank clusterID keeps the current one. */
export function makeClusterEditSchema(t: Translate) {
  return makeClusterCreateSchema(t).partial();
}

export function makeAssetCreateSchema(t: Translate) {
  return z.strictObject({
    assetID: codeField(t, 'Asset ID'),
    name: requiredText(t, 'Name', { min: 2, max: 150 }),
    clusterId: optionalRef(t, 'Cluster'),
    locationID: optionalText(t, 'Location ID', 60),
    locationName: optionalText(t, 'Location name', 150),
    categoryId: requiredRef(t, 'Category'),
    subCategoryId: optionalRef(t, 'Sub-category'),
    brand: optionalText(t, 'Brand', 100),
    model: optionalText(t, 'Model', 100),
    serialNumber: optionalText(t, 'Serial number', 100),
    installationDate: optionalDate(t, 'Installation date'),
    warrantyExpiry: optionalDate(t, 'Warranty expiry'),
    status: z.enum(ASSET_EDITABLE_STATUSES, { error: t('VALIDATION.NOT_VALID', { field: 'Status' }) }).default('active'),
    purchaseCost: moneyField(t, 'Purchase cost'),
    description: optionalText(t, 'Description', 2000),
    /** Uploaded images (POST /v2/file/upload) and PDFs; on edit the list replaces the current one. */
    photos: fileIdsField(t, 'Photos').optional(),
    documents: fileIdsField(t, 'Documents').optional(),
  });
}

/** Edit: any field (status within the editable ones); a blank assetID keeps the current one. */
export function makeAssetEditSchema(t: Translate) {
  return makeAssetCreateSchema(t)
    .extend({ status: z.enum(ASSET_EDITABLE_STATUSES, { error: t('VALIDATION.NOT_VALID', { field: 'Status' }) }) })
    .partial();
}

/** The body is optional: a POST without one arrives as null. */
export function makeDecommissionSchema(t: Translate) {
  return z
    .strictObject({ reason: optionalText(t, 'Reason', 500) })
    .nullish()
    .transform((v) => v ?? {});
}

/** The columns each list may be sorted by (anything else is a 400 on `sort`). */
export const CLUSTER_SORTS = ['name', 'clusterID', 'createdAt', 'assetCount'] as const;
export const ASSET_SORTS = ['name', 'assetID', 'createdAt', 'status', 'installationDate', 'warrantyExpiry', 'purchaseCost'] as const;

const sortOf = <T extends readonly [string, ...string[]]>(fields: T) =>
  z.enum(fields, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Sort' }) }).optional();
const queryRef = (field: string) => z.uuid({ error: formatMessage('VALIDATION.NOT_VALID', { field }) }).optional();
const queryState = safeString(formatMessage('VALIDATION.NOT_VALID', { field: 'State' }))
  .trim()
  .toLowerCase()
  .max(60)
  .optional();

export const clusterListQuery = pageQuery.extend({ state: queryState, sort: sortOf(CLUSTER_SORTS) });
export type ClusterListQuery = z.infer<typeof clusterListQuery>;

export const assetListQuery = pageQuery.extend({
  clusterId: queryRef('Cluster'),
  categoryId: queryRef('Category'),
  subCategoryId: queryRef('Sub-category'),
  status: z.enum(ASSET_STATUSES, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Status' }) }).optional(),
  /** The state of the asset's cluster. */
  state: queryState,
  sort: sortOf(ASSET_SORTS),
});
export type AssetListQuery = z.infer<typeof assetListQuery>;

/** The public look-ups of the fault portal: a page of at most 100, searchable by name or code. */
export const lookupQuery = pageQuery.pick({ search: true }).extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(100),
});
export type LookupQuery = z.infer<typeof lookupQuery>;

export const clusterCreateSchema = makeClusterCreateSchema(formatMessage);
export const clusterEditSchema = makeClusterEditSchema(formatMessage);
export const assetCreateSchema = makeAssetCreateSchema(formatMessage);
export const assetEditSchema = makeAssetEditSchema(formatMessage);
export const decommissionSchema = makeDecommissionSchema(formatMessage);

export type ClusterCreateInput = z.infer<typeof clusterCreateSchema>;
export type ClusterEditInput = z.infer<typeof clusterEditSchema>;
export type AssetCreateInput = z.infer<typeof assetCreateSchema>;
export type AssetEditInput = z.infer<typeof assetEditSchema>;

/**
 * Answers of the cluster and asset calls (docs/api-contract.md). Caps are above the inputs' (codes
 * 40, names 150, descriptions 2000), so a stored value always fits.
 */
export const clusterRefSchema = z.object({ _id: out.id(), clusterID: out.text(100), name: out.text(300) }).meta({ id: 'ClusterRef' });
export type ClusterRef = z.infer<typeof clusterRefSchema>;

export const clusterSchema = clusterRefSchema
  .extend({
    state: stateRefSchema.nullable(),
    lga: out.text(100).nullable(),
    address: out.text(500).nullable(),
    description: out.text(5000).nullable(),
    assetCount: out.count(),
    createdAt: out.timestamp(),
    updatedAt: out.timestamp(),
  })
  .meta({ id: 'Cluster' });
export type Cluster = z.infer<typeof clusterSchema>;

export const assetSchema = z
  .object({
    _id: out.id(),
    assetID: out.text(100),
    name: out.text(300),
    cluster: clusterRefSchema.nullable(),
    locationID: out.text(100).nullable(),
    locationName: out.text(300).nullable(),
    category: namedRefSchema,
    subCategory: namedRefSchema.nullable(),
    brand: out.text(200).nullable(),
    model: out.text(200).nullable(),
    serialNumber: out.text(200).nullable(),
    installationDate: out.date().nullable(),
    warrantyExpiry: out.date().nullable(),
    status: z.enum(ASSET_STATUSES),
    /** NGN in kobo (exact) and as a two-decimal naira string; null when unknown. */
    purchaseCostKobo: out.bigCount().nullable(),
    purchaseCost: out.text(20).nullable(),
    description: out.text(5000).nullable(),
    /** Open faults before its owner now (awaiting_owner: the list's "open fault" marker), kept exact by the fault module. */
    openFaults: out.count(),
    createdAt: out.timestamp(),
    updatedAt: out.timestamp(),
  })
  .meta({ id: 'Asset' });
export type Asset = z.infer<typeof assetSchema>;

/** A record's files as answers list them (inputs allow MAX_FILES_PER_FIELD per field). */
const filesOfRecord = z.array(fileRefSchema).max(100);

/** One asset as the assigned-asset details answer it: with its photos and documents. */
export const assetDetailSchema = assetSchema.extend({ photos: filesOfRecord, documents: filesOfRecord }).meta({ id: 'AssetDetail' });
export type AssetDetail = z.infer<typeof assetDetailSchema>;

/** Who holds an asset now (GET /v2/asset/:id): a provider, through the asset itself or its cluster. */
export const assetAssignmentSchema = z
  .object({
    provider: namedRefSchema,
    via: z.enum(['asset', 'cluster']),
    /** When that assignment was made. */
    since: out.timestamp(),
  })
  .meta({ id: 'AssetAssignment' });
export type AssetAssignment = z.infer<typeof assetAssignmentSchema>;

/** GET /v2/asset/:id: the asset with its files and who holds it now. */
export const assetViewSchema = assetDetailSchema.extend({ assignment: assetAssignmentSchema.nullable() }).meta({ id: 'AssetView' });
export type AssetView = z.infer<typeof assetViewSchema>;

/** GET /v2/asset/asset-owner/cluster/:ownerId: only what a fault reporter needs. */
export const publicClusterSchema = clusterRefSchema
  .extend({ state: stateRefSchema.nullable(), lga: out.text(100).nullable(), address: out.text(500).nullable() })
  .meta({ id: 'PublicCluster' });
export type PublicCluster = z.infer<typeof publicClusterSchema>;

/** GET /v2/asset/asset-owner/cluster-name/:clusterId, shaped as the portal's cascade needs it (docs/product.md#fault-form). */
export const publicAssetSchema = z
  .object({
    _id: out.id(),
    assetID: out.text(100),
    name: out.text(300),
    locationID: out.text(100).nullable(),
    locationName: out.text(300).nullable(),
    clusterName: clusterRefSchema,
  })
  .meta({ id: 'PublicAsset' });
export type PublicAsset = z.infer<typeof publicAssetSchema>;

/** GET /v2/asset/:id/history: the asset's activities, newest first. */
export const assetHistoryEntrySchema = z
  .object({
    _id: out.id(),
    createdAt: out.timestamp(),
    action: out.text(100),
    description: out.text(2000),
    /** Who did it; null once that user is deleted. */
    user: namedRefSchema.nullable(),
  })
  .meta({ id: 'AssetHistoryEntry' });
export type AssetHistoryEntry = z.infer<typeof assetHistoryEntrySchema>;

export const assetHistoryQuery = pageQuery.pick({ page: true, pageSize: true });
