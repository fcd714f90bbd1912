import { groupJoinRequests, groupLinks, groups, invites, users, type Executor, type Transaction } from "@hyn/db";
import {
  MAX_GROUP_MEMBERS,
  MAX_LIVE_GROUP_LINKS,
  type GroupLink,
  type JoinByToken,
  type JoinPage,
  type JoinRequest,
  type createGroupLinkInput,
} from "@hyn/validators";
import { and, asc, desc, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { randomUUID } from "node:crypto";
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
import type { InvitationsService } from "../invitations/service";
import { enqueueEmail } from "../mail/outbox";
import { joinRequestAnswerEmail, joinRequestEmail } from "../mail/templates";
import { channelsFor } from "../preferences/notification-preferences";
import { joinAnswerPayload, joinRequestPayload } from "../push/payload";
import { queuePush } from "../push/queue";
import { DAY_MS } from "../shared/clock";
import type { CoreDeps } from "../shared/deps";
import { displayName, displayNameSql } from "../shared/display-name";
import { AppError } from "../shared/errors";
import { localeOf } from "../shared/locale";
import { hashToken } from "../shared/tokens";
import { groupLinkToken, loadGroupLinkKey } from "./tokens";

type CreateGroupLink = z.output<typeof createGroupLinkInput>;

/**
 * The group link (issue 27, ADR 0021): a shareable link into a group, with a QR code on the Groups page.
 * It lives 1, 7 or 30 days unless revoked, and either joins at once or asks the owner (a join request).
 * Joining shares the e-mail invitation's path (`POST /invites/{token}/join`, the join page): a token that
 * names no link is handed to the invitations service.
 */
export function createGroupLinksService(deps: CoreDeps, invitations: InvitationsService) {
  const { db, clock, config } = deps;
  const joinUrl = (token: string) => `${config.appUrl}/join/${encodeURIComponent(token)}`;
  const live = (now: Date) => and(gt(groupLinks.expiresAt, now), isNull(groupLinks.revokedAt));

  async function ownedGroup(tx: Transaction, ownerId: string, groupId: string): Promise<LockedGroup> {
    const group = await lockGroup(tx, groupId);
    if (group.createdBy !== ownerId) throw new AppError("FORBIDDEN", "onlyCreatorsInvite");
    return group;
  }

  /** Read-only owner check (no lock): the lists. */
  async function assertOwner(executor: Executor, ownerId: string, groupId: string) {
    const [group] = await executor.select({ createdBy: groups.createdBy }).from(groups).where(eq(groups.id, groupId));
    if (!group) throw new AppError("NOT_FOUND", "groupNotFound");
    if (group.createdBy !== ownerId) throw new AppError("FORBIDDEN", "onlyCreatorsInvite");
  }

  /**
   * A live link by its token; "dead" for a revoked or expired one; null when the token names no link.
   * The link of a suspended person is refused while the suspension lasts, and works again when they are
   * reinstated (PRODUCT "Suspension"): it is paused, not revoked, and the text says so without saying why.
   */
  async function linkOf(executor: Executor, token: string, now: Date) {
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

  async function personOf(executor: Executor, userId: string) {
    const [row] = await executor
      .select({ email: users.email, name: users.name, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  /**
   * The owner hears of a new join request as their `invitations` setting says: an e-mail, and a push
   * to their devices (with the asker's name, never an address), each when that channel is on.
   */
  async function tellOwner(tx: Transaction, now: Date, group: LockedGroup, askerId: string, joinRequestId: string) {
    const [owner, asker] = [await personOf(tx, group.createdBy), await personOf(tx, askerId)];
    if (!owner || !asker) return;
    const url = `${config.appUrl}/groups?highlight=${group.id}`;
    const locale = localeOf(owner.locale);
    await queuePush(tx, deps.jobs, {
      userId: group.createdBy,
      event: `join-request:${joinRequestId}`,
      payload: joinRequestPayload(group.name, asker.name, url, joinRequestId, locale),
    });
    if (!(await channelsFor(tx, group.createdBy, "invitations")).email) return;
    await enqueueEmail(tx, now, {
      ...joinRequestEmail(
        owner.email,
        { groupName: group.name, askerName: displayName(asker.name, asker.email), url },
        locale,
      ),
      type: "join_request",
      userId: group.createdBy,
    });
  }

  /** The person who asked is told the owner's answer, as their `invitations` setting says (e-mail, push). */
  async function tellAsker(
    tx: Transaction,
    now: Date,
    group: LockedGroup,
    askerId: string,
    joinRequestId: string,
    approved: boolean,
  ) {
    const asker = await personOf(tx, askerId);
    if (!asker) return;
    const url = approved ? `${config.appUrl}/groups?highlight=${group.id}` : `${config.appUrl}/`;
    const locale = localeOf(asker.locale);
    await queuePush(tx, deps.jobs, {
      userId: askerId,
      event: `join-answer:${joinRequestId}`,
      payload: joinAnswerPayload(group.name, approved, url, joinRequestId, locale),
    });
    if (!(await channelsFor(tx, askerId, "invitations")).email) return;
    await enqueueEmail(tx, now, {
      ...joinRequestAnswerEmail(asker.email, { groupName: group.name, approved, url }, locale),
      type: "join_request_answer",
      userId: askerId,
    });
  }

  function requestsWhere(where: SQL) {
    return db
      .select({
        id: groupJoinRequests.id,
        groupId: groupJoinRequests.groupId,
        userId: groupJoinRequests.userId,
        name: displayNameSql(users),
        email: users.email,
        createdAt: groupJoinRequests.createdAt,
      })
      .from(groupJoinRequests)
      .innerJoin(users, eq(users.id, groupJoinRequests.userId))
      .where(where)
      .orderBy(asc(groupJoinRequests.createdAt), asc(groupJoinRequests.id));
  }

  /** Locks the group, then the request (lock order: group, request, user limits). */
  async function lockJoinRequest(tx: Transaction, ownerId: string, groupId: string, joinRequestId: string) {
    const group = await ownedGroup(tx, ownerId, groupId);
    const [request] = await tx
      .select({ id: groupJoinRequests.id, userId: groupJoinRequests.userId, createdAt: groupJoinRequests.createdAt })
      .from(groupJoinRequests)
      .where(and(eq(groupJoinRequests.id, joinRequestId), eq(groupJoinRequests.groupId, groupId)))
      .for("update");
    if (!request) throw new AppError("NOT_FOUND", "joinRequestNotFound");
    return { group, request };
  }

  return {
    /** Owner only; at most MAX_LIVE_GROUP_LINKS live links per group, counted under the group's lock. */
    async create(ownerId: string, input: CreateGroupLink): Promise<GroupLink> {
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
        return { id, url: joinUrl(token), token, expiresAt, approval: input.approval };
      });
    },

    /** Owner only: the group's live links, newest first, each with its link shown again. */
    async list(ownerId: string, groupId: string): Promise<GroupLink[]> {
      await assertOwner(db, ownerId, groupId);
      const key = await loadGroupLinkKey(db);
      const rows = await db
        .select({ id: groupLinks.id, expiresAt: groupLinks.expiresAt, approval: groupLinks.approval })
        .from(groupLinks)
        .where(and(eq(groupLinks.groupId, groupId), live(clock.now())))
        .orderBy(desc(groupLinks.createdAt), desc(groupLinks.id));
      return rows.map((row) => {
        const token = groupLinkToken(key, row.id);
        return { ...row, token, url: joinUrl(token) };
      });
    },

    /** Owner only: the link stops working at once (people it let in stay). Revoking twice: not found. */
    async revoke(ownerId: string, groupId: string, linkId: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        await ownedGroup(tx, ownerId, groupId);
        const removed = await tx
          .update(groupLinks)
          .set({ revokedAt: now })
          .where(and(eq(groupLinks.id, linkId), eq(groupLinks.groupId, groupId), live(now)))
          .returning({ id: groupLinks.id });
        if (removed.length === 0) throw new AppError("NOT_FOUND", "groupLinkNotFound");
      });
    },

    /**
     * The join page's facts for any token: a group link's, else an e-mail invitation's (checked by the
     * invitations service, with its own refusals). A revoked or expired link: "This invitation link is
     * invalid or has expired."
     */
    async joinPage(token: string, viewerId: string | null): Promise<JoinPage> {
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
            inviterName: displayNameSql(inviter),
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
              .where(and(eq(groupJoinRequests.groupId, link.groupId), eq(groupJoinRequests.userId, viewerId)))
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
    },

    /**
     * Joins by a group link, or asks to (approval on, or someone the owner removed from the group:
     * `{ pending: true }`, asking twice is one request); a token that names no link is an e-mail invitation's. Race-free like accepting an invitation: the
     * group is locked before the link is read and the members are counted (membership.ts).
     */
    async join(userId: string, token: string, acceptRules = false): Promise<JoinByToken> {
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
        if (asked[0]) await tellOwner(tx, now, group, userId, asked[0].id);
        return { pending: true as const };
      });
    },

    /** Owner only: who asked to join, oldest first. */
    async joinRequests(ownerId: string, groupId: string): Promise<JoinRequest[]> {
      await assertOwner(db, ownerId, groupId);
      return requestsWhere(eq(groupJoinRequests.groupId, groupId));
    },

    /** Who asked to join any group the caller owns, in one statement: the Groups page's first batch. */
    async incomingJoinRequests(ownerId: string): Promise<JoinRequest[]> {
      return requestsWhere(
        sql`${groupJoinRequests.groupId} in (select g.id from groups g where g.created_by = ${ownerId})`,
      );
    },

    /**
     * Owner only: the person joins (the member cap and their joined-groups limit apply, as on any join;
     * refused, the request stays for a later try or a decline) and is told. Already in: the request just goes.
     */
    async approve(ownerId: string, groupId: string, joinRequestId: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const { group, request } = await lockJoinRequest(tx, ownerId, groupId, joinRequestId);
        const already = await isMember(tx, group.id, request.userId);
        // They accepted the rules when they asked; rules changed since are asked again on their next visit.
        if (!already) await addMember(tx, group, request.userId, now, request.createdAt);
        await tx.delete(groupJoinRequests).where(eq(groupJoinRequests.id, request.id));
        if (!already) await tellAsker(tx, now, group, request.userId, request.id, true);
      });
    },

    /** Owner only: the request goes and the person is told. They may ask again while a link lives. */
    async decline(ownerId: string, groupId: string, joinRequestId: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const { group, request } = await lockJoinRequest(tx, ownerId, groupId, joinRequestId);
        await tx.delete(groupJoinRequests).where(eq(groupJoinRequests.id, request.id));
        await tellAsker(tx, now, group, request.userId, request.id, false);
      });
    },
  };
}

export type GroupLinksService = ReturnType<typeof createGroupLinksService>;
