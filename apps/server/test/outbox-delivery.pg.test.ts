import { createSmtpTransport, enqueueEmail, silentLogger, systemClock, type MailTransport } from "@hyn/core";
import { startSmtpSink, type SmtpSink } from "@hyn/core/smtp-sink";
import { createDb, emailOutbox, type DbHandle } from "@hyn/db";
import { createTestDatabase, type TestDatabase } from "@hyn/db/testing";
import { isNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { startOutboxWorker, type OutboxWorker } from "../src/jobs/outbox-worker";

let database: TestDatabase | undefined;
let secondInstance: DbHandle | undefined;
let sink: SmtpSink | undefined;
const transports: MailTransport[] = [];
const workers: OutboxWorker[] = [];
afterEach(async () => {
  for (const worker of workers.splice(0)) await worker.stop();
  for (const transport of transports.splice(0)) transport.close?.();
  await sink?.close();
  await secondInstance?.close();
  await database?.close();
  database = secondInstance = sink = undefined;
});

/** An instance's outbox worker: its own pool of database connections and of SMTP connections. */
function instance(db: DbHandle["db"]) {
  const transport = createSmtpTransport(sink!.url);
  transports.push(transport);
  const worker = startOutboxWorker(
    { db, clock: systemClock, logger: silentLogger, transport, from: "test@hyn.local" },
    { intervalMs: 20 },
  );
  workers.push(worker);
  return worker;
}

async function unsent(db: DbHandle["db"]) {
  return (await db.select({ id: emailOutbox.id }).from(emailOutbox).where(isNull(emailOutbox.sentAt))).length;
}

describe("two instances delivering from one outbox", () => {
  it("send every e-mail exactly once, through a restart of one of them", async () => {
    database = await createTestDatabase({ maxConnections: 10 });
    secondInstance = await createDb({ url: database.url!, maxConnections: 10 });
    sink = await startSmtpSink({ acceptDelayMs: 2 });
    const count = 400;
    for (let i = 0; i < count; i++) {
      await enqueueEmail(database.handle.db, systemClock.now(), {
        type: "feedback",
        to: `n${i % 150}@example.com`,
        subject: `#${i}`,
        text: "t",
        html: "<p>t</p>",
      });
    }

    const first = instance(database.handle.db);
    instance(secondInstance.db);
    while (sink.received.length < count / 4) await new Promise((resolve) => setTimeout(resolve, 5));
    // A restart: the first instance stops (finishing what it holds), a new one takes its place.
    await first.stop();
    instance(database.handle.db);
    while ((await unsent(database.handle.db)) > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const worker of workers) await worker.stop();

    const subjects = sink.received.map((m) => m.subject);
    expect(subjects).toHaveLength(count);
    expect(new Set(subjects).size).toBe(count);
  });
});
