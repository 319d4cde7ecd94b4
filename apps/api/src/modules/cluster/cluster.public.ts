import { type AnyColumn, and, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { ownedBy } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { clusters } from '../../db/schema/cluster.js';
import { qualified } from '../../lib/qualified.js';

/**
 * What other modules may use of clusters: an owner's cluster and its answer shape, the public
 * look-ups of the fault portal, and what an asset import resolves and generates: the clusters by code, the first
 * cluster's code for its template, and a range of asset code numbers (the counter of one generated code is the document
 * kernel's: kernel/document-codes.ts).
 */
export {
  clusterCodesOf,
  findCluster,
  findPublicCluster,
  firstClusterCode,
  listPublicClusters,
  reserveAssetCodeNumbers,
} from './cluster.repository.js';
export { toCluster } from './cluster.service.js';
export { listFormClusters } from './cluster-form.repository.js';
export { clustersOfOrganisationAmong, findVisibleClusterRef, lockClusterRows } from './cluster-targets.repository.js';

/** The code and name of the cluster whose id is in `column` (null when there is none): a document's answer names its cluster by them. */
export const clusterLabelOf = (column: AnyColumn | SQL) => ({
  clusterCode: sql<string | null>`(select c.cluster_code from clusters c where c.id = ${qualified(column)})`,
  clusterName: sql<string | null>`(select c.name from clusters c where c.id = ${qualified(column)})`,
});

/** Clusters' ids, codes and names as a subquery to join, named `name` (planned like a join of the table: decision 0033 "Where a list joins"). */
export const clusterNamesAs = <Name extends string>(name: Name) =>
  new QueryBuilder().select({ id: clusters.id, clusterCode: clusters.clusterCode, name: clusters.name }).from(clusters).as(name);

/** Clusters' ids, codes, names, states and LGAs as a subquery to join, named `name`: an asset's site on the fault form. */
export const clusterSitesAs = <Name extends string>(name: Name) =>
  new QueryBuilder()
    .select({ id: clusters.id, clusterCode: clusters.clusterCode, name: clusters.name, state: clusters.state, lga: clusters.lga })
    .from(clusters)
    .as(name);

/** Clusters' ids, codes, names and owners as a subquery to join, named `name`: an assignment's target, whose owner is its cluster's. */
export const clusterOwnersAs = <Name extends string>(name: Name) =>
  new QueryBuilder()
    .select({ id: clusters.id, clusterCode: clusters.clusterCode, name: clusters.name, organisationId: clusters.organisationId })
    .from(clusters)
    .as(name);

/** The ids of the organisation's clusters in a state, as a query (an asset list's state filter is a semi-join on it). */
export const clusterIdsInState = (organisationId: Placeholder, state: Placeholder) =>
  sql`select ${clusters.id} from ${clusters} where ${ownedBy(organisationId, 'cluster')} and ${clusters.state} = ${state}`;

/** The assets_count counter of the organisation's cluster (null when it is not the organisation's): an asset list's exact total for one cluster. */
export const clusterAssetCountOf = (clusterId: Placeholder, organisationId: Placeholder) =>
  sql`(select ${clusters.assetCount} from ${clusters} where ${clusters.id} = ${clusterId} and ${ownedBy(organisationId, 'cluster')})`;

/** True when the cluster belongs to the organisation. */
export async function clusterOfOrganisation(db: Db, organisationId: string, clusterId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: clusters.id })
    .from(clusters)
    .where(and(eq(clusters.id, clusterId), ownedBy(organisationId, 'cluster')))
    .limit(1);
  return row !== undefined;
}
