import { emailOutbox, emailSendLog, preparedStatement, type Executor } from "@hyn/db";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { storableJson, storableText } from "@hyn/validators";
import type { CoreDeps } from "../shared/deps";
import { DAY_MS, HOUR_MS } from "../shared/clock";
import { describeError } from "../shared/loggable-error";
import type { EmailKind } from "./email-kinds";
import type { EmailMessage, MailTransport } from "./message";

export interface QueuedEmail extends EmailMessage {
  type: EmailKind;
  userId?: string | null;
  requestIds?: string[];
}

/**
 * An e-mail's own columns in the outbox (the times are the caller's): its texts as PostgreSQL can store
 * them, so that no text in an e-mail can fail the action that sends it (issue 38).
 */
function outboxColumns(email: QueuedEmail) {
  return {
    userId: email.userId ?? null,
    emailType: email.type,
    toAddress: email.to,
    subject: storableText(email.subject),
    textBody: storableText(email.text),
    htmlBody: storableText(email.html),
    requestIds: email.requestIds ?? [],
    headers: storableJson(email.headers ?? {}),
    attachments: storableJson(email.attachments ?? []),
  };
}

/**
 * The channel an outbox INSERT notifies when its transaction commits: every instance's worker wakes and
 * sends at once (issue 44), its poll staying as the fallback. Only a wake-up: it carries nothing.
 */
export const OUTBOX_CHANNEL = "hyn_outbox";

/** Selected by the INSERT's RETURNING: PostgreSQL sends one notice per channel and transaction, at commit. */
const wakeWorkers = sql<string>`pg_notify(${sql.raw(`'${OUTBOX_CHANNEL}'`)}, '')`;

/** The outbox's INSERT, built once: every notice of a claim, a post or a reminder goes through it. */
const queueing = preparedStatement((executor) => {
  const value = (name: string) => sql.placeholder(name);
  return executor
    .insert(emailOutbox)
    .values({
      userId: value("userId"),
      emailType: value("emailType"),
      toAddress: value("toAddress"),
      subject: value("subject"),
      textBody: value("textBody"),
      htmlBody: value("htmlBody"),
      requestIds: value("requestIds"),
      headers: value("headers"),
      attachments: value("attachments"),
      nextAttemptAt: value("now"),
      createdAt: value("now"),
      updatedAt: value("now"),
    })
    .returning({ id: emailOutbox.id, woke: wakeWorkers })
    .prepare("email_outbox_queue");
});

/**
 * Queues an e-mail in the caller's transaction: it is sent if and only if the change that caused it
 * commits, and the commit wakes the workers (OUTBOX_CHANNEL). Delivery happens in `deliverDueEmails`. The id names the e-mail (POST /api/send-invitation answers it).
 */
export async function enqueueEmail(executor: Executor, now: Date, email: QueuedEmail): Promise<{ id: string }> {
  const [row] = await queueing(executor).execute({ ...outboxColumns(email), now });
  return { id: row!.id };
}

