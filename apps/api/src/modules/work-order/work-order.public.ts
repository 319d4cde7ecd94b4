/**
 * What other modules may use of work orders: raising one from an observation (the third decision
 * on it), the caller's own open ones (the technician's home), and whether one reaches work orders
 * only through one's assignments (the dashboards). The approval engine learns of them through the
 * kernel's registry (kernel/registry.ts), not from here.
 */
export { reachesOnlyAssignedOrders } from './work-order.reach.js';
export { raiseFromObservation } from './work-order.service.js';
export { assignedOpenOrders } from './work-order-read.service.js';
