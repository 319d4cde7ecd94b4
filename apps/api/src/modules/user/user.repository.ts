import { PROVIDER_KINDS } from '@amp/contracts/organisation';
import type { SERVICE_PROVIDER_SORTS, ServiceProviderQuery, USER_SORTS, UserListQuery, UserStatus } from '@amp/contracts/user';
import { type AnyColumn, and, asc, count, eq, ilike, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import { ownedBy } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import { organisations } from '../../db/schema/registration.js';
import { users } from '../../db/schema/user.js';
import { containsPattern, orderOf, pageOffset } from '../../lib/list-query.js';
import { activeStaffHolding } from '../../lib/staff.js';
import { stateNamesAs } from '../reference/reference.public.js';
import { roleGrantsAs } from '../role/role.public.js';

/**
 * The users' roles and the states' names (role.public, reference.public), joined. Named as the
 * tables are: lib/staff.ts's condition names "roles"."permissions".
 */
const roles = roleGrantsAs('roles');
const states = stateNamesAs('states');

const summaryColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  telephone: users.telephone,
  designation: users.designation,
  status: users.status,
  createdAt: users.createdAt,
  role: { id: roles.id, name: roles.name, systemKey: roles.systemKey, permissions: roles.permissions },
};
export type UserSummaryRow = NonNullable<Awaited<ReturnType<typeof findVisibleUser>>>;

const fullName = sql`${users.firstName} || ' ' || ${users.lastName}`;
const nameOrEmail = (search: string) => {
  const pattern = containsPattern(search);
  return or(ilike(fullName, pattern), ilike(users.email, pattern));
};

const USER_SORT_COLUMNS: Record<(typeof USER_SORTS)[number], (AnyColumn | SQL)[]> = {
  name: [sql`lower(${users.firstName})`, sql`lower(${users.lastName})`],
  email: [sql`${users.email}`],
  createdAt: [users.createdAt],
  status: [sql`${users.status}`],
};

/** The users within `visibility` (the access module's condition on "users"). */
export async function listUsers(db: Db, visibility: SQL, query: UserListQuery) {
  const where = and(
    visibility,
    query.status ? eq(users.status, query.status) : undefined,
    query.roleId ? eq(users.roleId, query.roleId) : undefined,
    query.search ? nameOrEmail(query.search) : undefined,
  );
  const orderBy = query.sort ? orderOf(USER_SORT_COLUMNS[query.sort], query.order, users.id) : orderOf([users.createdAt], 'desc', users.id);
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total };
}

/** A user within `visibility` (the access module's condition on "users"), or nothing: outside it, not found. */
export async function findVisibleUser(db: Db, visibility: SQL, id: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), visibility))
    .limit(1);
  return row;
}

/** A user of the organisation, or nothing: another organisation's user is simply not found. */
export async function findUser(db: Db, organisationId: string, id: string) {
  return findVisibleUser(db, ownedBy(organisationId, 'user'), id);
}

export async function findProfile(db: Db, visibility: SQL, id: string) {
  const [row] = await db
    .select({
      ...summaryColumns,
      organisation: { id: organisations.id, name: organisations.name, kind: organisations.kind },
      language: users.language,
      notifyEmail: users.notifyEmail,
      notifyInApp: users.notifyInApp,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, id), visibility))
    .limit(1);
  return row;
}
export type UserProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row !== undefined;
}

/**
 * A new user without a password: they set one through a mailed link (an added user at once, a
 * registering admin on approval). Empty optional texts are stored as null.
 */
export async function insertUserWithoutPassword(
  db: Db,
  person: { email: string; firstName: string; lastName: string; telephone?: string; designation?: string },
  membership: Pick<typeof users.$inferInsert, 'organisationId' | 'roleId' | 'status' | 'isOrgAdmin' | 'createdBy'>,
) {
  const [row] = await db
    .insert(users)
    .values({
      ...membership,
      email: person.email,
      passwordHash: null,
      firstName: person.firstName,
      lastName: person.lastName,
      telephone: person.telephone || null,
      designation: person.designation || null,
    })
    .returning({ id: users.id });
  return row!.id;
}

export async function updateUser(
  db: Db,
  organisationId: string,
  id: string,
  values: Partial<Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'telephone' | 'designation' | 'roleId'>>,
) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), ownedBy(organisationId, 'user')))
    .returning({ id: users.id });
  return row?.id;
}

