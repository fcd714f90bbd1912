import { groupRemovals, invites, users, type Executor, type Transaction } from "@hyn/db";
import { and, eq, isNull, sql } from "drizzle-orm";

/**
 * A removal is remembered (issue 38 §3, PRODUCT "Departures"): the removed person coming back by any
 * link asks the owner, whatever the link's setting (`group-links/join.ts`). Invitations to their
 * address for the group that are still unused go, so that any invitation they accept later is one the
 * owner sent after removing them. `addMember` forgets the removal: a removed person joins only as the
 * owner lets them (an approved request, or such an invitation).
 */
export async function rememberRemoval(tx: Transaction, groupId: string, userId: string, now: Date): Promise<void> {
  await tx
    .insert(groupRemovals)
    .values({ groupId, userId, removedAt: now })
    .onConflictDoUpdate({ target: [groupRemovals.groupId, groupRemovals.userId], set: { removedAt: now } });
  await tx
    .delete(invites)
    .where(
      and(
        eq(invites.groupId, groupId),
        isNull(invites.usedAt),
        sql`${invites.email} = (select lower(${users.email}) from ${users} where ${users.id} = ${userId})`,
      ),
    );
}

export async function wasRemoved(executor: Executor, groupId: string, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ userId: groupRemovals.userId })
    .from(groupRemovals)
    .where(and(eq(groupRemovals.groupId, groupId), eq(groupRemovals.userId, userId)));
  return row !== undefined;
}

/** Called by every join: whoever joins again is no longer a removed member. */
export async function forgetRemoval(tx: Transaction, groupId: string, userId: string): Promise<void> {
  await tx.delete(groupRemovals).where(and(eq(groupRemovals.groupId, groupId), eq(groupRemovals.userId, userId)));
}
