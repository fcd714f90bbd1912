import { groupJoinRequests } from "@hyn/db";
import { eq } from "drizzle-orm";
import { addMember, isMember } from "../groups/membership";
import { publishJoinAnswered } from "../events/publish";
import type { CoreDeps } from "../shared/deps";
import { tellAsker } from "./notices";
import { lockJoinRequest, type JoinRequestRef } from "./owner-checks";

/**
 * Owner only: the person joins (the member cap and their joined-groups limit apply, as on any join;
 * refused, the request stays for a later try or a decline) and is told. Already in: the request just goes.
 */
export async function approveJoinRequest(deps: CoreDeps, ownerId: string, input: JoinRequestRef): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  await db.transaction(async (tx) => {
    const { group, request } = await lockJoinRequest(tx, ownerId, input);
    const already = await isMember(tx, group.id, request.userId);
    // They accepted the rules when they asked; rules changed since are asked again on their next visit.
    if (!already) await addMember(tx, group, request.userId, now, request.createdAt);
    await tx.delete(groupJoinRequests).where(eq(groupJoinRequests.id, request.id));
    // The person waiting sees it at once on any page they have open (issue 43).
    await publishJoinAnswered(tx, { userId: request.userId, groupId: group.id, approved: true });
    if (!already)
      await tellAsker(deps, tx, now, group, { askerId: request.userId, joinRequestId: request.id, approved: true });
  });
}
