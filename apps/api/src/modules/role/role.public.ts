import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { roles } from '../../db/schema/role.js';

/** What other modules may use of roles: a system role, a role the caller may give to a user, and the technician roles' ids (the dashboards). */
export { findSystemRole } from './role.repository.js';
export { findAssignableRole } from './role.service.js';

/** The ids of the technician system roles, as a subquery: the super admin's dashboard counts the users holding one without joining roles. */
export const technicianRoleIds = () => sql`select r.id from roles r where r.system_key = 'technician'`;

/**
 * Roles' ids, names, system keys and permissions as a subquery to join, named `name`: a list of
 * users with their roles. PostgreSQL flattens it into the plan of a table join (decision 0033 "Where a list joins").
 */
export const roleGrantsAs = <Name extends string>(name: Name) =>
  new QueryBuilder()
    .select({ id: roles.id, name: roles.name, systemKey: roles.systemKey, permissions: roles.permissions })
    .from(roles)
    .as(name);
