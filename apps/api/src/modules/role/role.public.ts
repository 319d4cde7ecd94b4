import { sql } from 'drizzle-orm';

/** What other modules may use of roles: a system role, a role the caller may give to a user, and the technician roles' ids (the dashboards). */
export { findSystemRole } from './role.repository.js';
export { findAssignableRole } from './role.service.js';

/** The ids of the technician system roles, as a subquery: the super admin's dashboard counts the users holding one without joining roles. */
export const technicianRoleIds = () => sql`select r.id from roles r where r.system_key = 'technician'`;
