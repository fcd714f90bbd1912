import { offlineMembers, requests } from "@hyn/db";
import { and, eq } from "drizzle-orm";
import { publishRequestEvents } from "../events/publish";
import { isMember, lockGroup } from "../groups/membership";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { offlineNeighbourNotFound } from "../shared/offline-member-lookup";

/**
 * DELETE /groups/{id}/offline-members/{offlineId} (issue 42 §1): by their contact or the group's owner.
 * Their data goes with them: the requests posted for them too, each announced live as `request.deleted`
 * (as when a requester deletes their own, so a helper's open page hears it and every list lets it go);
 * the change log's trigger tells the answer cache.
 */
export async function removeOfflineMember(
  deps: CoreDeps,
  userId: string,
  input: { groupId: string; offlineId: string },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const group = await lockGroup(tx, input.groupId);
    if (!(await isMember(tx, group.id, userId))) throw new AppError("FORBIDDEN", "notMember");
    const [row] = await tx
      .select({ contactId: offlineMembers.contactId })
      .from(offlineMembers)
      .where(and(eq(offlineMembers.id, input.offlineId), eq(offlineMembers.groupId, group.id)));
    if (!row) throw offlineNeighbourNotFound();
    if (row.contactId !== userId && group.createdBy !== userId)
      throw new AppError("FORBIDDEN", "onlyContactOrOwnerRemovesNeighbour");
    // Deleted here rather than by the foreign key's cascade, so that each is announced.
    const deleted = await tx
      .delete(requests)
      .where(eq(requests.onBehalfOf, input.offlineId))
      .returning({ id: requests.id, groupId: requests.groupId, ownerId: requests.userId });
    await publishRequestEvents(
      tx,
      deleted.map((request) => ({ type: "request.deleted" as const, requestId: request.id, ...request })),
    );
    await tx.delete(offlineMembers).where(eq(offlineMembers.id, input.offlineId));
  });
}
