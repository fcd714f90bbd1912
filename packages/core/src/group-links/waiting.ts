import { groupJoinRequests, groups, users } from "@hyn/db";
import type { WaitingJoinRequest } from "@hyn/validators";
import { and, asc, eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { displayNameSql } from "../shared/display-name";
import { pendingJoinRequest } from "./join-request-reads";

/**
 * The caller's own requests to join that still wait (issue 43), each with the group and whom they wait
 * for (its owner's name), oldest first, in one statement: "Waiting for Ana to let you in".
 */
export async function waitingJoinRequests(deps: CoreDeps, userId: string): Promise<WaitingJoinRequest[]> {
  return deps.db
    .select({
      groupId: groups.id,
      groupName: groups.name,
      ownerName: displayNameSql(users),
      askedAt: groupJoinRequests.createdAt,
    })
    .from(groupJoinRequests)
    .innerJoin(groups, eq(groups.id, groupJoinRequests.groupId))
    .innerJoin(users, eq(users.id, groups.createdBy))
    .where(and(eq(groupJoinRequests.userId, userId), pendingJoinRequest()))
    .orderBy(asc(groupJoinRequests.createdAt), asc(groupJoinRequests.groupId));
}
