import type { StoredAttachment } from "./email";
import { bigint, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Without SMTP, outside production, e-mails are kept here for GET /dev/mailbox: in the database, so the
 * restart that applies ADMIN_EMAILS keeps pending verification and invitation links. Never written in production.
 */
export const devMailbox = pgTable("dev_mailbox", {
  /** In the order of sending, which is the mailbox's order. */
  id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  recipient: text("recipient").notNull(),
  sender: text("sender").notNull(),
  subject: text("subject").notNull(),
  textBody: text("text_body").notNull(),
  htmlBody: text("html_body").notNull(),
  links: jsonb("links").$type<string[]>().notNull(),
  headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
  attachments: jsonb("attachments").$type<StoredAttachment[]>().notNull().default([]),
  sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
});
