import { z } from 'zod';
import type { Asset, AssetDetail, Cluster, ClusterRef } from './asset.js';
import { idField, pageQuery } from './fields.js';
import { formatMessage, type Translate } from './messages.js';
import type { OrganisationKind } from './organisation.js';

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
    .object({
      providerId: z.uuid({ error: t('VALIDATION.NOT_VALID', { field: 'Provider' }) }),
      assetIds: targetIds(t, 'Asset'),
      clusterIds: targetIds(t, 'Cluster'),
    })
    .refine(...hasTargets(t));
}

/** POST /v2/asset/unassign: the owner takes them back (from the given provider only, when one is named). */
export function makeUnassignSchema(t: Translate) {
  return z
    .object({
      providerId: z.uuid({ error: t('VALIDATION.NOT_VALID', { field: 'Provider' }) }).optional(),
      assetIds: targetIds(t, 'Asset'),
      clusterIds: targetIds(t, 'Cluster'),
    })
    .refine(...hasTargets(t));
}

/** POST /v2/asset/technician/{asset,cluster}/assign/:_id: the provider dispatches to one of its technicians. */
export function makeTechnicianAssignSchema(t: Translate) {
  return z.object({ technicianId: z.uuid({ error: t('VALIDATION.NOT_VALID', { field: 'Technician' }) }) });
}

export const assignSchema = makeAssignSchema(formatMessage);
export const unassignSchema = makeUnassignSchema(formatMessage);
export const technicianAssignSchema = makeTechnicianAssignSchema(formatMessage);
export type AssignInput = z.infer<typeof assignSchema>;
export type UnassignInput = z.infer<typeof unassignSchema>;
export type TechnicianAssignInput = z.infer<typeof technicianAssignSchema>;

export const ASSIGNMENT_TARGET_TYPES = ['asset', 'cluster'] as const;
export type AssignmentTargetType = (typeof ASSIGNMENT_TARGET_TYPES)[number];

const typeFilter = z.enum(ASSIGNMENT_TARGET_TYPES, { error: formatMessage('VALIDATION.NOT_VALID', { field: 'Type' }) }).optional();

/**
 * GET /v2/asset/assign: the owner's live assignments, by provider and type, searchable by code, name or provider.
 * `clusterId` keeps those of one cluster: the whole cluster's and its assets' own.
 */
export const ownerAssignmentQuery = pageQuery.omit({ sort: true }).extend({
  providerId: z.uuid({ error: formatMessage('VALIDATION.NOT_VALID', { field: 'Provider' }) }).optional(),
  clusterId: z.uuid({ error: formatMessage('VALIDATION.NOT_VALID', { field: 'Cluster' }) }).optional(),
  type: typeFilter,
});
export type OwnerAssignmentQuery = z.infer<typeof ownerAssignmentQuery>;

/** GET /v2/asset/assigned and GET /v2/asset/technician/assigned: searchable by code, name or owner. */
export const assignedQuery = pageQuery.omit({ sort: true }).extend({ type: typeFilter });
export type AssignedQuery = z.infer<typeof assignedQuery>;

/** What an assignment points at: an asset (with its cluster) or a whole cluster. */
export interface AssignmentTarget {
  type: AssignmentTargetType;
  _id: string;
  /** The assetID or clusterID. */
  code: string;
  name: string;
  cluster: ClusterRef | null;
}

export interface OrganisationRef {
  _id: string;
  name: string;
}

/** One row of GET /v2/asset/assign. */
export interface OwnerAssignment {
  _id: string;
  provider: OrganisationRef & { kind: OrganisationKind };
  target: AssignmentTarget;
  assignedAt: string;
}

/** One row of GET /v2/asset/assigned (the provider) and GET /v2/asset/technician/assigned (the technician). */
export interface AssignedItem {
  _id: string;
  owner: OrganisationRef;
  target: AssignmentTarget;
  assignedAt: string;
}

/** A live technician assignment shown on the details pages: on the target itself, or (for an asset) on its cluster. */
export interface TechnicianOnTarget {
  _id: string;
  technician: { _id: string; firstName: string; lastName: string };
  via: AssignmentTargetType;
  assignedAt: string;
}

/** GET /v2/asset/assigned-asset/details/:id. */
export type AssignedAssetDetails = AssetDetail & { owner: OrganisationRef; technicians: TechnicianOnTarget[] };

/** GET /v2/asset/assigned-cluster/details/:id (with `meta` paging `assets`). */
export type AssignedClusterDetails = Cluster & { owner: OrganisationRef; assets: Asset[]; technicians: TechnicianOnTarget[] };

/** The answer of POST /v2/asset/assign and /unassign. */
export interface AssignResult {
  assets: number;
  clusters: number;
}
