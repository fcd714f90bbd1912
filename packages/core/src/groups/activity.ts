import { DAY_MS } from "../shared/clock";
import { MEMBER_ACTIVITY_DAYS, type MemberActivity } from "@hyn/validators/policy";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

/**
 * PRODUCT "Member activity": the bucket of `lastActiveAt` (ADR 0005's activity stamp, written at most
 * hourly by sessions) as of `now`, in SQL: the most recent window that holds it, else "older" (never
 * active counts as older). Only the bucket leaves the database, never the time.
 */
export function memberActivitySql(lastActiveAt: AnyPgColumn, now: Date): SQL<MemberActivity> {
  const since = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();
  const windows = (Object.entries(MEMBER_ACTIVITY_DAYS) as [MemberActivity, number][]).map(
    ([bucket, days]) => sql`when ${lastActiveAt} >= ${since(days)}::timestamptz then ${bucket}::text`,
  );
  return sql<MemberActivity>`(case ${sql.join(windows, sql` `)} else 'older' end)`;
}
