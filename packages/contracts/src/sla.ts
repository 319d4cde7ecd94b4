import { z } from 'zod';
import { DECLARED, idField, optionalText, out, pageQuery, requiredText, safeString } from './fields.js';
import { fileRefSchema } from './file.js';
import { formatMessage, type Translate } from './messages.js';

/** Response and resolution targets: whole hours, at most a year. */
export const SLA_MIN_HOURS = 1;
export const SLA_MAX_HOURS = 8760;
/** At most this many assets and this many clusters per SLA. */
export const SLA_MAX_TARGETS = 500;

function hoursField(t: Translate, field: string) {
  const required = t('VALIDATION.REQUIRED', { field });
  const range = t('SLA.HOURS_RANGE', { field, min: SLA_MIN_HOURS, max: SLA_MAX_HOURS });
  return z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? required : range) })
    .int(range)
    .min(SLA_MIN_HOURS, range)
    .max(SLA_MAX_HOURS, range);
}

function targetIds(t: Translate, field: string) {
  const invalid = t('VALIDATION.NOT_VALID', { field });
  return z.array(idField(t, field), { error: invalid }).max(SLA_MAX_TARGETS, t('SLA.TOO_MANY_TARGETS', { max: SLA_MAX_TARGETS }));
}

/** The supporting file: an id from POST /v2/file/upload, or null / '' for none (on edit: remove it). */
function fileRef(t: Translate) {
  const invalid = t('VALIDATION.NOT_VALID', { field: 'Supporting file' });
  return z
    .union([z.uuid({ error: invalid }), z.literal(''), z.null()], { error: invalid })
    .transform((v) => v || null)
    .optional();
}

function slaFields(t: Translate) {
  const provider = t('VALIDATION.REQUIRED', { field: 'Provider' });
  return {
    title: requiredText(t, 'Title', { min: 3, max: 150 }),
    terms: optionalText(t, 'Terms', 10_000),
    file: fileRef(t),
    providerId: safeString(t('VALIDATION.NOT_VALID', { field: 'Provider' }), provider)
      .trim()
      .min(1, provider)
      .max(36, t('VALIDATION.NOT_VALID', { field: 'Provider' }))
      .pipe(idField(t, 'Provider')),
    assetIds: targetIds(t, 'Asset'),
    clusterIds: targetIds(t, 'Cluster'),
    responseHours: hoursField(t, 'Response time'),
    resolutionHours: hoursField(t, 'Resolution time'),
  };
}

/** A check of the whole object, with where its message goes and when it runs (zod's `refine` arguments). */
type Refinement = [(value: object) => boolean, { message: string; path: PropertyKey[]; when: (payload: { value: unknown }) => boolean }];

const isPlainObject = (value: unknown): value is object => typeof value === 'object' && value !== null && !Array.isArray(value);

type HoursInput = { responseHours?: unknown; resolutionHours?: unknown };
const validHours = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= SLA_MIN_HOURS && v <= SLA_MAX_HOURS;

/** Resolution cannot come before response; checked (beside resolutionHours) once both hours are valid. */
function hoursInOrder(t: Translate): Refinement {
  return [
    (v) => {
      const { responseHours, resolutionHours } = v as { responseHours?: number; resolutionHours?: number };
      return responseHours === undefined || resolutionHours === undefined || resolutionHours >= responseHours;
    },
    {
      message: t('SLA.RESOLUTION_BEFORE_RESPONSE'),
      path: ['resolutionHours'],
      when: ({ value }) => {
        if (!isPlainObject(value)) return false;
        const hours = value as HoursInput;
        return validHours(hours.responseHours) && validHours(hours.resolutionHours);
      },
    },
  ];
}

type TargetsInput = { assetIds?: unknown; clusterIds?: unknown };
const countOf = (ids: unknown) => (Array.isArray(ids) ? ids.length : 0);

/**
 * At least one asset or cluster (the message stands beside assetIds). A create always checks; an
 * edit only when it replaces both lists (with one list, the API counts what is left).
 */
function hasTargets(t: Translate, always: boolean): Refinement {
  return [
    (v) => countOf((v as TargetsInput).assetIds) + countOf((v as TargetsInput).clusterIds) > 0,
    {
      message: t('SLA.TARGET_REQUIRED'),
      path: ['assetIds'],
      when: ({ value }) => {
        // A body that is not an object (null, a list, a string) has its own error: the check must not read from it.
        if (!isPlainObject(value)) return false;
        const targets = value as TargetsInput;
        return always || (targets.assetIds !== undefined && targets.clusterIds !== undefined);
      },
    },
  ];
}

