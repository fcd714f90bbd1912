import { groups } from "@hyn/db";
import type { updateGroupInput, Group } from "@hyn/validators";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { groupOf } from "./view";

export type UpdateGroup = z.output<typeof updateGroupInput>;

/**
 * PUT /api/groups/{id}: the owner sets (or clears) the description and the rules, each only when given;
 * one conditional update, so race-free. Changed rules (PRODUCT "Group rules") note when, so members
 * who accepted them before accept again.
 */
export async function updateGroup(deps: CoreDeps, userId: string, input: UpdateGroup): Promise<Group> {
  const { db, clock } = deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    const { description, rules } = input;
    const updated = await tx
      .update(groups)
      .set({
        description: description === undefined ? sql`${groups.description}` : description,
        ...(rules !== undefined && {
          rules,
          rulesChangedAt: sql`case when ${groups.rules} is distinct from ${rules}::text then ${now.toISOString()}::timestamptz else ${groups.rulesChangedAt} end`,
        }),
      })
      .where(and(eq(groups.id, input.groupId), eq(groups.createdBy, userId)))
      .returning({ id: groups.id });
    if (updated.length === 0) {
      const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, input.groupId));
      throw group ? new AppError("FORBIDDEN", "onlyOwnersDescribe") : new AppError("NOT_FOUND", "groupNotFound");
    }
    return groupOf(tx, userId, input.groupId);
  });
}
