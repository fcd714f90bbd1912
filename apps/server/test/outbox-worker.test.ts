import { DAY_MS, HOUR_MS, MINUTE_MS, enqueueEmail } from "@hyn/core";
import { FakeClock } from "@hyn/core/testing";
import { emailOutbox } from "@hyn/db";
import { createTestDatabase } from "@hyn/db/testing";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp, type App } from "../src/app";
import { parseEnv } from "../src/env";
import { outboxPruningPass } from "../src/jobs/outbox-pruner";
import { startOutboxWorker, type OutboxWorker } from "../src/jobs/outbox-worker";
import { createTestApp, type TestApp } from "./test-app";

let app: TestApp | undefined;
let worker: OutboxWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  await app?.close();
  app = worker = undefined;
});

describe("the outbox pruning job", () => {
  it("deletes e-mails 30 days after they were sent, never one still unsent", async () => {
    app = await createTestApp();
    const { clock, transport, db } = app;
    worker = startOutboxWorker(
      { db, clock, logger: app.server.log, transport, from: "test@hyn.local" },
      { intervalMs: HOUR_MS },
    );
    const prune = outboxPruningPass(db, clock);
    const subjects = async () =>
      (await db.select({ subject: emailOutbox.subject }).from(emailOutbox).orderBy(emailOutbox.subject)).map(
        (r) => r.subject,
      );

    await enqueueEmail(db, clock.now(), {
      type: "feedback",
      to: "a@example.com",
      subject: "sent",
      text: "t",
      html: "<p>t</p>",
    });
    await worker.kick();
    transport.failNext = 1000;
    await enqueueEmail(db, clock.now(), {
      type: "feedback",
      to: "b@example.com",
      subject: "unsent",
      text: "t",
      html: "<p>t</p>",
    });
    await worker.kick();
    expect(transport.sent.map((m) => m.subject)).toEqual(["sent"]);

    clock.advance(30 * DAY_MS - MINUTE_MS);
    await prune();
    expect(await subjects()).toEqual(["sent", "unsent"]);

    clock.advance(2 * MINUTE_MS);
    await prune();
    expect(await subjects()).toEqual(["unsent"]);
  });
});

describe("the outbox worker", () => {
  it("sends an e-mail as soon as the transaction that queued it commits, not at its poll (issue 44)", async () => {
    app = await createTestApp();
    const { clock, transport, db } = app;
    worker = startOutboxWorker(
      { db, clock, logger: app.server.log, transport, from: "test@hyn.local" },
      { intervalMs: HOUR_MS, wakeOnCommit: true },
    );
    // Its LISTEN is set up as it starts.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await db.transaction(async (tx) => {
      await enqueueEmail(tx, clock.now(), {
        type: "feedback",
        to: "a@example.com",
        subject: "at once",
        text: "t",
        html: "<p>t</p>",
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(transport.sent).toEqual([]);
    });
    const deadline = Date.now() + 3_000;
    while (transport.sent.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(transport.sent.map((m) => m.subject)).toEqual(["at once"]);
  });
});

describe("e-mail in production without SMTP_URL", () => {
  let production: App | undefined;
  let closeDatabase: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await production?.server.close();
    await closeDatabase?.();
    production = closeDatabase = undefined;
  });

  it("logs that an e-mail was queued, never its link, and shows no mailbox", async () => {
    const database = await createTestDatabase();
    closeDatabase = database.close;
    const lines: string[] = [];
    production = await buildApp({
      env: parseEnv({
        NODE_ENV: "production",
        LOG_LEVEL: "info",
        RATE_LIMIT_MULTIPLIER: "1000",
        WEB_DIST: "/nonexistent",
      }),
      db: database.handle,
      clock: new FakeClock(new Date()),
      logStream: { write: (line) => void lines.push(line) },
    });
    const signup = await production.server.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "prod@example.com", password: "a-good-secret-1" },
    });
    expect(signup.statusCode).toBe(201);
    await production.outbox!.kick();

    const log = lines.join("\n");
    expect(log).not.toContain("token_hash");
    expect(log).not.toMatch(/https?:\/\/[^"]*callback/);
    expect(lines.filter((line) => line.includes("e-mail queued but not delivered"))).toHaveLength(1);
    expect((await production.server.inject({ method: "GET", url: "/dev/mailbox" })).statusCode).toBe(404);
  });
});
