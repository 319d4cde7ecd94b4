ALTER TABLE "asset_imports" DROP CONSTRAINT "asset_imports_status_check";--> statement-breakpoint
ALTER TABLE "asset_imports" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "asset_imports" ADD CONSTRAINT "asset_imports_status_check" CHECK ("asset_imports"."status" in ('queued','reading','validating','writing','succeeded','failed'));