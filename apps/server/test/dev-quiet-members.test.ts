import { FakeClock } from "@hyn/core/testing";
import { createTestDatabase, type TestDatabase } from "@hyn/db/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";

/** POST /dev/quiet-members exists for the e2e's month of quiet only: with NODE_ENV=test and the dev mailbox. */
let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

async function answerWith(env: Record<string, string>) {
  const app = await buildApp({
    env: parseEnv({ LOG_LEVEL: "silent", WEB_DIST: "/nonexistent", ...env }),
    db: database.handle,
    clock: new FakeClock(new Date("2026-06-01T10:00:00Z")),
    startWorkers: false,
  });
  try {
    const response = await app.server.inject({
      method: "POST",
      url: "/dev/quiet-members",
      payload: { email: "not an address" },
    });
    return response.statusCode;
  } finally {
    await app.server.close();
  }
}

describe("the test-only route that makes a member quiet", () => {
  it("answers only under NODE_ENV=test without SMTP; elsewhere it does not exist", async () => {
    // The route itself refuses a body without an address and a number of days.
    expect(await answerWith({ NODE_ENV: "test" })).toBe(400);
    expect(await answerWith({ NODE_ENV: "development" })).toBe(404);
    expect(await answerWith({ NODE_ENV: "test", SMTP_URL: "smtp://localhost:2525" })).toBe(404);
  });
});
