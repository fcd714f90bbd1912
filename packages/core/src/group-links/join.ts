import { groupJoinRequests } from "@hyn/db";
import { MAX_GROUP_MEMBERS, type JoinByToken } from "@hyn/validators";
import { addMember, countMembers, isMember, lockGroup, requireRulesAccepted } from "../groups/membership";
import { wasRemoved } from "../groups/removals";
import { groupOf } from "../groups/view";
import { AppError } from "../shared/errors";
import type { GroupLinksDeps } from "./deps";
import { linkOf } from "./link-reads";
import { tellOwner } from "./notices";

/**
 * Joins by a group link, or asks to (approval on, or someone the owner removed from the group:
 * `{ pending: true }`, asking twice is one request); a token that names no link is an e-mail invitation's. Race-free like accepting an invitation: the
 * group is locked before the link is read and the members are counted (membership.ts).
 */
export async function joinByLink(
  deps: GroupLinksDeps,
  userId: string,
  input: { token: string; acceptRules: boolean },
): Promise<JoinByToken> {
  const { db, clock, invitations } = deps;
  const { token, acceptRules } = input;
  const now = clock.now();
  const found = await linkOf(db, token, now);
  if (found === null) return invitations.joinByToken(userId, token, acceptRules);
  if (found === "dead") throw new AppError("NOT_FOUND", "groupLinkInvalid");
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, found.groupId);
    const link = await linkOf(tx, token, now);
    if (link === null || link === "dead") throw new AppError("NOT_FOUND", "groupLinkInvalid");
    requireRulesAccepted(group, acceptRules);
    if (!link.approval && !(await wasRemoved(tx, group.id, userId))) {
      await addMember(tx, group, userId, now, now);
      return groupOf(tx, userId, group.id);
    }
    if (await isMember(tx, group.id, userId)) throw new AppError("CONFLICT", "alreadyMember");
    if ((await countMembers(tx, group.id)) >= MAX_GROUP_MEMBERS) throw new AppError("CONFLICT", "groupFull");
    const asked = await tx
      .insert(groupJoinRequests)
      .values({ groupId: group.id, userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: groupJoinRequests.id });
    if (asked[0]) await tellOwner(deps, tx, now, group, userId, asked[0].id);
    return { pending: true as const };
  });
}
