import type { Language } from '@amp/contracts/account';
import { pageMeta } from '@amp/contracts/fields';
import { type OrganisationKind, roleFlags } from '@amp/contracts/organisation';
import { holds } from '@amp/contracts/permissions';
import {
  type AssignableUser,
  canGrant,
  type ServiceProvider,
  type ServiceProviderQuery,
  type UserListQuery,
  type UserProfile,
  type UserStatus,
  type UserSummary,
} from '@amp/contracts/user';
import { visible } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, conflict, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import { queuePasswordLink, revokeAllSessions } from '../account/account.public.js';
import { findAssignableRole } from '../role/role.public.js';
import {
  changeUserStatus,
  emailInUse,
  findProfile,
  findVisibleUser,
  insertUserWithoutPassword,
  listActiveStaff,
  listServiceProviders,
  listUsers,
  type UserProfileRow,
  type UserSummaryRow,
  updateUser,
} from './user.repository.js';

function toSummary(row: UserSummaryRow): UserSummary {
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    telephone: row.telephone,
    designation: row.designation,
    status: row.status as UserStatus,
    role: { _id: row.role.id, name: row.role.name },
    createdAt: row.createdAt.toISOString(),
  };
}

function toProfile(row: UserProfileRow): UserProfile {
  return {
    ...toSummary(row),
    organisation: { _id: row.organisation.id, name: row.organisation.name, kind: row.organisation.kind as OrganisationKind },
    settings: { language: row.language as Language, notifications: { email: row.notifyEmail, inApp: row.notifyInApp } },
  };
}

/** An optional text field: absent leaves it, empty clears it. */
const optional = (value: string | undefined) => (value === undefined ? undefined : value || null);

const emailTaken = () => invalidField('email', 'USER.EMAIL_TAKEN');
const roleNotAssignable = () => invalidField('roleId', 'VALIDATION.NOT_VALID', { field: 'Role' });

async function getUser(db: Db, principal: Principal, id: string) {
  const row = await findVisibleUser(db, visible(principal, 'user'), id);
  if (!row) throw notFound('user');
  return row;
}

/** No escalation: one may change only users whose role one could have given. */
function assertMayManage(principal: Principal, target: UserSummaryRow) {
  if (target.id !== principal.userId && !canGrant(principal.permissions, target.role.permissions)) throw forbidden();
}

export async function list(db: Db, principal: Principal, query: UserListQuery) {
  const { rows, total } = await listUsers(db, visible(principal, 'user'), query);
  return { data: rows.map(toSummary), meta: pageMeta(query.page, query.pageSize, total) };
}

/**
 * "Add User": an active user of the caller's organisation without a password, mailed a link to
 * set one. The role must be one GET /v2/role/assign offers.
 */
export async function create(
  deps: Deps,
  principal: Principal,
  userId: string,
  input: { firstName: string; lastName: string; email: string; telephone?: string; designation?: string; roleId: string },
): Promise<UserSummary> {
  if (userId !== principal.userId) throw notFound('user');
  const role = await findAssignableRole(deps.db, principal, input.roleId);
  if (!role) throw roleNotAssignable();
  if (await emailInUse(deps.db, input.email)) throw emailTaken();
  const id = await write(
    deps,
    principal,
    async (tx, fx) => {
      const newId = await insertUserWithoutPassword(tx, input, {
        organisationId: principal.organisationId,
        roleId: role.id,
        status: 'active',
        isOrgAdmin: false,
        createdBy: principal.userId,
      });
      await queuePasswordLink(deps, tx, fx, { id: newId, email: input.email, firstName: input.firstName }, 'set_password');
      fx.activity({
        action: 'user.created',
        params: { name: `${input.firstName} ${input.lastName}` },
        subject: { type: 'user', id: newId },
      });
      return newId;
    },
    // The same email added twice at once: the unique index decides.
    { onUniqueViolation: emailTaken },
  );
  return toSummary(await getUser(deps.db, principal, id));
}

