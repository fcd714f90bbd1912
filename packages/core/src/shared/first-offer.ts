import { requests } from "@hyn/db";
import { sql, type SQL } from "drizzle-orm";

/**
 * What an UPDATE that makes a request claimed writes to `first_offered_at` (issue 41, time to first offer):
 * now, unless someone offered before (a claim given back keeps the first offer's time).
 */
export function firstOfferAt(now: Date | SQL): SQL<Date> {
  return sql<Date>`coalesce(${requests.firstOfferedAt}, ${now instanceof Date ? now.toISOString() : now}::timestamptz)`;
}
