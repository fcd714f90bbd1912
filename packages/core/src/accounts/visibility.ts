import { groupMembers, users, type Database } from "@hyn/db";
import { type PublicUser } from "@hyn/validators";
import { and, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { publicUserColumns } from "./user-view";
import { emailForReaderSql } from "../shared/email-visibility";

/** The people among `userIds` the viewer may see: themself, and whoever shares a group with them. */
async function visibleUsers(db: Database, viewerId: string, userIds: string[]): Promise<PublicUser[]> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return [];
  const mine = alias(groupMembers, "mine");
  const theirs = alias(groupMembers, "theirs");
  const shared = db
    .select({ userId: theirs.userId })
    .from(theirs)
    .innerJoin(mine, and(eq(mine.groupId, theirs.groupId), eq(mine.userId, viewerId)))
    .where(inArray(theirs.userId, ids));
  return db
    .select({ ...publicUserColumns, email: emailForReaderSql(users, viewerId) })
    .from(users)
    .where(and(inArray(users.id, ids), sql`(${users.id} = ${viewerId} OR ${users.id} IN (${shared}))`));
}

/** Who can see whom (docs/PRODUCT.md, "6. Who may do what"): a person outside every shared group does not exist to the viewer. */
export function createVisibilityService(deps: CoreDeps) {
  const { db } = deps;

  return {
    /** A user is visible to themself and to people who share a group with them; others get "User not found". */
    async visibleUser(viewerId: string, userId: string): Promise<PublicUser> {
      const [found] = await visibleUsers(db, viewerId, [userId]);
      if (!found) throw new AppError("NOT_FOUND", "userNotFound");
      return found;
    },

    visibleUsers: (viewerId: string, userIds: string[]): Promise<PublicUser[]> => visibleUsers(db, viewerId, userIds),
  };
}
