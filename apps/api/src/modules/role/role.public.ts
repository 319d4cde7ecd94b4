/** What other modules may use of roles: a system role, and a role the caller may give to a user. */
export { findSystemRole } from './role.repository.js';
export { findAssignableRole } from './role.service.js';
