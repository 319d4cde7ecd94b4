CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"brand" text,
	"model" text,
	"unit" text,
	"price_kobo" bigint,
	"quantity" integer DEFAULT 0 NOT NULL,
	"reorder_level" integer,
	"low_since" timestamp with time zone,
	"pricebook_item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_items_quantity_check" CHECK ("inventory_items"."quantity" >= 0),
	CONSTRAINT "inventory_items_reorder_check" CHECK ("inventory_items"."reorder_level" is null or "inventory_items"."reorder_level" >= 0),
	CONSTRAINT "inventory_items_price_check" CHECK ("inventory_items"."price_kobo" is null or "inventory_items"."price_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "material_request_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price_kobo" bigint,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"movement_id" bigint,
	CONSTRAINT "material_request_lines_status_check" CHECK ("material_request_lines"."status" in ('pending','accepted','rejected')),
	CONSTRAINT "material_request_lines_quantity_check" CHECK ("material_request_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "material_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"code" text NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"work_order_id" uuid,
	"requested_by" uuid NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "material_requests_status_check" CHECK ("material_requests"."status" in ('pending','accepted','partly_accepted','rejected','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"pricebook_item_id" uuid,
	"free" boolean NOT NULL,
	"name" text NOT NULL,
	"kind" text,
	"unit" text,
	"brand" text,
	"model" text,
	"quantity" integer NOT NULL,
	"unit_price_kobo" bigint NOT NULL,
	"dispatched" integer DEFAULT 0 NOT NULL,
	"received" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_lines_quantity_check" CHECK ("purchase_order_lines"."quantity" > 0),
	CONSTRAINT "purchase_order_lines_dispatched_check" CHECK ("purchase_order_lines"."dispatched" between 0 and "purchase_order_lines"."quantity"),
	CONSTRAINT "purchase_order_lines_received_check" CHECK ("purchase_order_lines"."received" between 0 and "purchase_order_lines"."dispatched"),
	CONSTRAINT "purchase_order_lines_kind_check" CHECK ("purchase_order_lines"."kind" is null or "purchase_order_lines"."kind" in ('service','spare_part','product'))
);
--> statement-breakpoint
CREATE TABLE "purchase_order_supplies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"warehouse_id" uuid,
	"note" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_order_supplies_kind_check" CHECK ("purchase_order_supplies"."kind" in ('delivery','receipt'))
);
--> statement-breakpoint
CREATE TABLE "purchase_order_supply_lines" (
	"supply_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"movement_id" bigint,
	CONSTRAINT "purchase_order_supply_lines_supply_id_line_id_pk" PRIMARY KEY("supply_id","line_id"),
	CONSTRAINT "purchase_order_supply_lines_quantity_check" CHECK ("purchase_order_supply_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"total_kobo" bigint DEFAULT 0 NOT NULL,
	"approval_round" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"submitted_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"accepted_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"decline_reason" text,
	"close_reason" text,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" in ('draft','pending_approval','sent','accepted','partly_received','declined','closed','cancelled')),
	CONSTRAINT "purchase_orders_total_check" CHECK ("purchase_orders"."total_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_movements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"item_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text,
	"source_type" text,
	"source_id" text,
	"reverses_id" bigint,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_kind_check" CHECK ("stock_movements"."kind" in ('stock_in','stock_out','transfer_out','transfer_in','count','issue','receipt','opening','reversal')),
	CONSTRAINT "stock_movements_source_check" CHECK ("stock_movements"."source_type" is null or "stock_movements"."source_type" in ('material_request','purchase_order','transfer','import','movement')),
	CONSTRAINT "stock_movements_delta_check" CHECK ("stock_movements"."delta" <> 0),
	CONSTRAINT "stock_movements_balance_check" CHECK ("stock_movements"."balance_after" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouse_managers" (
	"warehouse_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "warehouse_managers_warehouse_id_user_id_pk" PRIMARY KEY("warehouse_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"state" text,
	"lga" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_action_check";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_event_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_event_check";--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_pricebook_item_id_pricebook_items_id_fk" FOREIGN KEY ("pricebook_item_id") REFERENCES "public"."pricebook_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_request_lines" ADD CONSTRAINT "material_request_lines_request_id_material_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."material_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_request_lines" ADD CONSTRAINT "material_request_lines_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_request_lines" ADD CONSTRAINT "material_request_lines_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requests" ADD CONSTRAINT "material_requests_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requests" ADD CONSTRAINT "material_requests_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requests" ADD CONSTRAINT "material_requests_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_requests" ADD CONSTRAINT "material_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_pricebook_item_id_pricebook_items_id_fk" FOREIGN KEY ("pricebook_item_id") REFERENCES "public"."pricebook_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_supplies" ADD CONSTRAINT "purchase_order_supplies_order_id_purchase_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_supplies" ADD CONSTRAINT "purchase_order_supplies_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_supplies" ADD CONSTRAINT "purchase_order_supplies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_supply_lines" ADD CONSTRAINT "purchase_order_supply_lines_supply_id_purchase_order_supplies_id_fk" FOREIGN KEY ("supply_id") REFERENCES "public"."purchase_order_supplies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_supply_lines" ADD CONSTRAINT "purchase_order_supply_lines_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_organisations_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_managers" ADD CONSTRAINT "warehouse_managers_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_managers" ADD CONSTRAINT "warehouse_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_state_states_alias_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("alias") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_identity_uq" ON "inventory_items" USING btree ("warehouse_id",lower("name"),lower(coalesce("brand", '')),lower(coalesce("model", '')));--> statement-breakpoint
CREATE INDEX "inventory_items_name_idx" ON "inventory_items" USING btree ("warehouse_id",lower("name"),"id");--> statement-breakpoint
CREATE INDEX "inventory_items_search_idx" ON "inventory_items" USING gin ("warehouse_id","name" gin_trgm_ops,"description" gin_trgm_ops,"brand" gin_trgm_ops,"model" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "inventory_items_low_idx" ON "inventory_items" USING btree ("warehouse_id","low_since") WHERE "inventory_items"."low_since" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "material_request_lines_item_uq" ON "material_request_lines" USING btree ("request_id","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "material_requests_code_uq" ON "material_requests" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "material_requests_requester_idx" ON "material_requests" USING btree ("requested_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "material_requests_warehouse_idx" ON "material_requests" USING btree ("warehouse_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "material_requests_work_order_idx" ON "material_requests" USING btree ("work_order_id") WHERE "material_requests"."work_order_id" is not null;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("order_id","position");--> statement-breakpoint
CREATE INDEX "purchase_order_supplies_order_idx" ON "purchase_order_supplies" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_code_uq" ON "purchase_orders" USING btree ("organisation_id","code");--> statement-breakpoint
CREATE INDEX "purchase_orders_buyer_idx" ON "purchase_orders" USING btree ("organisation_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id","status","created_at" DESC NULLS LAST) WHERE "purchase_orders"."sent_at" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("item_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_movements_warehouse_idx" ON "stock_movements" USING btree ("warehouse_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_reverses_uq" ON "stock_movements" USING btree ("reverses_id") WHERE "stock_movements"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("source_type","source_id") WHERE "stock_movements"."source_id" is not null;--> statement-breakpoint
CREATE INDEX "warehouse_managers_user_idx" ON "warehouse_managers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_org_name_uq" ON "warehouses" USING btree ("organisation_id",lower("name"));--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_action_check" CHECK ("activities"."action" in ('account.login','account.logout','account.forgot','account.reset_password','account.change_password','account.settings','account.notification_preferences','registration.submitted','registration.approved','registration.rejected','user.seeded','user.created','user.updated','user.activated','user.deactivated','user.profile_updated','role.created','role.permissions_changed','category.created','category.sub_category_created','cluster.created','cluster.updated','cluster.deleted','asset.created','asset.updated','asset.decommissioned','asset.imported','asset.import_updated','asset.assigned','asset.unassigned','asset.dispatched','cluster.assigned','cluster.unassigned','cluster.dispatched','sla.created','sla.updated','file.uploaded','fault.reported','fault.plus_one','fault.approved','fault.returned','fault.resubmitted','fault.rejected','fault.converted','pricebook.item_added','pricebook.item_changed','pricebook.item_retired','pricebook.item_restored','pricebook.imported','service_request.sent','service_request.accepted','service_request.declined','service_request.assigned','service_request.closed','service_request.auto_closed','service_request.response_due_soon','service_request.response_breached','service_request.resolution_due_soon','service_request.resolution_breached','observation.submitted','observation.accepted','observation.rejected','configuration.updated','configuration.wo_updated','approval.level_saved','approval.level_deleted','work_order.created','work_order.edited','work_order.submitted','work_order.revised','work_order.step_approved','work_order.step_self_approved','work_order.approval_rejected','work_order.sent','work_order.accepted','work_order.declined','work_order.assigned','work_order.started','work_order.held','work_order.resumed','work_order.completed','work_order.owner_certified','work_order.provider_certified','work_order.unsatisfactory','work_order.rated','work_order.closed','work_order.ended','work_order.response_due_soon','work_order.response_breached','work_order.resolution_due_soon','work_order.resolution_breached','warehouse.created','warehouse.updated','inventory.item_added','inventory.item_changed','inventory.imported','stock.received','stock.issued','stock.transferred','stock.counted','stock.reversed','material_request.created','material_request.accepted','material_request.rejected','material_request.cancelled','purchase_order.created','purchase_order.edited','purchase_order.submitted','purchase_order.revised','purchase_order.step_approved','purchase_order.step_self_approved','purchase_order.approval_rejected','purchase_order.sent','purchase_order.accepted','purchase_order.declined','purchase_order.dispatched','purchase_order.received','purchase_order.closed','purchase_order.cancelled','legacy'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_event_check" CHECK ("notification_preferences"."event" in ('registration.pending','registration.approved','assignment.assigned','assignment.revoked','assignment.dispatched','sla.created','sla.updated','import.succeeded','import.failed','fault.awaiting_provider','fault.awaiting_owner','fault.returned','fault.rejected','fault.approved','service_request.sent','service_request.accepted','service_request.declined','service_request.assigned','service_request.closed','service_request.response_due_soon','service_request.response_breached','service_request.resolution_due_soon','service_request.resolution_breached','service_request.sla_summary','observation.submitted','observation.accepted','observation.rejected','work_order.approval_requested','work_order.approval_reminder','work_order.approval_escalated','work_order.approval_rejected','work_order.sent','work_order.accepted','work_order.declined','work_order.assigned','work_order.completed','work_order.owner_certified','work_order.provider_certified','work_order.unsatisfactory','work_order.rated','work_order.closed','work_order.ended','work_order.response_due_soon','work_order.response_breached','work_order.resolution_due_soon','work_order.resolution_breached','work_order.sla_summary','stock.low','material_request.created','material_request.decided','purchase_order.approval_requested','purchase_order.approval_rejected','purchase_order.sent','purchase_order.accepted','purchase_order.declined','purchase_order.dispatched','purchase_order.received','purchase_order.closed','purchase_order.cancelled'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_check" CHECK ("notifications"."event" in ('registration.pending','registration.approved','assignment.assigned','assignment.revoked','assignment.dispatched','sla.created','sla.updated','import.succeeded','import.failed','fault.awaiting_provider','fault.awaiting_owner','fault.returned','fault.rejected','fault.approved','service_request.sent','service_request.accepted','service_request.declined','service_request.assigned','service_request.closed','service_request.response_due_soon','service_request.response_breached','service_request.resolution_due_soon','service_request.resolution_breached','service_request.sla_summary','observation.submitted','observation.accepted','observation.rejected','work_order.approval_requested','work_order.approval_reminder','work_order.approval_escalated','work_order.approval_rejected','work_order.sent','work_order.accepted','work_order.declined','work_order.assigned','work_order.completed','work_order.owner_certified','work_order.provider_certified','work_order.unsatisfactory','work_order.rated','work_order.closed','work_order.ended','work_order.response_due_soon','work_order.response_breached','work_order.resolution_due_soon','work_order.resolution_breached','work_order.sla_summary','stock.low','material_request.created','material_request.decided','purchase_order.approval_requested','purchase_order.approval_rejected','purchase_order.sent','purchase_order.accepted','purchase_order.declined','purchase_order.dispatched','purchase_order.received','purchase_order.closed','purchase_order.cancelled'));--> statement-breakpoint
-- The ledger is append-only: a movement is never edited (a mistake is undone by a reversing movement).
CREATE FUNCTION stock_movements_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock movements are never changed; reverse one instead' USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER stock_movements_no_update BEFORE UPDATE ON "stock_movements" FOR EACH ROW EXECUTE FUNCTION stock_movements_append_only();
