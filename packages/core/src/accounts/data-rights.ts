import {
  emailOutbox,
  feedback,
  groupMembers,
  groups,
  invites,
  requests,
  userBlocks,
  userEmailPreferences,
  userLimits,
  users,
} from "@hyn/db";
import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import type { CoreDeps } from "../shared/deps";
import { noticeHandover } from "../groups/departure-notices";
import { departFromGroups } from "../groups/membership";
import { itemNotices } from "../trips/endings";
import { verifyPassword } from "./passwords";
import { invalidateUserSessions } from "./sessions";
import { userColumns, toUser } from "./user-view";
import { createPushService } from "../push/subscriptions";

/**
 * A person's rights over their data: a full export, and deletion that leaves nothing of them behind
 * while keeping their neighbours' groups and requests working.
 */
export function createDataRightsService(deps: CoreDeps) {
  const pushDevices = createPushService(deps);
  const { db, clock } = deps;

  return {
    /** Everything the product holds about the caller, as plain JSON-able data. */
    async exportData(userId: string) {
      const [user] = await db.select(userColumns).from(users).where(eq(users.id, userId));
      if (!user) throw new AppError("NOT_FOUND", "userNotFound");
      const email = user.email.toLowerCase();
      const [preferences, limits, memberships, posted, claimed, sentInvites, receivedInvites, sentFeedback] =
        await Promise.all([
          db
            .select({ frequency: userEmailPreferences.frequency, lastDailySent: userEmailPreferences.lastDailySent })
            .from(userEmailPreferences)
            .where(eq(userEmailPreferences.userId, userId)),
          db
            .select({
              maxOpenRequests: userLimits.maxOpenRequests,
              maxGroupsCreated: userLimits.maxGroupsCreated,
              maxGroupsJoined: userLimits.maxGroupsJoined,
            })
            .from(userLimits)
            .where(eq(userLimits.userId, userId)),
          db
            .select({
              groupId: groups.id,
              name: groups.name,
              isOwner: sql<boolean>`${groups.createdBy} = ${userId}`,
              joinedAt: groupMembers.joinedAt,
            })
            .from(groupMembers)
            .innerJoin(groups, eq(groups.id, groupMembers.groupId))
            .where(eq(groupMembers.userId, userId)),
          db
            .select({
              id: requests.id,
              groupId: requests.groupId,
              itemDescription: requests.itemDescription,
              storePreference: requests.storePreference,
              neededBy: requests.neededBy,
              pickupNotes: requests.pickupNotes,
              status: requests.status,
              createdAt: requests.createdAt,
              fulfilledAt: requests.fulfilledAt,
              thankedAt: requests.thankedAt,
            })
            .from(requests)
            .where(eq(requests.userId, userId)),
          db
            .select({
              id: requests.id,
              itemDescription: requests.itemDescription,
              status: requests.status,
              claimedAt: requests.claimedAt,
              fulfilledAt: requests.fulfilledAt,
              thankedAt: requests.thankedAt,
            })
            .from(requests)
            .where(eq(requests.claimedBy, userId)),
          db
            .select({
              id: invites.id,
              groupId: invites.groupId,
              email: invites.email,
              createdAt: invites.createdAt,
              expiresAt: invites.expiresAt,
              usedAt: invites.usedAt,
            })
            .from(invites)
            .where(eq(invites.invitedBy, userId)),
          db
            .select({
              id: invites.id,
              groupId: invites.groupId,
              createdAt: invites.createdAt,
              expiresAt: invites.expiresAt,
              usedAt: invites.usedAt,
            })
            .from(invites)
            .where(eq(invites.email, email)),
          db
            .select({
              id: feedback.id,
              subject: feedback.subject,
              message: feedback.message,
              createdAt: feedback.createdAt,
            })
            .from(feedback)
            .where(or(eq(feedback.userId, userId), eq(feedback.email, email))),
        ]);
      return {
        exportedAt: clock.now(),
        user: toUser(user),
        emailPreferences: preferences[0] ?? null,
        limits: limits[0] ?? null,
        groups: memberships,
        requestsPosted: posted,
        requestsClaimed: claimed,
        invitationsSent: sentInvites,
        invitationsReceived: receivedInvites,
        feedback: sentFeedback,
        // Devices that get push notifications (issue 16), as the profile lists them.
        pushDevices: await pushDevices.list(userId),
        // Whom they blocked (issue 29, PRODUCT "Blocking"), by id and when; whoever blocked them is theirs.
        blocked: await db
          .select({ userId: userBlocks.blockedId, blockedAt: userBlocks.createdAt })
          .from(userBlocks)
          .where(eq(userBlocks.blockerId, userId)),
      };
    },

    /**
     * Deletes the account after re-checking the password. Owned groups pass to their longest-standing
     * other member (or are deleted when empty); requests the person had claimed open again; their own
     * requests, memberships, sessions, tokens, invitations, feedback and queued e-mails go.
     */
    async deleteAccount(userId: string, password: string): Promise<void> {
      const [account] = await db
        .select({ passwordHash: users.passwordHash, email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      if (!account) throw new AppError("NOT_FOUND", "userNotFound");
      if (!(await verifyPassword(account.passwordHash, password)))
        throw new AppError("FORBIDDEN", "invalidCredentials");
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
    },
  };
}

export type DataRightsService = ReturnType<typeof createDataRightsService>;
