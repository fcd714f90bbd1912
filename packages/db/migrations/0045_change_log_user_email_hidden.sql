-- A person who hides their e-mail address (issue 43) is shown as "A neighbour" where their name is blank,
-- so hiding or showing it must reach the cached answers that show them, as a new name or address does
-- (ADR 0009). Still only what is shown counts: the hourly last_active_at write must not empty anyone's cache.
CREATE OR REPLACE FUNCTION change_log_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH renamed AS (
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.name IS DISTINCT FROM o.name OR n.email IS DISTINCT FROM o.email
      OR n.general_area IS DISTINCT FROM o.general_area OR n.email_hidden IS DISTINCT FROM o.email_hidden
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
