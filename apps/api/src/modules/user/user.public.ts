/**
 * What other modules may use of users: a colleague looked up within one's organisation, whether an
 * email is taken, and the insert of a user who sets a password through a mailed link (registration
 * makes its first admin with it).
 */
export { emailInUse, findUser, insertUserWithoutPassword } from './user.repository.js';
