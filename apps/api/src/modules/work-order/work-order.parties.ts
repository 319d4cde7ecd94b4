import type { WoParty } from '@amp/contracts/work-order';
import { readsAsProvider, type Viewer } from '../../access/viewer.js';

/** The sides of a work order the viewer is on, for WORK_ORDER_WORKFLOW's actions. */
export function workOrderParties(
  viewer: Viewer,
  order: { organisationId: string; providerId: string; sentAt: Date | null },
  assigneeIds: readonly string[],
): WoParty[] {
  const parties: WoParty[] = [];
  if (order.organisationId === viewer.organisationId) parties.push('owner');
  if (order.providerId === viewer.organisationId && order.sentAt !== null && readsAsProvider(viewer)) parties.push('provider');
  if (assigneeIds.includes(viewer.userId)) parties.push('assignee');
  return parties;
}
