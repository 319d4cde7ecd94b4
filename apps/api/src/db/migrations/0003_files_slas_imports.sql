CREATE TABLE "asset_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"created_by" uuid,
	"mode" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'reading' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"written_rows" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "asset_imports_mode_check" CHECK ("asset_imports"."mode" in ('add','update')),
	CONSTRAINT "asset_imports_status_check" CHECK ("asset_imports"."status" in ('reading','validating','writing','succeeded','failed'))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid,
	"uploaded_by" uuid,
	"kind" text NOT NULL,
	"content_type" text NOT NULL,
	"original_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"subject_type" text,
	"subject_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_kind_check" CHECK ("files"."kind" in ('image','document'))
);
--> statement-breakpoint
CREATE TABLE "organisation_asset_counts" (
	"organisation_id" uuid PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sla_targets" (
	"sla_id" uuid NOT NULL,
	"asset_id" uuid,
	"cluster_id" uuid,
	CONSTRAINT "sla_targets_target_check" CHECK (("sla_targets"."asset_id" is null) <> ("sla_targets"."cluster_id" is null))
);
--> statement-breakpoint
CREATE TABLE "slas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organisation_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"title" text NOT NULL,
	"terms" text,
	"file_id" uuid,
	"response_hours" integer NOT NULL,
	"resolution_hours" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slas_hours_check" CHECK ("slas"."response_hours" > 0 and "slas"."resolution_hours" >= "slas"."response_hours")
);
--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "asset_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_imports" ADD CONSTRAINT "asset_imports_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_asset_counts" ADD CONSTRAINT "organisation_asset_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_targets" ADD CONSTRAINT "sla_targets_sla_id_slas_id_fk" FOREIGN KEY ("sla_id") REFERENCES "public"."slas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_targets" ADD CONSTRAINT "sla_targets_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sla_targets" ADD CONSTRAINT "sla_targets_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slas" ADD CONSTRAINT "slas_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slas" ADD CONSTRAINT "slas_provider_id_organisations_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."organisations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slas" ADD CONSTRAINT "slas_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_imports_org_created_idx" ON "asset_imports" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "files_subject_idx" ON "files" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE INDEX "files_org_created_idx" ON "files" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_targets_asset_uq" ON "sla_targets" USING btree ("sla_id","asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sla_targets_cluster_uq" ON "sla_targets" USING btree ("sla_id","cluster_id");--> statement-breakpoint
CREATE INDEX "sla_targets_asset_idx" ON "sla_targets" USING btree ("asset_id");--> statement-breakpoint
CREATE INDEX "sla_targets_cluster_idx" ON "sla_targets" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "slas_org_created_idx" ON "slas" USING btree ("organisation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "slas_provider_idx" ON "slas" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "slas_title_trgm_idx" ON "slas" USING gin ("title" gin_trgm_ops);