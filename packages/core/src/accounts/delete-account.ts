import { emailOutbox, feedback, groupMembers, groups, invites, users } from "@hyn/db";
import { and, asc, eq, ne, or } from "drizzle-orm";
import { AppError } from "../shared/errors";
import type { CoreDeps } from "../shared/deps";
import { noticeHandover } from "../groups/departure-notices";
import { departFromGroups } from "../groups/membership";
import { itemNotices } from "../trips/endings";
import { verifyPassword } from "./passwords";
import { invalidateUserSessions } from "./sessions";

/**
 * Deletes the account after re-checking the password. Owned groups pass to their longest-standing
 * other member (or are deleted when empty); requests the person had claimed open again; their own
 * requests, memberships, sessions, tokens, invitations, feedback and queued e-mails go.
 */
export async function deleteAccount(deps: CoreDeps, userId: string, password: string): Promise<void> {
  const { db, clock } = deps;
  const [account] = await db
    .select({ passwordHash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new AppError("NOT_FOUND", "userNotFound");
  if (!(await verifyPassword(account.passwordHash, password))) throw new AppError("FORBIDDEN", "invalidCredentials");
  const email = account.email.toLowerCase();
  const notices = await itemNotices(deps, clock.now());

  await db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: groups.id, name: groups.name, createdBy: groups.createdBy })
      .from(groups)
      .where(eq(groups.createdBy, userId))
      .for("update");
    for (const group of owned) {
      const [heir] = await tx
        .select({ userId: groupMembers.userId })
        .from(groupMembers)
        .where(and(eq(groupMembers.groupId, group.id), ne(groupMembers.userId, userId)))
        .orderBy(asc(groupMembers.joinedAt), asc(groupMembers.userId))
        .limit(1);
      if (heir) {
        await tx.update(groups).set({ createdBy: heir.userId }).where(eq(groups.id, group.id));
        await noticeHandover(deps, tx, { newOwnerId: heir.userId, previousOwnerId: userId, group });
      } else await tx.delete(groups).where(eq(groups.id, group.id));
    }
    // Before the cascades: requests they had offered to help with (their trips' items too) go back to their neighbours.
    await departFromGroups(tx, notices, userId, "every group");
    await tx.delete(invites).where(eq(invites.email, email));
    await tx.delete(feedback).where(or(eq(feedback.userId, userId), eq(feedback.email, email)));
    await tx.delete(emailOutbox).where(or(eq(emailOutbox.userId, userId), eq(emailOutbox.toAddress, email)));
    // Ended here rather than by the cascade, so their live streams end too.
    await invalidateUserSessions(tx, userId);
    // Cascades: tokens, memberships, own requests, sent invitations, limits, preferences, send log.
    await tx.delete(users).where(eq(users.id, userId));
  });
}
