import { pageMeta } from '@amp/contracts/fields';
import { PERMISSIONS, type Permission } from '@amp/contracts/permissions';
import type { AssignableRole, Role, RoleListQuery } from '@amp/contracts/user';
import { canGrant } from '@amp/contracts/user';
import { visible, visibleOwn } from '../../access/visibility.js';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { AppError, forbidden, invalidField, notFound } from '../../lib/errors.js';
import { write } from '../../lib/write.js';
import type { Principal } from '../../plugins/auth.js';
import {
  findVisibleRole,
  insertRole,
  listCustomRoles,
  listVisibleRoles,
  type RoleRow,
  roleNameTaken,
  updateRolePermissions,
} from './role.repository.js';

function toRole(row: RoleRow): Role {
  return {
    _id: row.id,
    name: row.name,
    permission: row.permissions as Permission[],
    system: row.systemKey !== null,
    userCount: Number(row.userCount),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Catalogue order, no duplicates. */
function normalise(permissions: readonly string[]): Permission[] {
  const wanted = new Set(permissions);
  return PERMISSIONS.filter((p) => wanted.has(p));
}

function assertGrantable(principal: Principal, permissions: readonly string[]) {
  if (!canGrant(principal.permissions, permissions)) throw invalidField('permissions', 'VALIDATION.PERMISSION_NOT_HELD');
}

const nameTaken = () => invalidField('name', 'VALIDATION.NAME_TAKEN', { field: 'role' });

export async function createRole(deps: Deps, principal: Principal, input: { name: string; permissions: string[] }): Promise<Role> {
  const permissions = normalise(input.permissions);
  assertGrantable(principal, permissions);
  if (await roleNameTaken(deps.db, principal.organisationId, input.name)) throw nameTaken();
  const id = await write(
    deps,
    principal,
    async (tx, fx) => {
      const roleId = await insertRole(tx, {
        organisationId: principal.organisationId,
        name: input.name,
        permissions,
        createdBy: principal.userId,
      });
      fx.activity({ action: 'role.created', params: { name: input.name }, subject: { type: 'role', id: roleId } });
      return roleId;
    },
    // Two admins naming a role at once: the unique index decides.
    { onUniqueViolation: nameTaken },
  );
  return getRole(deps.db, principal, id);
}

export async function listRoles(db: Db, principal: Principal, query: RoleListQuery) {
  const { rows, total } = await listCustomRoles(db, visibleOwn(principal, 'role'), principal.organisationId, query);
  return { data: rows.map(toRole), meta: pageMeta(query.page, query.pageSize, total) };
}

export async function getRole(db: Db, principal: Principal, id: string): Promise<Role> {
  const row = await findVisibleRole(db, visible(principal, 'role'), principal.organisationId, id);
  if (!row) throw notFound('role');
  return toRole(row);
}

/** Roles the caller may give: those of their organisation (and kind) within what they can grant. */
export async function assignableRoles(db: Db, principal: Principal): Promise<AssignableRole[]> {
  const rows = await listVisibleRoles(db, visible(principal, 'role'));
  return rows
    .filter((role) => canGrant(principal.permissions, role.permissions))
    .map((role) => ({ _id: role.id, name: role.name, system: role.systemKey !== null }));
}

/** The role if the caller may give it to a user, otherwise nothing. */
export async function findAssignableRole(db: Db, principal: Principal, roleId: string) {
  const row = await findVisibleRole(db, visible(principal, 'role'), principal.organisationId, roleId);
  return row && canGrant(principal.permissions, row.permissions) ? row : undefined;
}

export async function setRolePermissions(
  deps: Deps,
  principal: Principal,
  id: string,
  input: { permissions: string[]; id?: string },
): Promise<Role> {
  if (input.id !== undefined && input.id !== id) throw invalidField('id', 'VALIDATION.NOT_VALID', { field: 'Role' });
  const role = await getRole(deps.db, principal, id);
  if (role.system) throw new AppError(403, 'ROLE.SYSTEM_READONLY');
  // A role holding more than the caller is not theirs to change, even downwards.
  if (!canGrant(principal.permissions, role.permission)) throw forbidden();
  const permissions = normalise(input.permissions);
  assertGrantable(principal, permissions);
  await write(deps, principal, async (tx, fx) => {
    const updated = await updateRolePermissions(tx, principal.organisationId, id, permissions);
    if (!updated) throw notFound('role');
    fx.activity({ action: 'role.permissions_changed', params: { name: role.name }, subject: { type: 'role', id } });
  });
  return getRole(deps.db, principal, id);
}
