import type { StoredAttachment } from "@hyn/db";

/** A text attachment (a calendar invitation): `contentType` is the full header value, parameters included. */
export type EmailAttachment = StoredAttachment;

/** An e-mail ready to hand to a transport: always both a text and an HTML part. */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058) on non-essential e-mails. */
  headers?: Record<string, string>;
  attachments?: EmailAttachment[];
}

/** What the outbox hands a transport. */
export interface OutgoingEmail extends EmailMessage {
  from: string;
  messageId: string;
}

export interface MailTransport {
  /**
   * Resolves with the provider's message id; rejects when the message was not accepted. `messageId` is
   * the Message-ID header, the same on every retry of one e-mail (ADR 0002).
   */
  send(message: OutgoingEmail): Promise<{ providerId: string }>;
  /** Ends open connections (at shutdown, after the outbox worker has stopped). */
  close?(): void;
}
