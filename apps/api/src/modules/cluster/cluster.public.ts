import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
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

/** The code and name of the cluster whose id is in `column` (null when there is none): a document's answer names its cluster by them. */
export const clusterLabelOf = (column: AnyColumn | SQL) => ({
  clusterCode: sql<string | null>`(select c.cluster_code from clusters c where c.id = ${qualified(column)})`,
  clusterName: sql<string | null>`(select c.name from clusters c where c.id = ${qualified(column)})`,
});
