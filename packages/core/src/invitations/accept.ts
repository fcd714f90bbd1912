import { invites } from "@hyn/db";
import type { Group } from "@hyn/validators";
import { eq } from "drizzle-orm";
import { addMember, requireRulesAccepted } from "../groups/membership";
import { groupOf } from "../groups/view";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { assertAnswerable, lockInvitation, markUsed } from "./invitation-rows";

/** Only the addressee; joins the group (full group and joined limit apply) and uses the invitation. */
export async function acceptInvitation(
  deps: CoreDeps,
  userId: string,
  input: { invitationId: string; acceptRules: boolean },
): Promise<Group> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const locked = await lockInvitation(tx, eq(invites.id, input.invitationId));
    if (!locked) throw new AppError("NOT_FOUND", "invitationNotFound");
    await assertAnswerable(tx, userId, locked.invite, now);
    // As on the join page: the app's list shows the rules, and accepting needs them accepted.
    requireRulesAccepted(locked.group, input.acceptRules);
    await addMember(tx, locked.group, userId, now, now);
    await markUsed(tx, input.invitationId, userId, "accepted", now);
    return groupOf(tx, userId, locked.group.id);
  });
}
