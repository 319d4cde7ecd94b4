CREATE TABLE "configurations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"type" text NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "observation_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"observation_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"pricebook_item_id" uuid,
	"free" boolean NOT NULL,
	"name" text NOT NULL,
	"kind" text,
	"unit" text,
	"quantity" integer NOT NULL,
	"unit_price_kobo" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	CONSTRAINT "observation_lines_kind_check" CHECK ("observation_lines"."kind" is null or "observation_lines"."kind" in ('service','spare_part','product')),
	CONSTRAINT "observation_lines_quantity_check" CHECK ("observation_lines"."quantity" > 0),
	CONSTRAINT "observation_lines_price_check" CHECK ("observation_lines"."unit_price_kobo" >= 0 and "observation_lines"."total_kobo" = "observation_lines"."unit_price_kobo" * "observation_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_request_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"submitted_by" uuid,
	"type" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"summary" text NOT NULL,
	"time_to_complete_hours" integer NOT NULL,
	"total_kobo" bigint NOT NULL,
	"supersedes_id" uuid,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "observations_type_check" CHECK ("observations"."type" in ('okay','not_okay')),
	CONSTRAINT "observations_status_check" CHECK ("observations"."status" in ('submitted','accepted','rejected','superseded')),
	CONSTRAINT "observations_total_check" CHECK ("observations"."total_kobo" >= 0),
	CONSTRAINT "observations_hours_check" CHECK ("observations"."time_to_complete_hours" >= 0)
);
--> statement-breakpoint
CREATE TABLE "service_request_assignees" (
	"service_request_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_request_assignees_service_request_id_user_id_pk" PRIMARY KEY("service_request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "service_request_counts" (
	"organisation_id" uuid NOT NULL,
	"side" text NOT NULL,
	"status" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "service_request_counts_organisation_id_side_status_pk" PRIMARY KEY("organisation_id","side","status")
);
--> statement-breakpoint
CREATE TABLE "service_request_deadlines" (
	"service_request_id" uuid NOT NULL,
	"notice" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"told_at" timestamp with time zone,
	CONSTRAINT "service_request_deadlines_service_request_id_notice_pk" PRIMARY KEY("service_request_id","notice"),
	CONSTRAINT "service_request_deadlines_notice_check" CHECK ("service_request_deadlines"."notice" in ('response_due_soon','response_breached','resolution_due_soon','resolution_breached'))
);
--> statement-breakpoint
CREATE TABLE "service_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"receiver_type" text NOT NULL,
	"asset_id" uuid,
	"cluster_id" uuid,
	"fault_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"subject_label" text NOT NULL,
	"priority" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"sla_id" uuid,
	"sla_title" text,
	"response_hours" integer,
	"resolution_hours" integer,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"paused_ms" bigint DEFAULT 0 NOT NULL,
	"paused_since" timestamp with time zone,
	"decline_reason" text,
	"close_note" text,
	"closed_by" uuid,
	"created_by" uuid,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_requests_status_check" CHECK ("service_requests"."status" in ('sent','accepted','declined','assigned','observed','resolved','closed')),
	CONSTRAINT "service_requests_priority_check" CHECK ("service_requests"."priority" in ('low','medium','high','critical')),
	CONSTRAINT "service_requests_receiver_check" CHECK ("service_requests"."receiver_type" in ('IMO','MRO','EXT. TECHNICIAN')),
	CONSTRAINT "service_requests_subject_check" CHECK (("service_requests"."asset_id" is null) <> ("service_requests"."cluster_id" is null)),
	CONSTRAINT "service_requests_paused_check" CHECK ("service_requests"."paused_ms" >= 0),
	CONSTRAINT "service_requests_hours_check" CHECK (("service_requests"."response_hours" is null) = ("service_requests"."resolution_hours" is null) and ("service_requests"."response_hours" is null or "service_requests"."response_hours" > 0))
);
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_action_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_event_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_event_check";--> statement-breakpoint
ALTER TABLE "asset_imports" ADD COLUMN "subject" text DEFAULT 'asset' NOT NULL;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "configurations" ADD CONSTRAINT "configurations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_lines" ADD CONSTRAINT "observation_lines_observation_id_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."observations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_lines" ADD CONSTRAINT "observation_lines_pricebook_item_id_pricebook_items_id_fk" FOREIGN KEY ("pricebook_item_id") REFERENCES "public"."pricebook_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_assignees" ADD CONSTRAINT "service_request_assignees_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_assignees" ADD CONSTRAINT "service_request_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_assignees" ADD CONSTRAINT "service_request_assignees_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_counts" ADD CONSTRAINT "service_request_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_request_deadlines" ADD CONSTRAINT "service_request_deadlines_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_provider_id_organisations_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_fault_id_faults_id_fk" FOREIGN KEY ("fault_id") REFERENCES "public"."faults"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_sla_id_slas_id_fk" FOREIGN KEY ("sla_id") REFERENCES "public"."slas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "configurations_org_type_uq" ON "configurations" USING btree ("organisation_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "observation_lines_position_uq" ON "observation_lines" USING btree ("observation_id","position");--> statement-breakpoint
CREATE INDEX "observations_sr_idx" ON "observations" USING btree ("service_request_id","created_at");--> statement-breakpoint
CREATE INDEX "observations_org_created_idx" ON "observations" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "observations_submitter_created_idx" ON "observations" USING btree ("submitted_by","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "observations_one_submitted_uq" ON "observations" USING btree ("service_request_id") WHERE "observations"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "service_request_assignees_user_idx" ON "service_request_assignees" USING btree ("user_id","service_request_id");--> statement-breakpoint
CREATE INDEX "service_request_deadlines_due_idx" ON "service_request_deadlines" USING btree ("due_at") WHERE "service_request_deadlines"."told_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "service_requests_code_uq" ON "service_requests" USING btree ("organisation_id","code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "service_requests_provider_code_idx" ON "service_requests" USING btree ("provider_id","code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "service_requests_org_status_created_idx" ON "service_requests" USING btree ("organisation_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_provider_status_created_idx" ON "service_requests" USING btree ("provider_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_org_created_idx" ON "service_requests" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_provider_created_idx" ON "service_requests" USING btree ("provider_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "service_requests_asset_idx" ON "service_requests" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "service_requests_cluster_idx" ON "service_requests" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "service_requests_fault_idx" ON "service_requests" USING btree ("fault_id");--> statement-breakpoint
CREATE INDEX "service_requests_org_search_idx" ON "service_requests" USING gin ("organisation_id","code" gin_trgm_ops,"title" gin_trgm_ops,"subject_label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_requests_provider_search_idx" ON "service_requests" USING gin ("provider_id","code" gin_trgm_ops,"title" gin_trgm_ops,"subject_label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_requests_resolved_idx" ON "service_requests" USING btree ("organisation_id","last_activity_at") WHERE "service_requests"."status" = 'resolved';--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_action_check" CHECK ("activities"."action" in ('account.login','account.logout','account.forgot','account.reset_password','account.change_password','account.settings','account.notification_preferences','registration.submitted','registration.approved','registration.rejected','user.seeded','user.created','user.updated','user.activated','user.deactivated','user.profile_updated','role.created','role.permissions_changed','category.created','category.sub_category_created','cluster.created','cluster.updated','cluster.deleted','asset.created','asset.updated','asset.decommissioned','asset.imported','asset.import_updated','asset.assigned','asset.unassigned','asset.dispatched','cluster.assigned','cluster.unassigned','cluster.dispatched','sla.created','sla.updated','file.uploaded','fault.reported','fault.plus_one','fault.approved','fault.returned','fault.resubmitted','fault.rejected','fault.converted','pricebook.item_added','pricebook.item_changed','pricebook.item_retired','pricebook.item_restored','pricebook.imported','service_request.sent','service_request.accepted','service_request.declined','service_request.assigned','service_request.closed','service_request.auto_closed','service_request.response_due_soon','service_request.response_breached','service_request.resolution_due_soon','service_request.resolution_breached','observation.submitted','observation.accepted','observation.rejected','configuration.updated','legacy'));--> statement-breakpoint
ALTER TABLE "asset_imports" ADD CONSTRAINT "asset_imports_subject_check" CHECK ("asset_imports"."subject" in ('asset', 'pricebook'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_event_check" CHECK ("notification_preferences"."event" in ('registration.pending','registration.approved','assignment.assigned','assignment.revoked','assignment.dispatched','sla.created','sla.updated','import.succeeded','import.failed','fault.awaiting_provider','fault.awaiting_owner','fault.returned','fault.rejected','fault.approved','service_request.sent','service_request.accepted','service_request.declined','service_request.assigned','service_request.closed','service_request.response_due_soon','service_request.response_breached','service_request.resolution_due_soon','service_request.resolution_breached','service_request.sla_summary','observation.submitted','observation.accepted','observation.rejected'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_check" CHECK ("notifications"."event" in ('registration.pending','registration.approved','assignment.assigned','assignment.revoked','assignment.dispatched','sla.created','sla.updated','import.succeeded','import.failed','fault.awaiting_provider','fault.awaiting_owner','fault.returned','fault.rejected','fault.approved','service_request.sent','service_request.accepted','service_request.declined','service_request.assigned','service_request.closed','service_request.response_due_soon','service_request.response_breached','service_request.resolution_due_soon','service_request.resolution_breached','service_request.sla_summary','observation.submitted','observation.accepted','observation.rejected'));