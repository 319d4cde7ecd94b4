import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.js';

/**
 * The stock ledger's invariant (issue 11, docs/decisions/0019-supply-ledger-and-purchase-orders.md), for the tests of everything that moves
 * stock to assert after every scenario: every item's quantity is the sum of its movements, each
 * movement's balance is the running sum of its item's movements in id order, no quantity is
 * below zero, and each warehouse's kept totals (migration 0030) equal a count of its rows.
 */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const rows = async (query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  expect(
    await rows(sql`
      select i.id, i.quantity, coalesce(sum(m.delta), 0)::int as movements
        from inventory_items i left join stock_movements m on m.item_id = i.id
       group by i.id having i.quantity <> coalesce(sum(m.delta), 0)`),
    'items whose quantity is not the sum of their movements',
  ).toEqual([]);
  expect(
    await rows(sql`
      select id, item_id, balance_after, running from (
        select id, item_id, balance_after, sum(delta) over (partition by item_id order by id) as running from stock_movements
      ) ledger where balance_after <> running`),
    'movements whose balance is not the running sum',
  ).toEqual([]);
  expect(await rows(sql`select id from inventory_items where quantity < 0`), 'items below zero').toEqual([]);
  expect(
    await rows(sql`
      select w.id, c.items, c.low, c.out_of_stock, c.movements
        from warehouses w left join warehouse_stock_counts c on c.warehouse_id = w.id
       where (c.items, c.low, c.out_of_stock, c.movements) is distinct from (
             (select count(*)::int from inventory_items i where i.warehouse_id = w.id),
             (select count(*)::int from inventory_items i where i.warehouse_id = w.id and i.low_since is not null),
             (select count(*)::int from inventory_items i where i.warehouse_id = w.id and i.quantity = 0),
             (select count(*)::bigint from stock_movements m where m.warehouse_id = w.id))`),
    "warehouses whose kept totals are not their items' and movements' counts",
  ).toEqual([]);
}
