CREATE TABLE "fault_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fault_id" uuid NOT NULL,
	"reporter_user_id" uuid,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"source" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fault_reports_source_check" CHECK ("fault_reports"."source" in ('portal','staff','provider'))
);
--> statement-breakpoint
CREATE TABLE "faults" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"asset_id" uuid NOT NULL,
	"cluster_id" uuid,
	"location_id" text,
	"fault_type" text NOT NULL,
	"description" text NOT NULL,
	"state" text,
	"lga" text,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"reporter_user_id" uuid,
	"reporter_organisation_id" uuid,
	"provider_id" uuid,
	"reporter_name" text NOT NULL,
	"reporter_email" text,
	"reporter_phone" text,
	"reason" text,
	"reporters" integer DEFAULT 1 NOT NULL,
	"converted_type" text,
	"converted_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "faults_status_check" CHECK ("faults"."status" in ('awaiting_provider','returned','awaiting_owner','rejected','converted')),
	CONSTRAINT "faults_source_check" CHECK ("faults"."source" in ('portal','staff','provider')),
	CONSTRAINT "faults_type_check" CHECK ("faults"."fault_type" in ('Repair','Replacement')),
	CONSTRAINT "faults_converted_type_check" CHECK ("faults"."converted_type" is null or "faults"."converted_type" in ('service_request','work_order')),
	CONSTRAINT "faults_reporters_check" CHECK ("faults"."reporters" >= 1)
);
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_action_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_event_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_event_check";--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "open_fault_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fault_reports" ADD CONSTRAINT "fault_reports_fault_id_faults_id_fk" FOREIGN KEY ("fault_id") REFERENCES "public"."faults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fault_reports" ADD CONSTRAINT "fault_reports_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faults" ADD CONSTRAINT "faults_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faults" ADD CONSTRAINT "faults_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faults" ADD CONSTRAINT "faults_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faults" ADD CONSTRAINT "faults_state_states_alias_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("alias") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faults" ADD CONSTRAINT "faults_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faults" ADD CONSTRAINT "faults_reporter_organisation_id_organisations_id_fk" FOREIGN KEY ("reporter_organisation_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faults" ADD CONSTRAINT "faults_provider_id_organisations_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."organisations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fault_reports_fault_idx" ON "fault_reports" USING btree ("fault_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "faults_code_uq" ON "faults" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "faults_open_asset_type_uq" ON "faults" USING btree ("asset_id","fault_type") WHERE "faults"."status" in ('awaiting_provider','returned','awaiting_owner');--> statement-breakpoint
CREATE INDEX "faults_org_created_idx" ON "faults" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "faults_org_status_created_idx" ON "faults" USING btree ("organisation_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "faults_provider_status_created_idx" ON "faults" USING btree ("provider_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "faults_reporter_created_idx" ON "faults" USING btree ("reporter_user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "faults_asset_idx" ON "faults" USING btree ("asset_id","status");--> statement-breakpoint
CREATE INDEX "faults_org_search_idx" ON "faults" USING gin ("organisation_id","code" gin_trgm_ops,"description" gin_trgm_ops,"reporter_name" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_action_check" CHECK ("activities"."action" in ('account.login','account.logout','account.forgot','account.reset_password','account.change_password','account.settings','account.notification_preferences','registration.submitted','registration.approved','registration.rejected','user.seeded','user.created','user.updated','user.activated','user.deactivated','user.profile_updated','role.created','role.permissions_changed','category.created','category.sub_category_created','cluster.created','cluster.updated','cluster.deleted','asset.created','asset.updated','asset.decommissioned','asset.imported','asset.import_updated','asset.assigned','asset.unassigned','asset.dispatched','cluster.assigned','cluster.unassigned','cluster.dispatched','sla.created','sla.updated','file.uploaded','fault.reported','fault.plus_one','fault.approved','fault.returned','fault.resubmitted','fault.rejected','fault.converted','legacy'));--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_open_fault_count_check" CHECK ("assets"."open_fault_count" >= 0);--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_event_check" CHECK ("notification_preferences"."event" in ('registration.pending','registration.approved','assignment.assigned','assignment.revoked','assignment.dispatched','sla.created','sla.updated','import.succeeded','import.failed','fault.awaiting_provider','fault.awaiting_owner','fault.returned','fault.rejected','fault.approved'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_check" CHECK ("notifications"."event" in ('registration.pending','registration.approved','assignment.assigned','assignment.revoked','assignment.dispatched','sla.created','sla.updated','import.succeeded','import.failed','fault.awaiting_provider','fault.awaiting_owner','fault.returned','fault.rejected','fault.approved'));