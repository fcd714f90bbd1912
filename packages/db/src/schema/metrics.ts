import { date, doublePrecision, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/**
 * The admin metrics' counters (ADR 0006): one value per metric, UTC day and shard. Triggers on users,
 * groups, group_members and requests keep them in the same transaction as every change (migration
 * 0002_metric_counters), so the metrics read a few thousand rows however many requests there are.
 * The shard spreads concurrent writers over several rows, so claims do not queue on one counter.
 */
export const metricDailyCounts = pgTable(
  "metric_daily_counts",
  {
    metric: text("metric").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    shard: smallint("shard").notNull(),
    value: doublePrecision("value").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.shard], name: "metric_daily_counts_pkey" })],
);
