import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Logger } from "../shared/logger";
import type { EmailMessage, MailTransport } from "./message";
import { MAIL_SEND_CONCURRENCY } from "./outbox";

/**
 * Pool settings SMTP_URL does not set itself: one connection per send slot of the outbox, reused from
 * message to message, and timeouts that end a stuck send well within the outbox's 2-minute lease.
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
  for (const [key, value] of Object.entries(POOL_DEFAULTS)) if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  const transporter = nodemailer.createTransport(url.toString());
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
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
  id: string;
  from: string;
  links: string[];
  sentAt: string;
}

/**
 * Without SMTP_URL, outside production, every e-mail lands here: logged with its links and kept (newest first, last 500)
 * for GET /dev/mailbox, which the e2e tests read like an inbox.
 */
export class DevMailbox implements MailTransport {
  private readonly entries: DevMailboxEntry[] = [];
  constructor(private readonly logger: Logger) {}

  async send(message: EmailMessage & { from: string }): Promise<{ providerId: string }> {
    const id = `dev-${randomUUID()}`;
    const links = [...message.text.matchAll(/https?:\/\/\S+/g)].map((m) => m[0]);
    this.entries.unshift({ ...message, id, links, sentAt: new Date().toISOString() });
    this.entries.length = Math.min(this.entries.length, 500);
    this.logger.info({ to: message.to, subject: message.subject, links }, "dev mailbox: e-mail kept (no SMTP_URL)");
    return { providerId: id };
  }

  list(to?: string): DevMailboxEntry[] {
    return to ? this.entries.filter((e) => e.to.toLowerCase() === to.toLowerCase()) : [...this.entries];
  }
}
