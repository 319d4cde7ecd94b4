/** What other modules may use of work orders: raising one from an observation (the third decision on it). */
export { raiseFromObservation } from './work-order.service.js';
