import { rateLimits, type Database } from "@hyn/db";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Clock } from "../shared/clock";
import type { RateLimitStore } from "../shared/rate-limit-store";

export type { RateLimitStore };

/** Counters in the `rate_limits` table: one upsert per call, old windows swept now and then. */
export function createPostgresRateLimitStore(deps: { db: Database; clock: Clock }): RateLimitStore {
  const counter = (key: string, windowStart: Date) =>
    and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart));
  return {
    async increment(key, windowStart, expiresAt) {
      const [row] = await deps.db
        .insert(rateLimits)
        .values({ key, windowStart, count: 1, expiresAt })
        .onConflictDoUpdate({
          target: [rateLimits.key, rateLimits.windowStart],
          set: { count: sql`${rateLimits.count} + 1` },
        })
        .returning({ count: rateLimits.count });
      // Old windows are swept by whichever call happens to draw it.
      if (Math.random() < 0.01) await deps.db.delete(rateLimits).where(lt(rateLimits.expiresAt, deps.clock.now()));
      return row?.count ?? 0;
    },
    async decrement(key, windowStart) {
      await deps.db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(counter(key, windowStart));
    },
    async peek(key, windowStart) {
      const [row] = await deps.db.select({ count: rateLimits.count }).from(rateLimits).where(counter(key, windowStart));
      return row?.count ?? 0;
    },
  };
}
