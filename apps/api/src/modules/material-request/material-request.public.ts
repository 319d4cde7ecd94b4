import type { MrStatus } from '@amp/contracts/material-request';
import type { Viewer } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { materialsOf } from './material-request.repository.js';

/**
 * For the work order's detail: what its material requests issued (the accepted lines at the price
 * each was issued at, which count towards its cost) and those requests among the ones the viewer sees.
 */
export async function materialsOfWorkOrder(
  db: Db,
  viewer: Viewer,
  workOrderId: string,
): Promise<{ materialsKobo: number; requests: { id: string; code: string; status: MrStatus }[] }> {
  const rows = await materialsOf(db, viewer, workOrderId);
  return {
    materialsKobo: rows.reduce((sum, row) => sum + Number(row.issuedKobo), 0),
    requests: rows.filter((row) => row.seen).map(({ id, code, status }) => ({ id, code, status })),
  };
}
