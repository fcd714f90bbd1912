import { groupMembers, groups, invites, users, type Executor, type Transaction } from "@hyn/db";
import {
  INVITE_VALIDITY_DAYS,
  isEmail,
  MAX_PENDING_INVITATIONS,
  USED_INVITATION_SHOWN_DAYS,
  type CreatedInvite,
  type Group,
  type IncomingInvitation,
  type InvitationCount,
  type InviteValidation,
  type OutgoingInvitation,
  type createInviteInput,
  type createInvitesInput,
  type InviteResult,
  type resendInvitationInput,
} from "@hyn/validators";
import { and, desc, eq, gt, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { randomUUID } from "node:crypto";
import { addMember, lockGroup, requireRulesAccepted } from "../groups/membership";
import { groupOf } from "../groups/view";
import { lockUserLimits } from "../limits/usage";
import { invitationEmail } from "../mail/templates";
import { enqueueEmail } from "../mail/outbox";
import { invitationEmailRecipient } from "../preferences/notification-preferences";
import { invitationPayload } from "../push/payload";
import { queuePush } from "../push/queue";
import { DAY_MS } from "../shared/clock";
import type { CoreDeps } from "../shared/deps";
import { displayName, displayNameSql } from "../shared/display-name";
import { AppError, isAppError } from "../shared/errors";
import { localeOf } from "../shared/locale";
import { generateToken, hashToken } from "../shared/tokens";

type CreateInvite = z.output<typeof createInviteInput>;
type CreateInvites = z.output<typeof createInvitesInput>;
type ResendInvitation = z.output<typeof resendInvitationInput>;

export const INVITE_VALIDITY_MS = INVITE_VALIDITY_DAYS * DAY_MS;

/** Unused and unexpired at `now`. */
const pendingAt = (now: Date) => and(isNull(invites.usedAt), gt(invites.expiresAt, now));

const USED_SHOWN_MS = USED_INVITATION_SHOWN_DAYS * DAY_MS;

export function createInvitationsService(deps: CoreDeps) {
  const { db, clock, config } = deps;
  const inviteLink = (token: string) => `${config.appUrl}/invite/${encodeURIComponent(token)}`;

  async function emailOf(executor: Executor, userId: string): Promise<{ email: string; name: string; locale: string }> {
    const [row] = await executor
      .select({ email: users.email, name: users.name, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new AppError("NOT_FOUND", "userNotFound");
    return row;
  }

  /**
   * Queues the invitation e-mail unless the address belongs to an account that switched invitation
   * e-mails off (preferences.ts); the invitation still waits in that person's pending invitations.
   * The id answered then names no e-mail but looks like one, so an inviter cannot tell from it whether
   * the address has an account or what its owner chose.
   */
  async function queueInvitationEmail(
    tx: Transaction,
    now: Date,
    to: string,
    groupName: string,
    inviterId: string,
    token: string,
  ) {
    const recipient = await invitationEmailRecipient(tx, to);
    if (!recipient.wanted) return { id: randomUUID() };
    const inviter = await emailOf(tx, inviterId);
    return enqueueEmail(tx, now, {
      ...invitationEmail(
        to,
        {
          groupName,
          inviterName: displayName(inviter.name, inviter.email),
          url: inviteLink(token),
          validityDays: INVITE_VALIDITY_DAYS,
        },
        // The invited account's language; an address with no account yet reads the inviter's.
        recipient.locale ?? localeOf(inviter.locale),
      ),
      type: "invitation",
      userId: inviterId,
    });
  }

  /**
   * An invitation to an address that already has an account also reaches that person's devices. The
   * push opens the dashboard, where the invitation waits: never the link, whose token is a credential.
   */
  async function queueInvitationPush(
    tx: Transaction,
    invitationId: string,
    to: string,
    groupName: string,
    inviterId: string,
  ) {
    const [invitee] = await tx
      .select({ id: users.id, locale: users.locale })
      .from(users)
      .where(sql`lower(${users.email}) = ${to}`);
    if (!invitee) return;
    const [inviter] = await tx.select({ name: users.name }).from(users).where(eq(users.id, inviterId));
    await queuePush(tx, deps.jobs, {
      userId: invitee.id,
      event: `invited:${invitationId}`,
      payload: invitationPayload(
        groupName,
        inviter?.name ?? "",
        `${config.appUrl}/`,
        invitationId,
        localeOf(invitee.locale),
      ),
    });
  }

  /**
   * Locks an invitation row after its group (lock order: group, invitation, user limits), so accepting
   * and joining by token use an invitation at most once, and never against a group being deleted.
   */
  async function lockInvitation(tx: Transaction, where: SQL) {
    const [found] = await tx.select({ groupId: invites.groupId }).from(invites).where(where);
    if (!found) return null;
    const group = await lockGroup(tx, found.groupId);
    const [invite] = await tx
      .select({
        id: invites.id,
        email: invites.email,
        expiresAt: invites.expiresAt,
        usedAt: invites.usedAt,
        invitedBy: invites.invitedBy,
      })
      .from(invites)
      .where(where)
      .for("update");
    return invite ? { invite, group } : null;
  }

  const service = {
    /**
     * Owner only. Refuses a current member, a second pending invitation to the same address for the
     * same group, and an 11th pending invitation of the sender (counted under the sender's lock).
     * The e-mail is queued in the same transaction; a failed send is retried and logged, never
     * failing the creation.
     */
    async create(inviterId: string, input: CreateInvite): Promise<CreatedInvite> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const group = await lockGroup(tx, input.groupId);
        if (group.createdBy !== inviterId) throw new AppError("FORBIDDEN", "onlyCreatorsInvite");
        const [member] = await tx
          .select({ id: users.id })
          .from(groupMembers)
          .innerJoin(users, eq(users.id, groupMembers.userId))
          .where(and(eq(groupMembers.groupId, group.id), sql`lower(${users.email}) = ${input.email}`));
        if (member) throw new AppError("CONFLICT", "userAlreadyMember");
        const [pending] = await tx
          .select({ expiresAt: invites.expiresAt })
          .from(invites)
          .where(and(eq(invites.groupId, group.id), eq(invites.email, input.email), pendingAt(now)))
          .orderBy(desc(invites.expiresAt))
          .limit(1);
        if (pending) {
          // Rounded like the Groups page's "Expires in N days", and never "0 days".
          const daysLeft = Math.max(1, Math.round((pending.expiresAt.getTime() - now.getTime()) / DAY_MS));
          throw new AppError("CONFLICT", { key: "pendingInviteExists", values: { daysLeft } });
        }
        await lockUserLimits(tx, inviterId);
        const [sent] = await tx
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(invites)
          .where(and(eq(invites.invitedBy, inviterId), pendingAt(now)));
        if ((sent?.count ?? 0) >= MAX_PENDING_INVITATIONS) throw new AppError("CONFLICT", "invitationLimit");

        const token = generateToken();
        const [invite] = await tx
          .insert(invites)
          .values({
            groupId: group.id,
            email: input.email,
            tokenHash: hashToken(token),
            expiresAt: new Date(now.getTime() + INVITE_VALIDITY_MS),
            invitedBy: inviterId,
            createdAt: now,
          })
          .returning({
            id: invites.id,
            groupId: invites.groupId,
            email: invites.email,
            expiresAt: invites.expiresAt,
            usedAt: invites.usedAt,
            createdAt: invites.createdAt,
            invitedBy: invites.invitedBy,
          });
        await queueInvitationEmail(tx, now, input.email, group.name, inviterId, token);
        await queueInvitationPush(tx, invite!.id, input.email, group.name, inviterId);
        return { ...invite!, token };
      });
    },

    /**
     * Several addresses at once (the web's invite form): each is checked and created on its own, in its
     * own transaction, exactly as `create` would (so the 10-pending limit counts each), and answered on its
     * own: sent, or the refusal a single invitation would have got. `beforeEach` is the caller's per-address
     * gate (the hourly invitation rate limit); its refusal is that address's answer too.
     */
    async createMany(
      inviterId: string,
      input: CreateInvites,
      beforeEach: () => Promise<void> = async () => {},
    ): Promise<{ results: InviteResult[] }> {
      const results: InviteResult[] = [];
      const seen = new Set<string>();
      for (const raw of input.emails) {
        const email = raw.trim().toLowerCase();
        if (email === "" || seen.has(email)) continue;
        seen.add(email);
        if (!isEmail(email)) {
          results.push({ email, sent: false, refusal: { key: "invalidEmailFormat" }, id: null });
          continue;
        }
        try {
          await beforeEach();
          const { id } = await service.create(inviterId, { groupId: input.groupId, email });
          results.push({ email, sent: true, refusal: null, id });
        } catch (error) {
          if (!isAppError(error)) throw error;
          // Not the owner, or no such group: the same for every address, so it is the call's answer.
          if (error.code === "FORBIDDEN" || error.code === "NOT_FOUND") throw error;
          results.push({ email, sent: false, refusal: { ...error.keyed }, id: null });
        }
      }
      return { results };
    },

    /**
     * POST /api/send-invitation: re-sends one of the caller's own pending invitations, to
     * its stored address, with its stored group name. The token is known only at creation, so a new
     * one replaces it and the old link stops working. Found by its token, else by address and group name.
     */
    async resend(inviterId: string, input: ResendInvitation): Promise<{ emailId: string }> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const mineWhere = (condition: SQL | undefined) =>
          tx
            .select({ id: invites.id, email: invites.email, groupName: groups.name })
            .from(invites)
            .innerJoin(groups, eq(groups.id, invites.groupId))
            .where(and(eq(invites.invitedBy, inviterId), pendingAt(now), condition))
            .orderBy(desc(invites.createdAt))
            .limit(1);
        const token = input.inviteToken?.trim();
        let [target] = token ? await mineWhere(eq(invites.tokenHash, hashToken(token))) : [];
        if (!target && input.recipientEmail && input.groupName) {
          [target] = await mineWhere(
            and(eq(invites.email, input.recipientEmail.trim().toLowerCase()), eq(groups.name, input.groupName.trim())),
          );
        }
        if (!target) throw new AppError("NOT_FOUND", "invitationNotFound");
        const newToken = generateToken();
        const rotated = await tx
          .update(invites)
          .set({ tokenHash: hashToken(newToken) })
          .where(and(eq(invites.id, target.id), isNull(invites.usedAt)))
          .returning({ id: invites.id });
        if (rotated.length === 0) throw new AppError("CONFLICT", "invitationUsed");
        const { id } = await queueInvitationEmail(tx, now, target.email, target.groupName, inviterId, newToken);
        return { emailId: id };
      });
    },

    /**
     * Public: the group behind a link (PRODUCT "Who may do what": anyone may check a token). A member of that group
     * learns so, even from a link already used (their own, reopened), instead of "invalid".
     */
    async validate(token: string, viewerId: string | null): Promise<InviteValidation> {
      const [row] = await db
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
      if (row.expiresAt.getTime() <= clock.now().getTime()) throw new AppError("CONFLICT", "inviteExpired");
      return { group: group!, alreadyMember: false, invitedEmail: row.email };
    },

    /**
     * An e-mailed link joins only the account with the address it was sent to (PRODUCT "What is checked"):
     * anyone else holding it gets "Invitation is not for your email address" (403), and it stays unused.
     */
    async joinByToken(userId: string, token: string, acceptRules = false): Promise<Group> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const locked = await lockInvitation(tx, eq(invites.tokenHash, hashToken(token)));
        if (!locked || locked.invite.usedAt) throw new AppError("NOT_FOUND", "invalidOrExpiredInviteToken");
        if (locked.invite.expiresAt.getTime() <= now.getTime()) throw new AppError("CONFLICT", "inviteExpired");
        const me = await emailOf(tx, userId);
        if (me.email.toLowerCase() !== locked.invite.email) throw new AppError("FORBIDDEN", "invitationNotForYou");
        requireRulesAccepted(locked.group, acceptRules);
        await addMember(tx, locked.group, userId, now, now);
        await markUsed(tx, locked.invite.id, userId, "accepted", now);
        return groupOf(tx, userId, locked.group.id);
      });
    },

    /** The pending incoming invitations: addressed to the caller, unused, unexpired. */
    async pending(userId: string): Promise<IncomingInvitation[]> {
      const now = clock.now();
      const me = alias(users, "me");
      const inviter = alias(users, "inviter");
      return db
        .select({
          id: invites.id,
          groupId: invites.groupId,
          groupName: groups.name,
          groupRules: groups.rules,
          inviterName: displayNameSql(inviter),
          email: invites.email,
          expiresAt: invites.expiresAt,
          createdAt: invites.createdAt,
        })
        .from(invites)
        .innerJoin(me, and(eq(me.id, userId), sql`lower(${me.email}) = ${invites.email}`))
        .innerJoin(groups, eq(groups.id, invites.groupId))
        .innerJoin(inviter, eq(inviter.id, invites.invitedBy))
        .where(pendingAt(now))
        .orderBy(desc(invites.createdAt));
    },

    /**
     * The invitations the caller may see in the sent panel: those still waiting for an answer that they
     * may cancel (those they sent, and every one for a group they own, whoever sent it: PRODUCT
     * "Departures"), and their own accepted or declined in the last 7 days ("Accepted by {name}", "Declined").
     * `inviterName` is null for the caller's own, else who sent it.
     */
    async outgoing(userId: string): Promise<OutgoingInvitation[]> {
      const now = clock.now();
      const inviter = alias(users, "inviter");
      const usedBy = alias(users, "used_by");
      return db
        .select({
          id: invites.id,
          groupId: invites.groupId,
          groupName: groups.name,
          email: invites.email,
          expiresAt: invites.expiresAt,
          createdAt: invites.createdAt,
          usedAt: invites.usedAt,
          inviterName: sql<
            string | null
          >`case when ${invites.invitedBy} = ${userId} then null else ${displayNameSql(inviter)} end`,
          outcome: sql<OutgoingInvitation["outcome"]>`coalesce(${invites.outcome}, 'pending')`,
          usedByName: sql<
            string | null
          >`case when ${invites.outcome} = 'accepted' and ${usedBy.id} is not null then ${displayNameSql(usedBy)} end`,
        })
        .from(invites)
        .innerJoin(groups, eq(groups.id, invites.groupId))
        .innerJoin(inviter, eq(inviter.id, invites.invitedBy))
        .leftJoin(usedBy, eq(usedBy.id, invites.usedBy))
        .where(
          or(
            and(
              eq(invites.invitedBy, userId),
              or(
                pendingAt(now),
                and(sql`${invites.outcome} is not null`, gt(invites.usedAt, new Date(now.getTime() - USED_SHOWN_MS))),
              ),
            ),
            and(eq(groups.createdBy, userId), pendingAt(now)),
          ),
        )
        .orderBy(desc(invites.createdAt));
    },

    async count(userId: string): Promise<InvitationCount> {
      const [row] = await db
        .select({ current: sql<number>`count(*)`.mapWith(Number) })
        .from(invites)
        .where(and(eq(invites.invitedBy, userId), pendingAt(clock.now())));
      return { current: row?.current ?? 0, max: MAX_PENDING_INVITATIONS };
    },

    /**
     * The sender or the group's owner (PRODUCT "Departures"), and not once it was used (PRODUCT "How
     * things change"; cancelling deletes it).
     */
    async cancel(userId: string, invitationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const [invite] = await tx
          .select({ invitedBy: invites.invitedBy, usedAt: invites.usedAt, groupOwner: groups.createdBy })
          .from(invites)
          .innerJoin(groups, eq(groups.id, invites.groupId))
          .where(eq(invites.id, invitationId))
          .for("update", { of: invites });
        if (!invite) throw new AppError("NOT_FOUND", "invitationNotFound");
        if (invite.invitedBy !== userId && invite.groupOwner !== userId)
          throw new AppError("FORBIDDEN", "onlyCancelOwnInvitations");
        if (invite.usedAt) throw new AppError("CONFLICT", "cannotCancelAccepted");
        await tx.delete(invites).where(eq(invites.id, invitationId));
      });
    },

    /** Only the addressee; joins the group (full group and joined limit apply) and uses the invitation. */
    async accept(userId: string, invitationId: string, acceptRules = false): Promise<Group> {
      const now = clock.now();
      return db.transaction(async (tx) => {
        const locked = await lockInvitation(tx, eq(invites.id, invitationId));
        if (!locked) throw new AppError("NOT_FOUND", "invitationNotFound");
        await assertAnswerable(tx, userId, locked.invite, now);
        // As on the join page: the app's list shows the rules, and accepting needs them accepted.
        requireRulesAccepted(locked.group, acceptRules);
        await addMember(tx, locked.group, userId, now, now);
        await markUsed(tx, invitationId, userId, "accepted", now);
        return groupOf(tx, userId, locked.group.id);
      });
    },

    /** Only the addressee; the invitation is used and leaves the incoming list. */
    async decline(userId: string, invitationId: string): Promise<void> {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const [invite] = await tx
          .select({ email: invites.email, expiresAt: invites.expiresAt, usedAt: invites.usedAt })
          .from(invites)
          .where(eq(invites.id, invitationId))
          .for("update");
        if (!invite) throw new AppError("NOT_FOUND", "invitationNotFound");
        await assertAnswerable(tx, userId, invite, now);
        await markUsed(tx, invitationId, userId, "declined", now);
      });
    },
  };
  return service;

  /** The one place an invitation is used: when, by whom, and how (the sent list shows it for 7 days). */
  async function markUsed(
    tx: Transaction,
    invitationId: string,
    userId: string,
    outcome: "accepted" | "declined",
    now: Date,
  ) {
    await tx.update(invites).set({ usedAt: now, usedBy: userId, outcome }).where(eq(invites.id, invitationId));
  }

  async function assertAnswerable(
    executor: Executor,
    userId: string,
    invite: { email: string; expiresAt: Date; usedAt: Date | null },
    now: Date,
  ) {
    const me = await emailOf(executor, userId);
    if (me.email.toLowerCase() !== invite.email) throw new AppError("FORBIDDEN", "invitationNotForYou");
    if (invite.usedAt) throw new AppError("CONFLICT", "invitationUsed");
    if (invite.expiresAt.getTime() <= now.getTime()) throw new AppError("CONFLICT", "invitationExpired");
  }
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
