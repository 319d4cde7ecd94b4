import { z } from 'zod';
import { assetDetailSchema, assetSchema, clusterRefSchema, clusterSchema } from './asset.js';
import { DECLARED, idField, MAX_PAGE_SIZE, out, pageMetaSchema, pageQuery } from './fields.js';
import { formatMessage, type Translate } from './messages.js';
import { ORGANISATION_KINDS } from './organisation.js';

/** At most this many assets or clusters per assign / unassign call. */
export const MAX_ASSIGN_TARGETS = 500;

function targetIds(t: Translate, field: string) {
  return z
    .array(idField(t, field), { error: t('VALIDATION.NOT_VALID', { field }) })
    .max(MAX_ASSIGN_TARGETS, t('VALIDATION.NOT_VALID', { field }))
    .optional();
}

/** Some assets or clusters, at least one (checked on assetIds); duplicates are dropped by the API. */
function hasTargets(t: Translate) {
  const check = (v: { assetIds?: string[]; clusterIds?: string[] }) => (v.assetIds?.length ?? 0) + (v.clusterIds?.length ?? 0) > 0;
  const options: { message: string; path: PropertyKey[] } = { message: t('ASSIGNMENT.TARGET_REQUIRED'), path: ['assetIds'] };
  return [check, options] as const;
}

/** POST /v2/asset/assign: the owner gives assets and whole clusters to a provider organisation. */
export function makeAssignSchema(t: Translate) {
  return z
    .strictObject({
      providerId: z.uuid({ error: t('VALIDATION.NOT_VALID', { field: 'Provider' }) }),
      assetIds: targetIds(t, 'Asset'),
      clusterIds: targetIds(t, 'Cluster'),
    })
    .refine(...hasTargets(t))
    .meta(DECLARED.someTargets);
}

/** POST /v2/asset/unassign: the owner takes them back (from the given provider only, when one is named). */
export function makeUnassignSchema(t: Translate) {
  return z
    .strictObject({
      providerId: z.uuid({ error: t('VALIDATION.NOT_VALID', { field: 'Provider' }) }).optional(),
      assetIds: targetIds(t, 'Asset'),
      clusterIds: targetIds(t, 'Cluster'),
    })
    .refine(...hasTargets(t))
    .meta(DECLARED.someTargets);
}

/** POST /v2/asset/technician/{asset,cluster}/assign/:_id: the provider dispatches to one of its technicians. */
export function makeTechnicianAssignSchema(t: Translate) {
  return z.strictObject({ technicianId: z.uuid({ error: t('VALIDATION.NOT_VALID', { field: 'Technician' }) }) });
}

export const assignSchema = makeAssignSchema(formatMessage);
export const unassignSchema = makeUnassignSchema(formatMessage);
export const technicianAssignSchema = makeTechnicianAssignSchema(formatMessage);
export type AssignInput = z.infer<typeof assignSchema>;
export type UnassignInput = z.infer<typeof unassignSchema>;
export type TechnicianAssignInput = z.infer<typeof technicianAssignSchema>;

export const ASSIGNMENT_TARGET_TYPES = ['asset', 'cluster'] as const;

