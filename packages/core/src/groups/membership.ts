import {
  groupMembers,
  groups,
  invites,
  offlineMembers,
  requests,
  requestSeries,
  type Executor,
  type Transaction,
} from "@hyn/db";
import { MAX_GROUP_MEMBERS } from "@hyn/validators";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { memberCountSql } from "../shared/member-count";
import { countUsage, lockUserLimits } from "../limits/usage";
import { groupJoinRefusal } from "@hyn/validators/rules";
import { publishRequestEvent } from "../events/publish";
import { AppError } from "../shared/errors";
import { endTripsOf, giveBackClaims, type ItemNotices } from "../trips/endings";
import { forgetRemoval } from "./removals";

export interface LockedGroup {
  id: string;
  name: string;
  createdBy: string;
  /** Whether the group has rules, which a join must accept (PRODUCT "Group rules"). */
  hasRules: boolean;
}

/**
 * Locks the group row for the rest of the transaction; every change to a group's membership or owner
 * takes this lock first, so counts made after it are exact. NO KEY UPDATE, not UPDATE: the id never
 * changes, and other tables' foreign-key checks (a new request in the group) need not wait for it.
 */
export async function lockGroup(tx: Transaction, groupId: string): Promise<LockedGroup> {
  const [group] = await tx
    .select({
      id: groups.id,
      name: groups.name,
      createdBy: groups.createdBy,
      hasRules: sql<boolean>`${groups.rules} is not null`,
    })
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

/** Members with an account only: whether the owner is the last of them (leaving deletes the group then). */
export async function countAccountMembers(executor: Executor, groupId: string): Promise<number> {
  const [row] = await executor
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(groupMembers)
    .where(eq(groupMembers.groupId, groupId));
  return row?.count ?? 0;
}

/** MAX_GROUP_MEMBERS's count (`memberCountSql`): members and neighbours without the app. */
export async function countMembers(executor: Executor, groupId: string): Promise<number> {
  const [row] = await executor
    // The id as a value: from one table drizzle writes a column unqualified, which the subqueries would read as their own.
    .select({ count: memberCountSql(sql`${groupId}::uuid`) })
    .from(groups)
    .where(eq(groups.id, groupId));
  return row?.count ?? 0;
}

/**
 * Adds a member to a group the caller has locked with lockGroup: refuses a current member, a full
 * group, and a user at their groups-joined limit (their limits row is locked before counting).
 * Lock order everywhere: group, then invitation, then user limits.
 */
/**
 * `rulesAcceptedAt`: when they accepted the group's rules (PRODUCT "Group rules"), or joined one without
 * any; rules written later are newer, and asked on the member's next visit.
 */
export async function addMember(
  tx: Transaction,
  group: LockedGroup,
  userId: string,
  now: Date,
  rulesAcceptedAt: Date | null = null,
): Promise<void> {
  if (await isMember(tx, group.id, userId)) throw new AppError("CONFLICT", "alreadyMember");
  if ((await countMembers(tx, group.id)) >= MAX_GROUP_MEMBERS) throw new AppError("CONFLICT", "groupFull");
  const limits = await lockUserLimits(tx, userId);
  const refusal = groupJoinRefusal(limits, await countUsage(tx, userId));
  if (refusal) throw new AppError("CONFLICT", refusal);
  // The rules' text as accepted (issue 43): the current one, unless it changed after the acceptance (a join
  // request approved later), when the text accepted is not known.
  const rulesAcceptedText =
    rulesAcceptedAt === null
      ? null
      : sql`(select case when ${groups.rulesChangedAt} is null or ${groups.rulesChangedAt} <= ${rulesAcceptedAt.toISOString()}::timestamptz then ${groups.rules} end from ${groups} where ${groups.id} = ${group.id})`;
  // Every join is by an invitation or a link (the creator's row is written by createGroup).
  await tx
    .insert(groupMembers)
    .values({ groupId: group.id, userId, joinedAt: now, rulesAcceptedAt, rulesAcceptedText, joinedByInvitation: true });
  await forgetRemoval(tx, group.id, userId);
}

/** PRODUCT "Group rules": joining by a link of a group with rules needs them accepted (400 otherwise). */
export function requireRulesAccepted(group: LockedGroup, acceptRules: boolean): void {
  if (group.hasRules && !acceptRules) throw new AppError("BAD_REQUEST", "groupRulesNotAccepted");
}

/** An open request taken out of a group because its requester departed it. */
export interface WithdrawnRequest {
  id: string;
  groupId: string;
  itemDescription: string;
}

/**
 * What a departure did: the groups left, and the open requests withdrawn from them; and, as counts, the
 * claims reopened, the invitations cancelled, the repeating requests let go of and the neighbours without
 * the app passed on (issue 43: the Leave dialog says exactly this, from a dry run, `departure-preview.ts`).
 */
export interface Departure {
  groupIds: string[];
  withdrawn: WithdrawnRequest[];
  claimsReopened: number;
  invitationsCancelled: number;
  seriesLetGo: number;
  neighboursPassed: number;
}

/**
 * Takes a person out of one group (they left, or the owner removed them) or out of every group (their
 * account is being deleted), and leaves nothing of theirs acting there (PRODUCT "Departures"):
 * - requests they had offered to help with there go back to open, announced live, each requester told
 *   as when a helper gives one back (issue 43 §2), so the neighbours are not left waiting on someone who
 *   can no longer see the request; one whose requester has left the group too is withdrawn (§4);
 * - their own open requests there are withdrawn (deleted, announced live; the change log's trigger
 *   tells the answer cache), so nobody offers to help someone who is gone;
 * - the invitations they sent for those groups that are still unused die with their membership;
 * - their open trips there end (`endTripsOf`): out of that group, or cancelled, the items given back and
 *   their requesters told, as a cancelled trip tells them;
 * - the neighbours without the app they were the contact of pass to the group's owner (issue 42 §1).
 * A change by a member holds their membership row (inGroupsHeldBy; posting takes a share lock on it),
 * so deleting the row first waits for a claim or a post in flight, and the statements after it see
 * them. An invitation is accepted under the group's lock, which every departure from one group holds.
 * Returns null when they were not a member.
 */
export async function departFromGroups(
  tx: Transaction,
  notices: ItemNotices,
  userId: string,
  from: { groupId: string } | "every group",
): Promise<Departure | null> {
  const groupId = from === "every group" ? undefined : from.groupId;
  const removed = await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.userId, userId), groupId === undefined ? undefined : eq(groupMembers.groupId, groupId)))
    .returning({ groupId: groupMembers.groupId });
  // One group, or all of them (with no filter: the account's rows go, whichever group they are in).
  const inDeparted = (column: typeof requests.groupId | typeof invites.groupId | typeof requestSeries.groupId) =>
    groupId === undefined ? undefined : eq(column, groupId);
  // A repeating request they did every time (issue 28 §2) is free for another member to take.
  const seriesLetGo = await tx
    .update(requestSeries)
    .set({ helperId: null })
    .where(and(eq(requestSeries.helperId, userId), inDeparted(requestSeries.groupId)))
    .returning({ id: requestSeries.id });
  // Before the claims below: a trip's items go back told, as its cancel tells them.
  await endTripsOf(tx, notices, userId, from);
  // Then the ones they had offered to help with themselves: each requester told (issue 43 §2).
  const claimsReopened = await giveBackClaims(
    tx,
    notices,
    userId,
    and(eq(requests.claimedBy, userId), inDeparted(requests.groupId)),
  );
  const withdrawn = await tx
    .delete(requests)
    .where(and(eq(requests.userId, userId), eq(requests.status, "open"), inDeparted(requests.groupId)))
    .returning({ id: requests.id, groupId: requests.groupId, itemDescription: requests.itemDescription });
  for (const request of withdrawn)
    await publishRequestEvent(tx, {
      type: "request.deleted",
      requestId: request.id,
      groupId: request.groupId,
      ownerId: userId,
    });
  const invitationsCancelled = await tx
    .delete(invites)
    .where(and(eq(invites.invitedBy, userId), isNull(invites.usedAt), inDeparted(invites.groupId)))
    .returning({ id: invites.id });
  const departedGroupIds = removed.map((row) => row.groupId);
  const neighboursPassed =
    departedGroupIds.length === 0
      ? []
      : await tx
          .update(offlineMembers)
          .set({
            contactId: sql`(select ${groups.createdBy} from ${groups} where ${groups.id} = ${offlineMembers.groupId})`,
          })
          .where(and(eq(offlineMembers.contactId, userId), inArray(offlineMembers.groupId, departedGroupIds)))
          .returning({ id: offlineMembers.id });
  if (removed.length === 0) return null;
  return {
    groupIds: departedGroupIds,
    withdrawn,
    claimsReopened,
    invitationsCancelled: invitationsCancelled.length,
    seriesLetGo: seriesLetGo.length,
    neighboursPassed: neighboursPassed.length,
  };
}
