CREATE TABLE "approval_awaiting_counts" (
	"user_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "approval_awaiting_counts_user_id_document_type_pk" PRIMARY KEY("user_id","document_type")
);
--> statement-breakpoint
CREATE INDEX "approval_steps_org_pending_idx" ON "approval_steps" USING btree ("organisation_id","document_type","asked_at","document_id") WHERE "approval_steps"."status" = 'pending';