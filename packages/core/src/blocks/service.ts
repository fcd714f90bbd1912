import { groupMembers, rowsOf, userBlocks, users } from "@hyn/db";
import type { BlockedUser } from "@hyn/validators";
import { and, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { blockEventOf } from "../events/publish";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { displayNameAmongGroups } from "../shared/display-name";

const userNotFound = () => new AppError("NOT_FOUND", "userNotFound");

/**
 * The change of a block row with its live announcement (blockEventOf), in one statement: the two
 * people's open streams read their blocks again once it commits (events/live.ts). One row per change.
 */
function announced(change: SQLWrapper): SQL {
  // An embedded query comes in its own parentheses.
  return sql`with changed as ${change} ${blockEventOf(sql`changed`)}`;
}

/** `a` and `b` are members of one group. */
function shareAGroup(a: string, b: AnyPgColumn) {
  return sql<boolean>`exists (select 1 from ${groupMembers} mine join ${groupMembers} theirs on theirs.group_id = mine.group_id where mine.user_id = ${a} and theirs.user_id = ${b})`;
}

/**
 * Blocking a member (issue 29, PRODUCT "Blocking"): one row per blocker and blocked. What a block does
 * is `noBlockBetween` (shared/blocks.ts), read wherever another's content is read or acted on; this
 * service keeps the rows and tells the live streams. Nobody is told, nobody leaves a group.
 */
export function createBlocksService(deps: CoreDeps) {
  const { db, clock } = deps;

  return {
    /**
     * POST /users/{id}/block: only someone the caller shares a group with (anyone else, and the caller
     * themself, is "User not found", as for reading them). Blocking again changes nothing.
     */
    async block(userId: string, blockedId: string): Promise<void> {
      if (blockedId === userId) throw userNotFound();
      const [neighbour] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, blockedId), shareAGroup(userId, users.id)));
      if (!neighbour) throw userNotFound();
      const placed = db
        .insert(userBlocks)
        .values({ blockerId: userId, blockedId, createdAt: clock.now() })
        .onConflictDoNothing()
        .returning({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId });
      await db.execute(announced(placed));
    },

    /** DELETE /users/{id}/block: lifts the caller's own block; none there is "User not found". */
    async unblock(userId: string, blockedId: string): Promise<void> {
      const lifted = db
        .delete(userBlocks)
        .where(and(eq(userBlocks.blockerId, userId), eq(userBlocks.blockedId, blockedId)))
        .returning({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId });
      if (rowsOf(await db.execute(announced(lifted))).length === 0) throw userNotFound();
    },

    /** GET /user/blocked: whom the caller has blocked, the latest first. */
    async blocked(userId: string): Promise<BlockedUser[]> {
      return db
        .select({
          id: users.id,
          name: displayNameAmongGroups(users, userId),
          blockedAt: userBlocks.createdAt,
        })
        .from(userBlocks)
        .innerJoin(users, eq(users.id, userBlocks.blockedId))
        .where(eq(userBlocks.blockerId, userId))
        .orderBy(desc(userBlocks.createdAt), users.id);
    },
  };
}