/** One guarded update: the status changes only from `from`, so a stale request changes nothing. */
export async function changeUserStatus(db: Db, organisationId: string, id: string, from: UserStatus, to: UserStatus) {
  const [row] = await db
    .update(users)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(users.id, id), ownedBy(organisationId, 'user'), eq(users.status, from)))
    .returning({ id: users.id });
  return row?.id;
}

/** A technician of a provider: the Technician system role, or a custom role seeing its own assigned assets (decision 0004). */
const technicianRole = sql`(${roles.systemKey} = 'technician' or (${roles.systemKey} is null and 'viewTechAssignedAsset' = any(${roles.permissions})))`;

export async function listActiveStaff(
  db: Db,
  visibility: SQL,
  query: { page: number; pageSize: number; search?: string; technician?: boolean; providerStaff: boolean },
) {
  const technicianFilter =
    query.technician === undefined
      ? undefined
      : query.technician
        ? query.providerStaff
          ? technicianRole
          : sql`false`
        : query.providerStaff
          ? not(technicianRole)
          : undefined;
  const where = and(visibility, eq(users.status, 'active'), query.search ? nameOrEmail(query.search) : undefined, technicianFilter);
  const rows = await db
    .select(summaryColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(sql`lower(${users.firstName})`, sql`lower(${users.lastName})`, users.id)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(where);
  return { rows, total };
}

const PROVIDER_SORT_COLUMNS: Record<(typeof SERVICE_PROVIDER_SORTS)[number], (AnyColumn | SQL)[]> = {
  name: [sql`lower(${organisations.name})`],
  createdAt: [organisations.createdAt],
};

/** Active provider organisations (MRO, IMO, external technicians): a directory every owner may browse. */
export async function listServiceProviders(db: Db, query: ServiceProviderQuery) {
  const where = and(
    inArray(organisations.kind, query.kind ? [query.kind] : [...PROVIDER_KINDS]),
    eq(organisations.status, 'active'),
    query.state ? eq(organisations.state, query.state.toLowerCase()) : undefined,
    query.search ? ilike(organisations.name, containsPattern(query.search)) : undefined,
  );
  const orderBy = orderOf(PROVIDER_SORT_COLUMNS[query.sort ?? 'name'], query.sort ? query.order : 'asc', organisations.id);
  const rows = await db
    .select({
      id: organisations.id,
      name: organisations.name,
      kind: organisations.kind,
      stateAlias: organisations.state,
      stateName: states.name,
      lga: organisations.lga,
    })
    .from(organisations)
    .leftJoin(states, eq(states.alias, organisations.state))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset(pageOffset(query.page, query.pageSize));
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(organisations).where(where);
  return { rows, total };
}

/**
 * The organisation's active staff who are its admins or hold one of `permissions` (the staff a
 * document is assigned to, approvers, warehouse managers), by name, with their role; `ids` narrows
 * to those, `search` to the names containing it.
 */
export async function staffHolding(
  db: Db,
  organisationId: string,
  permissions: readonly string[],
  options: { ids?: readonly string[]; search?: string; limit?: number } = {},
) {
  const name = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;
  const pattern = options.search ? containsPattern(options.search) : undefined;
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        activeStaffHolding(organisationId, permissions),
        options.ids ? inArray(users.id, [...options.ids]) : undefined,
        pattern ? ilike(name, pattern) : undefined,
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(options.limit ?? 500);
}

/** The full names of these users, by id. */
export async function namesOfUsers(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`]));
}

/** A user of the organisation with what decides whether they are a technician (roleFlags). */
export async function findStaffMember(db: Db, organisationId: string, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      status: users.status,
      kind: organisations.kind,
      roleKey: roles.systemKey,
      permissions: roles.permissions,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
    .limit(1);
  return row;
}

/** Activates the organisation's waiting users (its registration approved); its admins get the admin role of the (possibly new) kind. */
export async function activatePendingUsers(db: Db, organisationId: string, adminRoleId: string) {
  return db
    .update(users)
    .set({
      status: 'active',
      roleId: sql`case when ${users.isOrgAdmin} then ${adminRoleId}::uuid else ${users.roleId} end`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(users.organisationId, organisationId), eq(users.status, 'pending')))
    .returning({ id: users.id, email: users.email, firstName: users.firstName });
}

/** Rejects the organisation's waiting users (its registration rejected). */
export async function rejectPendingUsers(db: Db, organisationId: string) {
  return db
    .update(users)
    .set({ status: 'rejected', updatedAt: sql`now()` })
    .where(and(eq(users.organisationId, organisationId), eq(users.status, 'pending')))
    .returning({ id: users.id });
}
