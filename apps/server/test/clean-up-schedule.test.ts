import { CapturingTransport } from "@hyn/api/testing";
import { rowsOf } from "@hyn/db";
import { createTestDatabase } from "@hyn/db/testing";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";
import { CLEAN_UP_JOB } from "../src/jobs/timed-jobs";

// Issue 40 §3: the clean-up (packages/core/src/retention) is one of the app's schedules, on one instance a night.
it("the app schedules the nightly clean-up of rows past their retention", async () => {
  const database = await createTestDatabase();
  const app = await buildApp({
    env: parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", WEB_DIST: "/nonexistent" }),
    db: database.handle,
    transport: new CapturingTransport(),
  });
  try {
    const schedules = rowsOf<{ name: string; cron: string }>(
      await database.handle.db.execute(sql`select name, cron from pgboss.schedule where name = ${CLEAN_UP_JOB.queue}`),
    );
    expect(schedules).toEqual([{ name: "clean-up", cron: "43 3 * * *" }]);
  } finally {
    await app.server.close();
    await database.close();
  }
}, 120_000);
