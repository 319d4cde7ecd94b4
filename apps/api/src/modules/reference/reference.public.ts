import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { states } from '../../db/schema/reference.js';
import { qualified } from '../../lib/qualified.js';

/** What other modules may use of the reference data: whether a state exists, an LGA's spelling, a typed place checked against both, and a state's name by its alias. */
export { resolveLocation } from './location.service.js';
export { findLga, stateExists } from './reference.repository.js';

/** The name of the state whose alias is in `column` (null when there is none): a record's answer names its state by it. */
export const stateNameOf = (column: AnyColumn | SQL) =>
  sql<string | null>`(select s.name from states s where s.alias = ${qualified(column)})`;

/**
 * The states' names by alias, a subquery in FROM that a list joins on its state column
 * (`.leftJoin(st, eq(st.alias, x.state))`, `st.name`): PostgreSQL flattens it into the plan of a join on the table.
 */
export const stateNamesAs = <Name extends string>(name: Name) =>
  new QueryBuilder().select({ alias: states.alias, name: states.name }).from(states).as(name);
