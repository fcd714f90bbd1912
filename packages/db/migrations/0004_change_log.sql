CREATE TABLE "change_log" (
	"group_id" uuid,
	"user_id" uuid,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_log_group_idx" ON "change_log" USING btree ("group_id","xid") WHERE "change_log"."group_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "change_log_user_idx" ON "change_log" USING btree ("user_id","xid") WHERE "change_log"."user_id" IS NOT NULL;--> statement-breakpoint
-- ADR 0009: every change that can alter a cached answer logs the groups and users whose answers it
-- touches, in the same transaction. Statement-level triggers with transition tables: one insert per
-- statement, however many rows it changes.
-- Rows that carry both a group and a person: requests (the requester) and memberships (the member).
-- A request shows in its group's list and dashboards, and on its requester's dashboard wherever they
-- are; a membership changes the group's member count and lists, and the member's groups and counts.
CREATE FUNCTION change_log_group_and_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO change_log (group_id, user_id) SELECT DISTINCT group_id, user_id FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO change_log (group_id, user_id) SELECT group_id, user_id FROM new_rows UNION SELECT group_id, user_id FROM old_rows;
  ELSE
    INSERT INTO change_log (group_id, user_id) SELECT DISTINCT group_id, user_id FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER change_log_requests_insert AFTER INSERT ON requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_group_and_user();
--> statement-breakpoint
CREATE TRIGGER change_log_requests_update AFTER UPDATE ON requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_group_and_user();
--> statement-breakpoint
CREATE TRIGGER change_log_requests_delete AFTER DELETE ON requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_group_and_user();
--> statement-breakpoint
CREATE TRIGGER change_log_group_members_insert AFTER INSERT ON group_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_group_and_user();
--> statement-breakpoint
CREATE TRIGGER change_log_group_members_update AFTER UPDATE ON group_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_group_and_user();
--> statement-breakpoint
CREATE TRIGGER change_log_group_members_delete AFTER DELETE ON group_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_group_and_user();
--> statement-breakpoint
-- A group's name and owner show in every answer about it, including the dashboards of people whose
-- requests are still in it after they left; its owner's created-groups count too.
CREATE FUNCTION change_log_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO change_log (group_id, user_id) SELECT id, created_by FROM new_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO change_log (group_id, user_id)
    SELECT id, created_by FROM new_rows UNION SELECT id, created_by FROM old_rows
    UNION SELECT NULL::uuid, q.user_id FROM requests q WHERE q.group_id IN (SELECT id FROM new_rows);
  ELSE
    -- Its requests and memberships go by cascade, and log themselves.
    INSERT INTO change_log (group_id, user_id) SELECT id, created_by FROM old_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER change_log_groups_insert AFTER INSERT ON groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_groups();
--> statement-breakpoint
CREATE TRIGGER change_log_groups_update AFTER UPDATE ON groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_groups();
--> statement-breakpoint
CREATE TRIGGER change_log_groups_delete AFTER DELETE ON groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_groups();
--> statement-breakpoint
-- A person's name and area show on every request they posted or claimed: in the lists of the groups
-- those are in, and on the dashboards of the people whose requests they claimed.
-- Only those two columns count: the hourly last_active_at write must not empty anyone's cache.
CREATE FUNCTION change_log_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH renamed AS (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.name IS DISTINCT FROM o.name OR n.general_area IS DISTINCT FROM o.general_area
  )
  INSERT INTO change_log (group_id, user_id)
  SELECT NULL::uuid, id FROM renamed
  UNION
  SELECT seen.group_id, seen.user_id FROM renamed r CROSS JOIN LATERAL (
    SELECT m.group_id, NULL::uuid AS user_id FROM group_members m WHERE m.user_id = r.id
    UNION SELECT q.group_id, NULL::uuid FROM requests q WHERE q.user_id = r.id OR q.claimed_by = r.id
    UNION SELECT NULL::uuid, q.user_id FROM requests q WHERE q.claimed_by = r.id
  ) seen;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER change_log_users_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_users();
--> statement-breakpoint
-- A user's limits show on their dashboard.
CREATE FUNCTION change_log_user_limits() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO change_log (user_id) SELECT DISTINCT user_id FROM old_rows;
  ELSE
    INSERT INTO change_log (user_id) SELECT DISTINCT user_id FROM new_rows;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER change_log_user_limits_insert AFTER INSERT ON user_limits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_user_limits();
--> statement-breakpoint
CREATE TRIGGER change_log_user_limits_update AFTER UPDATE ON user_limits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_user_limits();
--> statement-breakpoint
CREATE TRIGGER change_log_user_limits_delete AFTER DELETE ON user_limits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_user_limits();
