import { groupJoinRequests, users, type Executor } from "@hyn/db";
import type { JoinRequest } from "@hyn/validators";
import { asc, eq, type SQL } from "drizzle-orm";
import { displayNameSql } from "../shared/display-name";

/** The join requests `where` picks, with who asked, oldest first. */
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
    .where(where)
    .orderBy(asc(groupJoinRequests.createdAt), asc(groupJoinRequests.id));
}
