import { groupJoinRequests } from "@hyn/db";
import { eq } from "drizzle-orm";
import { publishJoinAnswered } from "../events/publish";
import type { CoreDeps } from "../shared/deps";
import { tellAsker } from "./notices";
import { lockJoinRequest, type JoinRequestRef } from "./owner-checks";

/**
 * Owner only: the request is declined and the person is told (at once on their open pages too). They may ask
 * again JOIN_REQUEST_DECLINE_COOLDOWN_DAYS later, while a link lives (join.ts); the row remembers when.
 */
export async function declineJoinRequest(deps: CoreDeps, ownerId: string, input: JoinRequestRef): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const { group, request } = await lockJoinRequest(tx, ownerId, input);
    await tx.update(groupJoinRequests).set({ declinedAt: now }).where(eq(groupJoinRequests.id, request.id));
    await publishJoinAnswered(tx, { userId: request.userId, groupId: group.id, approved: false });
    await tellAsker(deps, tx, now, group, { askerId: request.userId, joinRequestId: request.id, approved: false });
  });
}
