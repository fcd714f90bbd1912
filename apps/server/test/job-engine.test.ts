import { silentLogger } from "@hyn/core";
import { FakeClock } from "@hyn/core/testing";
import { rowsOf } from "@hyn/db";
import { createTestDatabase, testDatabaseKind, type TestDatabase } from "@hyn/db/testing";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { scheduleChangeLogPruning } from "../src/jobs/change-log-pruner";
import { scheduleDailyDigest } from "../src/jobs/daily-digest";
import { scheduleOutboxPruning } from "../src/jobs/outbox-pruner";
import { scheduleWeeklySummary } from "../src/jobs/weekly-summary";
import { startJobEngine, type JobEngine } from "../src/jobs/engine";

let database: TestDatabase;
let running: JobEngine | undefined;
afterEach(async () => {
  await running?.stop();
  await database?.close();
});

async function startEngine() {
  database = await createTestDatabase();
  running = await startJobEngine(database.handle, silentLogger, { pollingIntervalSeconds: 0.5 });
  return running;
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
    const engine = await startEngine();
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
    const engine = await startEngine();
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

  it("wakes the worker when the transaction that queued a job commits, long before its poll (issue 44)", async () => {
    database = await createTestDatabase();
    // A poll this slow would leave the job waiting a minute: only the wake-up can run it in time.
    const engine = (running = await startJobEngine(database.handle, silentLogger, { pollingIntervalSeconds: 60 }));
    const ran: { name: string; at: number }[] = [];
    await engine.define<{ name: string }>("push", async ({ name }) => void ran.push({ name, at: Date.now() }));
    // The worker's first fetch, at start, found nothing: it now sleeps for its poll.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await expect(
      database.handle.db.transaction(async (tx) => {
        await engine.send("push", { name: "rolled back" }, { in: tx });
        throw new Error("the post failed");
      }),
    ).rejects.toThrow("the post failed");
    await database.handle.db.transaction(async (tx) => {
      await engine.send("push", { name: "committed" }, { in: tx });
      // Not before the commit.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(ran).toEqual([]);
    });
    const committedAt = Date.now();
    await eventually(() => ran.length === 1, 5_000);
    expect(ran[0]!.name).toBe("committed");
    expect(ran[0]!.at - committedAt).toBeLessThan(3_000);
  });

  it("hands a batch queue's waiting jobs over together, and retries a failed one alone", async () => {
    const engine = await startEngine();
    const batches: string[][] = [];
    await engine.defineBatch<{ name: string }>(
      "pushes",
      async (jobs) => {
        batches.push(jobs.map((job) => job.data.name));
        return jobs.map((job) =>
          job.data.name === "flaky" && job.retryCount === 0
            ? { status: "rejected" as const, reason: new Error("push service busy") }
            : { status: "fulfilled" as const, value: undefined },
        );
      },
      { batchSize: 10, retryLimit: 2, retryDelaySeconds: 1 },
    );
    const names = ["a", "b", "c", "flaky", "d", "e"];
    await database.handle.db.transaction(async (tx) => {
      for (const name of names) await engine.send("pushes", { name }, { in: tx });
    });
    await eventually(() => batches.flat().length === names.length + 1);
    expect(batches[0]!.sort()).toEqual([...names].sort());
    expect(batches.slice(1)).toEqual([["flaky"]]);
  });

  it("queues a payload whose text PostgreSQL cannot store, without it, rather than failing its sender (issue 38)", async () => {
    const engine = await startEngine();
    const ran: object[] = [];
    await engine.define("push", async (data) => void ran.push(data));
    await engine.send("push", { title: "a\u0000b", body: { lines: ["c\ud800"], count: 2 }, "key\u0000": true });
    await eventually(() => ran.length === 1);
    expect(ran[0]).toEqual({ title: "ab", body: { lines: ["c\ufffd"], count: 2 }, key: true });
  });

  it("keeps one waiting job per key on a queue that asks for it: a second reminder for the same request is not queued", async () => {
    const engine = await startEngine();
    const ran: string[] = [];
    await engine.define<{ requestId: string }>("remind-once", async ({ requestId }) => void ran.push(requestId), {
      oneWaitingPerKey: true,
    });
    const startAfter = new Date(Date.now() + 1_000);
    const first = await engine.send("remind-once", { requestId: "r1" }, { startAfter, singletonKey: "r1" });
    const again = await engine.send("remind-once", { requestId: "r1" }, { startAfter, singletonKey: "r1" });
    const other = await engine.send("remind-once", { requestId: "r2" }, { startAfter, singletonKey: "r2" });
    expect([first === null, again, other === null]).toEqual([false, null, false]);
    await eventually(() => ran.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(ran.sort()).toEqual(["r1", "r2"]);
  });

  it("retries a failing job, waiting longer before each retry", async () => {
    const engine = await startEngine();
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
    // Exponential backoff with jitter: 1-2 s after the first failure, 2-4 s after the second.
    const waits = [attempts[1]!.at - attempts[0]!.at, attempts[2]!.at - attempts[1]!.at];
    expect(waits[0]).toBeGreaterThanOrEqual(950);
    expect(waits[1]).toBeGreaterThanOrEqual(1_950);
  });

  it("schedules the daily summary at DIGEST_HOUR in APP_TIMEZONE, the weekly one on DIGEST_WEEKDAY, the change-log pruning every minute, the outbox pruning hourly, and catches the summaries up at start", async () => {
    const engine = await startEngine();
    // Two hours after the 07:00 BST summary: late enough to catch up, not so late it is skipped (ADR 0034).
    const clock = new FakeClock(new Date("2026-06-02T08:00:00Z"));
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
    const weeklySlots: string[] = [];
    // 2 June 2026 is a Tuesday (2).
    await scheduleWeeklySummary(engine, {
      clock,
      logger: silentLogger,
      schedule: { weekday: 2, hour: 7, timeZone: "Europe/London" },
      run: async ({ slot }) => {
        weeklySlots.push(slot.toISOString());
        return { considered: 0, sent: 0 };
      },
    });
    await scheduleChangeLogPruning(engine, database.handle.db, 60_000);
    await scheduleOutboxPruning(engine, database.handle.db, clock);
    const schedules = rowsOf<{ name: string; cron: string; timezone: string }>(
      await database.handle.db.execute(sql`select name, cron, timezone from pgboss.schedule order by name`),
    );
    expect(schedules).toEqual([
      { name: "change-log-prune", cron: "* * * * *", timezone: "UTC" },
      { name: "daily-digest", cron: "0 7 * * *", timezone: "Europe/London" },
      { name: "outbox-prune", cron: "17 * * * *", timezone: "UTC" },
      { name: "weekly-summary", cron: "0 7 * * 2", timezone: "Europe/London" },
    ]);
    // The catch-up run serves the latest digest time by the app's clock: 07:00 BST is 06:00 UTC.
    await eventually(() => slots.length === 1);
    expect(slots).toEqual(["2026-06-02T06:00:00.000Z"]);
    await eventually(() => weeklySlots.length === 1);
    expect(weeklySlots).toEqual(["2026-06-02T06:00:00.000Z"]);
  });

  it("gives a job back when the engine stops in the middle of it, and the next instance finishes it", async () => {
    const first = await startEngine();
    const attempts: number[] = [];
    let markStarted!: () => void;
    const inFlight = new Promise<void>((resolve) => (markStarted = resolve));
    const policy = { retryDelaySeconds: 1 };
    await first.define(
      "digest-like",
      async (_data, job) => {
        attempts.push(job.retryCount);
        markStarted();
        // Works member by member until told to stop.
        await new Promise<void>((resolve) => job.signal.addEventListener("abort", () => resolve()));
      },
      policy,
    );
    await first.send("digest-like", {});
    await inFlight;
    await first.stop();

    const next = await startJobEngine(database.handle, silentLogger, { pollingIntervalSeconds: 0.5 });
    running = next;
    await next.define("digest-like", async (_data, job) => void attempts.push(job.retryCount), policy);
    await eventually(() => attempts.length === 2);
    expect(attempts).toEqual([0, 1]);
  });

  // Instances are processes with their own connections: PostgreSQL only (PGlite is one session in one process).
  it.runIf(testDatabaseKind === "postgres")(
    "starts on several instances at once on a database without its schema, and runs each job once",
    async () => {
      database = await createTestDatabase();
      const instances = await Promise.all(
        [1, 2, 3].map(() => startJobEngine(database.handle, silentLogger, { pollingIntervalSeconds: 0.5 })),
      );
      [running] = instances;
      const ran: number[] = [];
      for (const [index, instance] of instances.entries())
        await instance.define<{ n: number }>("remind", async ({ n }) => void ran.push(n * 10 + index));
      for (const n of [1, 2, 3, 4]) await instances[n % 3]!.send("remind", { n });
      await eventually(() => ran.length === 4);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(ran.map((r) => Math.floor(r / 10)).sort()).toEqual([1, 2, 3, 4]);
      await Promise.all(instances.slice(1).map((instance) => instance.stop()));
    },
  );
});
