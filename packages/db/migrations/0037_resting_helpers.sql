ALTER TABLE "request_reminders" DROP CONSTRAINT "request_reminders_kind_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "always_at_once" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "request_reminders" ADD CONSTRAINT "request_reminders_kind_check" CHECK ("request_reminders"."kind" IN ('helper', 'requester', 'still_needed', 'later_reach'));