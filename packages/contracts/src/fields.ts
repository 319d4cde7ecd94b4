import { z } from 'zod';
import { formatMessage, type Translate } from './messages.js';

/** Field builders shared by every schema; `field` is the label used inside messages. */

/** A UTF-16 surrogate without its other half: JavaScript strings may hold one, UTF-8 and JSON cannot. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether PostgreSQL can store the text, in a text column and inside jsonb alike: no U+0000 (text
 * refuses it) and no unpaired surrogate (jsonb refuses its \ud800 escape; text would turn it into
 * U+FFFD). Either would otherwise reach the database and fail there, a 500.
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * The start of every string in the contracts: text PostgreSQL cannot store is refused as `invalid`
 * (a 400 with the field's catalogue message) before any other check. `error` is the message for a
 * missing or non-string value.
 */
export function safeString(invalid: string, error: string = invalid) {
  return z.string({ error }).refine(isStorableText, { message: invalid, abort: true });
}

// A pragmatic address pattern: something@something.tld with no spaces.
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/**
 * The text a required field takes, as a pattern: at least `min` characters between the first and
 * the last one that is not a space (surrounding spaces are trimmed away). The schema checks the
 * trimmed text with it too, so the OpenAPI document says what the server refuses ("  " is blank).
 */
export function trimmedTextPattern(min: number): RegExp {
  return min <= 1 ? /\S/ : new RegExp(`^\\s*\\S[\\s\\S]{${min - 2},}\\S\\s*$`);
}

export function requiredText(t: Translate, field: string, bounds: { min?: number; max?: number } = {}) {
  const required = t('VALIDATION.REQUIRED', { field });
  const min = bounds.min ?? 1;
  let schema = safeString(t('VALIDATION.NOT_VALID', { field }), required).trim().min(1, required);
  if (min > 1) schema = schema.min(min, t('VALIDATION.MIN_LENGTH', { field, min }));
  schema = schema.regex(trimmedTextPattern(min), min > 1 ? t('VALIDATION.MIN_LENGTH', { field, min }) : required);
  if (bounds.max !== undefined) schema = schema.max(bounds.max, t('VALIDATION.MAX_LENGTH', { field, max: bounds.max }));
  return schema;
}

export function optionalText(t: Translate, field: string, max = 200) {
  return safeString(t('VALIDATION.NOT_VALID', { field })).trim().max(max, t('VALIDATION.MAX_LENGTH', { field, max })).optional();
}

/** Email as on the login form: required, 3 to 50 characters, well-formed (docs/product.md#sign-in). */
export function emailField(t: Translate) {
  const required = t('VALIDATION.REQUIRED', { field: 'Email' });
  return safeString(t('VALIDATION.NOT_VALID', { field: 'Email' }), required)
    .trim()
    .min(1, required)
    .min(3, t('VALIDATION.MIN_SYMBOLS', { min: 3 }))
    .max(50, t('VALIDATION.MAX_SYMBOLS', { max: 50 }))
    .regex(EMAIL_PATTERN, t('VALIDATION.WRONG_EMAIL_FORMAT'))
    .transform((value) => value.toLowerCase());
}

/** Signing in keeps 3 to 50 characters (docs/product.md#sign-in). */
export function loginPasswordField(t: Translate) {
  const required = t('VALIDATION.REQUIRED', { field: 'Password' });
  return safeString(t('VALIDATION.NOT_VALID', { field: 'Password' }), required)
    .min(1, required)
    .min(3, t('VALIDATION.MIN_SYMBOLS', { min: 3 }))
    .max(50, t('VALIDATION.MAX_SYMBOLS', { max: 50 }));
}

/** A new password needs 8 to 50 characters (docs/product.md#forgotten-and-new-passwords). */
export function newPasswordField(t: Translate) {
  const required = t('VALIDATION.REQUIRED', { field: 'Password' });
  return safeString(t('VALIDATION.NOT_VALID', { field: 'Password' }), required)
    .min(1, required)
    .min(8, t('VALIDATION.MIN_SYMBOLS', { min: 8 }))
    .max(50, t('VALIDATION.MAX_SYMBOLS', { max: 50 }));
}

/**
 * The calendar days the API takes: 1900-01-01 to 9998-12-31, the range PostgreSQL and every
 * calendar on the way agree on (the year 0000 or 10000 would fail in the database, not answer).
 * Declared as a pattern beside the ISO format, so the OpenAPI document says what the server takes:
 * YYYY-MM-DD of a real day (leap years included) in that range, as one pattern.
 */
const DAY_PATTERN = new RegExp(
  '^(?=(19\\d{2}|[2-8]\\d{3}|9[0-8]\\d{2}|99[0-8]\\d|999[0-8])-)' +
    '(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|' +
    '\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8])))$',
);

/** A YYYY-MM-DD date within 1900-01-01 and 9998-12-31; anything else is `invalid`. */
export function dateField(invalid: string) {
  return z.string({ error: invalid }).max(10, invalid).regex(DAY_PATTERN, invalid).meta({ format: 'date' });
}

/**
 * The conditional requirements the schemas check in refinements, declared for the OpenAPI
 * document (JSON Schema `anyOf`, merged by `.meta()`), so a client reads what the server refuses.
 */
