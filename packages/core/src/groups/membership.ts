import { groupMembers, groups, requests, type Executor, type Transaction } from "@hyn/db";
import { MAX_GROUP_MEMBERS } from "@hyn/validators";
import { and, eq, sql } from "drizzle-orm";
import { countUsage, lockUserLimits } from "../limits/usage";
import { groupJoinRefusal } from "@hyn/validators/rules";
import { publishRequestEvent } from "../events/publish";
import { bumpedRevision } from "../requests/revision";
import { AppError } from "../shared/errors";

export interface LockedGroup {
  id: string;
  name: string;
  createdBy: string;
}

/**
 * Locks the group row for the rest of the transaction; every change to a group's membership or owner
 * takes this lock first, so counts made after it are exact. NO KEY UPDATE, not UPDATE: the id never
 * changes, and other tables' foreign-key checks (a new request in the group) need not wait for it.
 */
export async function lockGroup(tx: Transaction, groupId: string): Promise<LockedGroup> {
  const [group] = await tx
    .select({ id: groups.id, name: groups.name, createdBy: groups.createdBy })
    .from(groups)
    .where(eq(groups.id, groupId))
    .for("no key update");
  if (!group) throw new AppError("NOT_FOUND", "groupNotFound");
  return group;
}

export async function isMember(executor: Executor, groupId: string, userId: string): Promise<boolean> {
  const [row] = await executor
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
  return row !== undefined;
}

export async function countMembers(executor: Executor, groupId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return row?.count ?? 0;
}

/**
 * Adds a member to a group the caller has locked with lockGroup: refuses a current member, a full
 * group, and a user at their groups-joined limit (their limits row is locked before counting).
 * Lock order everywhere: group, then invitation, then user limits.
 */
export async function addMember(tx: Transaction, group: LockedGroup, userId: string, now: Date): Promise<void> {
  if (await isMember(tx, group.id, userId)) throw new AppError("CONFLICT", "alreadyMember");
  if ((await countMembers(tx, group.id)) >= MAX_GROUP_MEMBERS) throw new AppError("CONFLICT", "groupFull");
  const limits = await lockUserLimits(tx, userId);
  const refusal = groupJoinRefusal(limits, await countUsage(tx, userId));
  if (refusal) throw new AppError("CONFLICT", refusal);
  await tx.insert(groupMembers).values({ groupId: group.id, userId, joinedAt: now });
}

/**
 * Takes a person out of one group (they left, or the owner removed them) or out of every group (their
 * account is being deleted). Requests they had offered to help with there go back to open, announced
 * live, so the neighbours are not left waiting on someone who can no longer see the request. A
 * transition holds the actor's membership row (inGroupsHeldBy), so deleting the row first waits for a
 * claim in flight, and the reopening after it sees that claim. Returns false when they were not a member.
 */
export async function departFromGroups(
  tx: Transaction,
  userId: string,
  from: { groupId: string } | "every group",
): Promise<boolean> {
  const groupId = from === "every group" ? undefined : from.groupId;
  const removed = await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.userId, userId), groupId === undefined ? undefined : eq(groupMembers.groupId, groupId)))
    .returning({ groupId: groupMembers.groupId });
  const reopened = await tx
    .update(requests)
    .set({ status: "open", claimedBy: null, claimedAt: null, ...bumpedRevision() })
    .where(
      and(
        eq(requests.claimedBy, userId),
        eq(requests.status, "claimed"),
        groupId === undefined ? undefined : eq(requests.groupId, groupId),
      ),
    )
    .returning({ id: requests.id, groupId: requests.groupId });
  for (const request of reopened)
    await publishRequestEvent(tx, { type: "request.unclaimed", requestId: request.id, groupId: request.groupId });
  return removed.length > 0;
}
