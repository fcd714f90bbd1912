import { limitMessage, messages, type UserCounts, type UserLimits } from "@hyn/validators";

/** Each returns the SPEC §8 limit message when the action is refused, or null when it is allowed. */

export function groupCreationRefusal(limits: UserLimits, counts: UserCounts): string | null {
  return counts.groupsCreatedCount >= limits.maxGroupsCreated
    ? limitMessage("groups", limits.maxGroupsCreated, counts.groupsCreatedCount)
    : null;
}

export function groupJoinRefusal(limits: UserLimits, counts: UserCounts): string | null {
  return counts.groupsJoinedCount >= limits.maxGroupsJoined
    ? limitMessage("groups joined", limits.maxGroupsJoined, counts.groupsJoinedCount)
    : null;
}

/** SPEC §5: open count below max and at least one group (owned or joined; an owner is a member). */
export function requestCreationRefusal(limits: UserLimits, counts: UserCounts): string | null {
  if (counts.openRequestsCount >= limits.maxOpenRequests) {
    return limitMessage("open requests", limits.maxOpenRequests, counts.openRequestsCount);
  }
  if (counts.groupsCreatedCount + counts.groupsJoinedCount === 0) return messages.requestNeedsGroup;
  return null;
}
