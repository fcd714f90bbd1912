-- ADR 0009: the dashboard and a group's list show whether a request repeats and who takes every
-- occurrence (request_series.every, helper_id, stopped_at; issue 28), so a series' change is logged
-- under its group, whose members' cached answers show it; its occurrences are requests, logged by their
-- own triggers.
CREATE FUNCTION change_log_request_series() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER change_log_request_series_insert AFTER INSERT ON request_series REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_request_series();
--> statement-breakpoint
CREATE TRIGGER change_log_request_series_update AFTER UPDATE ON request_series REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_request_series();
--> statement-breakpoint
CREATE TRIGGER change_log_request_series_delete AFTER DELETE ON request_series REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_request_series();
