CREATE TABLE "organisation_fault_counts" (
	"organisation_id" uuid NOT NULL,
	"status" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "organisation_fault_counts_organisation_id_status_pk" PRIMARY KEY("organisation_id","status")
);
--> statement-breakpoint
ALTER TABLE "organisation_fault_counts" ADD CONSTRAINT "organisation_fault_counts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;