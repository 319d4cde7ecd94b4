/**
 * What other modules may use of work orders: raising one from an observation (the third decision
 * on it), where a notice about one leads (the approval reminders'), and the caller's own open ones
 * (the technician's home), and whether one reaches work orders only through one's assignments (the
 * dashboards).
 */
export { reachesOnlyAssignedOrders } from './work-order.reach.js';
export { raiseFromObservation, woPath } from './work-order.service.js';
export { assignedOpenOrders } from './work-order-read.service.js';
