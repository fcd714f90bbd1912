ALTER TABLE "user_email_preferences" DROP CONSTRAINT "user_email_preferences_frequency_check";--> statement-breakpoint
ALTER TABLE "group_notification_settings" DROP CONSTRAINT "group_notification_settings_frequency_check";--> statement-breakpoint
ALTER TABLE "user_email_preferences" ADD COLUMN "last_weekly_sent" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_email_preferences" ADD CONSTRAINT "user_email_preferences_frequency_check" CHECK ("user_email_preferences"."frequency" IN ('disabled', 'weekly', 'daily', 'immediate'));--> statement-breakpoint
ALTER TABLE "group_notification_settings" ADD CONSTRAINT "group_notification_settings_frequency_check" CHECK ("group_notification_settings"."frequency" IN ('immediate', 'daily', 'weekly', 'off'));