export const DECLARED = {
  /** An `asset` or a `cluster` (an id, not null or ''). */
  assetOrCluster: {
    anyOf: [
      { required: ['asset'], properties: { asset: { type: 'string', format: 'uuid' } } },
      { required: ['cluster'], properties: { cluster: { type: 'string', format: 'uuid' } } },
    ],
  },
  /** At least one of `assetIds` and `clusterIds` is not empty. */
  someTargets: {
    anyOf: [
      { required: ['assetIds'], properties: { assetIds: { minItems: 1 } } },
      { required: ['clusterIds'], properties: { clusterIds: { minItems: 1 } } },
    ],
  },
  /** Saying no (`approve: false`) needs a `reason`. */
  reasonToRefuse: {
    anyOf: [{ properties: { approve: { enum: [true] } } }, { required: ['reason'], properties: { reason: { pattern: '\\S' } } }],
  },
} as const;

export function idField(t: Translate, field: string) {
  return z.uuid({ error: t('VALIDATION.NOT_VALID', { field }) });
}

/**
 * The kind of record an id in a path names ('work_order', 'asset'...), kept beside the field in a
 * registry of its own (zod's global one feeds the OpenAPI document, this one does not): the
 * route-wide tenancy tests read it to know which records to try on the route, so a new route names
 * its ids where it declares them (security/route-table.ts).
 */
export const RECORD_IDS = z.registry<{ recordKind: string }>();
export function recordId(field: string, recordKind: string, t: Translate = formatMessage) {
  return z.uuid({ error: t('VALIDATION.NOT_VALID', { field }) }).register(RECORD_IDS, { recordKind });
}

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: safeString(formatMessage('VALIDATION.NOT_VALID', { field: 'Search' }))
    .trim()
    .max(100)
    .optional(),
  sort: safeString(formatMessage('VALIDATION.NOT_VALID', { field: 'Sort' }))
    .max(40)
    .optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PageQuery = z.infer<typeof pageQuery>;

// ---------------------------------------------------------------------------------------------
// Answers (docs/api-contract.md). Every route declares its success bodies with these, next to the
// request schemas of its domain: the OpenAPI document shows them, the serializer drops whatever is
// not declared, and the web infers its types from them. Strings and lists carry a maximum, as the
// OWASP rules ask; the maxima are at least what the inputs allow, so a stored value always fits.

/** The largest page a list answers (pageQuery's pageSize cap). */
export const MAX_PAGE_SIZE = 100;
/** The largest int32, the bound of counts that can never come near it (rows of a page, hours, pixels). */
export const INT32_MAX = 2_147_483_647;

/** Builders for the fields of answers. */
export const out = {
  /** A uuid (`_id` and references). */
  id: () => z.uuid().max(36),
  /** An instant as toISOString() writes it. */
  timestamp: () => z.iso.datetime().max(30),
  /** A calendar date, YYYY-MM-DD. */
  date: () => z.iso.date().max(10),
  text: (max: number) => z.string().max(max),
  /** A count or size that fits an int32. */
  count: () => z.number().int().min(0).max(INT32_MAX),
  /** A count or amount that may pass an int32 (row totals, kobo): any safe integer. */
  bigCount: () => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** The bytes of a download, for the API document (the route sends a buffer or a stream as it is). */
  binary: (maxBytes: number) => z.custom<unknown>(() => true).meta({ type: 'string', format: 'binary', maxLength: maxBytes }),
};

/** `meta` of a paged list: pageCount = ceil(total / pageSize). */
export const pageMetaSchema = z
  .object({
    page: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
    total: out.bigCount(),
    pageCount: out.bigCount(),
    /** Set when a filtered count stopped at its cap: there are at least `total` rows. */
    totalIsLowerBound: z.boolean().optional(),
  })
  .meta({ id: 'PageMeta' });
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** A success body: `{ data }`. */
export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

/** A list answered whole (no paging), of at most `max` items: `{ data: [...] }`. */
export function listOf<T extends z.ZodType>(item: T, max: number) {
  return z.object({ data: z.array(item).max(max) });
}

/** A page of a list: `{ data: [...], meta }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item).max(MAX_PAGE_SIZE), meta: pageMetaSchema });
}

/** `{ data: { message } }`: a confirmation in the catalogue's words. */
export const messageAnswer = dataOf(z.object({ message: out.text(500) }));
export type Confirmation = z.infer<typeof messageAnswer>['data'];

/** The one error body (docs/api-contract.md); `errors` holds the field messages of a 400. */
export const apiErrorSchema = z
  .object({
    statusCode: z.number().int().min(400).max(599),
    error: out.text(60),
    message: out.text(2000),
    errors: z
      .array(z.object({ path: out.text(500), message: out.text(2000) }))
      .max(1000)
      .optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** docs/product.md#lists: the page count is the ceiling of total divided by page size. */
export function pageMeta(page: number, pageSize: number, total: number, totalIsLowerBound = false): PageMeta {
  const meta: PageMeta = { page, pageSize, total, pageCount: Math.ceil(total / pageSize) };
  if (totalIsLowerBound) meta.totalIsLowerBound = true;
  return meta;
}
