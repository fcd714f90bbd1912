/**
 * A local SMTP server that accepts every message and counts what it saw: for the outbox's tests and
 * benchmark, never for the app. Each message's acceptance can be delayed, so sends overlap visibly, and
 * given recipients can be refused with a reply code (a permanent 550 or 501, a passing 450), counted per address.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedEmail {
  to: string[];
  subject: string;
  /** The Message-ID header: copies of one e-mail share it. */
  messageId: string;
  /** When it was accepted (performance.now() of this process). */
  acceptedAt: number;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port>, for SMTP_URL or createSmtpTransport. */
  url: string;
  received: ReceivedEmail[];
  /** Connections opened so far: a pool reuses a few for many messages. */
  connections: number;
  maxOpenConnections: number;
  /** The most messages ever being received at once. */
  maxMessagesInFlight: number;
  /** How many times each refused recipient was tried (lower-cased address). */
  refusals: Map<string, number>;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  acceptDelayMs?: number;
  /** Recipients (lower-cased) answered at RCPT TO with this reply code instead of being accepted. */
  refuse?: Record<string, number>;
}

export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  let open = 0;
  let inFlight = 0;
  const sink: Omit<SmtpSink, "close" | "url"> = {
    received: [],
    connections: 0,
    maxOpenConnections: 0,
    maxMessagesInFlight: 0,
    refusals: new Map(),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onConnect(_session, callback) {
      sink.connections++;
      sink.maxOpenConnections = Math.max(sink.maxOpenConnections, ++open);
      callback();
    },
    onClose() {
      open--;
    },
    onRcptTo(address, _session, callback) {
      const recipient = address.address.toLowerCase();
      const code = options.refuse?.[recipient];
      if (code === undefined) return callback();
      sink.refusals.set(recipient, (sink.refusals.get(recipient) ?? 0) + 1);
      callback(Object.assign(new Error(`Refused by the test sink: ${recipient}`), { responseCode: code }));
    },
    onData(stream, session, callback) {
      sink.maxMessagesInFlight = Math.max(sink.maxMessagesInFlight, ++inFlight);
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        // Unfolded: a long header (a Message-ID) continues on indented lines.
        const headers = (
          Buffer.concat(chunks)
            .toString("utf8")
            .split(/\r?\n\r?\n/)[0] ?? ""
        ).replace(/\r?\n[ \t]+/g, " ");
        const subject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? "";
        const messageId = /^Message-ID:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? "";
        setTimeout(() => {
          sink.received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject,
            messageId,
            acceptedAt: performance.now(),
          });
          inFlight--;
          callback();
        }, options.acceptDelayMs ?? 0);
      });
    },
  });
  // A client that vanishes mid-message (an instance killed by a test) ends its session, not the sink.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
