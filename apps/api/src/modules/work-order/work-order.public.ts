import { type SQL, sql } from 'drizzle-orm';

/**
 * What other modules may use of work orders: raising one from an observation (the third decision
 * on it), the caller's own open ones (the technician's home), and whether one reaches work orders
 * only through one's assignments (the dashboards). The approval engine learns of them through the
 * kernel's registry (kernel/registry.ts), not from here.
 */
export { reachesOnlyAssignedOrders } from './work-order.reach.js';
export { raiseFromObservation } from './work-order.service.js';
export { assignedOpenOrders } from './work-order-read.service.js';

/**
 * The work orders assigned to the user whose id is `userId`, per status and month of creation (UTC,
 * 'YYYY-MM'), as a query of rows { status, month, total }: a technician's dashboard, one part of its
 * statement, read only when `switchedOn` (a one-time condition of the caller's) holds.
 */
export const ordersAssignedPerStatusAndMonth = (userId: SQL, switchedOn: SQL) => sql`
        select w.status, to_char(w.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as total
          from work_order_assignees a inner join work_orders w on w.id = a.work_order_id
         where ${switchedOn} and a.user_id = ${userId}
         group by 1, 2`;
