import type { Db } from '../../db/client.js';
import { invalidField } from '../../lib/errors.js';
import { findLga, stateExists } from './reference.repository.js';

/**
 * A place typed on a form (a cluster's, a warehouse's): the state must exist and the LGA belong to
 * it, spelled as the reference data spells it; a 400 on the `state` or `lga` field otherwise.
 */
export async function resolveLocation(
  db: Db,
  state: string | null,
  lga: string | null,
): Promise<{ state: string | null; lga: string | null }> {
  if (state && !(await stateExists(db, state))) throw invalidField('state', 'VALIDATION.NOT_VALID', { field: 'State' });
  if (!lga) return { state, lga: null };
  const canonical = state ? await findLga(db, state, lga) : undefined;
  if (!canonical) throw invalidField('lga', 'VALIDATION.NOT_VALID', { field: 'LGA' });
  return { state, lga: canonical };
}
