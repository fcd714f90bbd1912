ALTER TABLE "user_notification_kinds" DROP CONSTRAINT "user_notification_kinds_kind_check";--> statement-breakpoint
ALTER TABLE "user_notification_kinds" ADD CONSTRAINT "user_notification_kinds_kind_check" CHECK ("user_notification_kinds"."kind" IN ('request_updates', 'new_requests', 'invitations', 'reminders', 'thanks', 'still_needed', 'given_back', 'trips'));--> statement-breakpoint
-- ADR 0009: the dashboard shows trips (issue 28), so a trip's change is logged under its tripper and under
-- each group it is announced to; its items are requests, logged by their own triggers.
CREATE FUNCTION change_log_trips() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO change_log (group_id, user_id)
    SELECT NULL::uuid, tripper_id FROM new_rows
    UNION SELECT tg.group_id, NULL::uuid FROM new_rows t JOIN trip_groups tg ON tg.trip_id = t.id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO change_log (group_id, user_id)
    SELECT NULL::uuid, tripper_id FROM old_rows
    UNION SELECT tg.group_id, NULL::uuid FROM old_rows t JOIN trip_groups tg ON tg.trip_id = t.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER change_log_trips_insert AFTER INSERT ON trips REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_trips();
--> statement-breakpoint
CREATE TRIGGER change_log_trips_update AFTER UPDATE ON trips REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_trips();
--> statement-breakpoint
CREATE TRIGGER change_log_trips_delete AFTER DELETE ON trips REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_trips();
--> statement-breakpoint
-- A trip is announced to its groups after its row is written: the groups are logged as they are added.
CREATE FUNCTION change_log_trip_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO change_log (group_id, user_id) SELECT DISTINCT group_id, NULL::uuid FROM new_rows;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO change_log (group_id, user_id) SELECT DISTINCT group_id, NULL::uuid FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER change_log_trip_groups_insert AFTER INSERT ON trip_groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_trip_groups();
--> statement-breakpoint
CREATE TRIGGER change_log_trip_groups_update AFTER UPDATE ON trip_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_trip_groups();
--> statement-breakpoint
CREATE TRIGGER change_log_trip_groups_delete AFTER DELETE ON trip_groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_trip_groups();
