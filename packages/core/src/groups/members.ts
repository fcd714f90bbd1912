import { groupMembers, groups, users } from "@hyn/db";
import type { GroupMember } from "@hyn/validators";
import type { MemberActivity } from "@hyn/validators/policy";
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { memberActivitySql } from "./activity";
import { quietSinceDaysSql } from "../quiet-members/rule";
import { emailForReaderSql } from "../shared/email-visibility";

/**
 * Only members see who else is in a group (PRODUCT "Who may do what"); the owner also sees how
 * recently each was active (PRODUCT "Member activity") and who is quiet (PRODUCT "Quiet members").
 */
export async function groupMembersOf(deps: CoreDeps, viewerId: string, groupId: string): Promise<GroupMember[]> {
  const { db, clock } = deps;
  const now = clock.now();
  const ownerOnly = <T>(value: SQL<T>) => sql<T | null>`case when ${groups.createdBy} = ${viewerId} then ${value} end`;
  const viewer = sql`exists (select 1 from ${groupMembers} v where v.group_id = ${groupId} and v.user_id = ${viewerId})`;
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      // A hidden address is not sent at all to a member who does not own the group (issue 43 §3).
      email: emailForReaderSql(users, viewerId),
      generalArea: users.generalArea,
      joinedAt: groupMembers.joinedAt,
      activity: ownerOnly<MemberActivity>(memberActivitySql(users.lastActiveAt, now)),
      quietSinceDays: ownerOnly(quietSinceDaysSql(users.lastActiveAt, now, groupMembers.joinedAt)).mapWith(Number),
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
