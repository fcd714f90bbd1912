import { HOUR_MS, silentLogger, type DigestRunOptions } from "@hyn/core";
import { FakeClock } from "@hyn/core/testing";
import { describe, expect, it } from "vitest";
import { dailyDigestJob } from "./daily-digest";

function recordingRun(sent: number[]) {
  const calls: DigestRunOptions[] = [];
  return {
    calls,
    run: async (options: DigestRunOptions) => {
      calls.push(options);
      return { considered: 1, sent: sent.shift() ?? 0 };
    },
  };
}

describe("the daily summary job", () => {
  it("serves the latest digest time by the app's clock, whenever the engine runs it", async () => {
    const clock = new FakeClock(new Date("2026-06-02T07:59:00Z"));
    const { calls, run } = recordingRun([]);
    const job = dailyDigestJob({ clock, logger: silentLogger, schedule: { hour: 8, timeZone: "UTC" }, run });
    const signal = new AbortController().signal;
    await job({}, { signal, retryCount: 0 });
    clock.advance(HOUR_MS); // 08:59: a late cron job or a retry still serves 08:00
    await job({}, { signal, retryCount: 1 });
    expect(calls.map((c) => c.slot.toISOString())).toEqual(["2026-06-01T08:00:00.000Z", "2026-06-02T08:00:00.000Z"]);
    expect(calls.every((c) => c.signal === signal)).toBe(true);
  });

  it("has the outbox delivered right away only when e-mails were queued", async () => {
    const clock = new FakeClock(new Date("2026-06-02T09:00:00Z"));
    const { run } = recordingRun([0, 2]);
    let kicks = 0;
    const job = dailyDigestJob({
      clock,
      logger: silentLogger,
      schedule: { hour: 8, timeZone: "UTC" },
      run,
      onSent: () => kicks++,
    });
    const context = { signal: new AbortController().signal, retryCount: 0 };
    await job({}, context);
    expect(kicks).toBe(0);
    await job({}, context);
    expect(kicks).toBe(1);
  });
});
