CREATE TABLE "metric_daily_counts" (
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"value" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "metric_daily_counts_pkey" PRIMARY KEY("metric","day","shard")
);

--> statement-breakpoint
-- ADR 0006: the admin metrics' counters, kept by statement-level triggers in the same transaction as
-- every change. Each statement aggregates its transition table into at most one row per metric and day,
-- written in a fixed order (no deadlocks between statements) to a random one of 4 shards (concurrent
-- claims rarely wait on the same row).
--> statement-breakpoint
CREATE OR REPLACE FUNCTION metric_counts_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s smallint := floor(random() * 4);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM new_rows r CROSS JOIN LATERAL (VALUES ('users', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8), ('users_active', (r.last_active_at AT TIME ZONE 'UTC')::date, ((r.last_active_at IS NOT NULL)::int)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM new_rows r CROSS JOIN LATERAL (VALUES ('users', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8), ('users_active', (r.last_active_at AT TIME ZONE 'UTC')::date, ((r.last_active_at IS NOT NULL)::int)::float8)) AS c(metric, day, value) UNION ALL SELECT c.metric, c.day, -1 * c.value AS value FROM old_rows r CROSS JOIN LATERAL (VALUES ('users', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8), ('users_active', (r.last_active_at AT TIME ZONE 'UTC')::date, ((r.last_active_at IS NOT NULL)::int)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  ELSE
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, -1 * c.value AS value FROM old_rows r CROSS JOIN LATERAL (VALUES ('users', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8), ('users_active', (r.last_active_at AT TIME ZONE 'UTC')::date, ((r.last_active_at IS NOT NULL)::int)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER metric_counts_users_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_users();
--> statement-breakpoint
CREATE TRIGGER metric_counts_users_update AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_users();
--> statement-breakpoint
CREATE TRIGGER metric_counts_users_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_users();
--> statement-breakpoint
-- Existing rows, counted once.
INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, 0::smallint AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM users r CROSS JOIN LATERAL (VALUES ('users', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8), ('users_active', (r.last_active_at AT TIME ZONE 'UTC')::date, ((r.last_active_at IS NOT NULL)::int)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION metric_counts_groups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s smallint := floor(random() * 4);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM new_rows r CROSS JOIN LATERAL (VALUES ('groups', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM new_rows r CROSS JOIN LATERAL (VALUES ('groups', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8)) AS c(metric, day, value) UNION ALL SELECT c.metric, c.day, -1 * c.value AS value FROM old_rows r CROSS JOIN LATERAL (VALUES ('groups', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  ELSE
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, -1 * c.value AS value FROM old_rows r CROSS JOIN LATERAL (VALUES ('groups', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER metric_counts_groups_insert AFTER INSERT ON groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_groups();
--> statement-breakpoint
CREATE TRIGGER metric_counts_groups_update AFTER UPDATE ON groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_groups();
--> statement-breakpoint
CREATE TRIGGER metric_counts_groups_delete AFTER DELETE ON groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_groups();
--> statement-breakpoint
-- Existing rows, counted once.
INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, 0::smallint AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM groups r CROSS JOIN LATERAL (VALUES ('groups', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION metric_counts_group_members() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s smallint := floor(random() * 4);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM new_rows r CROSS JOIN LATERAL (VALUES ('members', (r.joined_at AT TIME ZONE 'UTC')::date, (1)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM new_rows r CROSS JOIN LATERAL (VALUES ('members', (r.joined_at AT TIME ZONE 'UTC')::date, (1)::float8)) AS c(metric, day, value) UNION ALL SELECT c.metric, c.day, -1 * c.value AS value FROM old_rows r CROSS JOIN LATERAL (VALUES ('members', (r.joined_at AT TIME ZONE 'UTC')::date, (1)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  ELSE
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, -1 * c.value AS value FROM old_rows r CROSS JOIN LATERAL (VALUES ('members', (r.joined_at AT TIME ZONE 'UTC')::date, (1)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER metric_counts_group_members_insert AFTER INSERT ON group_members REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_group_members();
--> statement-breakpoint
CREATE TRIGGER metric_counts_group_members_update AFTER UPDATE ON group_members REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_group_members();
--> statement-breakpoint
CREATE TRIGGER metric_counts_group_members_delete AFTER DELETE ON group_members REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_group_members();
--> statement-breakpoint
-- Existing rows, counted once.
INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, 0::smallint AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM group_members r CROSS JOIN LATERAL (VALUES ('members', (r.joined_at AT TIME ZONE 'UTC')::date, (1)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION metric_counts_requests() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s smallint := floor(random() * 4);
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM new_rows r CROSS JOIN LATERAL (VALUES ('requests', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8), ('requests_taken', (r.created_at AT TIME ZONE 'UTC')::date, ((r.status IN ('claimed', 'fulfilled'))::int)::float8), ('claims', (r.created_at AT TIME ZONE 'UTC')::date, ((r.claimed_at IS NOT NULL)::int)::float8), ('claim_seconds', (r.created_at AT TIME ZONE 'UTC')::date, (coalesce(extract(epoch FROM r.claimed_at - r.created_at), 0))::float8), ('fulfilled', (r.fulfilled_at AT TIME ZONE 'UTC')::date, ((r.fulfilled_at IS NOT NULL)::int)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM new_rows r CROSS JOIN LATERAL (VALUES ('requests', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8), ('requests_taken', (r.created_at AT TIME ZONE 'UTC')::date, ((r.status IN ('claimed', 'fulfilled'))::int)::float8), ('claims', (r.created_at AT TIME ZONE 'UTC')::date, ((r.claimed_at IS NOT NULL)::int)::float8), ('claim_seconds', (r.created_at AT TIME ZONE 'UTC')::date, (coalesce(extract(epoch FROM r.claimed_at - r.created_at), 0))::float8), ('fulfilled', (r.fulfilled_at AT TIME ZONE 'UTC')::date, ((r.fulfilled_at IS NOT NULL)::int)::float8)) AS c(metric, day, value) UNION ALL SELECT c.metric, c.day, -1 * c.value AS value FROM old_rows r CROSS JOIN LATERAL (VALUES ('requests', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8), ('requests_taken', (r.created_at AT TIME ZONE 'UTC')::date, ((r.status IN ('claimed', 'fulfilled'))::int)::float8), ('claims', (r.created_at AT TIME ZONE 'UTC')::date, ((r.claimed_at IS NOT NULL)::int)::float8), ('claim_seconds', (r.created_at AT TIME ZONE 'UTC')::date, (coalesce(extract(epoch FROM r.claimed_at - r.created_at), 0))::float8), ('fulfilled', (r.fulfilled_at AT TIME ZONE 'UTC')::date, ((r.fulfilled_at IS NOT NULL)::int)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  ELSE
    INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, s AS shard FROM (SELECT c.metric, c.day, -1 * c.value AS value FROM old_rows r CROSS JOIN LATERAL (VALUES ('requests', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8), ('requests_taken', (r.created_at AT TIME ZONE 'UTC')::date, ((r.status IN ('claimed', 'fulfilled'))::int)::float8), ('claims', (r.created_at AT TIME ZONE 'UTC')::date, ((r.claimed_at IS NOT NULL)::int)::float8), ('claim_seconds', (r.created_at AT TIME ZONE 'UTC')::date, (coalesce(extract(epoch FROM r.claimed_at - r.created_at), 0))::float8), ('fulfilled', (r.fulfilled_at AT TIME ZONE 'UTC')::date, ((r.fulfilled_at IS NOT NULL)::int)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER metric_counts_requests_insert AFTER INSERT ON requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_requests();
--> statement-breakpoint
CREATE TRIGGER metric_counts_requests_update AFTER UPDATE ON requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_requests();
--> statement-breakpoint
CREATE TRIGGER metric_counts_requests_delete AFTER DELETE ON requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION metric_counts_requests();
--> statement-breakpoint
-- Existing rows, counted once.
INSERT INTO metric_daily_counts AS m (metric, day, shard, value)
    SELECT metric, day, shard, sum(value) FROM (SELECT x.*, 0::smallint AS shard FROM (SELECT c.metric, c.day, 1 * c.value AS value FROM requests r CROSS JOIN LATERAL (VALUES ('requests', (r.created_at AT TIME ZONE 'UTC')::date, (1)::float8), ('requests_taken', (r.created_at AT TIME ZONE 'UTC')::date, ((r.status IN ('claimed', 'fulfilled'))::int)::float8), ('claims', (r.created_at AT TIME ZONE 'UTC')::date, ((r.claimed_at IS NOT NULL)::int)::float8), ('claim_seconds', (r.created_at AT TIME ZONE 'UTC')::date, (coalesce(extract(epoch FROM r.claimed_at - r.created_at), 0))::float8), ('fulfilled', (r.fulfilled_at AT TIME ZONE 'UTC')::date, ((r.fulfilled_at IS NOT NULL)::int)::float8)) AS c(metric, day, value)) x) c
    WHERE day IS NOT NULL GROUP BY metric, day, shard HAVING sum(value) <> 0 ORDER BY metric, day
    ON CONFLICT (metric, day, shard) DO UPDATE SET value = m.value + excluded.value;
