import { randomUUID } from "node:crypto";
import { devMailbox, type Database } from "@hyn/db";
import { desc, lte, sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Logger } from "../shared/logger";
import type { EmailMessage, MailTransport } from "./message";
import { MAIL_SEND_CONCURRENCY } from "./outbox";

/**
 * Pool settings SMTP_URL does not set itself: one connection per send slot of the outbox, reused from
 * message to message, and timeouts that end a stuck send (its lease is renewed while it is in flight,
 * and the recipient's next e-mails wait behind it).
 */
const POOL_DEFAULTS = {
  pool: "true",
  maxConnections: String(MAIL_SEND_CONCURRENCY),
  connectionTimeout: "30000",
  greetingTimeout: "30000",
  socketTimeout: "60000",
};

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries(POOL_DEFAULTS))
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  const transporter = nodemailer.createTransport(url.toString());
  return {
    async send(message) {
      // `messageId` becomes the Message-ID header: the outbox's own, the same on every retry.
      const info = await transporter.sendMail({
        ...message,
        attachments: message.attachments?.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: a.content,
        })),
      });
      return { providerId: String(info.messageId) };
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * Production without SMTP_URL: nothing can be delivered. The log says an e-mail was queued, never its
 * links: they hold sign-in and reset tokens.
 */
export function createUndeliveredMailLog(logger: Logger): MailTransport {
  return {
    async send(message) {
      logger.info({ to: message.to, subject: message.subject }, "e-mail queued but not delivered: no SMTP_URL");
      return { providerId: `undelivered-${randomUUID()}` };
    },
  };
}

export interface DevMailboxEntry extends EmailMessage {
  headers: Record<string, string>;
  attachments: NonNullable<EmailMessage["attachments"]>;
  id: string;
  from: string;
  links: string[];
  sentAt: string;
}

/** The newest this many e-mails are kept; older ones are dropped as new ones arrive. */
const DEV_MAILBOX_KEEPS = 500;

/**
 * Without SMTP_URL, outside production, every e-mail lands here: logged as one "mail to <address>: <links>"
 * line and kept in the database (newest first, last 500) for GET /dev/mailbox, which the e2e tests read
 * like an inbox. In the database, so the restart that applies ADMIN_EMAILS loses no pending link.
 */
export class DevMailbox implements MailTransport {
  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  async send(message: EmailMessage & { from: string }): Promise<{ providerId: string }> {
    const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    this.logger.info({ subject: message.subject }, `mail to ${message.to}: ${links.join(" ") || "(no links)"}`);
    const [kept] = await this.db
      .insert(devMailbox)
      .values({
        recipient: message.to,
        sender: message.from,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        links,
        headers: message.headers ?? {},
        attachments: message.attachments ?? [],
      })
      .returning({ id: devMailbox.id });
    await this.db.delete(devMailbox).where(lte(devMailbox.id, kept!.id - DEV_MAILBOX_KEEPS));
    return { providerId: `dev-${kept!.id}` };
  }

  async list(to?: string): Promise<DevMailboxEntry[]> {
    const rows = await this.db
      .select({
        id: devMailbox.id,
        to: devMailbox.recipient,
        from: devMailbox.sender,
        subject: devMailbox.subject,
        text: devMailbox.textBody,
        html: devMailbox.htmlBody,
        links: devMailbox.links,
        headers: devMailbox.headers,
        attachments: devMailbox.attachments,
        sentAt: devMailbox.sentAt,
      })
      .from(devMailbox)
      .where(to ? sql`lower(${devMailbox.recipient}) = ${to.toLowerCase()}` : undefined)
      .orderBy(desc(devMailbox.id))
      .limit(DEV_MAILBOX_KEEPS);
    return rows.map((row) => ({ ...row, id: `dev-${row.id}`, sentAt: row.sentAt.toISOString() }));
  }
}
