import { invites } from "@hyn/db";
import { eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { assertAnswerable, markUsed } from "./invitation-rows";

/** Only the addressee; the invitation is used and leaves the incoming list. */
export async function declineInvitation(deps: CoreDeps, userId: string, invitationId: string): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [invite] = await tx
      .select({ email: invites.email, expiresAt: invites.expiresAt, usedAt: invites.usedAt })
      .from(invites)
      .where(eq(invites.id, invitationId))
      .for("update");
    if (!invite) throw new AppError("NOT_FOUND", "invitationNotFound");
    await assertAnswerable(tx, userId, invite, now);
    await markUsed(tx, invitationId, userId, "declined", now);
  });
}
