import type { OrganisationKind } from '@amp/contracts/organisation';
import { type SQL, sql } from 'drizzle-orm';

/**
 * THE cross-organisation visibility rule for assets and clusters (docs/architecture.md#access-and-tenancy).
 * Every read or write that lets someone other than the owner see an asset or a cluster goes
 * through these predicates; nothing else decides it.
 *
 * - The owner organisation sees its own assets and clusters (plain tenancy: organisation_id).
 * - A provider organisation sees a cluster while it holds a live (not revoked) assignment of that
 *   cluster, and an asset while it holds a live assignment of the asset itself or of the asset's
 *   current cluster.
 * - A technician of a provider sees an asset or a cluster only while (a) a live technician
 *   assignment of theirs points at it (for an asset: at the asset or at its cluster) and (b) their
 *   organisation still sees it by the rule above. Taking an assignment back from the provider
 *   therefore hides it from the provider's technicians at once; the stale technician rows are
 *   also revoked in the same transaction (see `technicianAssignmentLost`).
 * - An external technician is an individual provider: they see what their organisation sees.
 *
 * The predicates are correlated subqueries on the outer rows "assets" and "clusters" (written out
 * qualified, as the outer query's table names), served by the partial indexes on live rows.
 */

/** True for the outer "assets" row while the provider holds it, directly or through its cluster. */
export function assetVisibleToProvider(providerId: string): SQL {
  return sql`exists (select 1 from asset_assignments aa where aa.revoked_at is null and aa.provider_id = ${providerId} and (aa.asset_id = "assets"."id" or aa.cluster_id = "assets"."cluster_id"))`;
}

/** True for the outer "clusters" row while the provider holds the whole cluster. */
export function clusterVisibleToProvider(providerId: string): SQL {
  return sql`exists (select 1 from asset_assignments aa where aa.revoked_at is null and aa.provider_id = ${providerId} and aa.cluster_id = "clusters"."id")`;
}

/**
 * True for the outer "assets" row while the technician holds a live assignment of it or of its
 * cluster from the provider, and the provider still holds it.
 */
export function assetVisibleToTechnician(technicianId: string, providerId: string): SQL {
  return sql`exists (select 1 from technician_assignments ta where ta.revoked_at is null and ta.technician_id = ${technicianId} and ta.provider_id = ${providerId} and (ta.asset_id = "assets"."id" or ta.cluster_id = "assets"."cluster_id")) and ${assetVisibleToProvider(providerId)}`;
}

/** True for the outer "clusters" row while the technician holds a live assignment of the whole cluster and the provider still holds it. */
export function clusterVisibleToTechnician(technicianId: string, providerId: string): SQL {
  return sql`exists (select 1 from technician_assignments ta where ta.revoked_at is null and ta.technician_id = ${technicianId} and ta.provider_id = ${providerId} and ta.cluster_id = "clusters"."id") and ${clusterVisibleToProvider(providerId)}`;
}

/**
 * For the outer "technician_assignments" row joined to its "assets" row (left join, on asset_id):
 * true while its organisation still sees its target, i.e. the technician assignment is in force.
 */
export const technicianTargetVisible: SQL = sql`exists (select 1 from asset_assignments aa where aa.revoked_at is null and aa.provider_id = "technician_assignments"."provider_id" and (aa.cluster_id = "technician_assignments"."cluster_id" or aa.asset_id = "technician_assignments"."asset_id" or aa.cluster_id = "assets"."cluster_id"))`;

/**
 * The provider's live technician assignments whose target the provider no longer sees (after the
 * owner took something back): a standalone condition on "technician_assignments" for an UPDATE.
 */
export function technicianAssignmentLost(providerId: string): SQL {
  return sql`"technician_assignments"."provider_id" = ${providerId} and "technician_assignments"."revoked_at" is null and not exists (select 1 from asset_assignments aa left join assets a on a.id = "technician_assignments"."asset_id" where aa.revoked_at is null and aa.provider_id = ${providerId} and (aa.cluster_id = "technician_assignments"."cluster_id" or aa.asset_id = "technician_assignments"."asset_id" or aa.cluster_id = a.cluster_id))`;
}

/** An external technician works alone: what is assigned to their organisation is assigned to them. */
export function seesOrganisationAssignments(kind: OrganisationKind): boolean {
  return kind === 'external_technician';
}
