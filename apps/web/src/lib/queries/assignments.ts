import type { OwnerAssignment } from '@amp/contracts/assignment';
import { assignmentOperations } from '@amp/contracts/operations/assignment';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callAnswer } from '../api-call';

export type { OwnerAssignment };

/** page, pageSize, search, type, providerId, clusterId: the owner's assignment filters. */
export type OwnerAssignmentQuery = Record<string, string | number | undefined>;

/** Assigning or taking back refreshes everything under 'assignments'. */
export const ownerAssignmentKeys = {
  all: ['assignments'] as const,
  list: (query: OwnerAssignmentQuery) => ['assignments', 'owner', query] as const,
};

/** What the owner has given to providers (GET /v2/asset/assign): the assignments page and a cluster's page. */
export function useOwnerAssignments(query: OwnerAssignmentQuery) {
  return useQuery({
    queryKey: ownerAssignmentKeys.list(query),
    queryFn: () => callAnswer(assignmentOperations.ownerList, { query }),
    placeholderData: keepPreviousData,
  });
}
