import type { SystemRoleKey } from '@amp/contracts/organisation';
import type { RoleListQuery } from '@amp/contracts/user';
import { and, count, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { ownedBy } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { roles } from '../../db/schema/role.js';
import { users } from '../../db/schema/user.js';
import { containsPattern, orderOf, pageOffset } from '../../lib/list-query.js';

/** A role with how many users of `organisationId` hold it (a system role is shared, its count is not). */
const roleColumns = (organisationId: string) => ({
  id: roles.id,
  name: roles.name,
  permissions: roles.permissions,
  systemKey: roles.systemKey,
  organisationId: roles.organisationId,
  createdAt: roles.createdAt,
  // Written out qualified: Drizzle leaves columns unqualified in a single-table select, which a subquery would capture.
  userCount: sql<number>`(select count(*)::int from ${users} u where u.role_id = "roles"."id" and u.organisation_id = ${organisationId})`,
});
export type RoleRow = NonNullable<Awaited<ReturnType<typeof findVisibleRole>>>;

export async function findSystemRole(db: Db, key: SystemRoleKey) {
  const [row] = await db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(roles)
    .where(eq(roles.systemKey, key))
    .limit(1);
  return row;
}

/** A role within `visibility` (the access module's condition on "roles"), counting the users of `organisationId`. */
export async function findVisibleRole(db: Db, visibility: SQL, organisationId: string, id: string) {
  const [row] = await db
    .select(roleColumns(organisationId))
    .from(roles)
    .where(and(eq(roles.id, id), visibility))
    .limit(1);
  return row;
}

/** The roles within `visibility`: system roles first, then custom roles by name. Few per organisation, so no paging. */
export async function listVisibleRoles(db: Db, visibility: SQL) {
  return db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions, systemKey: roles.systemKey })
    .from(roles)
    .where(visibility)
    .orderBy(sql`${roles.systemKey} is null`, sql`lower(${roles.name})`, roles.id);
}

const ROLE_SORT_COLUMNS = { name: [sql`lower(${roles.name})`], createdAt: [roles.createdAt] } as const;

/** The custom roles within `visibility`, counting the users of `organisationId`. */
export async function listCustomRoles(db: Db, visibility: SQL, organisationId: string, query: RoleListQuery) {
  const where = and(visibility, query.search ? ilike(roles.name, containsPattern(query.search)) : undefined);
  const orderBy = query.sort
    ? orderOf([...ROLE_SORT_COLUMNS[query.sort]], query.order, roles.id)
    : orderOf([sql`lower(${roles.name})`], 'asc', roles.id);
  const rows = await db
    .select(roleColumns(organisationId))
    .from(roles)
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(roles).where(where);
  return { rows, total };
}

/** A custom role of the organisation or any system role with this name (case-insensitive). */
export async function roleNameTaken(db: Db, organisationId: string, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(sql`lower(${roles.name}) = lower(${name})`, or(ownedBy(organisationId, 'role'), isNotNull(roles.systemKey))))
    .limit(1);
  return row !== undefined;
}

export async function insertRole(db: Db, values: { organisationId: string; name: string; permissions: string[]; createdBy: string }) {
  const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
  return row!.id;
}

/** Only a custom role of the organisation can change: system roles have no organisation. */
export async function updateRolePermissions(db: Db, organisationId: string, id: string, permissions: string[]) {
  const [row] = await db
    .update(roles)
    .set({ permissions, updatedAt: sql`now()` })
    .where(and(eq(roles.id, id), ownedBy(organisationId, 'role')))
    .returning({ id: roles.id });
  return row?.id;
}
