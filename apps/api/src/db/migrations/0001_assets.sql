CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"asset_code" text NOT NULL,
	"name" text NOT NULL,
	"cluster_id" uuid,
	"location_id" text,
	"location_name" text,
	"category_id" uuid NOT NULL,
	"sub_category_id" uuid,
	"brand" text,
	"model" text,
	"serial_number" text,
	"installation_date" date,
	"warranty_expiry" date,
	"status" text DEFAULT 'active' NOT NULL,
	"purchase_cost_kobo" bigint,
	"description" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assets_status_check" CHECK ("assets"."status" in ('active','faulty','under_maintenance','decommissioned')),
	CONSTRAINT "assets_purchase_cost_check" CHECK ("assets"."purchase_cost_kobo" >= 0)
);
--> statement-breakpoint
CREATE TABLE "clusters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"cluster_code" text NOT NULL,
	"name" text NOT NULL,
	"state" text,
	"lga" text,
	"address" text,
	"description" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "code_counters" (
	"organisation_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"last_value" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "code_counters_organisation_id_kind_pk" PRIMARY KEY("organisation_id","kind")
);
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_sub_category_id_categories_id_fk" FOREIGN KEY ("sub_category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_state_states_alias_fk" FOREIGN KEY ("state") REFERENCES "public"."states"("alias") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_counters" ADD CONSTRAINT "code_counters_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assets_org_code_uq" ON "assets" USING btree ("organisation_id",lower("asset_code"));--> statement-breakpoint
CREATE INDEX "assets_org_created_idx" ON "assets" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "assets_org_cluster_idx" ON "assets" USING btree ("organisation_id","cluster_id");--> statement-breakpoint
CREATE INDEX "assets_org_status_idx" ON "assets" USING btree ("organisation_id","status");--> statement-breakpoint
CREATE INDEX "assets_category_idx" ON "assets" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "assets_search_trgm_idx" ON "assets" USING gin ("name" gin_trgm_ops,"asset_code" gin_trgm_ops,"location_id" gin_trgm_ops,"location_name" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "clusters_org_code_uq" ON "clusters" USING btree ("organisation_id",lower("cluster_code"));--> statement-breakpoint
CREATE INDEX "clusters_org_created_idx" ON "clusters" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "clusters_search_trgm_idx" ON "clusters" USING gin ("name" gin_trgm_ops,"cluster_code" gin_trgm_ops);