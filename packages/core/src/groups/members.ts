import { groupMembers, groups, users } from "@hyn/db";
import type { GroupMember } from "@hyn/validators";
import type { MemberActivity } from "@hyn/validators/policy";
import { and, asc, eq, sql } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { memberActivitySql } from "./activity";

/**
 * Only members see who else is in a group (PRODUCT "Who may do what"); the owner also sees how
 * recently each was active (PRODUCT "Member activity").
 */
export async function groupMembersOf(deps: CoreDeps, viewerId: string, groupId: string): Promise<GroupMember[]> {
  const { db, clock } = deps;
  const viewer = sql`exists (select 1 from ${groupMembers} v where v.group_id = ${groupId} and v.user_id = ${viewerId})`;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      generalArea: users.generalArea,
      joinedAt: groupMembers.joinedAt,
      activity: sql<MemberActivity | null>`case when ${groups.createdBy} = ${viewerId} then ${memberActivitySql(users.lastActiveAt, clock.now())} end`,
    })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.groupId, groupId), viewer))
    .orderBy(asc(groupMembers.joinedAt), asc(users.name));
  // A group always has its owner as a member, so no rows means no group or no membership.
  if (rows.length === 0) {
    const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId));
    throw group ? new AppError("FORBIDDEN", "notMember") : new AppError("NOT_FOUND", "groupNotFound");
  }
  return rows;
}