/** POST /v2/sla/create/. */
export function makeSlaCreateSchema(t: Translate) {
  const fields = slaFields(t);
  return z
    .strictObject({ ...fields, assetIds: fields.assetIds.default([]), clusterIds: fields.clusterIds.default([]) })
    .refine(...hoursInOrder(t))
    .refine(...hasTargets(t, true))
    .meta(DECLARED.someTargets);
}

/**
 * PUT /v2/sla/update/:_id: any field. assetIds replaces the asset targets and clusterIds the
 * cluster targets; what is left must still cover something. One hour field alone is checked
 * against the other's stored value by the API.
 */
export function makeSlaUpdateSchema(t: Translate) {
  return z
    .strictObject(slaFields(t))
    .partial()
    .refine(...hoursInOrder(t))
    .refine(...hasTargets(t, false));
}

export const SLA_SORTS = ['title', 'createdAt', 'responseHours', 'resolutionHours'] as const;
export type SlaSort = (typeof SLA_SORTS)[number];

const queryRef = (field: string) => z.uuid({ error: formatMessage('VALIDATION.NOT_VALID', { field }) }).optional();
const sort = z.enum(SLA_SORTS, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Sort' }) }).optional();

/**
 * GET /v2/sla (the owner's SLAs): search on the title; assetId finds the SLAs that cover the asset
 * directly or through its cluster. Without a sort, the newest come first.
 */
export const slaListQuery = pageQuery.extend({
  providerId: queryRef('Provider'),
  assetId: queryRef('Asset'),
  clusterId: queryRef('Cluster'),
  sort,
});
export type SlaListQuery = z.infer<typeof slaListQuery>;

/** GET /v2/sla/provided (the SLAs the caller's organisation provides), by owner instead of provider. */
export const slaProvidedQuery = pageQuery.extend({
  ownerId: queryRef('Owner'),
  assetId: queryRef('Asset'),
  clusterId: queryRef('Cluster'),
  sort,
});
export type SlaProvidedQuery = z.infer<typeof slaProvidedQuery>;

export const slaCreateSchema = makeSlaCreateSchema(formatMessage);
export const slaUpdateSchema = makeSlaUpdateSchema(formatMessage);
export type SlaCreateInput = z.infer<typeof slaCreateSchema>;
export type SlaUpdateInput = z.infer<typeof slaUpdateSchema>;

export const slaOrganisationSchema = z.object({ _id: out.id(), name: out.text(300) });

const hours = () => z.number().int().min(SLA_MIN_HOURS).max(SLA_MAX_HOURS);

/** One row of GET /v2/sla and GET /v2/sla/provided. */
export const slaSummarySchema = z
  .object({
    _id: out.id(),
    title: out.text(300),
    owner: slaOrganisationSchema,
    provider: slaOrganisationSchema,
    responseHours: hours(),
    resolutionHours: hours(),
    assetCount: out.count(),
    clusterCount: out.count(),
    hasFile: z.boolean(),
    createdAt: out.timestamp(),
    updatedAt: out.timestamp(),
  })
  .meta({ id: 'SlaSummary' });
export type SlaSummary = z.infer<typeof slaSummarySchema>;

/** GET /v2/sla/:id, and the answer of create and update. */
export const slaSchema = slaSummarySchema
  .omit({ assetCount: true, clusterCount: true, hasFile: true })
  .extend({
    terms: out.text(20_000).nullable(),
    /** The supporting file (its url needs the bearer token, and only the owner and the provider may read it). */
    file: fileRefSchema.nullable(),
    targets: z.object({
      assets: z.array(z.object({ _id: out.id(), assetID: out.text(100), name: out.text(300) })).max(SLA_MAX_TARGETS),
      clusters: z.array(z.object({ _id: out.id(), clusterID: out.text(100), name: out.text(300) })).max(SLA_MAX_TARGETS),
    }),
    createdBy: z.object({ _id: out.id(), name: out.text(300) }).nullable(),
  })
  .meta({ id: 'Sla' });
export type Sla = z.infer<typeof slaSchema>;
