import { groupMembers, groups, perDatabase, userLimits, type Database } from "@hyn/db";
import { FINISHED_REQUESTS_PER_PAGE, type Dashboard } from "@hyn/validators";
import { asc, eq, sql } from "drizzle-orm";
import { usageCountColumns } from "../limits/usage";
import { AppError } from "../shared/errors";
import { selectHelpableRequestViews, selectMyRequestPage } from "../request-views/view";
import { rulesToAcceptSql } from "../shared/group-rules";
import { memberCountSql } from "../shared/member-count";
import { dashboardTripsJson, tripsFromJson } from "../request-views/trips";

/** The dashboard's own two reads besides the request lists, built once per database (see perDatabase). */
const dashboardQueries = perDatabase((db) => {
  const userId = sql.placeholder("userId");
  return {
    myGroups: db
      .select({
        id: groups.id,
        name: groups.name,
        createdBy: groups.createdBy,
        createdAt: groups.createdAt,
        joinedAt: groupMembers.joinedAt,
        memberCount: memberCountSql(groups.id),
        // The rules ride on the groups statement, so the dashboard stays at four (PRODUCT "Group rules").
        rulesToAccept: sql<string | null>`case when ${rulesToAcceptSql()} then ${groups.rules} end`,
        // Issue 43: the rules as the member last accepted them, to mark what changed; null when not known.
        rulesAccepted: sql<string | null>`case when ${rulesToAcceptSql()} then ${groupMembers.rulesAcceptedText} end`,
      })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, userId))
      .orderBy(asc(groupMembers.joinedAt), asc(groups.name))
      .prepare("dashboard_groups"),
    // Counts as the limits apply them (limits/usage.ts).
    usage: db
      .select({
        maxOpenRequests: userLimits.maxOpenRequests,
        maxGroupsCreated: userLimits.maxGroupsCreated,
        maxGroupsJoined: userLimits.maxGroupsJoined,
        ...usageCountColumns(sql`${userId}`),
        // The trips ride on the usage statement (one row per user), so the dashboard stays at four.
        trips: dashboardTripsJson(userId, sql.placeholder("now")),
      })
      .from(userLimits)
      .where(eq(userLimits.userId, userId))
      .prepare("dashboard_usage"),
  };
});

/**
 * The dashboard's read model: four statements whatever the number of groups or requests (issue 4:
 * "one round of queries per load"). They run side by side; none depends on another's answer.
 */
export async function loadDashboard(db: Database, now: Date, userId: string): Promise<Dashboard> {
  const queries = dashboardQueries(db);
  const [myRequests, helpableRequests, myGroups, usage] = await Promise.all([
    selectMyRequestPage(db, now, userId, { limit: FINISHED_REQUESTS_PER_PAGE, cursor: null }),
    selectHelpableRequestViews(db, now, userId),
    queries.myGroups.execute({ userId }),
    queries.usage.execute({ userId, now: now.toISOString() }),
  ]);
  const [row] = usage;
  if (!row) throw new AppError("NOT_FOUND", "userLimitsNotFound");
  return {
    myRequests: myRequests.requests,
    myRequestsNextCursor: myRequests.nextCursor,
    helpableRequests,
    groups: myGroups,
    usage: {
      limits: {
        maxOpenRequests: row.maxOpenRequests,
        maxGroupsCreated: row.maxGroupsCreated,
        maxGroupsJoined: row.maxGroupsJoined,
      },
      counts: {
        openRequestsCount: row.openRequestsCount,
        groupsCreatedCount: row.groupsCreatedCount,
        groupsJoinedCount: row.groupsJoinedCount,
      },
    },
    serverTime: now,
    trips: tripsFromJson(row.trips, now),
  };
}
