ALTER TABLE "users" ADD COLUMN "notifications_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "last_reach_now" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "last_reach_daily" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "last_reach_app_only" integer;