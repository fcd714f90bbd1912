import { emailOutbox, emailSendLog, type Executor } from "@hyn/db";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { MINUTE_MS, HOUR_MS } from "../shared/clock";
import type { EmailMessage, MailTransport } from "./message";

export interface QueuedEmail extends EmailMessage {
  type: string;
  userId?: string | null;
  requestIds?: string[];
}

/**
 * Queues an e-mail in the caller's transaction: it is sent if and only if the change that caused it
 * commits. Delivery happens in `deliverDueEmails`. The id names the e-mail (POST /api/send-invitation answers it).
 */
export async function enqueueEmail(executor: Executor, now: Date, email: QueuedEmail): Promise<{ id: string }> {
  const [row] = await executor.insert(emailOutbox).values({
    userId: email.userId ?? null,
    emailType: email.type,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html,
    requestIds: email.requestIds ?? [],
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  }).returning({ id: emailOutbox.id });
  return { id: row!.id };
}

/** Retry backoff: 30 s, 1 min, 2 min, ... capped at one hour; an e-mail is never dropped. */
export function retryDelayMs(attempts: number): number {
  return Math.min(HOUR_MS, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/** How long a worker holds a claimed e-mail before another instance may retry it. */
const LEASE_MS = 2 * MINUTE_MS;

export interface DeliveryDeps extends Pick<CoreDeps, "db" | "clock" | "logger"> {
  transport: MailTransport;
  from: string;
}

/**
 * Sends the e-mails that are due. Each is leased with FOR UPDATE SKIP LOCKED, so several instances
 * never send the same one; a crash mid-send leaves the lease to expire and the e-mail is retried.
 * Returns how many were sent.
 */
export async function deliverDueEmails(deps: DeliveryDeps, batchSize = 20): Promise<number> {
  const now = deps.clock.now();
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const dueIds = deps.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        lte(emailOutbox.nextAttemptAt, now),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, now)),
      ),
    )
    .orderBy(emailOutbox.nextAttemptAt)
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const leased = await deps.db
    .update(emailOutbox)
    .set({ lockedUntil: leaseUntil, attempts: sql`${emailOutbox.attempts} + 1`, updatedAt: now })
    .where(inArray(emailOutbox.id, dueIds))
    .returning({ id: emailOutbox.id });
  if (leased.length === 0) return 0;
  // One read for the whole batch, oldest first, so e-mails go out in the order they were queued
  // (a re-sent invitation must not overtake the one it replaces).
  const rows = await deps.db
    .select()
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, leased.map((r) => r.id)))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
  let sent = 0;
  for (const row of rows) {
    const id = row.id;
    try {
      const { providerId } = await deps.transport.send({
        from: deps.from,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
      });
      const sentAt = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await tx
          .update(emailOutbox)
          .set({ sentAt, lockedUntil: null, lastError: null, updatedAt: sentAt })
          .where(and(eq(emailOutbox.id, id)));
        await tx.insert(emailSendLog).values({
          userId: row.userId,
          emailType: row.emailType,
          requestIds: row.requestIds,
          emailProviderId: providerId,
          createdAt: sentAt,
        });
      });
      sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt = new Date(deps.clock.now().getTime() + retryDelayMs(row.attempts));
      deps.logger.warn({ emailId: id, emailType: row.emailType, attempts: row.attempts, err: message }, "e-mail send failed; will retry");
      await deps.db
        .update(emailOutbox)
        .set({ lockedUntil: null, lastError: message.slice(0, 500), nextAttemptAt: retryAt, updatedAt: deps.clock.now() })
        .where(eq(emailOutbox.id, id));
    }
  }
  return sent;
}
