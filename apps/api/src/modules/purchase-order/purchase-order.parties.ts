import type { PoParty } from '@amp/contracts/purchase-order';
import type { Viewer } from '../../access/viewer.js';

/** The sides the viewer is on for a purchase order it sees. */
export function poPartiesOf(viewer: Viewer, order: { organisationId: string; supplierId: string; sentAt: Date | null }): PoParty[] {
  const parties: PoParty[] = [];
  if (order.organisationId === viewer.organisationId) parties.push('buyer');
  if (order.supplierId === viewer.organisationId && order.sentAt !== null) parties.push('supplier');
  return parties;
}
