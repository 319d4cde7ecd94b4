/** What other modules may read of mail delivery. */
export { countFailedMail } from './mail.repository.js';
