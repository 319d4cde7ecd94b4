/**
 * What other modules may use of accounts: the mailed link with which a new user sets a password
 * (recorded in the caller's write), and ending every session of a user (deactivation).
 */
export { queuePasswordLink } from './account.service.js';
export { revokeAllSessions } from './session.repository.js';
