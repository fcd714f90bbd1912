import { groupMembers, groups, invites } from "@hyn/db";
import type { InviteValidation } from "@hyn/validators";
import { and, eq, sql } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { hashToken } from "../shared/tokens";

/**
 * Public: the group behind a link (PRODUCT "Who may do what": anyone may check a token). A member of that group
 * learns so, even from a link already used (their own, reopened), instead of "invalid".
 */
export async function validateInviteToken(
  deps: CoreDeps,
  viewerId: string | null,
  token: string,
): Promise<InviteValidation> {
  const [row] = await deps.db
    .select({
      id: groups.id,
      name: groups.name,
      description: groups.description,
      rules: groups.rules,
      email: invites.email,
      usedAt: invites.usedAt,
      expiresAt: invites.expiresAt,
      viewerIsMember: sql<boolean>`${groupMembers.userId} is not null`,
    })
    .from(invites)
    .innerJoin(groups, eq(groups.id, invites.groupId))
    .leftJoin(
      groupMembers,
      and(eq(groupMembers.groupId, invites.groupId), eq(groupMembers.userId, viewerId ?? sql`null`)),
    )
    .where(eq(invites.tokenHash, hashToken(token)));
  const group = row && { id: row.id, name: row.name, description: row.description, rules: row.rules };
  if (row?.viewerIsMember) return { group: group!, alreadyMember: true, invitedEmail: null };
  if (!row || row.usedAt) throw new AppError("NOT_FOUND", "invalidOrExpiredInviteToken");
  if (row.expiresAt.getTime() <= deps.clock.now().getTime()) throw new AppError("CONFLICT", "inviteExpired");
  return { group: group!, alreadyMember: false, invitedEmail: row.email };
}
