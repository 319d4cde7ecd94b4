ALTER TABLE "asset_imports" DROP CONSTRAINT "asset_imports_subject_check";--> statement-breakpoint
ALTER TABLE "asset_imports" ADD COLUMN "warehouse_id" uuid;--> statement-breakpoint
ALTER TABLE "asset_imports" ADD CONSTRAINT "asset_imports_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_imports_warehouse_idx" ON "asset_imports" USING btree ("warehouse_id","created_at") WHERE "asset_imports"."warehouse_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse_kind_idx" ON "stock_movements" USING btree ("warehouse_id","kind",(-"id"));--> statement-breakpoint
ALTER TABLE "asset_imports" ADD CONSTRAINT "asset_imports_warehouse_check" CHECK (("asset_imports"."subject" = 'inventory') = ("asset_imports"."warehouse_id" is not null));--> statement-breakpoint
ALTER TABLE "asset_imports" ADD CONSTRAINT "asset_imports_subject_check" CHECK ("asset_imports"."subject" in ('asset','pricebook','inventory'));