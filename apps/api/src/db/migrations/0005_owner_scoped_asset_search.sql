-- btree_gin lets the owner's uuid share a GIN index with the trigram columns.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "assets_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "assets_org_search_idx" ON "assets" USING gin ("organisation_id","name" gin_trgm_ops,"asset_code" gin_trgm_ops,"location_id" gin_trgm_ops,"location_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);