/** Queues e-mails as enqueueEmail does, in one INSERT however many (in this order: one recipient's stay in it). */
export async function enqueueEmails(
  executor: Executor,
  now: Date,
  emails: readonly QueuedEmail[],
): Promise<{ id: string }[]> {
  if (emails.length === 0) return [];
  return executor
    .insert(emailOutbox)
    .values(
      emails.map((email) => ({
        ...outboxColumns(email),
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: emailOutbox.id, woke: wakeWorkers })
    .then((rows) => rows.map(({ id }) => ({ id })));
}

/**
 * Retry backoff: 30 s, 1 min, 2 min, ... capped at one hour; an e-mail is never dropped, unless the server refuses
 * it for good (`isPermanentRefusal`): then it is recorded as undeliverable at once.
 */
export function retryDelayMs(attempts: number): number {
  return Math.min(HOUR_MS, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * How long a lease lasts without renewal: a crashed instance's e-mails go out again this soon. The pass
 * holding it renews it every quarter of this while its sends are in flight (ADR 0002).
 */
export const OUTBOX_LEASE_MS = 10_000;
/** E-mails handed to the transport at once per instance; the SMTP pool opens as many connections. */
export const MAIL_SEND_CONCURRENCY = 8;
/** Recipients leased per slot and pass, and e-mails sent per recipient and pass (one after another). */
const BATCH_PER_SLOT = 8;

export interface DeliveryDeps extends Pick<CoreDeps, "db" | "clock" | "logger"> {
  transport: MailTransport;
  from: string;
  /** Sends in flight at once (default MAIL_SEND_CONCURRENCY). */
  concurrency?: number;
  /** The lease's length (default OUTBOX_LEASE_MS): shorter in tests. */
  leaseMs?: number;
}

const queued = alias(emailOutbox, "queued");

/**
 * The seq of the oldest unsent e-mail to the same recipient as the outer row: only that one may be sent,
 * whoever holds it (an instance that died, a retry later), so no e-mail overtakes an earlier one.
 * A subquery with LIMIT 1, so each row costs one probe of `email_outbox_recipient_queue_idx`.
 */
function recipientHeadSeq(deps: DeliveryDeps) {
  return deps.db
    .select({ seq: queued.seq })
    .from(queued)
    .where(and(unsettled(queued), sql`lower(${queued.toAddress}) = lower(${emailOutbox.toAddress})`))
    .orderBy(queued.seq)
    .limit(1);
}

/** Waiting to go: neither sent nor refused for good. */
const unsettled = (table: Record<"sentAt" | "undeliverableAt", AnyPgColumn>) =>
  and(isNull(table.sentAt), isNull(table.undeliverableAt));

/**
 * An SMTP reply that no retry changes (RFC 5321: 5xx is a permanent failure: no such mailbox, an address the
 * server cannot read), as nodemailer reports it; a 4xx, a timeout or a lost connection passes.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** Not sent, due, and not leased (or the lease ran out). */
function deliverable(now: Date) {
  return and(
    unsettled(emailOutbox),
    lte(emailOutbox.nextAttemptAt, now),
    or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, now)),
  );
}

/** The lease of one pass: its id, and until when it holds (renewed while the pass runs). */
interface Lease {
  id: string;
  until: Date;
}

/** What a lease sets: held by `lease`, one attempt more. */
function leaseSet(lease: Lease, now: Date) {
  return { lockedUntil: lease.until, leaseId: lease.id, attempts: sql`${emailOutbox.attempts} + 1`, updatedAt: now };
}

const leasedColumns = {
  id: emailOutbox.id,
  seq: emailOutbox.seq,
  messageId: emailOutbox.messageId,
  leaseId: emailOutbox.leaseId,
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
};

/**
 * Leases up to `limit` due e-mails that are their recipient's oldest unsent one, by the due index, and
 * reads them. The rows are picked in a CTE, run once: a LIMIT ... SKIP LOCKED subquery inside IN may
 * be run again for the same statement and lease more rows than it picked.
 */
function leaseRecipientHeads(deps: DeliveryDeps, lease: Lease, limit: number) {
  const now = deps.clock.now();
  const heads = deps.db.$with("heads").as(
    deps.db
      .select({ headId: emailOutbox.id })
      .from(emailOutbox)
      .where(and(deliverable(now), eq(emailOutbox.seq, recipientHeadSeq(deps))))
      .orderBy(emailOutbox.nextAttemptAt)
      .limit(limit)
      .for("update", { skipLocked: true }),
  );
  return deps.db
    .with(heads)
    .update(emailOutbox)
    .set(leaseSet(lease, now))
    .where(inArray(emailOutbox.id, deps.db.select({ id: heads.headId }).from(heads)))
    .returning(leasedColumns);
}

type LeasedEmail = Awaited<ReturnType<typeof leaseRecipientHeads>>[number];

/** Leases the recipient's next e-mail once the one before it is sent (by the recipient's index only), if it is due. */
async function leaseNextFor(deps: DeliveryDeps, lease: Lease, toAddress: string): Promise<LeasedEmail | undefined> {
  const now = deps.clock.now();
  const next = deps.db.$with("next").as(
    deps.db
      .select({ nextId: emailOutbox.id })
      .from(emailOutbox)
      .where(and(unsettled(emailOutbox), sql`lower(${emailOutbox.toAddress}) = lower(${toAddress})`))
      .orderBy(emailOutbox.seq)
      .limit(1)
      .for("update", { skipLocked: true }),
  );
  const [row] = await deps.db
    .with(next)
    .update(emailOutbox)
    .set(leaseSet(lease, now))
    .where(and(inArray(emailOutbox.id, deps.db.select({ id: next.nextId }).from(next)), deliverable(now)))
    .returning(leasedColumns);
  return row;
}

/**
 * Sends the e-mails that are due. Each is leased with FOR UPDATE SKIP LOCKED, so several instances
 * never send the same one, and only a recipient's oldest unsent e-mail is ever leased, so each
 * recipient's e-mails go out one after another in the order they were queued, across retries,
 * instances and restarts (a "fulfilled" notice never follows the "offered to help" before it too
 * early). A slot sends up to BATCH_PER_SLOT of one recipient's in a row; different recipients' go out
 * side by side, up to `concurrency` at once. The lease is short and renewed while the pass runs, so
 * the e-mails of an instance that died go out again within seconds. Returns how many were sent.
 */
export async function deliverDueEmails(deps: DeliveryDeps): Promise<number> {
  const concurrency = deps.concurrency ?? MAIL_SEND_CONCURRENCY;
  const leaseMs = deps.leaseMs ?? OUTBOX_LEASE_MS;
  const lease: Lease = { id: randomUUID(), until: new Date(deps.clock.now().getTime() + leaseMs) };
  const heads = await leaseRecipientHeads(deps, lease, concurrency * BATCH_PER_SLOT);
  if (heads.length === 0) return 0;
  heads.sort((a, b) => a.seq - b.seq);
  const held = new Set(heads.map((row) => row.id));
  const heartbeat = renewWhileHeld(deps, leaseMs, held, lease);
  let sent = 0;
  try {
    await inSlots(heads, concurrency, async (head) => {
      let row: LeasedEmail | undefined = head;
      for (let n = 1; row; n++) {
        // A lease lost (not renewed in time, another instance may hold the e-mail now): leave it to that one.
        if (!held.has(row.id) || deps.clock.now() >= lease.until) return;
        const outcome = await deliverOne(deps, row);
        held.delete(row.id);
        // A failed one waits for its retry, and the recipient's later ones behind it.
        if (outcome === "retry") return;
        if (outcome === "sent") sent++;
        if (n === BATCH_PER_SLOT) return;
        row = await leaseNextFor(deps, lease, row.toAddress);
        if (row) held.add(row.id);
      }
    });
  } finally {
    await heartbeat.stop();
  }
  return sent;
}

/**
 * Renews the lease on the e-mails still `held` every quarter of its length, as long as this pass
 * holds it (its lease id); an e-mail whose lease was lost leaves `held`. Renewal failures are logged
 * and retried at the next beat: the lease lasts four beats. The lease's `until` moves with each renewal.
 */
function renewWhileHeld(deps: DeliveryDeps, leaseMs: number, held: Set<string>, lease: Lease) {
  let renewing: Promise<void> | null = null;
  const renew = async () => {
    const ids = [...held];
    if (ids.length === 0) return;
    const until = new Date(deps.clock.now().getTime() + leaseMs);
    try {
      const kept = await deps.db
        .update(emailOutbox)
        .set({ lockedUntil: until })
        .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.leaseId, lease.id), unsettled(emailOutbox)))
        .returning({ id: emailOutbox.id });
      const keptIds = new Set(kept.map((row) => row.id));
      // Not returned: sent meanwhile (done anyway) or taken by another instance (lost).
      for (const id of ids) if (!keptIds.has(id)) held.delete(id);
      lease.until = until;
    } catch (error) {
      deps.logger.warn({ err: error }, "outbox lease renewal failed; will retry");
    }
  };
  const timer = setInterval(() => void (renewing ??= renew().finally(() => (renewing = null))), leaseMs / 4);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await renewing;
    },
  };
}

