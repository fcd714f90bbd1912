import { groups, invites, users } from "@hyn/db";
import { USED_INVITATION_SHOWN_DAYS, type OutgoingInvitation } from "@hyn/validators";
import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { DAY_MS } from "../shared/clock";
import type { CoreDeps } from "../shared/deps";
import { displayNameSql } from "../shared/display-name";
import { pendingAt } from "./invitation-rows";

const USED_SHOWN_MS = USED_INVITATION_SHOWN_DAYS * DAY_MS;

/**
 * The invitations the caller may see in the sent panel: those still waiting for an answer that they
 * may cancel (those they sent, and every one for a group they own, whoever sent it: PRODUCT
 * "Departures"), and their own accepted or declined in the last 7 days ("Accepted by {name}", "Declined").
 * `inviterName` is null for the caller's own, else who sent it.
 */
export async function outgoingInvitations(deps: CoreDeps, userId: string): Promise<OutgoingInvitation[]> {
  const now = deps.clock.now();
  const inviter = alias(users, "inviter");
  const usedBy = alias(users, "used_by");
  return deps.db
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
}
