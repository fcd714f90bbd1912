import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { ts } from "./columns";

/**
 * Fixed-window rate-limit counters. Kept in the database so that every server instance on the same
 * database shares them (issue 5); one upsert per counted call.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: ts("window_start").notNull(),
    count: integer("count").notNull().default(0),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.windowStart], name: "rate_limits_pkey" }),
    index("rate_limits_expires_at_idx").on(t.expiresAt),
  ],
);
