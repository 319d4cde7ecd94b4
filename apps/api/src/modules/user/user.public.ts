import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema/user.js';
import { qualified } from '../../lib/qualified.js';

/**
 * What other modules may use of users: a colleague looked up within one's organisation, whether an
 * email is taken, the insert of a user who sets a password through a mailed link (registration
 * makes its first admin with it), the staff holding a permission, a colleague with what decides
 * whether they are a technician (assignments), names by id, the waiting users of a registration
 * activated or rejected with it, and the projections below.
 */
export {
  activatePendingUsers,
  emailInUse,
  findStaffMember,
  findUser,
  insertUserWithoutPassword,
  namesOfUsers,
  rejectPendingUsers,
  staffHolding,
} from './user.repository.js';

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

/** The id and name parts of the user whose id is in `column` (a technician on an asset or cluster, as the assignment answers name them). */
export const userNamePartsOf = (column: AnyColumn | SQL) =>
  sql<{
    id: string;
    firstName: string;
    lastName: string;
  }>`(select json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) from users u where u.id = ${qualified(column)})`;

/** The count of active users whose role is one of `roleIds` (a subquery of role ids, the technician roles for the super admin's dashboard), a scalar subquery. */
export const activeUsersWithRoleIn = (roleIds: SQL) =>
  sql<number>`(select count(*)::int from users u where u.status = 'active' and u.role_id in (${roleIds}))`;

/** The users created per month (UTC, 'YYYY-MM') since `since` (a timestamptz), as one JSON object ({ month: count }, null when none): the super admin's dashboard, a scalar subquery. */
export const usersCreatedPerMonthSince = (since: SQL) =>
  sql<Record<
    string,
    number
  > | null>`(select json_object_agg(m.month, m.total) from (select to_char(u.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as total from users u where u.created_at >= ${since} group by 1) m)`;

/**
 * Users' ids, organisation, names, contacts, language and status as a subquery to join, named
 * `name`: a list that joins its people (a registration's registrant, a digest's recipients).
 * PostgreSQL flattens it into the plan of a table join (decision 0033 "Where a list joins").
 */
export const userContactsAs = <Name extends string>(name: Name) =>
  new QueryBuilder()
    .select({
      id: users.id,
      organisationId: users.organisationId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      telephone: users.telephone,
      designation: users.designation,
      language: users.language,
      status: users.status,
    })
    .from(users)
    .as(name);

/** The id of the first admin of the organisation whose id is in `column` (who registered it), a scalar subquery. */
export const firstAdminIdOf = (column: AnyColumn | SQL) =>
  sql<
    string | null
  >`(select u.id from users u where u.organisation_id = ${qualified(column)} and u.is_org_admin order by u.created_at, u.id limit 1)`;
