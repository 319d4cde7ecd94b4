CREATE TABLE "stock_item_consumption" (
	"item_id" uuid PRIMARY KEY NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movement_months" (
	"warehouse_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"month" date NOT NULL,
	"movements" integer DEFAULT 0 NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_movement_months_warehouse_id_kind_month_pk" PRIMARY KEY("warehouse_id","kind","month")
);
--> statement-breakpoint
CREATE TABLE "stock_work_order_consumption" (
	"warehouse_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_work_order_consumption_warehouse_id_work_order_id_pk" PRIMARY KEY("warehouse_id","work_order_id")
);
--> statement-breakpoint
ALTER TABLE "stock_item_consumption" ADD CONSTRAINT "stock_item_consumption_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement_months" ADD CONSTRAINT "stock_movement_months_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement_months" ADD CONSTRAINT "stock_movement_months_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_work_order_consumption" ADD CONSTRAINT "stock_work_order_consumption_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_work_order_consumption" ADD CONSTRAINT "stock_work_order_consumption_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_item_consumption_org_idx" ON "stock_item_consumption" USING btree ("organisation_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_movement_months_org_idx" ON "stock_movement_months" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "stock_work_order_consumption_org_idx" ON "stock_work_order_consumption" USING btree ("organisation_id");--> statement-breakpoint
-- The warehouse report's rollups (schema/report.ts), moved in the same transaction by a row trigger
-- on the ledger: stock_movements is insert-only (stock_movements_no_update), and a row leaves it only
-- with its item (ON DELETE CASCADE), so an insert adds and a delete takes away. A take-away updates
-- (finds nothing when the warehouse, item or work order went first) rather than inserting.
-- Consumption is what stock_movements' 'issue' and 'stock_out' rows took out (delta < 0), as a
-- positive quantity; an issue's work order is its material request's.
CREATE FUNCTION stock_movements_report_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r stock_movements%ROWTYPE;
  sign integer;
  m date;
  wo uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; sign := 1; ELSE r := OLD; sign := -1; END IF;
  m := date_trunc('month', r.created_at AT TIME ZONE 'UTC')::date;
  IF sign > 0 THEN
    INSERT INTO stock_movement_months AS s (warehouse_id, organisation_id, kind, month, movements, quantity)
      VALUES (r.warehouse_id, r.organisation_id, r.kind, m, 1, r.delta)
    ON CONFLICT (warehouse_id, kind, month) DO UPDATE SET movements = s.movements + 1, quantity = s.quantity + r.delta;
  ELSE
    UPDATE stock_movement_months s SET movements = s.movements - 1, quantity = s.quantity - r.delta
     WHERE s.warehouse_id = r.warehouse_id AND s.kind = r.kind AND s.month = m;
  END IF;
  IF r.kind IN ('issue', 'stock_out') THEN
    IF sign > 0 THEN
      INSERT INTO stock_item_consumption AS s (item_id, warehouse_id, organisation_id, quantity)
        VALUES (r.item_id, r.warehouse_id, r.organisation_id, -r.delta)
      ON CONFLICT (item_id) DO UPDATE SET quantity = s.quantity - r.delta;
    ELSE
      UPDATE stock_item_consumption s SET quantity = s.quantity + r.delta WHERE s.item_id = r.item_id;
    END IF;
    IF r.kind = 'issue' AND r.source_type = 'material_request' AND r.source_id IS NOT NULL THEN
      SELECT mr.work_order_id INTO wo FROM material_requests mr WHERE mr.id = r.source_id::uuid;
      IF wo IS NOT NULL THEN
        IF sign > 0 THEN
          INSERT INTO stock_work_order_consumption AS s (warehouse_id, work_order_id, organisation_id, quantity)
            VALUES (r.warehouse_id, wo, r.organisation_id, -r.delta)
          ON CONFLICT (warehouse_id, work_order_id) DO UPDATE SET quantity = s.quantity - r.delta;
        ELSE
          UPDATE stock_work_order_consumption s SET quantity = s.quantity + r.delta
           WHERE s.warehouse_id = r.warehouse_id AND s.work_order_id = wo;
        END IF;
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_movements_report_rollup AFTER INSERT OR DELETE ON stock_movements
  FOR EACH ROW EXECUTE FUNCTION stock_movements_report_rollup();
--> statement-breakpoint
-- The ledger so far, added up once.
INSERT INTO stock_movement_months (warehouse_id, organisation_id, kind, month, movements, quantity)
SELECT m.warehouse_id, min(m.organisation_id::text)::uuid, m.kind, date_trunc('month', m.created_at AT TIME ZONE 'UTC')::date, count(*), sum(m.delta)
  FROM stock_movements m JOIN warehouses w ON w.id = m.warehouse_id GROUP BY m.warehouse_id, m.kind, 4;
--> statement-breakpoint
INSERT INTO stock_item_consumption (item_id, warehouse_id, organisation_id, quantity)
SELECT m.item_id, min(m.warehouse_id::text)::uuid, min(m.organisation_id::text)::uuid, -sum(m.delta)
  FROM stock_movements m WHERE m.kind IN ('issue', 'stock_out') GROUP BY m.item_id;
--> statement-breakpoint
INSERT INTO stock_work_order_consumption (warehouse_id, work_order_id, organisation_id, quantity)
SELECT m.warehouse_id, mr.work_order_id, min(m.organisation_id::text)::uuid, -sum(m.delta)
  FROM stock_movements m JOIN material_requests mr ON mr.id = CASE WHEN m.source_type = 'material_request' THEN m.source_id::uuid END
 WHERE m.kind = 'issue' AND m.source_type = 'material_request' AND m.source_id IS NOT NULL AND mr.work_order_id IS NOT NULL
 GROUP BY m.warehouse_id, mr.work_order_id;
--> statement-breakpoint
-- Covering indexes (INCLUDE, which drizzle's schema cannot say): the SR/WO report's summary and
-- page totals, the score cards' ranking (score-card.repository.ts) and the report's recall and
-- approval-level joins read an organisation's work orders or service requests from the index
-- alone (index-only scans), not 100,000 wide heap rows. A hand-made one on a benchmark database is replaced.
DROP INDEX IF EXISTS work_orders_org_report_idx;
--> statement-breakpoint
CREATE INDEX work_orders_org_report_idx ON work_orders (organisation_id, provider_id)
  INCLUDE (status, sent_at, accepted_at, completed_at, rated_at, response_hours, resolution_hours, paused_ms, rating, unsatisfactory_count,
           id, created_at, closed_at, cluster_id, asset_id, total_kobo);
--> statement-breakpoint
DROP INDEX IF EXISTS service_requests_org_report_idx;
--> statement-breakpoint
CREATE INDEX service_requests_org_report_idx ON service_requests (organisation_id, provider_id)
  INCLUDE (status, created_at, sent_at, accepted_at, closed_at, paused_ms, paused_since, response_hours, resolution_hours);
--> statement-breakpoint
-- The asset report's per-asset figures (faults and completed work orders in a window) as index
-- probes per asset: without them its summary read all 300,000 faults and 1,000,000 work orders.
CREATE INDEX IF NOT EXISTS faults_asset_created_idx ON faults (asset_id, created_at);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS work_orders_asset_completed_idx ON work_orders (asset_id, created_at)
  INCLUDE (completed_at, sent_at, fault_id) WHERE completed_at IS NOT NULL;
