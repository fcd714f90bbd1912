import { groupMembers, groups, requests, userLimits, type Database } from "@hyn/db";
import { messages, type Dashboard } from "@hyn/validators";
import { and, asc, eq, gt, ne, or, sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import { inGroupsOf, selectRequestViews } from "./view";

/**
 * The dashboard's read model: four statements whatever the number of groups or requests (issue 4:
 * "one round of queries per load"). They run side by side; none depends on another's answer.
 */
export async function loadDashboard(db: Database, now: Date, userId: string): Promise<Dashboard> {
  const [myRequests, helpableRequests, myGroups, usage] = await Promise.all([
    selectRequestViews(db, now, eq(requests.userId, userId)),
    // Others' requests in my groups that I can still claim, and the ones I have claimed and not yet fulfilled.
    selectRequestViews(
      db,
      now,
      and(
        ne(requests.userId, userId),
        inGroupsOf(userId),
        or(
          and(eq(requests.status, "open"), gt(requests.neededBy, now)),
          and(eq(requests.status, "claimed"), eq(requests.claimedBy, userId)),
        ),
      ),
    ),
    db
      .select({
        id: groups.id,
        name: groups.name,
        createdBy: groups.createdBy,
        createdAt: groups.createdAt,
        joinedAt: groupMembers.joinedAt,
        memberCount: sql<number>`(select count(*) from ${groupMembers} m where m.group_id = "groups"."id")`.mapWith(Number),
      })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, userId))
      .orderBy(asc(groupMembers.joinedAt), asc(groups.name)),
    // Counts as the limits apply them: open requests until claimed or deleted; groups joined are
    // memberships in groups someone else owns.
    db
      .select({
        maxOpenRequests: userLimits.maxOpenRequests,
        maxGroupsCreated: userLimits.maxGroupsCreated,
        maxGroupsJoined: userLimits.maxGroupsJoined,
        openRequestsCount: sql<number>`(select count(*) from ${requests} r where r.user_id = ${userId} and r.status = 'open')`.mapWith(Number),
        groupsCreatedCount: sql<number>`(select count(*) from ${groups} g where g.created_by = ${userId})`.mapWith(Number),
        groupsJoinedCount: sql<number>`(select count(*) from ${groupMembers} m inner join ${groups} g on g.id = m.group_id where m.user_id = ${userId} and g.created_by <> m.user_id)`.mapWith(Number),
      })
      .from(userLimits)
      .where(eq(userLimits.userId, userId)),
  ]);
  const [row] = usage;
  if (!row) throw new AppError("NOT_FOUND", messages.userLimitsNotFound);
  return {
    myRequests,
    helpableRequests,
    groups: myGroups,
    usage: {
      limits: { maxOpenRequests: row.maxOpenRequests, maxGroupsCreated: row.maxGroupsCreated, maxGroupsJoined: row.maxGroupsJoined },
      counts: { openRequestsCount: row.openRequestsCount, groupsCreatedCount: row.groupsCreatedCount, groupsJoinedCount: row.groupsJoinedCount },
    },
    serverTime: now,
  };
}
