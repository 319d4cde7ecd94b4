import type { SrParty } from '@amp/contracts/service-request';
import { readsAsProvider, type Viewer } from '../../access/viewer.js';

/** The sides of a service request the viewer is on, for SERVICE_REQUEST_WORKFLOW's actions. */
export function serviceRequestParties(
  viewer: Viewer,
  request: { organisationId: string; providerId: string },
  assigneeIds: readonly string[],
): SrParty[] {
  const parties: SrParty[] = [];
  if (request.organisationId === viewer.organisationId) parties.push('owner');
  if (request.providerId === viewer.organisationId && readsAsProvider(viewer)) parties.push('provider');
  if (assigneeIds.includes(viewer.userId)) parties.push('assignee');
  return parties;
}
