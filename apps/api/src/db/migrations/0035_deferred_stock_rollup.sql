CREATE INDEX "dashboard_counts_read_idx" ON "dashboard_counts" USING btree ("organisation_id","side") INCLUDE ("subject","status","month","total","value_kobo");--> statement-breakpoint
-- The report rollups of stock movements move at COMMIT, as every other kept count (decision 0015):
-- a row trigger that ran at once held the warehouse's month row from the movement to the commit,
-- so concurrent movements of one kind in one warehouse waited on each other for their whole
-- transaction; deferred, they wait only for each other's commit.
CREATE OR REPLACE FUNCTION stock_movements_report_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r stock_movements%ROWTYPE;
  sign integer;
  m date;
  wo uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; sign := 1; ELSE r := OLD; sign := -1; END IF;
  m := date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date;
  -- At COMMIT the warehouse or the item may already be gone (deleted later in the same
  -- transaction, its rollups with it): an addition for it is then skipped, and the take-away of
  -- the cascaded movement finds nothing, so the totals stay equal to the ledger.
  IF sign > 0 AND NOT EXISTS (SELECT 1 FROM warehouses w WHERE w.id = r.warehouse_id) THEN
    RETURN NULL;
  END IF;
  IF sign > 0 THEN
    INSERT INTO stock_movement_months AS s (warehouse_id, organisation_id, kind, month, movements, quantity)
      VALUES (r.warehouse_id, r.organisation_id, r.kind, m, 1, r.delta)
    ON CONFLICT (warehouse_id, kind, month) DO UPDATE SET movements = s.movements + 1, quantity = s.quantity + r.delta;
  ELSE
    UPDATE stock_movement_months s SET movements = s.movements - 1, quantity = s.quantity - r.delta
     WHERE s.warehouse_id = r.warehouse_id AND s.kind = r.kind AND s.month = m;
  END IF;
  IF r.kind IN ('issue', 'stock_out') THEN
    IF sign > 0 AND EXISTS (SELECT 1 FROM inventory_items i WHERE i.id = r.item_id) THEN
      INSERT INTO stock_item_consumption AS s (item_id, warehouse_id, organisation_id, quantity)
        VALUES (r.item_id, r.warehouse_id, r.organisation_id, -r.delta)
      ON CONFLICT (item_id) DO UPDATE SET quantity = s.quantity - r.delta;
    ELSIF sign < 0 THEN
      UPDATE stock_item_consumption s SET quantity = s.quantity + r.delta WHERE s.item_id = r.item_id;
    END IF;
    IF r.kind = 'issue' AND r.source_type = 'material_request' AND r.source_id IS NOT NULL THEN
      SELECT mr.work_order_id INTO wo FROM material_requests mr WHERE mr.id = r.source_id::uuid;
      IF wo IS NOT NULL THEN
        IF sign > 0 AND EXISTS (SELECT 1 FROM work_orders o WHERE o.id = wo) THEN
          INSERT INTO stock_work_order_consumption AS s (warehouse_id, work_order_id, organisation_id, quantity)
            VALUES (r.warehouse_id, wo, r.organisation_id, -r.delta)
          ON CONFLICT (warehouse_id, work_order_id) DO UPDATE SET quantity = s.quantity - r.delta;
        ELSIF sign < 0 THEN
          UPDATE stock_work_order_consumption s SET quantity = s.quantity + r.delta
           WHERE s.warehouse_id = r.warehouse_id AND s.work_order_id = wo;
        END IF;
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER stock_movements_report_rollup ON stock_movements;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_movements_report_rollup AFTER INSERT OR DELETE ON stock_movements
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION stock_movements_report_rollup();
