import { groupJoinRequests, groups, invites, users } from "@hyn/db";
import type { JoinPage } from "@hyn/validators";
import { and, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { countMembers, isMember } from "../groups/membership";
import { wasRemoved } from "../groups/removals";
import { displayNameSql, displayNameToAnyone } from "../shared/display-name";
import { AppError } from "../shared/errors";
import { hashToken } from "../shared/tokens";
import type { GroupLinksDeps } from "./deps";
import { pendingJoinRequest } from "./join-request-reads";
import { linkOf } from "./link-reads";

/**
 * The join page's facts for any token: a group link's, else an e-mail invitation's (checked by the
 * invitations service, with its own refusals). A revoked or expired link: "This invitation link is
 * invalid or has expired."
 */
export async function joinPage(deps: GroupLinksDeps, viewerId: string | null, token: string): Promise<JoinPage> {
  const { db, clock, invitations } = deps;
  const now = clock.now();
  const inviter = alias(users, "inviter");
  const memberCount = (groupId: string) => countMembers(db, groupId);
  const link = await linkOf(db, token, now);
  if (link === "dead") throw new AppError("NOT_FOUND", "groupLinkInvalid");
  if (link) {
    const [row] = await db
      .select({
        id: groups.id,
        name: groups.name,
        description: groups.description,
        rules: groups.rules,
        // Anyone with the link reads this: the owner's address only if they did not hide it (issue 43 §3).
        inviterName: displayNameToAnyone(inviter),
      })
      .from(groups)
      .innerJoin(inviter, eq(inviter.id, groups.createdBy))
      .where(eq(groups.id, link.groupId));
    if (!row) throw new AppError("NOT_FOUND", "groupLinkInvalid");
    const requested =
      viewerId !== null &&
      (
        await db
          .select({ id: groupJoinRequests.id })
          .from(groupJoinRequests)
          .where(
            and(
              eq(groupJoinRequests.groupId, link.groupId),
              eq(groupJoinRequests.userId, viewerId),
              pendingJoinRequest(),
            ),
          )
      ).length > 0;
    return {
      group: {
        id: row.id,
        name: row.name,
        description: row.description,
        rules: row.rules,
        memberCount: await memberCount(row.id),
      },
      inviterName: row.inviterName,
      invitedEmail: null,
      alreadyMember: viewerId !== null && (await isMember(db, row.id, viewerId)),
      // A removed member asks, whatever the link says (removals.ts): the page says so.
      approval: link.approval || (viewerId !== null && (await wasRemoved(db, row.id, viewerId))),
      requested,
    };
  }
  const validation = await invitations.validate(token, viewerId);
  const [row] = await db
    .select({ inviterName: displayNameSql(inviter) })
    .from(invites)
    .innerJoin(inviter, eq(inviter.id, invites.invitedBy))
    .where(eq(invites.tokenHash, hashToken(token)));
  return {
    group: { ...validation.group, memberCount: await memberCount(validation.group.id) },
    inviterName: row?.inviterName ?? "",
    invitedEmail: validation.invitedEmail,
    alreadyMember: validation.alreadyMember,
    approval: false,
    requested: false,
  };
}
