import { groupMembers, groups, reports, users } from "@hyn/db";
import type { removeGroupInput } from "@hyn/validators";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { enqueueEmail } from "../mail/outbox";
import { groupRemovedEmail } from "../mail/templates";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { localeOf } from "../shared/locale";
import { audit, closeReports } from "./audit";

export type RemoveGroup = z.output<typeof removeGroupInput>;

/** DELETE /admin/groups/{id}: the group goes with its requests and invitations; every member is told. */
export async function removeGroup(deps: CoreDeps, adminId: string, input: RemoveGroup): Promise<void> {
  const now = deps.clock.now();
  const url = `${deps.config.appUrl}/groups`;
  await deps.db.transaction(async (tx) => {
    const [group] = await tx
      .select({ id: groups.id, name: groups.name })
      .from(groups)
      .where(eq(groups.id, input.id))
      .for("update");
    if (!group) throw new AppError("NOT_FOUND", "groupNotFound");
    const members = await tx
      .select({ id: users.id, email: users.email, locale: users.locale })
      .from(groupMembers)
      .innerJoin(users, eq(users.id, groupMembers.userId))
      .where(eq(groupMembers.groupId, group.id));
    await closeReports(tx, adminId, now, eq(reports.groupId, group.id), input.reportId);
    await tx.delete(groups).where(eq(groups.id, group.id));
    for (const member of members)
      await enqueueEmail(tx, now, {
        ...groupRemovedEmail(member.email, { groupName: group.name, url }, localeOf(member.locale)),
        type: "group_removed",
        userId: member.id,
      });
    await audit(tx, adminId, now, {
      action: "group_removed",
      subjectId: group.id,
      subjectLabel: group.name,
      reportId: input.reportId,
      reason: input.reason,
      details: { members: members.length },
    });
  });
}
