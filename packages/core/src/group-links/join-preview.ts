import { groupLinks, groups, invites, users } from "@hyn/db";
import type { JoinPreview, JoinPreviewState } from "@hyn/validators";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { displayNameSql } from "../shared/display-name";
import { AppError } from "../shared/errors";
import { hashToken } from "../shared/tokens";
import type { CoreDeps } from "../shared/deps";

/**
 * The join page's preview for someone signed out (issue 43): a group link's or an e-mail invitation's
 * token, judged the same for everyone (no session is read), so a stranger learns no more than this:
 * which kind of link it is and its state, and only while it can be used, the group's name, who invited
 * (a link's owner by name only: anyone may hold a link; an invitation's inviter as the invitee is addressed,
 * their name else their address) and an invitation's address. A token that names nothing is NOT_FOUND,
 * which the procedure counts as a guess.
 */
export async function joinPreview(deps: CoreDeps, token: string): Promise<JoinPreview> {
  const { db, clock } = deps;
  const now = clock.now().getTime();
  const tokenHash = hashToken(token);
  const owner = alias(users, "owner");
  const creator = alias(users, "creator");
  const [link] = await db
    .select({
      approval: groupLinks.approval,
      expiresAt: groupLinks.expiresAt,
      revokedAt: groupLinks.revokedAt,
      creatorSuspended: sql<boolean>`${creator.suspendedAt} is not null`,
      groupName: groups.name,
      ownerName: sql<string>`trim(${owner.name})`,
    })
    .from(groupLinks)
    .innerJoin(groups, eq(groups.id, groupLinks.groupId))
    .innerJoin(owner, eq(owner.id, groups.createdBy))
    .innerJoin(creator, eq(creator.id, groupLinks.createdBy))
    .where(eq(groupLinks.tokenHash, tokenHash));
  if (link) {
    const state: JoinPreviewState = link.revokedAt
      ? "revoked"
      : link.expiresAt.getTime() <= now
        ? "expired"
        : link.creatorSuspended
          ? "paused"
          : link.approval
            ? "approval"
            : "valid";
    const usable = state === "valid" || state === "approval";
    return {
      kind: "link",
      state,
      groupName: usable ? link.groupName : null,
      inviterName: usable && link.ownerName !== "" ? link.ownerName : null,
      invitedEmail: null,
    };
  }
  const inviter = alias(users, "inviter");
  const [invite] = await db
    .select({
      email: invites.email,
      expiresAt: invites.expiresAt,
      usedAt: invites.usedAt,
      groupName: groups.name,
      inviterName: displayNameSql(inviter),
    })
    .from(invites)
    .innerJoin(groups, eq(groups.id, invites.groupId))
    .innerJoin(inviter, eq(inviter.id, invites.invitedBy))
    .where(eq(invites.tokenHash, tokenHash));
  if (!invite) throw new AppError("NOT_FOUND", "invalidOrExpiredInviteToken");
  const state: JoinPreviewState = invite.usedAt ? "used" : invite.expiresAt.getTime() <= now ? "expired" : "valid";
  const usable = state === "valid";
  return {
    kind: "invitation",
    state,
    groupName: usable ? invite.groupName : null,
    inviterName: usable ? invite.inviterName : null,
    invitedEmail: usable ? invite.email : null,
  };
}
