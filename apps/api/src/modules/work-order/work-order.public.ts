/**
 * What other modules may use of work orders: raising one from an observation (the third decision
 * on it), and where a notice about one leads (the approval reminders').
 */
export { raiseFromObservation, woPath } from './work-order.service.js';
