CREATE TABLE "group_notification_settings" (
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"frequency" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_notification_settings_pkey" PRIMARY KEY("user_id","group_id"),
	CONSTRAINT "group_notification_settings_frequency_check" CHECK ("group_notification_settings"."frequency" IN ('immediate', 'daily', 'off'))
);
--> statement-breakpoint
CREATE TABLE "user_notification_kinds" (
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"push" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_notification_kinds_pkey" PRIMARY KEY("user_id","kind"),
	CONSTRAINT "user_notification_kinds_kind_check" CHECK ("user_notification_kinds"."kind" IN ('request_updates', 'new_requests', 'invitations', 'reminders', 'thanks'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dev_mailbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dev_mailbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "group_notification_settings" ADD CONSTRAINT "group_notification_settings_membership_fk" FOREIGN KEY ("group_id","user_id") REFERENCES "public"."group_members"("group_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notification_kinds" ADD CONSTRAINT "user_notification_kinds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing choices keep working: claim, unclaim and fulfil notices went only to people on "immediate",
-- so everyone else starts with that kind's e-mail switched off rather than suddenly receiving them.
INSERT INTO "user_notification_kinds" ("user_id", "kind", "email", "push")
SELECT "user_id", 'request_updates', false, true FROM "user_email_preferences" WHERE "frequency" <> 'immediate'
ON CONFLICT DO NOTHING;
