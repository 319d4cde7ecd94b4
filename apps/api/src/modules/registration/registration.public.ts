import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../lib/qualified.js';

/**
 * What other modules may use of organisations: their projections. An organisation's row is the
 * registration module's; a document shows its owner's, provider's or supplier's name through these,
 * one indexed lookup per row, without joining the organisations table itself
 * (docs/decisions/0033-tables-with-owners.md).
 */

/** The name of the organisation whose id is in `column`, a reference that is never null (a document's owner or provider). */
export const organisationNameOf = (column: AnyColumn | SQL) =>
  sql<string>`(select o.name from organisations o where o.id = ${qualified(column)})`;

/** An organisation as answers name one ({ id, name }), or null when the column is. */
export const organisationRefOf = (column: AnyColumn | SQL) =>
  sql<{
    id: string;
    name: string;
  } | null>`(select json_build_object('id', o.id, 'name', o.name) from organisations o where o.id = ${qualified(column)})`;
