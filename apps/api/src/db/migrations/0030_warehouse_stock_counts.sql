CREATE TABLE "warehouse_stock_counts" (
	"warehouse_id" uuid PRIMARY KEY NOT NULL,
	"items" integer DEFAULT 0 NOT NULL,
	"low" integer DEFAULT 0 NOT NULL,
	"out_of_stock" integer DEFAULT 0 NOT NULL,
	"movements" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "inventory_items_low_idx";--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "out_of_stock" boolean GENERATED ALWAYS AS (quantity = 0) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "warehouse_stock_counts" ADD CONSTRAINT "warehouse_stock_counts_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_items_out_idx" ON "inventory_items" USING btree ("warehouse_id",lower("name"),"id") WHERE "inventory_items"."out_of_stock";--> statement-breakpoint
CREATE INDEX "inventory_items_low_idx" ON "inventory_items" USING btree ("warehouse_id",lower("name"),"id") WHERE "inventory_items"."low_since" is not null;--> statement-breakpoint
-- A warehouse's totals (items, low, out of stock, movements) are moved at COMMIT by deferred
-- row triggers, as the fault counts (migration 0015, decision 0015): every movement of a
-- warehouse touches its one counts row, and the lock is held for the commit only. Each trigger
-- only updates the row the warehouse got when it was created, so a warehouse deleted in the same
-- transaction leaves nothing behind.
CREATE FUNCTION warehouse_stock_counts_on_warehouse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO warehouse_stock_counts (warehouse_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER warehouses_stock_counts AFTER INSERT ON warehouses FOR EACH ROW EXECUTE FUNCTION warehouse_stock_counts_on_warehouse();
--> statement-breakpoint
CREATE FUNCTION warehouse_stock_counts_on_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE warehouse_stock_counts SET items = items - 1,
           low = low - (OLD.low_since IS NOT NULL)::int, out_of_stock = out_of_stock - (OLD.quantity = 0)::int
     WHERE warehouse_id = OLD.warehouse_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE warehouse_stock_counts SET items = items + 1,
           low = low + (NEW.low_since IS NOT NULL)::int, out_of_stock = out_of_stock + (NEW.quantity = 0)::int
     WHERE warehouse_id = NEW.warehouse_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER inventory_items_counts_insert_delete AFTER INSERT OR DELETE ON inventory_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION warehouse_stock_counts_on_item();
--> statement-breakpoint
-- Only the changes that move a total are queued: most movements change neither mark.
CREATE CONSTRAINT TRIGGER inventory_items_counts_update AFTER UPDATE ON inventory_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.warehouse_id IS DISTINCT FROM NEW.warehouse_id
        OR (OLD.low_since IS NULL) <> (NEW.low_since IS NULL)
        OR (OLD.quantity = 0) <> (NEW.quantity = 0))
  EXECUTE FUNCTION warehouse_stock_counts_on_item();
--> statement-breakpoint
CREATE FUNCTION warehouse_stock_counts_on_movement() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE warehouse_stock_counts SET movements = movements - 1 WHERE warehouse_id = OLD.warehouse_id;
  ELSE
    UPDATE warehouse_stock_counts SET movements = movements + 1 WHERE warehouse_id = NEW.warehouse_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER stock_movements_counts AFTER INSERT OR DELETE ON stock_movements
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION warehouse_stock_counts_on_movement();
--> statement-breakpoint
INSERT INTO warehouse_stock_counts (warehouse_id, items, low, out_of_stock, movements)
SELECT w.id,
       (SELECT count(*) FROM inventory_items i WHERE i.warehouse_id = w.id),
       (SELECT count(*) FROM inventory_items i WHERE i.warehouse_id = w.id AND i.low_since IS NOT NULL),
       (SELECT count(*) FROM inventory_items i WHERE i.warehouse_id = w.id AND i.quantity = 0),
       (SELECT count(*) FROM stock_movements m WHERE m.warehouse_id = w.id)
  FROM warehouses w;
