import { emailOutbox, emailSendLog, type Executor } from "@hyn/db";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { CoreDeps } from "../shared/deps";
import { DAY_MS, MINUTE_MS, HOUR_MS } from "../shared/clock";
import { describeError } from "../shared/loggable-error";
import type { EmailKind } from "./email-kinds";
import type { EmailMessage, MailTransport } from "./message";

export interface QueuedEmail extends EmailMessage {
  type: EmailKind;
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
    headers: email.headers ?? {},
    attachments: email.attachments ?? [],
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
/** E-mails handed to the transport at once per instance; the SMTP pool opens as many connections. */
export const MAIL_SEND_CONCURRENCY = 8;
/** E-mails leased per pass: enough to keep every slot busy, few enough to send well within the lease. */
const BATCH_PER_SLOT = 8;

export interface DeliveryDeps extends Pick<CoreDeps, "db" | "clock" | "logger"> {
  transport: MailTransport;
  from: string;
  /** Sends in flight at once (default MAIL_SEND_CONCURRENCY). */
  concurrency?: number;
}

type LeasedEmail = Awaited<ReturnType<typeof readLeased>>[number];

function readLeased(deps: DeliveryDeps, ids: string[]) {
  return deps.db
    .select({
      id: emailOutbox.id,
      userId: emailOutbox.userId,
      emailType: emailOutbox.emailType,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      textBody: emailOutbox.textBody,
      htmlBody: emailOutbox.htmlBody,
      requestIds: emailOutbox.requestIds,
      headers: emailOutbox.headers,
      attachments: emailOutbox.attachments,
      attempts: emailOutbox.attempts,
    })
    .from(emailOutbox)
    .where(inArray(emailOutbox.id, ids))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}

/**
 * Sends the e-mails that are due. Each is leased with FOR UPDATE SKIP LOCKED, so several instances
 * never send the same one; a crash mid-send leaves the lease to expire and the e-mail is retried.
 * Up to `concurrency` e-mails are in flight at once, each recipient's one after another in the order
 * they were queued (a re-sent invitation must not overtake the one it replaces). Returns how many were sent.
 */
export async function deliverDueEmails(deps: DeliveryDeps): Promise<number> {
  const concurrency = deps.concurrency ?? MAIL_SEND_CONCURRENCY;
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
    .limit(concurrency * BATCH_PER_SLOT)
    .for("update", { skipLocked: true });
  const leased = await deps.db
    .update(emailOutbox)
    .set({ lockedUntil: leaseUntil, attempts: sql`${emailOutbox.attempts} + 1`, updatedAt: now })
    .where(inArray(emailOutbox.id, dueIds))
    .returning({ id: emailOutbox.id });
  if (leased.length === 0) return 0;
  // One read for the whole batch, oldest first, then one queue per recipient.
  const rows = await readLeased(deps, leased.map((r) => r.id));
  const byRecipient = new Map<string, LeasedEmail[]>();
  for (const row of rows) {
    const key = row.toAddress.toLowerCase();
    const queue = byRecipient.get(key);
    if (queue) queue.push(row);
    else byRecipient.set(key, [row]);
  }
  let sent = 0;
  await inSlots([...byRecipient.values()], concurrency, async (queue) => {
    for (const row of queue) {
      // Past the lease another instance may have taken the e-mail: leave it to that one.
      if (deps.clock.now() >= leaseUntil) return;
      if (await deliverOne(deps, row)) sent++;
    }
  });
  return sent;
}

/** Runs `work` over `items` with at most `slots` running at once. */
async function inSlots<T>(items: T[], slots: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const slot = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(slots, items.length) }, slot));
}

/** Sends one leased e-mail; true once it is sent and recorded, false when it was scheduled for a retry. */
async function deliverOne(deps: DeliveryDeps, row: LeasedEmail): Promise<boolean> {
  try {
    const { providerId } = await deps.transport.send({
      from: deps.from,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      headers: row.headers,
      attachments: row.attachments,
    });
    const sentAt = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      // Handed to SMTP: the bodies' links (verification, reset, invitation, unsubscribe tokens) are not kept at rest.
      await tx
        .update(emailOutbox)
        .set({ sentAt, lockedUntil: null, lastError: null, textBody: "", htmlBody: "", headers: {}, attachments: [], updatedAt: sentAt })
        .where(eq(emailOutbox.id, row.id));
      await tx.insert(emailSendLog).values({
        userId: row.userId,
        emailType: row.emailType,
        requestIds: row.requestIds,
        emailProviderId: providerId,
        createdAt: sentAt,
      });
    });
    return true;
  } catch (error) {
    const retryAt = new Date(deps.clock.now().getTime() + retryDelayMs(row.attempts));
    deps.logger.warn({ emailId: row.id, emailType: row.emailType, attempts: row.attempts, err: error }, "e-mail send failed; will retry");
    await deps.db
      .update(emailOutbox)
      .set({ lockedUntil: null, lastError: describeError(error).slice(0, 500), nextAttemptAt: retryAt, updatedAt: deps.clock.now() })
      .where(eq(emailOutbox.id, row.id));
    return false;
  }
}

/** Sent e-mails are kept this long (their bodies are already empty), then deleted. */
export const SENT_EMAIL_RETENTION_MS = 30 * DAY_MS;

/** Rows deleted per statement, so years of history are pruned in short transactions. */
const PRUNE_BATCH = 5000;

/** Deletes e-mails sent more than SENT_EMAIL_RETENTION_MS ago; an unsent one is never deleted. Returns how many. */
export async function pruneSentEmails(db: CoreDeps["db"], now: Date): Promise<number> {
  const sentBefore = new Date(now.getTime() - SENT_EMAIL_RETENTION_MS);
  let total = 0;
  for (;;) {
    const expired = db.select({ id: emailOutbox.id }).from(emailOutbox).where(lt(emailOutbox.sentAt, sentBefore)).limit(PRUNE_BATCH);
    const deleted = await db.delete(emailOutbox).where(inArray(emailOutbox.id, expired)).returning({ id: emailOutbox.id });
    total += deleted.length;
    if (deleted.length < PRUNE_BATCH) return total;
  }
}
