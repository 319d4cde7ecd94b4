import { and, eq, type SQL, sql } from 'drizzle-orm';
import { roles, users } from '../db/schema/index.js';

/**
 * "Its admins, or whoever holds one of these permissions": the one form of the rule, on a user's
 * admin flag and its role's permissions (drizzle's columns, or a raw statement's aliases).
 */
export function adminOrHolds(
  columns: { isOrgAdmin: SQL | typeof users.isOrgAdmin; permissions: SQL | typeof roles.permissions },
  permissions: readonly string[],
): SQL {
  if (permissions.length === 0) return sql`(${columns.isOrgAdmin})`;
  return sql`(${columns.isOrgAdmin} or ${columns.permissions} && array[${sql.join(
    permissions.map((permission) => sql`${permission}`),
    sql`, `,
  )}]::text[])`;
}

/**
 * The active staff of an organisation who are its admins or hold one of these permissions: the
 * condition on `users` joined to its `roles` (assignable staff, approvers, warehouse managers).
 */
export function activeStaffHolding(organisationId: string, permissions: readonly string[]): SQL {
  return and(
    eq(users.organisationId, organisationId),
    eq(users.status, 'active'),
    adminOrHolds({ isOrgAdmin: users.isOrgAdmin, permissions: roles.permissions }, permissions),
  )!;
}
