import { perDatabase, sessions, users, type Database } from "@hyn/db";
import { eq, sql, type SQL } from "drizzle-orm";
import { sessionRowColumns, type SessionFacts } from "../accounts/sessions";
import type { UserRow } from "../accounts/user-view";

/**
 * The answer cache's one statement per call (ADR 0009): the session, as the normal path reads it,
 * plus the database's current snapshot, plus whether anything in the answer's scope has committed
 * since the snapshot an entry was built after. change_log rows are written by triggers in the same
 * transaction as each change, so "committed since" is exact: a row whose transaction is not visible
 * in the entry's snapshot is a change the entry cannot contain.
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
}

const snapshotParam = sql`${sql.placeholder("snapshot")}::text::pg_snapshot`;

/** change_log rows matching `scope` whose transaction the given snapshot does not see. */
function changedSince(scope: SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from change_log c where ${scope} and c.xid >= pg_snapshot_xmin(${snapshotParam}) and not pg_visible_in_snapshot(c.xid, ${snapshotParam}))`;
}

const freshnessQueries = perDatabase((db) => {
  const sessionId = sql.placeholder("sessionId");
  const groupId = sql`${sql.placeholder("groupId")}::uuid`;
  const session = { ...sessionRowColumns, snapshot: sql<string>`pg_current_snapshot()::text` };
  return {
    // A dashboard shows the user's groups (and everything in them); what is logged under the user
    // covers the rest: their own requests wherever they are, their memberships, limits and counts.
    // One index probe per group (change_log_group_idx), however busy the rest of the database is.
    dashboard: db
      .select({
        ...session,
        changed: sql<boolean>`(${changedSince(sql`c.user_id = ${sessions.userId}`)} or exists (select 1 from group_members m where m.user_id = ${sessions.userId} and ${changedSince(sql`c.group_id = m.group_id`)}))`,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId))
      .prepare("answer_freshness_dashboard"),
    // A group's list is the same for every member: it depends on the group alone.
    group: db
      .select({
        ...session,
        isMember: sql<boolean>`exists (select 1 from group_members m where m.group_id = ${groupId} and m.user_id = ${sessions.userId})`,
        changed: changedSince(sql`c.group_id = ${groupId}`),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sessionId))
      .prepare("answer_freshness_group"),
  };
});

/** The session and the freshness of the user's dashboard; null when the session does not exist. */
export async function readDashboardFreshness(db: Database, sessionId: string, snapshot: string | null): Promise<Freshness | null> {
  const [row] = await freshnessQueries(db).dashboard.execute({ sessionId, snapshot });
  return row ?? null;
}

/** The session, its membership of the group, and the freshness of the group's request list. */
export async function readGroupFreshness(db: Database, sessionId: string, groupId: string, snapshot: string | null): Promise<GroupFreshness | null> {
  const [row] = await freshnessQueries(db).group.execute({ sessionId, groupId, snapshot });
  return row ?? null;
}
