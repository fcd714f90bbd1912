import { groupLinks } from "@hyn/db";
import { and, eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { live } from "./link-reads";
import { ownedGroup } from "./owner-checks";

/** Owner only: the link stops working at once (people it let in stay). Revoking twice: not found. */
export async function revokeGroupLink(
  deps: CoreDeps,
  ownerId: string,
  input: { groupId: string; linkId: string },
): Promise<void> {
  const { db, clock } = deps;
  const { groupId, linkId } = input;
  const now = clock.now();
  await db.transaction(async (tx) => {
    await ownedGroup(tx, ownerId, groupId);
    const removed = await tx
      .update(groupLinks)
      .set({ revokedAt: now })
      .where(and(eq(groupLinks.id, linkId), eq(groupLinks.groupId, groupId), live(now)))
      .returning({ id: groupLinks.id });
    if (removed.length === 0) throw new AppError("NOT_FOUND", "groupLinkNotFound");
  });
}

/**
 * Owner only (issue 43): every live link of the group that lets people in at once stops working, so turning
 * approval on leaves no older link that skips it. Answers how many were revoked (none is not an error).
 */
export async function revokeLinksJoiningAtOnce(deps: CoreDeps, ownerId: string, groupId: string): Promise<number> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await ownedGroup(tx, ownerId, groupId);
    const revoked = await tx
      .update(groupLinks)
      .set({ revokedAt: now })
      .where(and(eq(groupLinks.groupId, groupId), eq(groupLinks.approval, false), live(now)))
      .returning({ id: groupLinks.id });
    return revoked.length;
  });
}
