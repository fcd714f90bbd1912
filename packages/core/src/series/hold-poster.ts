import { groupMembers, type Transaction } from "@hyn/db";
import type { UserLimits } from "@hyn/validators";
import { and, eq } from "drizzle-orm";
import { lockUserLimits } from "../limits/usage";

/**
 * The locks a post of the next occurrence takes before it writes: the requester's membership (FOR SHARE) and
 * their limits row (FOR UPDATE), in the order every post takes them. A change that writes to requests before
 * posting (skip deletes the current occurrence) takes them first: the write's trigger locks a metric counter
 * row, and a post or trip item of the requester holding the limits row while it waited for that counter row
 * was a deadlock (issue 38).
 */
export async function holdPoster(
  tx: Transaction,
  series: { groupId: string; userId: string },
): Promise<UserLimits | "not a member"> {
  const [membership] = await tx
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, series.groupId), eq(groupMembers.userId, series.userId)))
    .for("share");
  return membership ? lockUserLimits(tx, series.userId) : "not a member";
}
