import { groupLinks, users, type Executor } from "@hyn/db";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { CoreConfig } from "../shared/config";
import { AppError } from "../shared/errors";
import { hashToken } from "../shared/tokens";

/** The join page's address for a link's (or an invitation's) token. */
export const joinUrl = (config: CoreConfig, token: string) => `${config.appUrl}/join/${encodeURIComponent(token)}`;

/** A link neither expired nor revoked at `now`. */
export const live = (now: Date) => and(gt(groupLinks.expiresAt, now), isNull(groupLinks.revokedAt));

/**
 * A live link by its token; "dead" for a revoked or expired one; null when the token names no link.
 * The link of a suspended person is refused while the suspension lasts, and works again when they are
 * reinstated (PRODUCT "Suspension"): it is paused, not revoked, and the text says so without saying why.
 */
export async function linkOf(executor: Executor, token: string, now: Date) {
  const [link] = await executor
    .select({
      id: groupLinks.id,
      groupId: groupLinks.groupId,
      approval: groupLinks.approval,
      expiresAt: groupLinks.expiresAt,
      revokedAt: groupLinks.revokedAt,
      creatorSuspended: sql<boolean>`${users.suspendedAt} is not null`,
    })
    .from(groupLinks)
    .innerJoin(users, eq(users.id, groupLinks.createdBy))
    .where(eq(groupLinks.tokenHash, hashToken(token)));
  if (!link) return null;
  if (link.revokedAt || link.expiresAt.getTime() <= now.getTime()) return "dead" as const;
  if (link.creatorSuspended) throw new AppError("CONFLICT", "groupLinkPaused");
  return link;
}
