DROP INDEX "trip_groups_group_id_idx";--> statement-breakpoint
ALTER TABLE "trip_groups" ADD COLUMN "closes_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "trip_groups_group_id_closes_at_idx" ON "trip_groups" USING btree ("group_id","closes_at");--> statement-breakpoint
-- ADR 0022: the dashboard finds a group's trips still taking items by (group_id, closes_at), so their history
-- is not read (issue 28). The time is the trip's, copied here by the database, never by the app.
UPDATE "trip_groups" tg SET "closes_at" = t."closes_at" FROM "trips" t WHERE t."id" = tg."trip_id";
--> statement-breakpoint
CREATE FUNCTION trip_groups_closes_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT closes_at INTO NEW.closes_at FROM trips WHERE id = NEW.trip_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER trip_groups_closes_at BEFORE INSERT OR UPDATE OF trip_id, closes_at ON trip_groups FOR EACH ROW EXECUTE FUNCTION trip_groups_closes_at();
--> statement-breakpoint
CREATE FUNCTION trips_closes_at_to_groups() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE trip_groups SET closes_at = NEW.closes_at WHERE trip_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trips_closes_at_to_groups AFTER UPDATE OF closes_at ON trips FOR EACH ROW WHEN (OLD.closes_at IS DISTINCT FROM NEW.closes_at) EXECUTE FUNCTION trips_closes_at_to_groups();
