-- Issue 38 §3: a member the owner removed is remembered, so coming back by a link waits for the owner's
-- approval whatever the link's setting (groups/removals.ts); the row goes when they join again.
CREATE TABLE "group_removals" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"removed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "group_removals_pkey" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "group_removals" ADD CONSTRAINT "group_removals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_removals" ADD CONSTRAINT "group_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_removals_user_id_idx" ON "group_removals" USING btree ("user_id");