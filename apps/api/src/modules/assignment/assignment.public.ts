/**
 * What other modules may use of assignments: who holds an asset or cluster (also as a subquery), the active providers,
 * an organisation's name and an owner's own targets (SLAs), the cluster locks and technician clean-up an asset's move
 * between clusters needs, and what of an asset or cluster it holds the provider's staff may read, with the
 * technicians on it (composed with the asset's record in modules/assigned-asset).
 */
export {
  findActiveProvider,
  findLiveAssignmentOfAsset,
  findOrganisationName,
  findOwnAssets,
  findOwnClusters,
  liveAssignmentsOf,
  liveHolderOf,
  lockClusters,
  revokeLostTechnicianAssignments,
} from './assignment.repository.js';
export { ownerRef, readableAsset, readableCluster, techniciansOn } from './assignment.service.js';
