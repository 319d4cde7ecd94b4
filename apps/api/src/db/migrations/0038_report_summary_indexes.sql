-- Custom SQL migration file, put your code below! ---- Custom SQL migration file, put your code below! ---- The warehouse report's summary without a date range (issue 12's benchmark): the purchase orders'
-- spend and each item's consumption read from their indexes alone (INCLUDE, which drizzle's schema
-- cannot say), not from 20,000 table rows each.
CREATE INDEX purchase_orders_buyer_spend_idx ON purchase_orders (organisation_id)
  INCLUDE (supplier_id, total_kobo, status, created_at, warehouse_id) WHERE sent_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX purchase_orders_supplier_spend_idx ON purchase_orders (supplier_id)
  INCLUDE (organisation_id, total_kobo, status, created_at) WHERE sent_at IS NOT NULL;
--> statement-breakpoint
DROP INDEX stock_item_consumption_org_idx;
--> statement-breakpoint
CREATE INDEX stock_item_consumption_org_idx ON stock_item_consumption (organisation_id, warehouse_id) INCLUDE (item_id, quantity);
--> statement-breakpoint
-- The SR/WO report's recalls: the few orders that have any, on either side, from their index alone.
CREATE INDEX work_orders_org_recalled_idx ON work_orders (organisation_id)
  INCLUDE (provider_id, recall_count, created_at, sent_at, cluster_id, asset_id) WHERE recall_count > 0;
--> statement-breakpoint
CREATE INDEX work_orders_provider_recalled_idx ON work_orders (provider_id)
  INCLUDE (organisation_id, recall_count, created_at, sent_at, cluster_id, asset_id) WHERE recall_count > 0;
--> statement-breakpoint
-- Its approval levels for an owner's whole report: the decided steps of the owner's work orders.
CREATE INDEX approval_steps_org_decided_idx ON approval_steps (organisation_id, document_type)
  INCLUDE (position, name, asked_at, decided_at) WHERE asked_at IS NOT NULL AND decided_at IS NOT NULL;
