CREATE TABLE "asset_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"asset_id" uuid,
	"cluster_id" uuid,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "asset_assignments_target_check" CHECK (("asset_assignments"."asset_id" is null) <> ("asset_assignments"."cluster_id" is null))
);
--> statement-breakpoint
CREATE TABLE "technician_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider_id" uuid NOT NULL,
	"technician_id" uuid NOT NULL,
	"asset_id" uuid,
	"cluster_id" uuid,
	"assigned_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "technician_assignments_target_check" CHECK (("technician_assignments"."asset_id" is null) <> ("technician_assignments"."cluster_id" is null))
);
--> statement-breakpoint
ALTER TABLE "asset_assignments" ADD CONSTRAINT "asset_assignments_owner_id_organisations_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_assignments" ADD CONSTRAINT "asset_assignments_provider_id_organisations_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_assignments" ADD CONSTRAINT "asset_assignments_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_assignments" ADD CONSTRAINT "asset_assignments_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_assignments" ADD CONSTRAINT "technician_assignments_provider_id_organisations_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_assignments" ADD CONSTRAINT "technician_assignments_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_assignments" ADD CONSTRAINT "technician_assignments_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_assignments" ADD CONSTRAINT "technician_assignments_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_assignments_live_asset_uq" ON "asset_assignments" USING btree ("asset_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_assignments_live_cluster_uq" ON "asset_assignments" USING btree ("cluster_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "asset_assignments_owner_idx" ON "asset_assignments" USING btree ("owner_id","created_at") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "asset_assignments_provider_idx" ON "asset_assignments" USING btree ("provider_id","created_at") WHERE revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "technician_assignments_live_asset_uq" ON "technician_assignments" USING btree ("technician_id","asset_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "technician_assignments_live_cluster_uq" ON "technician_assignments" USING btree ("technician_id","cluster_id") WHERE revoked_at is null;--> statement-breakpoint
CREATE INDEX "technician_assignments_provider_idx" ON "technician_assignments" USING btree ("provider_id") WHERE revoked_at is null;