import { invites } from "@hyn/db";
import { MAX_PENDING_INVITATIONS, type InvitationCount } from "@hyn/validators";
import { and, eq, sql } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { pendingAt } from "./invitation-rows";

/** How many of the caller's invitations are pending, against the most they may have. */
export async function countInvitations(deps: CoreDeps, userId: string): Promise<InvitationCount> {
  const [row] = await deps.db
    .select({ current: sql<number>`count(*)`.mapWith(Number) })
    .from(invites)
    .where(and(eq(invites.invitedBy, userId), pendingAt(deps.clock.now())));
  return { current: row?.current ?? 0, max: MAX_PENDING_INVITATIONS };
}
