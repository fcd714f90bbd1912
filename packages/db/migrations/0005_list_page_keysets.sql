DROP INDEX "requests_user_status_idx";--> statement-breakpoint
CREATE INDEX "requests_user_status_needed_by_idx" ON "requests" USING btree ("user_id","status","needed_by");--> statement-breakpoint
CREATE INDEX "requests_user_created_at_id_idx" ON "requests" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_group_created_at_id_idx" ON "requests" USING btree ("group_id","created_at","id");