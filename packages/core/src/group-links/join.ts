import { groupJoinRequests, type Transaction } from "@hyn/db";
import {
  JOIN_REQUEST_DECLINE_COOLDOWN_DAYS,
  JOIN_REQUEST_NOTICE_GAP_MS,
  MAX_GROUP_MEMBERS,
  type JoinByToken,
} from "@hyn/validators";
import { and, eq } from "drizzle-orm";
import {
  addMember,
  countMembers,
  isMember,
  lockGroup,
  requireRulesAccepted,
  type LockedGroup,
} from "../groups/membership";
import { wasRemoved } from "../groups/removals";
import { groupOf } from "../groups/view";
import { DAY_MS } from "../shared/clock";
import { AppError } from "../shared/errors";
import { unsubscribeLinks } from "../unsubscribe/links";
import type { GroupLinksDeps } from "./deps";
import { linkOf } from "./link-reads";
import { tellOwner, tellOwnerOfJoin } from "./notices";

/**
 * Joins by a group link, or asks to (approval on, or someone the owner removed from the group:
 * `{ pending: true }`, asking twice is one request, `askToJoin`); a token that names no link is an e-mail invitation's. Race-free like accepting an invitation: the
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
  // Before the transaction (its key may need a read of its own): the owner's e-mail of who joined carries it.
  const unsubscribe = await unsubscribeLinks(deps);
  return db.transaction(async (tx) => {
    const group = await lockGroup(tx, found.groupId);
    const link = await linkOf(tx, token, now);
    if (link === null || link === "dead") throw new AppError("NOT_FOUND", "groupLinkInvalid");
    requireRulesAccepted(group, acceptRules);
    if (!link.approval && !(await wasRemoved(tx, group.id, userId))) {
      await addMember(tx, group, userId, now, now);
      // The owner hears who came in by a link that joins at once (issue 43), as their switches say.
      await tellOwnerOfJoin(deps, tx, unsubscribe, group, userId);
      return groupOf(tx, userId, group.id);
    }
    if (await isMember(tx, group.id, userId)) throw new AppError("CONFLICT", "alreadyMember");
    if ((await countMembers(tx, group.id)) >= MAX_GROUP_MEMBERS) throw new AppError("CONFLICT", "groupFull");
    await askToJoin(deps, tx, now, group, userId);
    return { pending: true as const };
  });
}

/**
 * Asks the owner, under the group's lock (issue 43): waiting already is one request; declined less than
 * JOIN_REQUEST_DECLINE_COOLDOWN_DAYS ago is refused; else the request is new again (after a withdrawal or
 * an old decline). The owner is told at most once in JOIN_REQUEST_NOTICE_GAP_MS of one person's asking,
 * however often they withdraw and ask again.
 */
async function askToJoin(deps: GroupLinksDeps, tx: Transaction, now: Date, group: LockedGroup, userId: string) {
  const [before] = await tx
    .select({
      id: groupJoinRequests.id,
      declinedAt: groupJoinRequests.declinedAt,
      withdrawnAt: groupJoinRequests.withdrawnAt,
      ownerToldAt: groupJoinRequests.ownerToldAt,
    })
    .from(groupJoinRequests)
    .where(and(eq(groupJoinRequests.groupId, group.id), eq(groupJoinRequests.userId, userId)));
  if (before && before.declinedAt === null && before.withdrawnAt === null) return;
  if (before?.declinedAt && now.getTime() - before.declinedAt.getTime() < JOIN_REQUEST_DECLINE_COOLDOWN_DAYS * DAY_MS)
    throw new AppError("CONFLICT", "joinRequestDeclinedRecently");
  const tell = !before?.ownerToldAt || now.getTime() - before.ownerToldAt.getTime() >= JOIN_REQUEST_NOTICE_GAP_MS;
  const fresh = { createdAt: now, declinedAt: null, withdrawnAt: null, ...(tell ? { ownerToldAt: now } : {}) };
  const [asked] = before
    ? await tx
        .update(groupJoinRequests)
        .set(fresh)
        .where(eq(groupJoinRequests.id, before.id))
        .returning({ id: groupJoinRequests.id })
    : await tx
        .insert(groupJoinRequests)
        .values({ groupId: group.id, userId, ...fresh })
        .returning({ id: groupJoinRequests.id });
  if (asked && tell) await tellOwner(deps, tx, now, group, userId, asked.id);
}
