import { invites, reports, requests, requestSeries, users } from "@hyn/db";
import type { Suspension, suspendUserInput } from "@hyn/validators";
import { and, eq, isNull } from "drizzle-orm";
import type { z } from "zod";
import { invalidateUserSessions } from "../accounts/sessions";
import { publishRequestEvent } from "../events/publish";
import { enqueueEmail } from "../mail/outbox";
import { accountSuspendedEmail } from "../mail/templates";
import type { CoreDeps } from "../shared/deps";
import { displayName } from "../shared/display-name";
import { AppError } from "../shared/errors";
import { localeOf } from "../shared/locale";
import { endTripsOf, giveBackClaims, itemNotices } from "../trips/endings";
import { adminContactOf } from "./admin-contact";
import { audit, closeReports } from "./audit";

export type SuspendUser = z.output<typeof suspendUserInput>;

/**
 * POST /admin/users/{id}/suspend (PRODUCT "Suspension"), in one transaction: the account is marked, its
 * sessions end, its open trips are cancelled (their items given back, each requester told, as a cancelled
 * trip tells them; `endTripsOf`, as a departure from every group), the repeating requests it did every
 * time let go, its open requests are withdrawn, its claims reopened, its pending invitations cancelled,
 * the open reports about it closed, the person told by e-mail. Marking the row first waits for any post
 * or claim of theirs in flight (they hold it FOR SHARE: requests/statements.ts), which the statements after
 * it then see; one that starts later finds the account suspended and is refused.
 */
export async function suspendUser(deps: CoreDeps, adminId: string, input: SuspendUser): Promise<Suspension> {
  if (input.id === adminId) throw new AppError("BAD_REQUEST", "cannotSuspendYourself");
  const now = deps.clock.now();
  const notices = await itemNotices(deps, now);
  return deps.db.transaction(async (tx) => {
    const [person] = await tx
      .update(users)
      .set({ suspendedAt: now })
      .where(and(eq(users.id, input.id), isNull(users.suspendedAt)))
      .returning({ email: users.email, name: users.name, locale: users.locale });
    if (!person) {
      const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.id));
      throw exists ? new AppError("CONFLICT", "alreadySuspended") : new AppError("NOT_FOUND", "userNotFound");
    }
    const endedSessions = await invalidateUserSessions(tx, input.id);
    const givenBackFromTrips = await endTripsOf(tx, notices, input.id, "every group");
    // A repeating request they did every time is free for another member to take, its next one posted
    // open, as at a departure (groups/membership.ts); reinstated, they take it again only by asking.
    await tx.update(requestSeries).set({ helperId: null }).where(eq(requestSeries.helperId, input.id));
    // Each requester told, as when a helper gives a request back (issue 43 §2).
    const givenBack = await giveBackClaims(tx, notices, input.id, eq(requests.claimedBy, input.id));
    const withdrawn = await tx
      .delete(requests)
      .where(and(eq(requests.userId, input.id), eq(requests.status, "open")))
      .returning({ id: requests.id, groupId: requests.groupId, ownerId: requests.userId });
    for (const request of withdrawn)
      await publishRequestEvent(tx, { type: "request.deleted", requestId: request.id, ...request });
    const cancelled = await tx
      .delete(invites)
      .where(and(eq(invites.invitedBy, input.id), isNull(invites.usedAt)))
      .returning({ id: invites.id });
    await closeReports(tx, adminId, now, eq(reports.subjectUserId, input.id), input.reportId);
    const result: Suspension = {
      withdrawnRequests: withdrawn.length,
      reopenedClaims: givenBackFromTrips + givenBack,
      cancelledInvitations: cancelled.length,
      endedSessions,
    };
    await audit(tx, adminId, now, {
      action: "user_suspended",
      subjectId: input.id,
      subjectLabel: `${displayName(person.name, person.email)} <${person.email}>`,
      reportId: input.reportId,
      reason: input.reason,
      details: { ...result },
    });
    await enqueueEmail(tx, now, {
      ...accountSuspendedEmail(
        person.email,
        {
          reason: input.reason,
          withdrawn: withdrawn.length,
          reopened: result.reopenedClaims,
          contact: adminContactOf(deps.config),
        },
        localeOf(person.locale),
      ),
      type: "account_suspended",
      userId: input.id,
    });
    return result;
  });
}
