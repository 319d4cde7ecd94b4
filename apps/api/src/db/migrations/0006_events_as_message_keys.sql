CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"event" text NOT NULL,
	"in_app" boolean DEFAULT true NOT NULL,
	"email" text DEFAULT 'instant' NOT NULL,
	CONSTRAINT "notification_preferences_user_id_event_pk" PRIMARY KEY("user_id","event"),
	CONSTRAINT "notification_preferences_event_check" CHECK ("notification_preferences"."event" in ('registration.pending','registration.approved','assignment.assigned','assignment.revoked','assignment.dispatched','sla.created','sla.updated','import.succeeded','import.failed')),
	CONSTRAINT "notification_preferences_email_check" CHECK ("notification_preferences"."email" in ('instant','digest','off'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"event" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"digested_at" timestamp with time zone,
	CONSTRAINT "notifications_event_check" CHECK ("notifications"."event" in ('registration.pending','registration.approved','assignment.assigned','assignment.revoked','assignment.dispatched','sla.created','sla.updated','import.succeeded','import.failed'))
);
--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "description" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- Activities written before message keys keep their English sentence as the one parameter of ACTIVITY.legacy.
UPDATE "activities" SET "params" = jsonb_build_object('text', "description"), "action" = 'legacy' WHERE "action" NOT IN ('account.login', 'account.logout');--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_action_check" CHECK ("activities"."action" in ('account.login','account.logout','account.forgot','account.reset_password','account.change_password','account.settings','account.notification_preferences','registration.submitted','registration.approved','registration.rejected','user.seeded','user.created','user.updated','user.activated','user.deactivated','user.profile_updated','role.created','role.permissions_changed','category.created','category.sub_category_created','cluster.created','cluster.updated','cluster.deleted','asset.created','asset.updated','asset.decommissioned','asset.imported','asset.import_updated','asset.assigned','asset.unassigned','asset.dispatched','cluster.assigned','cluster.unassigned','cluster.dispatched','sla.created','sla.updated','file.uploaded','legacy'));