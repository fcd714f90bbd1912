import { sql } from "drizzle-orm";
import { customType, index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";

/** PostgreSQL's 64-bit transaction id: compared with a snapshot to tell "committed before it" from "after". */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => "xid8" });

/**
 * What changed, by whom it is seen (ADR 0009): one row per group and per user whose answers a
 * committed change can alter, written by triggers in the same transaction as the change (migration
 * 0004_change_log). The answer cache asks "has anything in my scope committed since my snapshot?"
 * with one indexed read; rows are only ever inserted, so writers never wait on each other here.
 * There is deliberately no index on xid alone: "recent changes anywhere" grows with the write rate,
 * and the planner would pick it for the checks, which must stay bounded by the caller's own scope.
 */
export const changeLog = pgTable(
  "change_log",
  {
    groupId: uuid("group_id"),
    userId: uuid("user_id"),
    xid: xid8("xid")
      .notNull()
      .default(sql`pg_current_xact_id()`),
    loggedAt: timestamp("logged_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("change_log_group_idx")
      .on(t.groupId, t.xid)
      .where(sql`${t.groupId} IS NOT NULL`),
    index("change_log_user_idx")
      .on(t.userId, t.xid)
      .where(sql`${t.userId} IS NOT NULL`),
  ],
);
