import { invites, users, type Executor, type Transaction } from "@hyn/db";
import { and, eq, gt, isNull, type SQL } from "drizzle-orm";
import { lockGroup } from "../groups/membership";
import { AppError } from "../shared/errors";

/** Unused and unexpired at `now`. */
export const pendingAt = (now: Date) => and(isNull(invites.usedAt), gt(invites.expiresAt, now));

export async function emailOf(
  executor: Executor,
  userId: string,
): Promise<{ email: string; name: string; locale: string }> {
  const [row] = await executor
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "userNotFound");
  return row;
}

/**
 * Locks an invitation row after its group (lock order: group, invitation, user limits), so accepting
 * and joining by token use an invitation at most once, and never against a group being deleted.
 */
export async function lockInvitation(tx: Transaction, where: SQL) {
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

/** The one place an invitation is used: when, by whom, and how (the sent list shows it for 7 days). */
export async function markUsed(
  tx: Transaction,
  invitationId: string,
  userId: string,
  outcome: "accepted" | "declined",
  now: Date,
) {
  await tx.update(invites).set({ usedAt: now, usedBy: userId, outcome }).where(eq(invites.id, invitationId));
}

export async function assertAnswerable(
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
