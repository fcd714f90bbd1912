import { groups, invites } from "@hyn/db";
import { eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";

/**
 * The sender or the group's owner (PRODUCT "Departures"), and not once it was used (PRODUCT "How
 * things change"; cancelling deletes it).
 */
export async function cancelInvitation(deps: CoreDeps, userId: string, invitationId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [invite] = await tx
      .select({ invitedBy: invites.invitedBy, usedAt: invites.usedAt, groupOwner: groups.createdBy })
      .from(invites)
      .innerJoin(groups, eq(groups.id, invites.groupId))
      .where(eq(invites.id, invitationId))
      .for("update", { of: invites });
    if (!invite) throw new AppError("NOT_FOUND", "invitationNotFound");
    if (invite.invitedBy !== userId && invite.groupOwner !== userId)
      throw new AppError("FORBIDDEN", "onlyCancelOwnInvitations");
    if (invite.usedAt) throw new AppError("CONFLICT", "cannotCancelAccepted");
    await tx.delete(invites).where(eq(invites.id, invitationId));
  });
}
