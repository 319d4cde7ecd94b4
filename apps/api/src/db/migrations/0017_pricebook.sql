CREATE TABLE "pricebook_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"brand" text,
	"model" text,
	"price_kobo" bigint NOT NULL,
	"kind" text NOT NULL,
	"unit" text,
	"retired_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricebook_items_price_check" CHECK ("pricebook_items"."price_kobo" >= 0),
	CONSTRAINT "pricebook_items_kind_check" CHECK ("pricebook_items"."kind" in ('service', 'spare_part', 'product'))
);
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_action_check";--> statement-breakpoint
ALTER TABLE "pricebook_items" ADD CONSTRAINT "pricebook_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pricebook_items_org_name_idx" ON "pricebook_items" USING btree ("organisation_id",("retired_at" is null),lower("name"),"id");--> statement-breakpoint
CREATE INDEX "pricebook_items_search_idx" ON "pricebook_items" USING gin ("organisation_id","name" gin_trgm_ops,"description" gin_trgm_ops,"brand" gin_trgm_ops,"model" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_action_check" CHECK ("activities"."action" in ('account.login','account.logout','account.forgot','account.reset_password','account.change_password','account.settings','account.notification_preferences','registration.submitted','registration.approved','registration.rejected','user.seeded','user.created','user.updated','user.activated','user.deactivated','user.profile_updated','role.created','role.permissions_changed','category.created','category.sub_category_created','cluster.created','cluster.updated','cluster.deleted','asset.created','asset.updated','asset.decommissioned','asset.imported','asset.import_updated','asset.assigned','asset.unassigned','asset.dispatched','cluster.assigned','cluster.unassigned','cluster.dispatched','sla.created','sla.updated','file.uploaded','fault.reported','fault.plus_one','fault.approved','fault.returned','fault.resubmitted','fault.rejected','fault.converted','pricebook.item_added','pricebook.item_changed','pricebook.item_retired','pricebook.item_restored','legacy'));