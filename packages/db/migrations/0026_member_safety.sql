CREATE TABLE "user_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_pkey" PRIMARY KEY("blocker_id","blocked_id"),
	CONSTRAINT "user_blocks_not_self" CHECK ("user_blocks"."blocker_id" <> "user_blocks"."blocked_id")
);
--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_id_idx" ON "user_blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
-- ADR 0009: a block changes what both people's dashboards show (each other's requests go), so both
-- are logged; so are the groups they share, whose cached list (shared by the members without blocks)
-- may have been built by one of them just as the block committed.
CREATE FUNCTION change_log_user_blocks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO change_log (group_id, user_id)
    SELECT NULL::uuid, blocker_id FROM new_rows
    UNION SELECT NULL::uuid, blocked_id FROM new_rows
    UNION SELECT a.group_id, NULL::uuid FROM new_rows c
      JOIN group_members a ON a.user_id = c.blocker_id
      JOIN group_members b ON b.group_id = a.group_id AND b.user_id = c.blocked_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO change_log (group_id, user_id)
    SELECT NULL::uuid, blocker_id FROM old_rows
    UNION SELECT NULL::uuid, blocked_id FROM old_rows
    UNION SELECT a.group_id, NULL::uuid FROM old_rows c
      JOIN group_members a ON a.user_id = c.blocker_id
      JOIN group_members b ON b.group_id = a.group_id AND b.user_id = c.blocked_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER change_log_user_blocks_insert AFTER INSERT ON user_blocks REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_user_blocks();
--> statement-breakpoint
CREATE TRIGGER change_log_user_blocks_update AFTER UPDATE ON user_blocks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_user_blocks();
--> statement-breakpoint
CREATE TRIGGER change_log_user_blocks_delete AFTER DELETE ON user_blocks REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION change_log_user_blocks();
