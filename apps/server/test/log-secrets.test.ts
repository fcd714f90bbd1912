import { enqueueEmail } from "@hyn/core";
import { emailOutbox } from "@hyn/db";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { startOutboxWorker } from "../src/jobs/outbox-worker";
import { createTestApp, type TestApp } from "./test-app";

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

const CANARY_EMAIL = "canary-7f3a@example.com";
const CANARY_PASSWORD = "canary-password-7f3a";

/** The app with every log line kept, and a trigger that makes any new account's INSERT fail. */
async function appWhoseSignUpsFail() {
  const lines: string[] = [];
  app = await createTestApp(
    { LOG_LEVEL: "info", REQUIRE_EMAIL_CONFIRMATION: "false" },
    { logStream: { write: (line) => void lines.push(line) } },
  );
  await app.db.execute(
    sql.raw(
      `CREATE FUNCTION refuse_users() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test trigger'; END $$`,
    ),
  );
  await app.db.execute(
    sql.raw(`CREATE TRIGGER refuse_users BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_users()`),
  );
  return lines;
}

function expectNoQueryValues(log: string, statement = "insert into users") {
  expect(log).not.toContain("canary-7f3a");
  expect(log).not.toContain("$argon2");
  expect(log).not.toMatch(/params/i);
  expect(log).toContain("refused by the test trigger");
  expect(log).toContain(statement);
}

describe("the log of a failed query", () => {
  it("keeps the statement's name and the error, never the values it was sent with (REST)", async () => {
    const lines = await appWhoseSignUpsFail();
    const response = await app.server.inject({
      method: "POST",
      url: "/api/auth/signup",
      payload: { email: CANARY_EMAIL, password: CANARY_PASSWORD },
    });
    expect(response.statusCode).toBe(500);
    const failed = lines.filter((line) => line.includes("REST call failed"));
    expect(failed).toHaveLength(1);
    expectNoQueryValues(lines.join("\n"));
  });

  it("keeps the statement's name and the error, never the values it was sent with (tRPC)", async () => {
    const lines = await appWhoseSignUpsFail();
    const response = await app.server.inject({
      method: "POST",
      url: "/trpc/auth.signUp",
      payload: { json: { email: CANARY_EMAIL, password: CANARY_PASSWORD, name: "Canary" } },
    });
    expect(response.statusCode).toBe(500);
    expect(lines.filter((line) => line.includes("tRPC call failed"))).toHaveLength(1);
    expectNoQueryValues(lines.join("\n"));
  });

  it("keeps the values out of the outbox worker's log and of the e-mail's stored last error", async () => {
    const lines: string[] = [];
    app = await createTestApp({ LOG_LEVEL: "info" }, { logStream: { write: (line) => void lines.push(line) } });
    await app.db.execute(
      sql.raw(
        `CREATE FUNCTION refuse_log() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test trigger'; END $$`,
      ),
    );
    await app.db.execute(
      sql.raw(`CREATE TRIGGER refuse_log BEFORE INSERT ON email_send_log FOR EACH ROW EXECUTE FUNCTION refuse_log()`),
    );
    await enqueueEmail(app.db, app.clock.now(), {
      type: "feedback",
      to: CANARY_EMAIL,
      subject: "s",
      text: "t",
      html: "<p>t</p>",
    });
    // The provider's id is one of the values of the failing INSERT into the send log.
    const transport = { send: async () => ({ providerId: "canary-7f3a-provider" }) };
    const worker = startOutboxWorker(
      { db: app.db, clock: app.clock, logger: app.server.log, transport, from: "test@hyn.local" },
      { intervalMs: 60_000 },
    );
    await worker.kick();
    await worker.stop();

    const [row] = await app.db
      .select({ lastError: emailOutbox.lastError, sentAt: emailOutbox.sentAt })
      .from(emailOutbox);
    expect(row!.sentAt).toBeNull();
    expect(row!.lastError).toBe("Failed query: insert into email_send_log");
    expect(lines.filter((line) => line.includes("e-mail send failed"))).toHaveLength(1);
    expectNoQueryValues(lines.join("\n"), "insert into email_send_log");
  });
});
