ALTER TABLE "requests" ADD COLUMN "last_reach_later" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "last_reach_weekly" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "first_offered_at" timestamp with time zone;--> statement-breakpoint
-- Issue 41: a request claimed before this migration was first offered for no later than its current claim.
-- An earlier claim given back is not known, so its time to first offer is the current claim's (an upper bound).
UPDATE "requests" SET "first_offered_at" = "claimed_at" WHERE "claimed_at" IS NOT NULL;
