import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../lib/qualified.js';

/** What other modules may use of the reference data: whether a state exists, an LGA's spelling, a typed place checked against both, and a state's name by its alias. */
export { resolveLocation } from './location.service.js';
export { findLga, stateExists } from './reference.repository.js';

/** The name of the state whose alias is in `column` (null when there is none): a record's answer names its state by it. */
export const stateNameOf = (column: AnyColumn | SQL) =>
  sql<string | null>`(select s.name from states s where s.alias = ${qualified(column)})`;
