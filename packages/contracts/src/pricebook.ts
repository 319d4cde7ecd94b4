import { z } from 'zod';
import { columnOfHeader } from './asset-import.js';
import { optionalText, out, pageQuery, recordId, requiredText } from './fields.js';
import { formatMessage, type Translate } from './messages.js';
import { requiredMoneyField } from './money.js';
import { type OrganisationKind, PROVIDER_KINDS } from './organisation.js';

/**
 * Pricebooks (docs/product.md#pricebooks, issue 9): what a provider (MRO, IMO, external
 * technician) or a supplier charges, item by item. Observations and orders copy an item's name and
 * price when they use it, so a later change never alters them; an item no longer offered is
 * retired, not deleted, and stays readable for that history.
 */

/** What an item is: work done, a part fitted, or goods sold. */
export const PRICEBOOK_KINDS = ['service', 'spare_part', 'product'] as const;
export type PricebookKind = (typeof PRICEBOOK_KINDS)[number];

/** A pricebook holds at most this many items (retired ones included), so an import cannot flood it. */
export const PRICEBOOK_MAX_ITEMS = 20_000;

/** The organisations that keep a pricebook: the providers and the suppliers. */
export const PRICEBOOK_ORGANISATION_KINDS = [...PROVIDER_KINDS, 'supplier'] as const satisfies readonly OrganisationKind[];

function pricebookFields(t: Translate) {
  const kind = t('VALIDATION.REQUIRED', { field: 'Kind' });
  return {
    name: requiredText(t, 'Name', { min: 2, max: 150 }),
    description: optionalText(t, 'Description', 2000),
    brand: optionalText(t, 'Brand', 100),
    model: optionalText(t, 'Model', 100),
    /** Naira (e.g. "45000.50" or 45000.5), stored as kobo exactly. */
    price: requiredMoneyField(t, 'Price'),
    kind: z.enum(PRICEBOOK_KINDS, {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === '' ? kind : t('VALIDATION.NOT_VALID', { field: 'Kind' }),
    }),
    /** How it is counted: each, hour, litre, metre… */
    unit: optionalText(t, 'Unit', 30),
  };
}

/** POST /v2/pricebook/create (and one row of an import). */
export function makePricebookItemCreateSchema(t: Translate) {
  return z.strictObject(pricebookFields(t));
}

/** PUT /v2/pricebook/update/:id: any field. */
export function makePricebookItemUpdateSchema(t: Translate) {
  return z.strictObject(pricebookFields(t)).partial();
}

export const pricebookItemCreateSchema = makePricebookItemCreateSchema(formatMessage);
export const pricebookItemUpdateSchema = makePricebookItemUpdateSchema(formatMessage);
export type PricebookItemCreateInput = z.infer<typeof pricebookItemCreateSchema>;
export type PricebookItemUpdateInput = z.infer<typeof pricebookItemUpdateSchema>;

export const PRICEBOOK_SORTS = ['name', 'price', 'kind', 'createdAt', 'updatedAt'] as const;
export type PricebookSort = (typeof PRICEBOOK_SORTS)[number];

/** Which items a list shows: those offered now (the default), the retired ones, or both. */
export const PRICEBOOK_STATES = ['active', 'retired', 'all'] as const;
export type PricebookState = (typeof PRICEBOOK_STATES)[number];

/**
 * GET /v2/pricebook (the caller's own) and GET /v2/pricebook/of/:organisationId (a provider's, for
 * an owner it works with): search on name, description, brand and model; without a sort, by name.
 */
export const pricebookListQuery = pageQuery.extend({
  kind: z.enum(PRICEBOOK_KINDS, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Kind' }) }).optional(),
  state: z.enum(PRICEBOOK_STATES, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'State' }) }).default('active'),
  sort: z.enum(PRICEBOOK_SORTS, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Sort' }) }).optional(),
});
export type PricebookListQuery = z.infer<typeof pricebookListQuery>;