/** Runs `work` over `items` with at most `slots` running at once. */
async function inSlots<T>(items: T[], slots: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const slot = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(slots, items.length) }, slot));
}

/** What emptying an e-mail writes once it will never be sent again: its links (tokens) are not kept at rest. */
const EMPTIED = { textBody: "", htmlBody: "", headers: {}, attachments: [] };

/**
 * Sends one leased e-mail: "sent" once it is sent and recorded, "undeliverable" once a refusal for good is recorded
 * (either way the recipient's next one may go), "retry" when it was scheduled for a retry.
 */
async function deliverOne(deps: DeliveryDeps, row: LeasedEmail): Promise<"sent" | "undeliverable" | "retry"> {
  try {
    const { providerId } = await deps.transport.send({
      from: deps.from,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      headers: row.headers,
      attachments: row.attachments,
      messageId: row.messageId,
    });
    const sentAt = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      // Handed to SMTP: the bodies' links (verification, reset, invitation, unsubscribe tokens) are not kept at rest.
      await tx
        .update(emailOutbox)
        .set({
          sentAt,
          lockedUntil: null,
          leaseId: null,
          lastError: null,
          ...EMPTIED,
          updatedAt: sentAt,
        })
        .where(eq(emailOutbox.id, row.id));
      await tx.insert(emailSendLog).values({
        userId: row.userId,
        emailType: row.emailType,
        requestIds: row.requestIds,
        emailProviderId: providerId,
        createdAt: sentAt,
      });
    });
    return "sent";
  } catch (error) {
    if (isPermanentRefusal(error)) {
      deps.logger.warn(
        { emailId: row.id, emailType: row.emailType, attempts: row.attempts, err: error },
        "e-mail refused for good; recorded as undeliverable",
      );
      const now = deps.clock.now();
      await deps.db
        .update(emailOutbox)
        .set({
          undeliverableAt: now,
          lockedUntil: null,
          leaseId: null,
          lastError: describeError(error).slice(0, 500),
          ...EMPTIED,
          updatedAt: now,
        })
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.leaseId, row.leaseId!)));
      return "undeliverable";
    }
    const retryAt = new Date(deps.clock.now().getTime() + retryDelayMs(row.attempts));
    deps.logger.warn(
      { emailId: row.id, emailType: row.emailType, attempts: row.attempts, err: error },
      "e-mail send failed; will retry",
    );
    // Only while this pass holds it: an instance that took over a lost lease keeps its own.
    await deps.db
      .update(emailOutbox)
      .set({
        lockedUntil: null,
        leaseId: null,
        lastError: describeError(error).slice(0, 500),
        nextAttemptAt: retryAt,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.leaseId, row.leaseId!)));
    return "retry";
  }
}

/** Sent and undeliverable e-mails are kept this long (their bodies are already empty), then deleted. */
export const SENT_EMAIL_RETENTION_MS = 30 * DAY_MS;

/** Rows deleted per statement, so years of history are pruned in short transactions. */
const PRUNE_BATCH = 5000;

/**
 * Deletes e-mails sent, or recorded as undeliverable, more than SENT_EMAIL_RETENTION_MS ago; one still waiting to
 * go is never deleted. Returns how many.
 */
export async function pruneSentEmails(db: CoreDeps["db"], now: Date): Promise<number> {
  const sentBefore = new Date(now.getTime() - SENT_EMAIL_RETENTION_MS);
  let total = 0;
  for (;;) {
    const expired = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(or(lt(emailOutbox.sentAt, sentBefore), lt(emailOutbox.undeliverableAt, sentBefore)))
      .limit(PRUNE_BATCH);
    const deleted = await db
      .delete(emailOutbox)
      .where(inArray(emailOutbox.id, expired))
      .returning({ id: emailOutbox.id });
    total += deleted.length;
    if (deleted.length < PRUNE_BATCH) return total;
  }
}
