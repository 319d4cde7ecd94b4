/**
 * What other modules may use of clusters: an owner's cluster and its answer shape, the public
 * look-ups of the fault portal (the counter of generated codes is the document kernel's: kernel/document-codes.ts).
 */
export { findCluster, findPublicCluster, isActiveOwner, listPublicClusters } from './cluster.repository.js';
export { toCluster } from './cluster.service.js';
