import { groupLinks } from "@hyn/db";
import { MAX_LIVE_GROUP_LINKS, type GroupLink, type createGroupLinkInput } from "@hyn/validators";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { randomUUID } from "node:crypto";
import { DAY_MS } from "../shared/clock";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { hashToken } from "../shared/tokens";
import { joinUrl, live } from "./link-reads";
import { ownedGroup } from "./owner-checks";
import { groupLinkToken, loadGroupLinkKey } from "./tokens";

export type CreateGroupLink = z.output<typeof createGroupLinkInput>;

/** Owner only; at most MAX_LIVE_GROUP_LINKS live links per group, counted under the group's lock. */
export async function createGroupLink(deps: CoreDeps, ownerId: string, input: CreateGroupLink): Promise<GroupLink> {
  const { db, clock, config } = deps;
  const now = clock.now();
  const key = await loadGroupLinkKey(db);
  return db.transaction(async (tx) => {
    const group = await ownedGroup(tx, ownerId, input.groupId);
    const [row] = await tx
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(groupLinks)
      .where(and(eq(groupLinks.groupId, group.id), live(now)));
    if ((row?.count ?? 0) >= MAX_LIVE_GROUP_LINKS) throw new AppError("CONFLICT", "groupLinkLimit");
    const id = randomUUID();
    const token = groupLinkToken(key, id);
    const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
    await tx.insert(groupLinks).values({
      id,
      groupId: group.id,
      tokenHash: hashToken(token),
      approval: input.approval,
      expiresAt,
      createdBy: ownerId,
      createdAt: now,
    });
    return { id, url: joinUrl(config, token), token, expiresAt, approval: input.approval };
  });
}
