import { FakeClock } from "@hyn/core/testing";
import { createTestDatabase, type TestDatabase } from "@hyn/db/testing";
import { devMailbox } from "@hyn/db";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

/** The app as `pnpm dev` runs it without SMTP_URL: e-mails go to the dev mailbox. */
function startApp(env: Record<string, string> = {}) {
  return buildApp({
    env: parseEnv({ NODE_ENV: "development", LOG_LEVEL: "silent", WEB_DIST: "/nonexistent", ...env }),
    db: database.handle,
    clock: new FakeClock(new Date()),
    startWorkers: false,
  });
}

const invitation = {
  from: "Help Your Neighbor <no-reply@example.com>",
  to: "Bea@Example.com",
  subject: "You are invited",
  text: "Join us: http://localhost:3000/invite/abc123 (valid for 7 days)",
  html: "<p>Join us</p>",
};

describe("the dev mailbox", () => {
  it("still shows a pending link after the restart that applies ADMIN_EMAILS", async () => {
    const before = await startApp();
    await before.mailbox!.send(invitation);
    await before.mailbox!.send({ ...invitation, to: "someone@example.com", subject: "Later" });
    await before.server.close();

    const after = await startApp({ ADMIN_EMAILS: "ada@example.com" });
    const response = await after.server.inject({ method: "GET", url: "/dev/mailbox?to=bea@example.com" });
    await after.server.close();
    expect(response.statusCode).toBe(200);
    const { emails } = response.json() as {
      emails: { to: string; subject: string; text: string; html: string; links: string[] }[];
    };
    expect(emails).toEqual([
      expect.objectContaining({
        to: "Bea@Example.com",
        subject: "You are invited",
        text: invitation.text,
        html: "<p>Join us</p>",
        links: ["http://localhost:3000/invite/abc123"],
      }),
    ]);
  });

  it("lists the newest e-mail first", async () => {
    const app = await startApp();
    for (const subject of ["First", "Second", "Third"]) await app.mailbox!.send({ ...invitation, subject });
    const response = await app.server.inject({ method: "GET", url: "/dev/mailbox" });
    await app.server.close();
    expect((response.json() as { emails: { subject: string }[] }).emails.map((e) => e.subject)).toEqual([
      "Third",
      "Second",
      "First",
    ]);
  });

  it("has no weekly-summary trigger with SMTP_URL (issue 41): it sends only where the dev mailbox keeps", async () => {
    const app = await startApp({ SMTP_URL: "smtp://127.0.0.1:9" });
    const response = await app.server.inject({ method: "POST", url: "/dev/weekly-summary" });
    await app.server.close();
    expect(app.mailbox).toBeNull();
    expect(response.statusCode).toBe(404);
  });

  it("keeps nothing and has no page in production", async () => {
    // Production without SMTP_URL: an e-mail is only logged as queued (outbox-worker.test.ts), never kept.
    const app = await buildApp({
      env: parseEnv({
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
        WEB_DIST: "/nonexistent",
        APP_URL: "https://neighbours.example.com",
        RATE_LIMIT_MULTIPLIER: "1000",
      }),
      db: database.handle,
      clock: new FakeClock(new Date()),
    });
    const signup = await app.server.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: "prod@example.com", password: "a-good-secret-1" },
    });
    expect(signup.statusCode).toBe(201);
    await app.outbox!.kick();
    const response = await app.server.inject({ method: "GET", url: "/dev/mailbox" });
    const trigger = await app.server.inject({ method: "POST", url: "/dev/weekly-summary" });
    await app.server.close();
    expect(app.mailbox).toBeNull();
    expect(response.statusCode).toBe(404);
    expect(trigger.statusCode).toBe(404);
    expect(await database.handle.db.select({ id: devMailbox.id }).from(devMailbox)).toEqual([]);
  });
});
