import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { findVisibleFault } from './fault.repository.js';

/**
 * What other modules may use of faults: converting one into what it became, inside their own
 * write (the service request and work order issues' "raise a ..." calls), and the facts such a
 * call copies from the fault.
 */
export { convert as convertFault, recordFaultWork } from './fault.service.js';

/** A fault the caller sees (the access module's condition on "faults"), as a "raise a ..." call copies it. */
export async function findFaultToRaise(db: Db, visibility: SQL, id: string) {
  const row = await findVisibleFault(db, visibility, id);
  if (!row) return undefined;
  return {
    id: row.id,
    code: row.code,
    status: row.status,
    organisationId: row.organisationId,
    faultType: row.faultType,
    description: row.description,
    assetId: row.asset.id,
    assetName: row.asset.name,
    clusterId: row.cluster?.id ?? null,
  };
}