const typeFilter = z.enum(ASSIGNMENT_TARGET_TYPES, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Type' }) }).optional();

/**
 * GET /v2/asset/assign: the owner's live assignments, by provider and type, searchable by code, name or provider.
 * `clusterId` keeps those of one cluster: the whole cluster's and its assets' own.
 */
export const ownerAssignmentQuery = pageQuery.omit({ sort: true, order: true }).extend({
  providerId: z.uuid({ error: formatMessage('VALIDATION.NOT_VALID', { field: 'Provider' }) }).optional(),
  clusterId: z.uuid({ error: formatMessage('VALIDATION.NOT_VALID', { field: 'Cluster' }) }).optional(),
  type: typeFilter,
});
export type OwnerAssignmentQuery = z.infer<typeof ownerAssignmentQuery>;

/** GET /v2/asset/assigned and GET /v2/asset/technician/assigned: searchable by code, name or owner. */
export const assignedQuery = pageQuery.omit({ sort: true, order: true }).extend({ type: typeFilter });
export type AssignedQuery = z.infer<typeof assignedQuery>;

/** What an assignment points at: an asset (with its cluster) or a whole cluster. */
export const assignmentTargetSchema = z
  .object({
    type: z.enum(ASSIGNMENT_TARGET_TYPES),
    _id: out.id(),
    /** The assetID or clusterID. */
    code: out.text(100),
    name: out.text(300),
    cluster: clusterRefSchema.nullable(),
  })
  .meta({ id: 'AssignmentTarget' });
export type AssignmentTarget = z.infer<typeof assignmentTargetSchema>;

export const organisationRefSchema = z.object({ _id: out.id(), name: out.text(300) }).meta({ id: 'OrganisationRef' });
export type OrganisationRef = z.infer<typeof organisationRefSchema>;

/** One row of GET /v2/asset/assign. */
export const ownerAssignmentSchema = z
  .object({
    _id: out.id(),
    provider: organisationRefSchema.extend({ kind: z.enum(ORGANISATION_KINDS) }),
    target: assignmentTargetSchema,
    assignedAt: out.timestamp(),
  })
  .meta({ id: 'OwnerAssignment' });
export type OwnerAssignment = z.infer<typeof ownerAssignmentSchema>;

/** One row of GET /v2/asset/assigned (the provider) and GET /v2/asset/technician/assigned (the technician). */
export const assignedItemSchema = z
  .object({ _id: out.id(), owner: organisationRefSchema, target: assignmentTargetSchema, assignedAt: out.timestamp() })
  .meta({ id: 'AssignedItem' });
export type AssignedItem = z.infer<typeof assignedItemSchema>;

const technicianSchema = z.object({ _id: out.id(), firstName: out.text(100), lastName: out.text(100) });

/** A live technician assignment shown on the details pages: on the target itself, or (for an asset) on its cluster. */
export const technicianOnTargetSchema = z
  .object({ _id: out.id(), technician: technicianSchema, via: z.enum(ASSIGNMENT_TARGET_TYPES), assignedAt: out.timestamp() })
  .meta({ id: 'TechnicianOnTarget' });
export type TechnicianOnTarget = z.infer<typeof technicianOnTargetSchema>;

/** At most this many technicians are listed on one asset or cluster. */
const techniciansList = z.array(technicianOnTargetSchema).max(1000);

/** GET /v2/asset/assigned-asset/details/:id. */
export const assignedAssetDetailsSchema = assetDetailSchema
  .extend({ owner: organisationRefSchema, technicians: techniciansList })
  .meta({ id: 'AssignedAssetDetails' });
export type AssignedAssetDetails = z.infer<typeof assignedAssetDetailsSchema>;

/** GET /v2/asset/assigned-cluster/details/:id: `assets` is a page of the cluster's assets, `meta` pages it. */
export const assignedClusterDetailsSchema = clusterSchema
  .extend({ owner: organisationRefSchema, assets: z.array(assetSchema).max(MAX_PAGE_SIZE), technicians: techniciansList })
  .meta({ id: 'AssignedClusterDetails' });
export type AssignedClusterDetails = z.infer<typeof assignedClusterDetailsSchema>;
export const assignedClusterDetailsAnswer = z.object({ data: assignedClusterDetailsSchema, meta: pageMetaSchema });

/** The answer of POST /v2/asset/assign and /unassign: how many assets and clusters changed hands. */
export const assignResultSchema = z.object({ assets: out.count(), clusters: out.count() }).meta({ id: 'AssignResult' });
export type AssignResult = z.infer<typeof assignResultSchema>;

/** The answer of POST /v2/asset/technician/{asset,cluster}/assign/:_id. */
export const technicianAssignmentSchema = z
  .object({
    _id: out.id(),
    technician: technicianSchema,
    target: assignmentTargetSchema.omit({ cluster: true }),
    owner: organisationRefSchema,
    assignedAt: out.timestamp(),
  })
  .meta({ id: 'TechnicianAssignment' });
