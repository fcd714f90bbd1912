import { userBlocks, type Executor } from "@hyn/db";
import { eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

type Person = AnyPgColumn | SQL | Placeholder | string;

/**
 * The one rule of a block (PRODUCT "Blocking", issue 38): true unless either person has blocked the
 * other. Whatever shows or lets anyone act on another person's content asks this of its owner and the
 * reader, inside the statement that reads or changes it: requests (request-views/view.ts's `shownTo`
 * and `requestVisibleTo`: the lists, the page, the calendar file, a report), the claim's condition
 * (requests/permissions.ts, also a trip's take), trips (`tripVisibleTo`, offers), series (series/series-reads.ts)
 * and who hears of new content (preferences/). Live events ask it in memory, of the set
 * `blockedEitherWay` loads (events/live.ts). Both directions, so the blocked person's side reads the
 * same as the blocker's and neither is told.
 */
export function noBlockBetween(a: Person, b: Person): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from ${userBlocks} ub where (ub.blocker_id = ${a} and ub.blocked_id = ${b}) or (ub.blocker_id = ${b} and ub.blocked_id = ${a}))`;
}

/** Whether `userId` is on either side of any block: the answer cache then builds their group lists afresh. */
export function inAnyBlock(userId: Person): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${userBlocks} ub where ub.blocker_id = ${userId} or ub.blocked_id = ${userId})`;
}

/** The people with a block between them and `userId`, either way: `noBlockBetween` for a reader held in memory. */
export async function blockedEitherWay(executor: Executor, userId: string): Promise<Set<string>> {
  const rows = await executor
    .select({ blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(eq(userBlocks.blockerId, userId))
    .unionAll(
      executor.select({ blockedId: userBlocks.blockerId }).from(userBlocks).where(eq(userBlocks.blockedId, userId)),
    );
  return new Set(rows.map((row) => row.blockedId));
}