export async function edit(
  deps: Deps,
  principal: Principal,
  id: string,
  input: { firstName?: string; lastName?: string; telephone?: string; designation?: string; roleId?: string },
): Promise<UserSummary> {
  const target = await getUser(deps.db, principal, id);
  assertMayManage(principal, target);
  if (input.roleId !== undefined && input.roleId !== target.role.id && !(await findAssignableRole(deps.db, principal, input.roleId))) {
    throw roleNotAssignable();
  }
  await write(deps, principal, async (tx, fx) => {
    await updateUser(tx, principal.organisationId, id, {
      firstName: input.firstName,
      lastName: input.lastName,
      telephone: optional(input.telephone),
      designation: optional(input.designation),
      roleId: input.roleId,
    });
    fx.activity({
      action: 'user.updated',
      params: { name: `${input.firstName ?? target.firstName} ${input.lastName ?? target.lastName}` },
      subject: { type: 'user', id },
    });
  });
  return toSummary(await getUser(deps.db, principal, id));
}

/** Deactivation ends every session of the user at once; reactivation lets them sign in again. */
export async function setActive(deps: Deps, principal: Principal, id: string, active: boolean): Promise<UserSummary> {
  if (id === principal.userId) throw new AppError(400, 'USER.CANNOT_DEACTIVATE_SELF');
  const target = await getUser(deps.db, principal, id);
  assertMayManage(principal, target);
  await write(deps, principal, async (tx, fx) => {
    const changed = await changeUserStatus(
      tx,
      principal.organisationId,
      id,
      active ? 'inactive' : 'active',
      active ? 'active' : 'inactive',
    );
    if (!changed) throw conflict(active ? 'USER.ALREADY_ACTIVE' : 'USER.ALREADY_INACTIVE');
    if (!active) await revokeAllSessions(tx, id);
    fx.activity({
      action: active ? 'user.activated' : 'user.deactivated',
      params: { name: `${target.firstName} ${target.lastName}` },
      subject: { type: 'user', id },
    });
  });
  return toSummary(await getUser(deps.db, principal, id));
}

/**
 * Oneself, or (with manageUser) a user of one's organisation. Another organisation's user is not
 * found; a colleague's profile without manageUser is forbidden.
 */
export async function profile(db: Db, principal: Principal, id: string, requireManageUser: boolean): Promise<UserProfile> {
  const row = await findProfile(db, visible(principal, 'user'), id);
  if (!row) throw notFound('user');
  if ((requireManageUser || id !== principal.userId) && !holds(principal.permissions, 'manageUser')) throw forbidden();
  return toProfile(row);
}

/** One's own profile only: another user's id is not found. */
export async function updateProfile(
  deps: Deps,
  principal: Principal,
  id: string,
  input: { firstName: string; lastName: string; telephone?: string; designation?: string },
): Promise<UserProfile> {
  if (id !== principal.userId) throw notFound('user');
  await write(deps, principal, async (tx, fx) => {
    await updateUser(tx, principal.organisationId, id, {
      firstName: input.firstName,
      lastName: input.lastName,
      telephone: optional(input.telephone),
      designation: optional(input.designation),
    });
    fx.activity({ action: 'user.profile_updated', subject: { type: 'user', id } });
  });
  return profile(deps.db, principal, id, false);
}

/** Active staff to assign work or assets to; `technician` flags a provider's field staff. */
export async function assignList(
  db: Db,
  principal: Principal,
  query: { page: number; pageSize: number; search?: string; technician?: boolean },
) {
  const kind = principal.organisationKind;
  const { rows, total } = await listActiveStaff(db, visible(principal, 'user'), {
    ...query,
    providerStaff: kind === 'mro' || kind === 'imo',
  });
  const data: AssignableUser[] = rows.map((row) => ({
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    role: { _id: row.role.id, name: row.role.name },
    technician: roleFlags(kind, row.role.systemKey, row.role.permissions).technician,
  }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}

export async function serviceProviders(db: Db, query: ServiceProviderQuery) {
  const { rows, total } = await listServiceProviders(db, query);
  const data: ServiceProvider[] = rows.map((row) => ({
    _id: row.id,
    name: row.name,
    kind: row.kind as OrganisationKind,
    state: row.stateAlias ? { state: row.stateName ?? row.stateAlias, alias: row.stateAlias } : null,
    lga: row.lga,
  }));
  return { data, meta: pageMeta(query.page, query.pageSize, total) };
}
