import type { FaultParty } from '@amp/contracts/fault';
import { readsAsProvider, type Viewer } from '../../access/viewer.js';

/**
 * Who a signed-in reporter is to the asset's owner, which decides where the report starts: its own
 * staff and a provider's managers report to the owner; a provider's technician to the provider.
 */
export function faultReporterSide(viewer: Viewer, ownerId: string): 'owner' | 'provider' | 'technician' {
  if (viewer.organisationId === ownerId) return 'owner';
  return readsAsProvider(viewer) ? 'provider' : 'technician';
}

/** The sides of a fault the viewer is on, for the fault workflow's actions (FAULT_WORKFLOW). */
export function faultParties(
  viewer: Viewer,
  fault: { organisationId: string; providerId: string | null; reporterUserId: string | null },
): FaultParty[] {
  const parties: FaultParty[] = [];
  if (fault.organisationId === viewer.organisationId) parties.push('owner');
  if (fault.providerId === viewer.organisationId) parties.push('provider');
  if (fault.reporterUserId === viewer.userId) parties.push('reporter');
  return parties;
}
