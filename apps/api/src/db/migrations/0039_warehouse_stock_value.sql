ALTER TABLE "warehouse_stock_counts" ADD COLUMN "value_kobo" numeric(38, 0) DEFAULT '0' NOT NULL;--> statement-breakpoint
-- A warehouse's stock value (quantity x unit price of its items, exact), moved at COMMIT as its other
-- totals (migration 0030): an item's old value taken away and its new one added, so a move between
-- warehouses moves it too. Only changes of the quantity, the price or the warehouse are queued.
CREATE FUNCTION warehouse_stock_value_on_item() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE warehouse_stock_counts SET value_kobo = value_kobo - OLD.quantity::numeric * coalesce(OLD.price_kobo, 0)
     WHERE warehouse_id = OLD.warehouse_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    UPDATE warehouse_stock_counts SET value_kobo = value_kobo + NEW.quantity::numeric * coalesce(NEW.price_kobo, 0)
     WHERE warehouse_id = NEW.warehouse_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER inventory_items_value_insert_delete AFTER INSERT OR DELETE ON inventory_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION warehouse_stock_value_on_item();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER inventory_items_value_update AFTER UPDATE ON inventory_items
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.warehouse_id IS DISTINCT FROM NEW.warehouse_id OR OLD.quantity IS DISTINCT FROM NEW.quantity
        OR OLD.price_kobo IS DISTINCT FROM NEW.price_kobo)
  EXECUTE FUNCTION warehouse_stock_value_on_item();
--> statement-breakpoint
UPDATE warehouse_stock_counts sc SET value_kobo = v.value
  FROM (SELECT warehouse_id, sum(quantity::numeric * coalesce(price_kobo, 0)) AS value FROM inventory_items GROUP BY 1) v
 WHERE v.warehouse_id = sc.warehouse_id;
