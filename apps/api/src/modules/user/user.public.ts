import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { qualified } from '../../lib/qualified.js';

/**
 * What other modules may use of users: a colleague looked up within one's organisation, whether an
 * email is taken, the insert of a user who sets a password through a mailed link (registration
 * makes its first admin with it), the staff holding a permission, names by id, and the projections
 * below.
 */
export { emailInUse, findUser, insertUserWithoutPassword, namesOfUsers, staffHolding } from './user.repository.js';

/** A user as the answers name one: its id and full name. */
export interface UserRef {
  _id: string;
  name: string;
}

/**
 * The users module's projection of the user whose id is in `column`, as answers name them (null
 * when there is none, or it was removed): one indexed lookup per row, so other modules show who did
 * something without joining the users table themselves (docs/decisions/0033-tables-with-owners.md).
 */
export const userRefOf = (column: AnyColumn | SQL) =>
  sql<UserRef | null>`(select json_build_object('_id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${qualified(column)})`;

/** The full name ("First Last") of the user whose id is in `column`, or null. */
export const userNameOf = (column: AnyColumn | SQL) =>
  sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${qualified(column)})`;
