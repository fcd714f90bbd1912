ALTER TABLE "groups" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "invites" ADD COLUMN "used_by" uuid;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_outcome_when_used" CHECK ("invites"."outcome" IS NULL OR "invites"."used_at" IS NOT NULL);