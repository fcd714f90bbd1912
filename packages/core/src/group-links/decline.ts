import { groupJoinRequests } from "@hyn/db";
import { eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { tellAsker } from "./notices";
import { lockJoinRequest, type JoinRequestRef } from "./owner-checks";

/** Owner only: the request goes and the person is told. They may ask again while a link lives. */
export async function declineJoinRequest(deps: CoreDeps, ownerId: string, input: JoinRequestRef): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const { group, request } = await lockJoinRequest(tx, ownerId, input);
    await tx.delete(groupJoinRequests).where(eq(groupJoinRequests.id, request.id));
    await tellAsker(deps, tx, now, group, { askerId: request.userId, joinRequestId: request.id, approved: false });
  });
}
