ALTER TABLE "user_notification_kinds" DROP CONSTRAINT "user_notification_kinds_kind_check";--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD COLUMN "declined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_join_requests" ADD COLUMN "owner_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_notification_kinds" ADD CONSTRAINT "user_notification_kinds_kind_check" CHECK ("user_notification_kinds"."kind" IN ('request_updates', 'new_requests', 'invitations', 'reminders', 'thanks', 'still_needed', 'given_back', 'trips', 'while_away', 'link_joins'));