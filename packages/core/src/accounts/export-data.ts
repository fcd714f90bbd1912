import {
  feedback,
  groupMembers,
  groups,
  invites,
  offlineMembers,
  requests,
  userBlocks,
  userEmailPreferences,
  userLimits,
  users,
} from "@hyn/db";
import { eq, or, sql } from "drizzle-orm";
import { AppError } from "../shared/errors";
import type { CoreDeps } from "../shared/deps";
import { createPushService } from "../push/subscriptions";
import { userColumns, toUser } from "./user-view";

/** Everything the product holds about the caller, as plain JSON-able data. */
export async function exportData(deps: CoreDeps, userId: string) {
  const { db, clock } = deps;
  const [user] = await db.select(userColumns).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("NOT_FOUND", "userNotFound");
  const email = user.email.toLowerCase();
  const [preferences, limits, memberships, posted, claimed, sentInvites, receivedInvites, sentFeedback] =
    await Promise.all([
      db
        .select({
          frequency: userEmailPreferences.frequency,
          lastDailySent: userEmailPreferences.lastDailySent,
          lastQuietNoticeSent: userEmailPreferences.lastQuietNoticeSent,
        })
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
          onBehalfOf: requests.onBehalfOf,
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
    pushDevices: await createPushService(deps).list(userId),
    // Whom they blocked (issue 29, PRODUCT "Blocking"), by id and when; whoever blocked them is theirs.
    blocked: await db
      .select({ userId: userBlocks.blockedId, blockedAt: userBlocks.createdAt })
      .from(userBlocks)
      .where(eq(userBlocks.blockerId, userId)),
    // The neighbours without the app they are the contact of (issue 42 §1): what they told the group of them.
    offlineNeighbours: await db
      .select({
        id: offlineMembers.id,
        groupId: offlineMembers.groupId,
        name: offlineMembers.name,
        phone: offlineMembers.phone,
        generalArea: offlineMembers.generalArea,
        howToReach: offlineMembers.howToReach,
        createdAt: offlineMembers.createdAt,
      })
      .from(offlineMembers)
      .where(eq(offlineMembers.contactId, userId)),
  };
}
