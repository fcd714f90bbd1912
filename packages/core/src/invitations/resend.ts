import { groups, invites } from "@hyn/db";
import type { resendInvitationInput } from "@hyn/validators";
import { and, desc, eq, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { generateToken, hashToken } from "../shared/tokens";
import { queueInvitationEmail } from "./invitation-notices";
import { pendingAt } from "./invitation-rows";

type ResendInvitation = z.output<typeof resendInvitationInput>;

/**
 * POST /api/send-invitation: re-sends one of the caller's own pending invitations, to
 * its stored address, with its stored group name. The token is known only at creation, so a new
 * one replaces it and the old link stops working. Found by its token, else by address and group name.
 */
export async function resendInvitation(
  deps: CoreDeps,
  inviterId: string,
  input: ResendInvitation,
): Promise<{ emailId: string }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const mineWhere = (condition: SQL | undefined) =>
      tx
        .select({ id: invites.id, email: invites.email, groupName: groups.name })
        .from(invites)
        .innerJoin(groups, eq(groups.id, invites.groupId))
        .where(and(eq(invites.invitedBy, inviterId), pendingAt(now), condition))
        .orderBy(desc(invites.createdAt))
        .limit(1);
    const token = input.inviteToken?.trim();
    let [target] = token ? await mineWhere(eq(invites.tokenHash, hashToken(token))) : [];
    if (!target && input.recipientEmail && input.groupName) {
      [target] = await mineWhere(
        and(eq(invites.email, input.recipientEmail.trim().toLowerCase()), eq(groups.name, input.groupName.trim())),
      );
    }
    if (!target) throw new AppError("NOT_FOUND", "invitationNotFound");
    const newToken = generateToken();
    const rotated = await tx
      .update(invites)
      .set({ tokenHash: hashToken(newToken) })
      .where(and(eq(invites.id, target.id), isNull(invites.usedAt)))
      .returning({ id: invites.id });
    if (rotated.length === 0) throw new AppError("CONFLICT", "invitationUsed");
    const { id } = await queueInvitationEmail(deps, tx, now, target.email, target.groupName, inviterId, newToken);
    return { emailId: id };
  });
}