/** The columns of a pricebook file, in order: what the export writes and the import reads. */
export const PRICEBOOK_FILE_COLUMNS = ['name', 'kind', 'price', 'unit', 'brand', 'model', 'description', 'status'] as const;
export type PricebookFileColumn = (typeof PRICEBOOK_FILE_COLUMNS)[number];

/** The columns a pricebook file must have (and every row must fill). */
export const PRICEBOOK_REQUIRED_COLUMNS: readonly PricebookFileColumn[] = ['name', 'kind', 'price'];

/** The status column of a pricebook file, as the export writes it. */
export const PRICEBOOK_FILE_STATUSES = ['offered', 'retired'] as const;
export type PricebookFileStatus = (typeof PRICEBOOK_FILE_STATUSES)[number];

/** A header cell as a pricebook column: "Name", "DESCRIPTION" and "de-scrip tion" all match, as in the asset import. */
export function pricebookColumnOf(header: string): PricebookFileColumn | undefined {
  return columnOfHeader(PRICEBOOK_FILE_COLUMNS, header);
}

/**
 * A kind cell as a kind: the keys the export writes (service, spare_part, product) or the form's
 * English labels ("Spare part", "spare-part"), in any case; undefined for anything else.
 */
export function pricebookKindOf(text: string): PricebookKind | undefined {
  const normal = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_');
  return PRICEBOOK_KINDS.find((kind) => kind === normal);
}

/** A status cell as a status (any case); undefined for anything else. */
export function pricebookFileStatusOf(text: string): PricebookFileStatus | undefined {
  const normal = text.trim().toLowerCase();
  return PRICEBOOK_FILE_STATUSES.find((status) => status === normal);
}

/**
 * POST /v2/pricebook/import reads a CSV or XLSX file of these columns: a row whose name matches an
 * item of the pricebook (ignoring case and surrounding spaces) changes that item, any other row
 * adds one; every row is checked first, and a file with any error changes nothing.
 */
export const pricebookImportTemplateQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Format' }) }).default('csv'),
});
export type PricebookImportTemplateQuery = z.infer<typeof pricebookImportTemplateQuery>;

/** GET /v2/pricebook/imports: the organisation's recent pricebook imports, newest first. */
export const pricebookImportListQuery = pageQuery.pick({ page: true, pageSize: true });

/** GET /v2/pricebook/export: the caller's pricebook as a file; offered items unless `state` says otherwise. */
export const pricebookExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Format' }) }).default('xlsx'),
  state: z.enum(PRICEBOOK_STATES, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'State' }) }).default('active'),
});
export type PricebookExportQuery = z.infer<typeof pricebookExportQuery>;

export const pricebookItemSchema = z
  .object({
    _id: out.id(),
    /** The organisation whose pricebook it is. */
    organisation: z.object({ _id: out.id(), name: out.text(300) }),
    name: out.text(150),
    description: out.text(2000).nullable(),
    brand: out.text(100).nullable(),
    model: out.text(100).nullable(),
    /** NGN in kobo (exact) and as a two-decimal naira string. */
    priceKobo: out.bigCount(),
    price: out.text(20),
    kind: z.enum(PRICEBOOK_KINDS),
    unit: out.text(30).nullable(),
    /** Set when the item is no longer offered. */
    retiredAt: out.timestamp().nullable(),
    createdAt: out.timestamp(),
    updatedAt: out.timestamp(),
  })
  .meta({ id: 'PricebookItem' });
export type PricebookItem = z.infer<typeof pricebookItemSchema>;

/** The id in a pricebook route's path. */
export const pricebookItemParams = z.object({
  id: recordId('Pricebook item', 'pricebook'),
});
export const pricebookOwnerParams = z.object({
  organisationId: z.uuid({ error: formatMessage('VALIDATION.NOT_VALID', { field: 'Organisation' }) }),
});
