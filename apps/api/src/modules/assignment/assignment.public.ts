/**
 * What other modules may use of assignments: who holds an asset or cluster (also as a subquery), the active providers,
 * an organisation's name and an owner's own targets (SLAs), the cluster locks and technician clean-up an asset's move
 * between clusters needs, and the visibility rules as SQL conditions (files).
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
