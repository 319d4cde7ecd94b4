import type { FileRef } from '@amp/contracts/file';
import type { FaultReportBody } from './fault-portal-api';

/**
 * A fault a signed-in user prepared on an owner's portal and carries to /service-request/fault
 * for review (docs/product.md#fault-portal, "Next"). Kept in sessionStorage so a reload of either page keeps it,
 * and gone with the tab.
 */
export interface PreparedFault {
  ownerId: string;
  ownerName: string;
  body: FaultReportBody;
  /** The uploaded image (its id is body.document[0]). */
  image: FileRef | null;
  /** What the review shows for the ids of the body. */
  labels: { cluster: string | null; location: string | null; asset: string };
}

const KEY = 'amp.preparedFault';

export function savePreparedFault(fault: PreparedFault) {
  sessionStorage.setItem(KEY, JSON.stringify(fault));
}

export function readPreparedFault(): PreparedFault | null {
  try {
    const stored = sessionStorage.getItem(KEY);
    const fault = stored ? (JSON.parse(stored) as PreparedFault) : null;
    return fault && typeof fault.ownerId === 'string' && fault.body && typeof fault.body.asset === 'string' ? fault : null;
  } catch {
    return null;
  }
}

export function clearPreparedFault() {
  sessionStorage.removeItem(KEY);
}
