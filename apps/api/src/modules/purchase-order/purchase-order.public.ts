import { SUPPLYING_PO_STATUSES } from '@amp/contracts/purchase-order';
import { type SQL, sql } from 'drizzle-orm';

/**
 * What other modules may use of purchase orders: the supplier dashboard's count of orders to
 * dispatch. The approval engine learns of them through the kernel's registry (kernel/registry.ts),
 * not from here.
 */

/**
 * The count of the orders sent to the supplier whose id is `supplierId` that it accepted (or partly
 * received) with something still to dispatch, a scalar subquery: the open working set on
 * purchase_orders_supplier_idx, not its history (the supplier dashboard).
 */
export const ordersToDispatchCount = (supplierId: SQL) => {
  const supplying = sql.join(
    SUPPLYING_PO_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );
  return sql<number>`(
        select count(*)::int
          from purchase_orders o
         where o.supplier_id = ${supplierId} and o.status in (${supplying}) and o.sent_at is not null
           and exists (select 1 from purchase_order_lines l where l.order_id = o.id and l.dispatched < l.quantity))`;
};
