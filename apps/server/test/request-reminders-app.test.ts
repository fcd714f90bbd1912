import { CapturingTransport } from "@hyn/api/testing";
import { HOUR_MS } from "@hyn/core";
import { FakeClock } from "@hyn/core/testing";
import { createTestDatabase } from "@hyn/db/testing";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp, type App } from "../src/app";
import { parseEnv } from "../src/env";
import { postAs } from "./support/rest";
import { bearerFor, groupOf } from "./test-app";

let app: App | undefined;
let closeDatabase: (() => Promise<void>) | undefined;
afterEach(async () => {
  await app?.server.close();
  await closeDatabase?.();
});

/** The server as it runs: posting queues the reminder on its job engine, whose worker sends it through the outbox. */
describe("the server's reminder worker", () => {
  it("e-mails the requester of a request nobody claimed, once its reminder is due", async () => {
    const database = await createTestDatabase();
    closeDatabase = database.close;
    // pg-boss runs on the database's clock: the app's starts 50 h back, so the reminder is due at once.
    const realNow = Date.now();
    const clock = new FakeClock(new Date(realNow - 50 * HOUR_MS));
    const transport = new CapturingTransport();
    app = await buildApp({
      env: parseEnv({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        RATE_LIMIT_MULTIPLIER: "1000",
        WEB_DIST: "/nonexistent",
        REQUIRE_EMAIL_CONFIRMATION: "false",
      }),
      db: database.handle,
      clock,
      transport,
    });
    const ann = await bearerFor(app, "ann@example.com");
    const groupId = await groupOf({ db: database.handle.db }, ann, []);
    // Posted 52 h ahead: its reminder is due 24 h before, 22 h ago by the database's clock.
    const posted = await postAs(app, ann, "/api/requests", {
      itemDescription: "Milk",
      groupId,
      neededBy: new Date(realNow + 2 * HOUR_MS).toISOString(),
    });
    expect(posted.statusCode).toBe(201);
    clock.set(new Date(realNow));

    const reminders = () => transport.sent.filter((m) => m.subject === "Nobody has offered to help with Milk yet");
    await expect.poll(() => reminders().length, { timeout: 30_000, interval: 250 }).toBe(1);
  }, 60_000);
});
