/**
 * What other modules may use of clusters: an owner's cluster and its answer shape, the public
 * look-ups of the fault portal, and the per-owner counter of generated codes (assets share it).
 */
export { findCluster, findPublicCluster, isActiveOwner, listPublicClusters } from './cluster.repository.js';
export { toCluster } from './cluster.service.js';
export { nextCodeNumber } from './code-counter.repository.js';
