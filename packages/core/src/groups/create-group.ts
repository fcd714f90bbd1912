import { groupMembers, groups } from "@hyn/db";
import type { createGroupInput, Group } from "@hyn/validators";
import type { z } from "zod";
import { groupCreationRefusal } from "@hyn/validators/rules";
import { countUsage, lockUserLimits } from "../limits/usage";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";

export type CreateGroup = z.output<typeof createGroupInput>;

/** The creator becomes owner and first member; the groups-created limit is counted under their lock. */
export async function createGroup(deps: CoreDeps, userId: string, input: CreateGroup): Promise<Group> {
  const { db, clock } = deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const limits = await lockUserLimits(tx, userId);
    const refusal = groupCreationRefusal(limits, await countUsage(tx, userId));
    if (refusal) throw new AppError("CONFLICT", refusal);
    const [group] = await tx.insert(groups).values({ name: input.name, createdBy: userId, createdAt: now }).returning({
      id: groups.id,
      name: groups.name,
      description: groups.description,
      createdBy: groups.createdBy,
      createdAt: groups.createdAt,
    });
    await tx.insert(groupMembers).values({ groupId: group!.id, userId, joinedAt: now });
    return { ...group!, memberCount: 1, joinedAt: now, rules: null, rulesToAccept: false };
  });
}
