-- Issue 26: two new notification kinds (the "Still needed" nudge, the give-back notice) a person can switch off,
-- and the record of each request's one "Still needed" nudge, so a retried job never sends it twice.
ALTER TABLE "user_notification_kinds" DROP CONSTRAINT "user_notification_kinds_kind_check";--> statement-breakpoint
ALTER TABLE "request_reminders" DROP CONSTRAINT "request_reminders_kind_check";--> statement-breakpoint
ALTER TABLE "user_notification_kinds" ADD CONSTRAINT "user_notification_kinds_kind_check" CHECK ("user_notification_kinds"."kind" IN ('request_updates', 'new_requests', 'invitations', 'reminders', 'thanks', 'still_needed', 'given_back'));--> statement-breakpoint
ALTER TABLE "request_reminders" ADD CONSTRAINT "request_reminders_kind_check" CHECK ("request_reminders"."kind" IN ('helper', 'requester', 'still_needed'));
