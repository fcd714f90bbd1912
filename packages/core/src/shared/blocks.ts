import { userBlocks } from "@hyn/db";
import { sql, type Placeholder, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

type Person = AnyPgColumn | SQL | Placeholder | string;

/**
 * The one rule of a block (PRODUCT "Blocking"): true unless either person has blocked the other.
 * Whatever shows a request to someone or lets them claim it asks this of the request's creator and
 * the reader: the lists (request-views/view.ts), the request page, the claim's condition
 * (requests/permissions.ts) and who hears of a new request (preferences/). Both directions, so the
 * blocked person's side reads the same as the blocker's and neither is told.
 */
export function noBlockBetween(a: Person, b: Person): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from ${userBlocks} ub where (ub.blocker_id = ${a} and ub.blocked_id = ${b}) or (ub.blocker_id = ${b} and ub.blocked_id = ${a}))`;
}

/** Whether `userId` is on either side of any block: the answer cache then builds their group lists afresh. */
export function inAnyBlock(userId: Person): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${userBlocks} ub where ub.blocker_id = ${userId} or ub.blocked_id = ${userId})`;
}
