import { preparedStatement, userLimits, type Executor, type Transaction } from "@hyn/db";
import { type UserCounts, type UserLimits } from "@hyn/validators";
import { eq, sql, type SQL } from "drizzle-orm";
import { AppError } from "../shared/errors";

/** Selected explicitly: the API's shape, never the row type. */
export const userLimitsColumns = {
  userId: userLimits.userId,
  maxOpenRequests: userLimits.maxOpenRequests,
  maxGroupsCreated: userLimits.maxGroupsCreated,
  maxGroupsJoined: userLimits.maxGroupsJoined,
  createdAt: userLimits.createdAt,
  updatedAt: userLimits.updatedAt,
} as const;

/**
 * The three counts as correlated subqueries on `owner` (a column reference, a bound id or a prepared
 * statement's placeholder), so one statement answers all of them; the dashboard's usage reads them too. Groups joined are memberships in groups the user does not own; an
 * open request counts until it is claimed or deleted, whatever its needed-by time. Written with
 * explicit aliases: drizzle leaves columns unqualified in single-table selects, which would bind
 * them to the subquery's own tables.
 */
export function usageCountColumns(owner: SQL) {
  return {
    openRequestsCount:
      // A trip item (issue 28) is claimed by the tripper at once, yet still one of the requester's open requests.
      sql<number>`(select count(*) from requests r where r.user_id = ${owner} and (r.status = 'open' or (r.status = 'claimed' and r.trip_id is not null)))`.mapWith(
        Number,
      ),
    groupsCreatedCount: sql<number>`(select count(*) from groups g where g.created_by = ${owner})`.mapWith(Number),
    groupsJoinedCount:
      sql<number>`(select count(*) from group_members gm inner join groups g on g.id = gm.group_id where gm.user_id = ${owner} and g.created_by <> gm.user_id)`.mapWith(
        Number,
      ),
  };
}

/** Limits and counts of one user in one query; null when the user has no limits row. */
export async function readUsage(
  executor: Executor,
  userId: string,
): Promise<{ limits: UserLimits; counts: UserCounts } | null> {
  const [row] = await executor
    .select({ ...userLimitsColumns, ...usageCountColumns(sql`"user_limits"."user_id"`) })
    .from(userLimits)
    .where(eq(userLimits.userId, userId));
  if (!row) return null;
  const { openRequestsCount, groupsCreatedCount, groupsJoinedCount, ...limits } = row;
  return { limits, counts: { openRequestsCount, groupsCreatedCount, groupsJoinedCount } };
}

/** The limit's lock and the counts, on every post, group creation, join and invitation: built once. */
const usageStatements = {
  lock: preparedStatement((executor) =>
    executor
      .select(userLimitsColumns)
      .from(userLimits)
      .where(eq(userLimits.userId, sql.placeholder("userId")))
      .for("update")
      .prepare("user_limits_lock"),
  ),
  count: preparedStatement((executor) =>
    executor
      .select(usageCountColumns(sql`${sql.placeholder("userId")}::uuid`))
      .from(sql`(select 1) as one`)
      .prepare("usage_counts"),
  ),
};

/**
 * Locks the user's user_limits row (SELECT ... FOR UPDATE) and returns the limits. Every change that
 * a per-user limit governs (creating a group, joining one, posting a request, sending an invitation)
 * takes this lock first and counts afterwards in the same transaction, so concurrent calls of one user
 * queue here and each counts what the previous one committed.
 */
export async function lockUserLimits(tx: Transaction, userId: string): Promise<UserLimits> {
  const [row] = await usageStatements.lock(tx).execute({ userId });
  if (!row) throw new AppError("NOT_FOUND", "userLimitsNotFound");
  return row;
}

/** The user's counts; call it after lockUserLimits inside a transaction to count what is committed. */
export async function countUsage(executor: Executor, userId: string): Promise<UserCounts> {
  const [row] = await usageStatements.count(executor).execute({ userId });
  if (!row) throw new AppError("NOT_FOUND", "userCountsNotFound");
  return row;
}
