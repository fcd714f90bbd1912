import { HOUR_MS, MAIL_SEND_CONCURRENCY, createSmtpTransport, enqueueEmail, type MailTransport } from "@hyn/core";
import { startSmtpSink, type SmtpSink } from "@hyn/core/smtp-sink";
import { emailOutbox } from "@hyn/db";
import { isNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { startOutboxWorker, type OutboxWorker } from "../src/jobs/outbox-worker";
import { createTestApp, type TestApp } from "./test-app";

let app: TestApp | undefined;
let sink: SmtpSink | undefined;
let transport: MailTransport | undefined;
let worker: OutboxWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  transport?.close?.();
  await sink?.close();
  await app?.close();
  app = sink = transport = worker = undefined;
});

async function queue(to: string, subject: string) {
  await enqueueEmail(app!.db, app!.clock.now(), { type: "feedback", to, subject, text: "t", html: "<p>t</p>" });
}

describe("the outbox over SMTP", () => {
  it("sends several e-mails at once, never more than its slots, over a few reused connections", async () => {
    app = await createTestApp();
    sink = await startSmtpSink({ acceptDelayMs: 20 });
    transport = createSmtpTransport(sink.url);
    worker = startOutboxWorker(
      { db: app.db, clock: app.clock, logger: app.server.log, transport, from: "test@hyn.local" },
      { intervalMs: 60_000 },
    );
    const count = MAIL_SEND_CONCURRENCY * 12;
    for (let i = 0; i < count; i++) await queue(`n${i}@example.com`, `#${i}`);

    await worker.kick();

    expect(sink.received.map((m) => m.subject).sort()).toEqual(
      Array.from({ length: count }, (_v, i) => `#${i}`).sort(),
    );
    expect(sink.maxMessagesInFlight).toBeGreaterThan(1);
    expect(sink.maxMessagesInFlight).toBeLessThanOrEqual(MAIL_SEND_CONCURRENCY);
    expect(sink.maxOpenConnections).toBeLessThanOrEqual(MAIL_SEND_CONCURRENCY);
    expect(sink.connections).toBeLessThanOrEqual(MAIL_SEND_CONCURRENCY);
    expect(await app.db.select({ id: emailOutbox.id }).from(emailOutbox).where(isNull(emailOutbox.sentAt))).toEqual([]);
  });

  it("sends one recipient's e-mails in the order they were queued while others go out beside them", async () => {
    app = await createTestApp();
    sink = await startSmtpSink({ acceptDelayMs: 5 });
    transport = createSmtpTransport(sink.url);
    worker = startOutboxWorker(
      { db: app.db, clock: app.clock, logger: app.server.log, transport, from: "test@hyn.local" },
      { intervalMs: 60_000 },
    );
    for (let i = 0; i < 10; i++) {
      app.clock.advance(1);
      await queue("same@example.com", `same #${i}`);
      await queue(`other${i}@example.com`, `other #${i}`);
    }

    await worker.kick();

    const same = sink.received.filter((m) => m.to.includes("same@example.com")).map((m) => m.subject);
    expect(same).toEqual(Array.from({ length: 10 }, (_v, i) => `same #${i}`));
    expect(sink.received).toHaveLength(20);
  });

  it("sends an e-mail again under the same Message-ID when the server took it but the answer was lost, so the copy is recognised", async () => {
    app = await createTestApp();
    sink = await startSmtpSink();
    const smtp = createSmtpTransport(sink.url);
    transport = smtp;
    let lostAnswers = 1;
    const answerLostOnce: MailTransport = {
      async send(message) {
        const accepted = await smtp.send(message);
        if (lostAnswers-- > 0) throw new Error("connection reset after the server accepted the message");
        return accepted;
      },
    };
    worker = startOutboxWorker(
      { db: app.db, clock: app.clock, logger: app.server.log, transport: answerLostOnce, from: "test@hyn.local" },
      { intervalMs: 60_000 },
    );
    await queue("ann@example.com", "Bo offered to help");
    await worker.kick();
    app.clock.advance(31_000);
    await worker.kick();

    const [row] = await app.db.select({ messageId: emailOutbox.messageId }).from(emailOutbox);
    expect(sink.received.map((m) => [m.subject, m.messageId])).toEqual([
      ["Bo offered to help", row!.messageId],
      ["Bo offered to help", row!.messageId],
    ]);
  });

  it("gives up on an e-mail at once when the server refuses it for good (5xx), as undeliverable, and retries a passing refusal (4xx)", async () => {
    app = await createTestApp();
    sink = await startSmtpSink({
      refuse: { "gone@example.com": 550, "malformed@example.com": 501, "busy@example.com": 450 },
    });
    transport = createSmtpTransport(sink.url);
    worker = startOutboxWorker(
      { db: app.db, clock: app.clock, logger: app.server.log, transport, from: "test@hyn.local" },
      { intervalMs: 60_000 },
    );
    for (const to of ["gone@example.com", "malformed@example.com", "busy@example.com", "ann@example.com"])
      await queue(to, `to ${to}`);
    // Its next one is refused too, on its own try, not held behind the first forever.
    await queue("gone@example.com", "to gone@example.com, again");

    // Three passes, each after every retry's backoff has run out.
    for (let pass = 0; pass < 3; pass++) {
      await worker.kick();
      app.clock.advance(2 * HOUR_MS);
    }

    expect(Object.fromEntries(sink.refusals)).toEqual({
      "gone@example.com": 2,
      "malformed@example.com": 1,
      "busy@example.com": 3,
    });
    expect(sink.received.map((m) => m.subject)).toEqual(["to ann@example.com"]);
    const rows = await app.db
      .select({
        to: emailOutbox.toAddress,
        attempts: emailOutbox.attempts,
        sentAt: emailOutbox.sentAt,
        undeliverableAt: emailOutbox.undeliverableAt,
        textBody: emailOutbox.textBody,
        lastError: emailOutbox.lastError,
      })
      .from(emailOutbox)
      .orderBy(emailOutbox.seq);
    const [gone, malformed, busy, ann, goneAgain] = rows;
    for (const undeliverable of [gone, malformed, goneAgain]) {
      expect(undeliverable).toMatchObject({ attempts: 1, sentAt: null, textBody: "" });
      expect(undeliverable!.undeliverableAt).toBeInstanceOf(Date);
      expect(undeliverable!.lastError).toMatch(/5\d\d/);
    }
    expect(busy).toMatchObject({ attempts: 3, sentAt: null, undeliverableAt: null });
    expect(ann!.sentAt).toBeInstanceOf(Date);
  });
});
