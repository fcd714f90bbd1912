-- ADR 0009 (issue 39): a table whose rows' changes a cached answer shows needs three statement triggers
-- feeding change_log, and migrations 0004, 0026, 0028 and 0029 wrote them out for each table, and the same
-- trigger function twice (0028's trip_groups, 0029's request_series). For the migrations to come, one
-- function logs the changed rows' group_id, and one call installs a table's three triggers:
--   SELECT install_change_log_triggers('my_table', 'change_log_group_rows');
CREATE FUNCTION change_log_group_rows() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE FUNCTION install_change_log_triggers(target regclass, log_function regproc) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  prefix text := 'change_log_' || (SELECT relname FROM pg_class WHERE oid = target);
BEGIN
  EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %s()', prefix || '_insert', target, log_function);
  EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %s REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION %s()', prefix || '_update', target, log_function);
  EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %s REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION %s()', prefix || '_delete', target, log_function);
END $$;
