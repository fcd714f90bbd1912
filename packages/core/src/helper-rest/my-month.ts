import { requests } from "@hyn/db";
import type { MyMonth } from "@hyn/validators";
import { and, eq, gte, sql } from "drizzle-orm";
import { instantOf, wallTime } from "../notifications/schedule";
import type { CoreDeps } from "../shared/deps";

/** The first instant of the calendar month `now` is in, in the app's time zone. */
export function monthStart(now: Date, timeZone: string): Date {
  const today = wallTime(now, timeZone);
  return instantOf(today.year, today.month, 1, 0, timeZone);
}

/**
 * A helper's own month (issue 41 §2: "You helped 4 neighbours this month"): the requests they fulfilled as
 * helper since the first of the month, and how many different neighbours asked for them. Only ever about
 * the caller; there is no way to ask it of anyone else, and no ranking.
 */
export async function myMonth(deps: CoreDeps, userId: string): Promise<MyMonth> {
  const now = deps.clock.now();
  const since = monthStart(now, deps.config.timeZone ?? "UTC");
  const [row] = await deps.db
    .select({
      neighboursHelped: sql<number>`count(distinct ${requests.userId})::int`,
      requestsFulfilled: sql<number>`count(*)::int`,
    })
    .from(requests)
    .where(and(eq(requests.claimedBy, userId), eq(requests.status, "fulfilled"), gte(requests.fulfilledAt, since)));
  return { neighboursHelped: row?.neighboursHelped ?? 0, requestsFulfilled: row?.requestsFulfilled ?? 0, since };
}
