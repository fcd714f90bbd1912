import { groupJoinRequests, users, type Executor } from "@hyn/db";
import type { JoinRequest } from "@hyn/validators";
import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { displayNameSql } from "../shared/display-name";

/** A join request still waiting for the owner: neither declined nor withdrawn (issue 43). */
export const pendingJoinRequest = () =>
  and(isNull(groupJoinRequests.declinedAt), isNull(groupJoinRequests.withdrawnAt));

/** The pending join requests `where` picks, with who asked, oldest first. */
export function joinRequestsWhere(executor: Executor, where: SQL): Promise<JoinRequest[]> {
  return executor
    .select({
      id: groupJoinRequests.id,
      groupId: groupJoinRequests.groupId,
      userId: groupJoinRequests.userId,
      name: displayNameSql(users),
      email: users.email,
      createdAt: groupJoinRequests.createdAt,
    })
    .from(groupJoinRequests)
    .innerJoin(users, eq(users.id, groupJoinRequests.userId))
    .where(and(where, pendingJoinRequest()))
    .orderBy(asc(groupJoinRequests.createdAt), asc(groupJoinRequests.id));
}
