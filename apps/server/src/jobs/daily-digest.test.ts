import { HOUR_MS, silentLogger, type DigestRunOptions } from "@hyn/core";
import { FakeClock } from "@hyn/core/testing";
import { describe, expect, it } from "vitest";
import { startDigestScheduler } from "./daily-digest";

function recordingRun(outcomes: ("ok" | "fail")[] = []) {
  const calls: DigestRunOptions[] = [];
  return {
    calls,
    run: async (options: DigestRunOptions) => {
      calls.push(options);
      if (outcomes.shift() === "fail") throw new Error("database unavailable");
      return { considered: 1, sent: 1 };
    },
  };
}

describe("the daily summary scheduler", () => {
  it("runs at start for the latest digest time, then once per digest time", async () => {
    const clock = new FakeClock(new Date("2026-06-02T10:00:00Z"));
    const { calls, run } = recordingRun();
    let kicks = 0;
    const scheduler = startDigestScheduler({ clock, logger: silentLogger, schedule: { hour: 8, timeZone: "UTC" }, run, onSent: () => kicks++ });
    await scheduler.tick();
    expect(calls.map((c) => c.slot.toISOString())).toEqual(["2026-06-02T08:00:00.000Z"]);
    expect(kicks).toBe(1);

    clock.advance(12 * HOUR_MS); // 22:00: same digest time
    await scheduler.tick();
    expect(calls).toHaveLength(1);

    clock.set(new Date("2026-06-03T08:00:00Z"));
    await scheduler.tick();
    await scheduler.tick();
    expect(calls.map((c) => c.slot.toISOString())).toEqual(["2026-06-02T08:00:00.000Z", "2026-06-03T08:00:00.000Z"]);
    await scheduler.stop();
  });

  it("retries a failed run at the next tick", async () => {
    const clock = new FakeClock(new Date("2026-06-02T09:00:00Z"));
    const { calls, run } = recordingRun(["fail", "ok"]);
    const scheduler = startDigestScheduler({ clock, logger: silentLogger, schedule: { hour: 8, timeZone: "UTC" }, run });
    await scheduler.tick();
    await scheduler.tick();
    await scheduler.tick();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.slot).toEqual(calls[0]!.slot);
    await scheduler.stop();
  });

  it("stop() tells the run in progress to stop, waits for it, and a later start finishes the slot", async () => {
    const clock = new FakeClock(new Date("2026-06-02T09:00:00Z"));
    let release!: () => void;
    const seen: AbortSignal[] = [];
    const scheduler = startDigestScheduler({
      clock,
      logger: silentLogger,
      schedule: { hour: 8, timeZone: "UTC" },
      run: async ({ signal }) => {
        seen.push(signal!);
        await new Promise<void>((resolve) => (release = resolve));
        return { considered: 1, sent: 0 };
      },
    });
    await new Promise((r) => setImmediate(r));
    const stopped = scheduler.stop();
    expect(seen[0]!.aborted).toBe(true);
    release();
    await stopped;

    const { calls, run } = recordingRun();
    const restarted = startDigestScheduler({ clock, logger: silentLogger, schedule: { hour: 8, timeZone: "UTC" }, run });
    await restarted.tick();
    expect(calls.map((c) => c.slot.toISOString())).toEqual(["2026-06-02T08:00:00.000Z"]);
    await restarted.stop();
  });
});
