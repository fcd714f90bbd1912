import { groupLinks } from "@hyn/db";
import type { GroupLink } from "@hyn/validators";
import { and, desc, eq } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { joinUrl, live } from "./link-reads";
import { assertOwner } from "./owner-checks";
import { groupLinkToken, loadGroupLinkKey } from "./tokens";

/** Owner only: the group's live links, newest first, each with its link shown again. */
export async function listGroupLinks(deps: CoreDeps, ownerId: string, groupId: string): Promise<GroupLink[]> {
  const { db, clock, config } = deps;
  await assertOwner(db, ownerId, groupId);
  const key = await loadGroupLinkKey(db);
  const rows = await db
    .select({ id: groupLinks.id, expiresAt: groupLinks.expiresAt, approval: groupLinks.approval })
    .from(groupLinks)
    .where(and(eq(groupLinks.groupId, groupId), live(clock.now())))
    .orderBy(desc(groupLinks.createdAt), desc(groupLinks.id));
  return rows.map((row) => {
    const token = groupLinkToken(key, row.id);
    return { ...row, token, url: joinUrl(config, token) };
  });
}
