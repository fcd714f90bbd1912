import { invites } from "@hyn/db";
import type { Group } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { addMember, requireRulesAccepted } from "../groups/membership";
import { groupOf } from "../groups/view";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { hashToken } from "../shared/tokens";
import { emailOf, lockInvitation, markUsed } from "./invitation-rows";

/**
 * An e-mailed link joins only the account with the address it was sent to (PRODUCT "What is checked"):
 * anyone else holding it gets "Invitation is not for your email address" (403), and it stays unused.
 */
export async function joinByInviteToken(
  deps: CoreDeps,
  userId: string,
  input: { token: string; acceptRules: boolean },
): Promise<Group> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const locked = await lockInvitation(tx, eq(invites.tokenHash, hashToken(input.token)));
    if (!locked || locked.invite.usedAt) throw new AppError("NOT_FOUND", "invalidOrExpiredInviteToken");
    if (locked.invite.expiresAt.getTime() <= now.getTime()) throw new AppError("CONFLICT", "inviteExpired");
    const me = await emailOf(tx, userId);
    if (me.email.toLowerCase() !== locked.invite.email) throw new AppError("FORBIDDEN", "invitationNotForYou");
    requireRulesAccepted(locked.group, input.acceptRules);
    await addMember(tx, locked.group, userId, now, now);
    await markUsed(tx, locked.invite.id, userId, "accepted", now);
    return groupOf(tx, userId, locked.group.id);
  });
}
