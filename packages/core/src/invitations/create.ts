import { groupMembers, invites, users } from "@hyn/db";
import {
  INVITE_VALIDITY_DAYS,
  MAX_PENDING_INVITATIONS,
  type CreatedInvite,
  type createInviteInput,
} from "@hyn/validators";
import { and, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { lockGroup } from "../groups/membership";
import { lockUserLimits } from "../limits/usage";
import { DAY_MS } from "../shared/clock";
import type { CoreDeps } from "../shared/deps";
import { AppError } from "../shared/errors";
import { generateToken, hashToken } from "../shared/tokens";
import { queueInvitationEmail, queueInvitationPush } from "./invitation-notices";
import { pendingAt } from "./invitation-rows";

type CreateInvite = z.output<typeof createInviteInput>;

export const INVITE_VALIDITY_MS = INVITE_VALIDITY_DAYS * DAY_MS;

/**
 * Owner only. Refuses a current member, a second pending invitation to the same address for the
 * same group, and an 11th pending invitation of the sender (counted under the sender's lock).
 * The e-mail is queued in the same transaction; a failed send is retried and logged, never
 * failing the creation.
 */
export async function createInvitation(deps: CoreDeps, inviterId: string, input: CreateInvite): Promise<CreatedInvite> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
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
    await queueInvitationEmail(deps, tx, now, input.email, group.name, inviterId, token);
    await queueInvitationPush(deps, tx, invite!.id, input.email, group.name, inviterId);
    return { ...invite!, token };
  });
}
