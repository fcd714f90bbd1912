import { randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import type { Logger } from "../shared/logger";
import type { EmailMessage, MailTransport } from "./message";

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transporter.sendMail(message);
      return { providerId: String(info.messageId) };
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
 * Without SMTP_URL every e-mail lands here: logged with its links and kept (newest first, last 500)
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
