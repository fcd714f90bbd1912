import { users, type Transaction } from "@hyn/db";
import { INVITE_VALIDITY_DAYS } from "@hyn/validators";
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { invitationEmail } from "../mail/templates";
import { enqueueEmail } from "../mail/outbox";
import { invitationEmailRecipient } from "../preferences/notification-preferences";
import { invitationPayload } from "../push/payload";
import { queuePush } from "../push/queue";
import type { CoreDeps } from "../shared/deps";
import { displayName } from "../shared/display-name";
import { localeOf } from "../shared/locale";
import { emailOf } from "./invitation-rows";

const inviteLink = (deps: CoreDeps, token: string) => `${deps.config.appUrl}/invite/${encodeURIComponent(token)}`;

/**
 * Queues the invitation e-mail unless the address belongs to an account that switched invitation
 * e-mails off (preferences.ts); the invitation still waits in that person's pending invitations.
 * The id answered then names no e-mail but looks like one, so an inviter cannot tell from it whether
 * the address has an account or what its owner chose.
 */
export async function queueInvitationEmail(
  deps: CoreDeps,
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
        url: inviteLink(deps, token),
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
export async function queueInvitationPush(
  deps: CoreDeps,
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
      `${deps.config.appUrl}/`,
      invitationId,
      localeOf(invitee.locale),
    ),
  });
}
