ALTER TABLE "requests" ALTER COLUMN "if_unavailable" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "requests" ALTER COLUMN "if_unavailable" DROP NOT NULL;--> statement-breakpoint
-- Issue 40: migration 0022 gave every request that existed then if_unavailable = 'similar', a choice nobody
-- made. Such a request has no choice: null, shown as nothing. drizzle records a migration's journal time,
-- not when it ran, so a request counts as older than 0022's run when
--   (a) it was created before 0022 was written (its journal time, 2026-11-26 01:17:56.851 UTC), or
--   (b) it was created no later than a request whose row was last written before 0022 ran: a row's xmin
--       older than that of 0022's own record in drizzle.__drizzle_migrations (age() is wraparound-safe).
-- A request made after 0022 ran keeps what was posted. An item of a trip and an occurrence of a repeating
-- request always came with a choice (both are newer than 0022).
WITH migration_0022 AS (
  SELECT xmin AS xid FROM drizzle.__drizzle_migrations WHERE created_at = 1795655876851
), last_written_before AS (
  SELECT max(r.created_at) AS created_at FROM requests r, migration_0022 m WHERE age(r.xmin) > age(m.xid)
)
UPDATE requests SET if_unavailable = NULL
WHERE if_unavailable = 'similar' AND trip_id IS NULL AND series_id IS NULL
  AND (created_at < to_timestamp(1795655876.851)
       OR created_at <= (SELECT created_at FROM last_written_before));
