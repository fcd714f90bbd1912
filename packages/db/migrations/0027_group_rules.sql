ALTER TABLE "group_members" ADD COLUMN "rules_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "rules" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "rules_changed_at" timestamp with time zone;