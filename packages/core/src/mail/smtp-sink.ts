/**
 * A local SMTP server that accepts every message and counts what it saw: for the outbox's tests and
 * benchmark, never for the app. Each message's acceptance can be delayed, so sends overlap visibly.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedEmail {
  to: string[];
  subject: string;
  /** The Message-ID header: copies of one e-mail share it. */
  messageId: string;
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
  close(): Promise<void>;
}

export async function startSmtpSink(options: { acceptDelayMs?: number } = {}): Promise<SmtpSink> {
  let open = 0;
  let inFlight = 0;
  const sink: Omit<SmtpSink, "close" | "url"> = {
    received: [],
    connections: 0,
    maxOpenConnections: 0,
    maxMessagesInFlight: 0,
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
          sink.received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject, messageId });
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
