import { groupMembers, groups, type Executor } from "@hyn/db";
import type { Group } from "@hyn/validators";
import { and, asc, eq, inArray } from "drizzle-orm";
import { rulesToAcceptSql } from "../shared/group-rules";
import { memberCountSql } from "../shared/member-count";

/**
 * The caller's groups with member count and their joined date, in one statement (the count is a
 * correlated subquery on the members primary key). Oldest membership first, so a new group appends.
 */
export async function groupsOf(executor: Executor, userId: string, onlyGroupIds?: string[]): Promise<Group[]> {
  return executor
    .select({
      id: groups.id,
      name: groups.name,
      description: groups.description,
      createdBy: groups.createdBy,
      createdAt: groups.createdAt,
      memberCount: memberCountSql(groups.id),
      joinedAt: groupMembers.joinedAt,
      rules: groups.rules,
      rulesToAccept: rulesToAcceptSql(),
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.userId, userId), onlyGroupIds ? inArray(groups.id, onlyGroupIds) : undefined))
    .orderBy(asc(groupMembers.joinedAt), asc(groups.name));
}

/** One group as the given member sees it (after a create, join or transfer). */
export async function groupOf(executor: Executor, userId: string, groupId: string): Promise<Group> {
  const [group] = await groupsOf(executor, userId, [groupId]);
  if (!group) throw new Error(`group ${groupId} is not visible to its member ${userId}`);
  return group;
}
