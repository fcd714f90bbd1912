import { perDatabase, sessions, users, type Database } from "@hyn/db";
import { eq, isNull, sql, type SQL } from "drizzle-orm";
import { sessionRowColumns, type SessionFacts } from "../accounts/sessions";
import type { UserRow } from "../accounts/user-view";
import { inAnyBlock } from "../shared/blocks";

/**
 * The answer cache's one statement per call (ADR 0009): the session, as the normal path reads it,
 * plus the database's current snapshot, plus whether anything in the answer's scope has committed
 * since the snapshot an entry was built after. change_log rows are written by triggers in the same
 * transaction as each change, so "committed since" is exact: a row whose transaction is not visible
 * in the entry's snapshot is a change the entry cannot contain.
 *
 * The statement takes any number of checks at once, so concurrent calls can share one round trip
 * (ADR 0010); each check is answered exactly as if it had been sent alone.
 */
export interface Freshness extends SessionFacts {
  user: UserRow;
  /** pg_current_snapshot() as text: taken before the answer is built, it is what a new entry stores. */
  snapshot: string;
  /** Something in scope committed after the given snapshot (false when none was given). */
  changed: boolean;
}

export interface GroupFreshness extends Freshness {
  isMember: boolean;
  /**
   * The user is on either side of a block (PRODUCT "Blocking"): their list of the group is their own,
   * not the one every member shares, so it is answered afresh and not kept.
   */
  inBlock: boolean;
}

/** One answer to check: a user's dashboard (no group) or a group's request list. */
export interface FreshnessCheck {
  sessionId: string;
  groupId: string | null;
  /** The snapshot the stored entry was built after; null when there is no entry. */
  snapshot: string | null;
}

/** change_log rows matching `scope` whose transaction the check's snapshot does not see. */
function changedSince(scope: SQL): SQL<boolean> {
  const snapshot = sql`check_.snapshot::pg_snapshot`;
  return sql<boolean>`exists (select 1 from change_log c where ${scope} and c.xid >= pg_snapshot_xmin(${snapshot}) and not pg_visible_in_snapshot(c.xid, ${snapshot}))`;
}

const freshnessQueries = perDatabase((db) => {
  // The checks arrive as one JSON array; a lateral join probes sessions by primary key for each.
  const checks = sql`json_to_recordset(${sql.placeholder("checks")}::json) as check_(i int, session_id text, group_id uuid, snapshot text)`;
  const groupId = sql`check_.group_id`;
  // A dashboard shows the user's groups (and everything in them); what is logged under the user
  // covers the rest: their own requests wherever they are, their memberships, limits and counts.
  // One index probe per group (change_log_group_idx), however busy the rest of the database is.
  const dashboardChanged = sql`(${changedSince(sql`c.user_id = ${sessions.userId}`)} or exists (select 1 from group_members m where m.user_id = ${sessions.userId} and ${changedSince(sql`c.group_id = m.group_id`)}))`;
  // A group's list is the same for every member without a block: it depends on the group alone.
  const groupChanged = changedSince(sql`c.group_id = ${groupId}`);
  return {
    checks: db
      .select({
        i: sql<number>`check_.i`,
        ...sessionRowColumns,
        snapshot: sql<string>`pg_current_snapshot()::text`,
        isMember: sql<boolean>`(${groupId} is not null and exists (select 1 from group_members m where m.group_id = ${groupId} and m.user_id = ${sessions.userId}))`,
        inBlock: sql<boolean>`(${groupId} is not null and ${inAnyBlock(sessions.userId)})`,
        changed: sql<boolean>`(case when ${groupId} is null then ${dashboardChanged} else ${groupChanged} end)`,
      })
      .from(checks)
      .innerJoin(sessions, eq(sessions.id, sql`check_.session_id`))
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(isNull(users.suspendedAt))
      .prepare("answer_freshness"),
  };
});

/**
 * Answers every check in one statement, in the order given: null where the session does not exist.
 * A group check's isMember says whether the session's user belongs to the group.
 */
export async function readFreshness(
  db: Database,
  checks: readonly FreshnessCheck[],
): Promise<(GroupFreshness | null)[]> {
  if (checks.length === 0) return [];
  const json = JSON.stringify(
    checks.map((check, i) => ({ i, session_id: check.sessionId, group_id: check.groupId, snapshot: check.snapshot })),
  );
  const rows = await freshnessQueries(db).checks.execute({ checks: json });
  const answers: (GroupFreshness | null)[] = checks.map(() => null);
  for (const { i, ...answer } of rows) answers[i] = answer;
  return answers;
}

/** The session and the freshness of the user's dashboard; null when the session does not exist. */
export async function readDashboardFreshness(
  db: Database,
  sessionId: string,
  snapshot: string | null,
): Promise<Freshness | null> {
  const [answer] = await readFreshness(db, [{ sessionId, groupId: null, snapshot }]);
  return answer ?? null;
}

/** The session, its membership of the group, and the freshness of the group's request list. */
export async function readGroupFreshness(
  db: Database,
  sessionId: string,
  groupId: string,
  snapshot: string | null,
): Promise<GroupFreshness | null> {
  const [answer] = await readFreshness(db, [{ sessionId, groupId, snapshot }]);
  return answer ?? null;
}
