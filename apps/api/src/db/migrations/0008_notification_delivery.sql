DROP INDEX "notifications_unread_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "email" text DEFAULT 'instant' NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."email" = 'digest' and "notifications"."digested_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("recipient_id") WHERE "notifications"."read_at" is null and "notifications"."in_app";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_email_check" CHECK ("notifications"."email" in ('instant','digest','off'));