import { offlineMembers } from "@hyn/db";
import { MAX_GROUP_MEMBERS, type addOfflineMemberInput } from "@hyn/validators";
import type { z } from "zod";
import { countMembers, isMember, lockGroup } from "../groups/membership";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";

/**
 * POST /groups/{id}/offline-members (issue 42 §1): any member adds a neighbour who has no account and
 * becomes their contact. Under the group's lock, as every join is, so the group's 20 holds: members and
 * neighbours without the app together (`countMembers`).
 */
export async function addOfflineMember(
  deps: CoreDeps,
  userId: string,
  input: z.output<typeof addOfflineMemberInput>,
): Promise<{ id: string }> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, input.groupId);
    if (!(await isMember(tx, group.id, userId))) throw new AppError("FORBIDDEN", "notMember");
    if ((await countMembers(tx, group.id)) >= MAX_GROUP_MEMBERS) throw new AppError("CONFLICT", "groupFull");
    const [row] = await tx
      .insert(offlineMembers)
      .values({
        groupId: group.id,
        name: input.name,
        phone: input.phone,
        generalArea: input.generalArea,
        howToReach: input.howToReach,
        contactId: userId,
        createdAt: clock.now(),
      })
      .returning({ id: offlineMembers.id });
    return { id: row!.id };
  });
}
