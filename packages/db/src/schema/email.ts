import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { EMAIL_FREQUENCIES } from "@hyn/validators/rules";
import { createdAt, id, inList, ts, updatedAt } from "./columns";
import { users } from "./users";

/** A text attachment as the outbox keeps it until it is sent. */
export interface StoredAttachment {
  filename: string;
  /** The full Content-Type, e.g. `text/calendar; charset=utf-8; method=PUBLISH`. */
  contentType: string;
  content: string;
}

export const userEmailPreferences = pgTable(
  "user_email_preferences",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    frequency: text("frequency", { enum: EMAIL_FREQUENCIES }).notNull().default("disabled"),
    lastDailySent: ts("last_daily_sent"),
    /** The weekly summary's slot last served for this member (issue 41), stamped with its outbox row. */
    lastWeeklySent: ts("last_weekly_sent"),
    /** When the "what your groups did" e-mail to a quiet member last went (issue 41 §5): at most once in 90 days. */
    lastQuietNoticeSent: ts("last_quiet_notice_sent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("user_email_preferences_frequency_check", sql`${t.frequency} IN (${inList(EMAIL_FREQUENCIES)})`),
    index("user_email_preferences_frequency_idx").on(t.frequency),
  ],
);

/** The e-mail send log (PRODUCT "What is stored"): one row per e-mail handed to the transport. */
export const emailSendLog = pgTable(
  "email_send_log",
  {
    id: id(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    emailType: text("email_type").notNull(),
    requestIds: jsonb("request_ids")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    emailProviderId: text("email_provider_id"),
    createdAt: createdAt(),
  },
  (t) => [index("email_send_log_user_type_idx").on(t.userId, t.emailType, t.createdAt)],
);

/**
 * Transactional outbox: an e-mail is written here in the same transaction as the change that causes it,
 * then delivered by the outbox worker with retries. Nothing is lost if SMTP or the process fails.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: id(),
    /** Queue order (ADR 0002): a recipient's e-mails go out in this order, even those queued in one transaction. */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    /** The Message-ID header, made once with the row and sent by every retry, so a copy is recognised (ADR 0002). */
    messageId: text("message_id")
      .notNull()
      .default(sql`('<' || gen_random_uuid() || '@outbox.help-your-neighbor>')`),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    emailType: text("email_type").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    requestIds: jsonb("request_ids")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Extra headers (List-Unsubscribe); emptied with the bodies once sent. */
    headers: jsonb("headers")
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Attachments as text (a calendar invitation); emptied with the bodies once sent. */
    attachments: jsonb("attachments")
      .$type<StoredAttachment[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    lockedUntil: ts("locked_until"),
    /** The delivery pass holding the lease, so only it renews the lease (ADR 0002). */
    leaseId: uuid("lease_id"),
    sentAt: ts("sent_at"),
    /** The server refused it for good (an SMTP 5xx): never sent, never tried again (ADR 0002). */
    undeliverableAt: ts("undeliverable_at"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("email_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL`),
    // Each recipient's oldest unsent e-mail, the only one of theirs that may be sent (ADR 0002).
    index("email_outbox_recipient_queue_idx")
      .on(sql`lower(${t.toAddress})`, t.seq)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);
