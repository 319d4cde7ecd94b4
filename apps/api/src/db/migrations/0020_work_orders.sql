CREATE TABLE "approval_level_members" (
	"level_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "approval_level_members_level_id_user_id_pk" PRIMARY KEY("level_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "approval_levels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"max_kobo" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_levels_type_check" CHECK ("approval_levels"."document_type" in ('wo','po')),
	CONSTRAINT "approval_levels_max_check" CHECK ("approval_levels"."max_kobo" > 0),
	CONSTRAINT "approval_levels_position_check" CHECK ("approval_levels"."position" > 0)
);
--> statement-breakpoint
CREATE TABLE "approval_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_type" text NOT NULL,
	"document_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"position" integer NOT NULL,
	"level_id" uuid,
	"name" text NOT NULL,
	"max_kobo" bigint NOT NULL,
	"approver_ids" uuid[] NOT NULL,
	"status" text NOT NULL,
	"asked_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"escalated_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"self_approved" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_steps_type_check" CHECK ("approval_steps"."document_type" in ('wo','po')),
	CONSTRAINT "approval_steps_status_check" CHECK ("approval_steps"."status" in ('waiting','pending','approved','rejected','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "work_order_assignees" (
	"work_order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"assigned_by" uuid,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_order_assignees_work_order_id_user_id_pk" PRIMARY KEY("work_order_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "work_order_counts" (
	"organisation_id" uuid NOT NULL,
	"side" text NOT NULL,
	"status" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "work_order_counts_organisation_id_side_status_pk" PRIMARY KEY("organisation_id","side","status")
);
--> statement-breakpoint
CREATE TABLE "work_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"work_order_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"position" integer NOT NULL,
	"pricebook_item_id" uuid,
	"free" boolean NOT NULL,
	"name" text NOT NULL,
	"kind" text,
	"unit" text,
	"quantity" integer NOT NULL,
	"unit_price_kobo" bigint NOT NULL,
	"total_kobo" bigint NOT NULL,
	CONSTRAINT "work_order_lines_stage_check" CHECK ("work_order_lines"."stage" in ('planned','used')),
	CONSTRAINT "work_order_lines_kind_check" CHECK ("work_order_lines"."kind" is null or "work_order_lines"."kind" in ('service','spare_part','product')),
	CONSTRAINT "work_order_lines_quantity_check" CHECK ("work_order_lines"."quantity" > 0),
	CONSTRAINT "work_order_lines_price_check" CHECK ("work_order_lines"."unit_price_kobo" >= 0 and "work_order_lines"."total_kobo" = "work_order_lines"."unit_price_kobo" * "work_order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "work_order_recalls" (
	"fault_id" uuid PRIMARY KEY NOT NULL,
	"work_order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"organisation_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"receiver_type" text NOT NULL,
	"asset_id" uuid,
	"cluster_id" uuid,
	"fault_id" uuid,
	"service_request_id" uuid,
	"observation_id" uuid,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"subject_label" text NOT NULL,
	"priority" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"due_date" date,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	"used_total_kobo" bigint DEFAULT 0 NOT NULL,
	"approval_round" integer DEFAULT 0 NOT NULL,
	"approval_needed" boolean,
	"sla_id" uuid,
	"sla_title" text,
	"response_hours" integer,
	"resolution_hours" integer,
	"submitted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"paused_ms" bigint DEFAULT 0 NOT NULL,
	"decline_reason" text,
	"hold_reason" text,
	"end_reason" text,
	"unsatisfactory_reason" text,
	"unsatisfactory_count" integer DEFAULT 0 NOT NULL,
	"completion_note" text,
	"time_spent_hours" numeric(8, 2),
	"owner_certified_by" uuid,
	"owner_certified_at" timestamp with time zone,
	"owner_certification_comment" text,
	"provider_certified_by" uuid,
	"provider_certified_at" timestamp with time zone,
	"provider_certification_comment" text,
	"rating" smallint,
	"rating_comment" text,
	"rated_by" uuid,
	"rated_at" timestamp with time zone,
	"closed_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_status_check" CHECK ("work_orders"."status" in ('draft','pending_approval','sent','accepted','declined','assigned','in_progress','on_hold','completed','owner_certified','provider_certified','certified','closed','ended')),
	CONSTRAINT "work_orders_priority_check" CHECK ("work_orders"."priority" in ('low','medium','high','critical')),
	CONSTRAINT "work_orders_receiver_check" CHECK ("work_orders"."receiver_type" in ('IMO','MRO','EXT. TECHNICIAN')),
	CONSTRAINT "work_orders_subject_check" CHECK (("work_orders"."asset_id" is null) <> ("work_orders"."cluster_id" is null)),
	CONSTRAINT "work_orders_total_check" CHECK ("work_orders"."total_kobo" >= 0 and "work_orders"."used_total_kobo" >= 0),
	CONSTRAINT "work_orders_paused_check" CHECK ("work_orders"."paused_ms" >= 0),
	CONSTRAINT "work_orders_rating_check" CHECK ("work_orders"."rating" is null or "work_orders"."rating" between 1 and 5),
	CONSTRAINT "work_orders_hours_check" CHECK ("work_orders"."time_spent_hours" is null or "work_orders"."time_spent_hours" >= 0),
	CONSTRAINT "work_orders_sla_hours_check" CHECK (("work_orders"."response_hours" is null) = ("work_orders"."resolution_hours" is null) and ("work_orders"."response_hours" is null or "work_orders"."response_hours" > 0))
);
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_action_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_event_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_event_check";--> statement-breakpoint
ALTER TABLE "approval_level_members" ADD CONSTRAINT "approval_level_members_level_id_approval_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."approval_levels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_level_members" ADD CONSTRAINT "approval_level_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_levels" ADD CONSTRAINT "approval_levels_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_level_id_approval_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."approval_levels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_assignees" ADD CONSTRAINT "work_order_assignees_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_assignees" ADD CONSTRAINT "work_order_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_assignees" ADD CONSTRAINT "work_order_assignees_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_counts" ADD CONSTRAINT "work_order_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_lines" ADD CONSTRAINT "work_order_lines_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_lines" ADD CONSTRAINT "work_order_lines_pricebook_item_id_pricebook_items_id_fk" FOREIGN KEY ("pricebook_item_id") REFERENCES "public"."pricebook_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_recalls" ADD CONSTRAINT "work_order_recalls_fault_id_faults_id_fk" FOREIGN KEY ("fault_id") REFERENCES "public"."faults"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_recalls" ADD CONSTRAINT "work_order_recalls_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_provider_id_organisations_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_fault_id_faults_id_fk" FOREIGN KEY ("fault_id") REFERENCES "public"."faults"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_service_request_id_service_requests_id_fk" FOREIGN KEY ("service_request_id") REFERENCES "public"."service_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_observation_id_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."observations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_sla_id_slas_id_fk" FOREIGN KEY ("sla_id") REFERENCES "public"."slas"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_owner_certified_by_users_id_fk" FOREIGN KEY ("owner_certified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_provider_certified_by_users_id_fk" FOREIGN KEY ("provider_certified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_level_members_user_idx" ON "approval_level_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_levels_position_uq" ON "approval_levels" USING btree ("organisation_id","document_type","position");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_steps_round_position_uq" ON "approval_steps" USING btree ("document_type","document_id","round","position");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_steps_one_pending_uq" ON "approval_steps" USING btree ("document_type","document_id") WHERE "approval_steps"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_steps_pending_approvers_idx" ON "approval_steps" USING gin ("approver_ids") WHERE "approval_steps"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_steps_decided_idx" ON "approval_steps" USING btree ("decided_by","document_type","decided_at" DESC NULLS LAST) WHERE "approval_steps"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "approval_steps_asked_idx" ON "approval_steps" USING btree ("asked_at") WHERE "approval_steps"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "work_order_assignees_user_idx" ON "work_order_assignees" USING btree ("user_id","work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_order_lines_position_uq" ON "work_order_lines" USING btree ("work_order_id","stage","position");--> statement-breakpoint
CREATE INDEX "work_order_recalls_work_order_idx" ON "work_order_recalls" USING btree ("work_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "work_orders_code_uq" ON "work_orders" USING btree ("organisation_id","code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "work_orders_provider_code_idx" ON "work_orders" USING btree ("provider_id","code" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "work_orders_org_status_created_idx" ON "work_orders" USING btree ("organisation_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "work_orders_provider_status_created_idx" ON "work_orders" USING btree ("provider_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "work_orders_asset_idx" ON "work_orders" USING btree ("asset_id","closed_at");--> statement-breakpoint
CREATE INDEX "work_orders_cluster_idx" ON "work_orders" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "work_orders_fault_idx" ON "work_orders" USING btree ("fault_id");--> statement-breakpoint
CREATE INDEX "work_orders_observation_idx" ON "work_orders" USING btree ("observation_id");--> statement-breakpoint
CREATE INDEX "work_orders_service_request_idx" ON "work_orders" USING btree ("service_request_id");--> statement-breakpoint
CREATE INDEX "work_orders_org_search_idx" ON "work_orders" USING gin ("organisation_id","code" gin_trgm_ops,"title" gin_trgm_ops,"subject_label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_orders_provider_search_idx" ON "work_orders" USING gin ("provider_id","code" gin_trgm_ops,"title" gin_trgm_ops,"subject_label" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "work_orders_provider_rated_idx" ON "work_orders" USING btree ("provider_id") WHERE "work_orders"."rating" is not null;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_action_check" CHECK ("activities"."action" in ('account.login','account.logout','account.forgot','account.reset_password','account.change_password','account.settings','account.notification_preferences','registration.submitted','registration.approved','registration.rejected','user.seeded','user.created','user.updated','user.activated','user.deactivated','user.profile_updated','role.created','role.permissions_changed','category.created','category.sub_category_created','cluster.created','cluster.updated','cluster.deleted','asset.created','asset.updated','asset.decommissioned','asset.imported','asset.import_updated','asset.assigned','asset.unassigned','asset.dispatched','cluster.assigned','cluster.unassigned','cluster.dispatched','sla.created','sla.updated','file.uploaded','fault.reported','fault.plus_one','fault.approved','fault.returned','fault.resubmitted','fault.rejected','fault.converted','pricebook.item_added','pricebook.item_changed','pricebook.item_retired','pricebook.item_restored','pricebook.imported','service_request.sent','service_request.accepted','service_request.declined','service_request.assigned','service_request.closed','service_request.auto_closed','service_request.response_due_soon','service_request.response_breached','service_request.resolution_due_soon','service_request.resolution_breached','observation.submitted','observation.accepted','observation.rejected','configuration.updated','configuration.wo_updated','approval.level_saved','approval.level_deleted','work_order.created','work_order.edited','work_order.submitted','work_order.revised','work_order.step_approved','work_order.step_self_approved','work_order.approval_rejected','work_order.sent','work_order.accepted','work_order.declined','work_order.assigned','work_order.started','work_order.held','work_order.resumed','work_order.completed','work_order.owner_certified','work_order.provider_certified','work_order.unsatisfactory','work_order.rated','work_order.closed','work_order.ended','legacy'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_event_check" CHECK ("notification_preferences"."event" in ('registration.pending','registration.approved','assignment.assigned','assignment.revoked','assignment.dispatched','sla.created','sla.updated','import.succeeded','import.failed','fault.awaiting_provider','fault.awaiting_owner','fault.returned','fault.rejected','fault.approved','service_request.sent','service_request.accepted','service_request.declined','service_request.assigned','service_request.closed','service_request.response_due_soon','service_request.response_breached','service_request.resolution_due_soon','service_request.resolution_breached','service_request.sla_summary','observation.submitted','observation.accepted','observation.rejected','work_order.approval_requested','work_order.approval_reminder','work_order.approval_escalated','work_order.approval_rejected','work_order.sent','work_order.accepted','work_order.declined','work_order.assigned','work_order.completed','work_order.owner_certified','work_order.provider_certified','work_order.unsatisfactory','work_order.rated','work_order.closed','work_order.ended'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_check" CHECK ("notifications"."event" in ('registration.pending','registration.approved','assignment.assigned','assignment.revoked','assignment.dispatched','sla.created','sla.updated','import.succeeded','import.failed','fault.awaiting_provider','fault.awaiting_owner','fault.returned','fault.rejected','fault.approved','service_request.sent','service_request.accepted','service_request.declined','service_request.assigned','service_request.closed','service_request.response_due_soon','service_request.response_breached','service_request.resolution_due_soon','service_request.resolution_breached','service_request.sla_summary','observation.submitted','observation.accepted','observation.rejected','work_order.approval_requested','work_order.approval_reminder','work_order.approval_escalated','work_order.approval_rejected','work_order.sent','work_order.accepted','work_order.declined','work_order.assigned','work_order.completed','work_order.owner_certified','work_order.provider_certified','work_order.unsatisfactory','work_order.rated','work_order.closed','work_order.ended'));