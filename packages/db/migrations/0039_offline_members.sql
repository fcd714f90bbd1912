CREATE TABLE "offline_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"general_area" text,
	"how_to_reach" text,
	"contact_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "on_behalf_of" uuid;--> statement-breakpoint
ALTER TABLE "offline_members" ADD CONSTRAINT "offline_members_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offline_members" ADD CONSTRAINT "offline_members_contact_id_users_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offline_members_group_id_idx" ON "offline_members" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "offline_members_contact_id_idx" ON "offline_members" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_on_behalf_of_offline_members_id_fk" FOREIGN KEY ("on_behalf_of") REFERENCES "public"."offline_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_on_behalf_of_idx" ON "requests" USING btree ("on_behalf_of");--> statement-breakpoint
-- A neighbour without the app is shown in the group's cached answers (its name on a request posted for
-- them, its count among the members): every change is logged for the group, as for group_members.
SELECT install_change_log_triggers('offline_members', 'change_log_group_rows');
