-- ADR 0006, revised by issue 6's benchmark: 50 clients claiming at once queued on the 4 counter shards
-- of the same day (claim p99 3.4-4.9x its p50; with 16 shards 2.8-3.0x). Requests are the hot write
-- path, so their counters spread over 16 shards; reads sum every shard of a day, whatever their number.
--> statement-breakpoint
CREATE OR REPLACE FUNCTION metric_counts_requests() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s smallint := floor(random() * 16);
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
