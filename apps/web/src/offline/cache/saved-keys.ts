import type { QueryKey } from '@tanstack/react-query';
import { ME_QUERY_KEY } from '../../lib/auth';

/**
 * Which query answers are saved for reading offline (saved-queries.ts). Kept apart and small: the
 * app's first script needs the list to keep those answers in memory long enough to be saved.
 */

/** The query roots a technician's day needs: their lists and records, the dashboard, the reference data the pages show. */
const SAVED_ROOTS = ['work-orders', 'service-requests', 'assigned', 'assets', 'material-requests', 'dashboard', 'reference'];
/** Parts of those roots that only dialogs and forms ask for. */
const UNSAVED_PARTS = new Set(['staff', 'providers', 'approval-levels', 'labels']);

/** Set while anything is saved, so a start without a token knows there is something to delete. */
export const SAVED_FLAG = 'amp.offlineSaved';

export const isCurrentUserKey = (key: QueryKey) => key[0] === ME_QUERY_KEY[0] && key[1] === ME_QUERY_KEY[1];

/** Whether a query's answer is kept for offline reading. */
export function isSavedForOffline(key: QueryKey): boolean {
  const [root, part] = key;
  if (isCurrentUserKey(key) || (root === 'users' && part === 'activities') || (root === 'faults' && part === 'reportable')) return true;
  return typeof root === 'string' && SAVED_ROOTS.includes(root) && !key.some((p) => typeof p === 'string' && UNSAVED_PARTS.has(p));
}

/** The prefixes of the saved queries: they must outlive the default five minutes in memory, or a later save would drop them. */
export const SAVED_QUERY_PREFIXES: QueryKey[] = [
  [...ME_QUERY_KEY],
  ['users', 'activities'],
  // The signed-in fault form's asset picker: a fault can be reported offline.
  ['faults', 'reportable'],
  ...SAVED_ROOTS.map((root) => [root]),
];
