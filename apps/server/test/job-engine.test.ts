import { silentLogger } from "@hyn/core";
import { createTestDatabase, type TestDatabase } from "@hyn/db/testing";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { scheduleChangeLogPruning } from "../src/jobs/change-log-pruner";
import { scheduleDailyDigest } from "../src/jobs/daily-digest";
import { startJobEngine, type JobEngine } from "../src/jobs/engine";
import { FakeClock } from "@hyn/core/testing";
import { rowsOf } from "@hyn/db";

let database: TestDatabase;
let engine: JobEngine;
afterEach(async () => {
  await engine?.stop();
  await database?.close();
});

async function startEngine() {
  database = await createTestDatabase();
  engine = await startJobEngine(database.handle, silentLogger, { pollingIntervalSeconds: 0.5 });
  return engine;
}

/** Resolves when `check` holds, polling; fails the test after `ms`. */
async function eventually(check: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the job engine", () => {
  it("runs a job sent with a start time once that time has come, not before", async () => {
    await startEngine();
    const ran: { data: object; at: number }[] = [];
    await engine.define<{ requestId: string }>("remind", async (data) => void ran.push({ data, at: Date.now() }));
    const startAfter = new Date(Date.now() + 2_000);
    await engine.send("remind", { requestId: "r1" }, { startAfter });
    await eventually(() => ran.length === 1);
    expect(ran[0]!.data).toEqual({ requestId: "r1" });
    // The database's clock decides; allow for the two clocks' rounding.
    expect(ran[0]!.at).toBeGreaterThanOrEqual(startAfter.getTime() - 1_000);
  });

  it("keeps a job sent inside a transaction only if that transaction commits", async () => {
    await startEngine();
    const ran: string[] = [];
    await engine.define<{ name: string }>("remind", async ({ name }) => void ran.push(name));
    await expect(
      database.handle.db.transaction(async (tx) => {
        await engine.send("remind", { name: "rolled back" }, { in: tx });
        throw new Error("the claim failed");
      }),
    ).rejects.toThrow("the claim failed");
    await database.handle.db.transaction(async (tx) => {
      await engine.send("remind", { name: "committed" }, { in: tx });
    });
    await eventually(() => ran.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(ran).toEqual(["committed"]);
  });

  it("retries a failing job, waiting longer before each retry", async () => {
    await startEngine();
    const attempts: { retryCount: number; at: number }[] = [];
    await engine.define(
      "flaky",
      async (_data, job) => {
        attempts.push({ retryCount: job.retryCount, at: Date.now() });
        if (attempts.length < 3) throw new Error("mail server unavailable");
      },
      { retryLimit: 3, retryDelaySeconds: 1 },
    );
    await engine.send("flaky", {});
    await eventually(() => attempts.length === 3, 25_000);
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    // Backoff: at least retryDelay after the first failure, and the second wait at least as long.
    const waits = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
    expect(waits[0]).toBeGreaterThanOrEqual(900);
    expect(waits[1]).toBeGreaterThanOrEqual(900);
  });

  it("schedules the daily summary at DIGEST_HOUR in APP_TIMEZONE and the change-log pruning every minute, and catches the summary up at start", async () => {
    await startEngine();
    const clock = new FakeClock(new Date("2026-06-02T10:00:00Z"));
    const slots: string[] = [];
    await scheduleDailyDigest(engine, {
      clock,
      logger: silentLogger,
      schedule: { hour: 7, timeZone: "Europe/London" },
      run: async ({ slot }) => {
        slots.push(slot.toISOString());
        return { considered: 0, sent: 0 };
      },
    });
    await scheduleChangeLogPruning(engine, database.handle.db, 60_000);
    const schedules = rowsOf<{ name: string; cron: string; timezone: string }>(
      await database.handle.db.execute(sql`select name, cron, timezone from pgboss.schedule order by name`),
    );
    expect(schedules).toEqual([
      { name: "change-log-prune", cron: "* * * * *", timezone: "UTC" },
      { name: "daily-digest", cron: "0 7 * * *", timezone: "Europe/London" },
    ]);
    // The catch-up run serves the latest digest time by the app's clock: 07:00 BST is 06:00 UTC.
    await eventually(() => slots.length === 1);
    expect(slots).toEqual(["2026-06-02T06:00:00.000Z"]);
  });
});
