import { MINUTE_MS, silentLogger, type DigestRunOptions } from "@hyn/core";
import { FakeClock } from "@hyn/core/testing";
import { describe, expect, it } from "vitest";
import { DIGEST_MISSED_AFTER_MS, dailyDigestJob } from "./daily-digest";

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
  it("serves the latest digest time by the app's clock, whenever the engine runs it within 3 hours of it", async () => {
    const clock = new FakeClock(new Date("2026-06-02T07:59:00Z"));
    const { calls, run } = recordingRun([]);
    const job = dailyDigestJob({ clock, logger: silentLogger, schedule: { hour: 8, timeZone: "UTC" }, run });
    const signal = new AbortController().signal;
    clock.advance(MINUTE_MS); // 08:00, the cron occurrence
    await job({}, { signal, retryCount: 0 });
    clock.advance(DIGEST_MISSED_AFTER_MS); // 11:00: a late cron job or a retry still serves 08:00
    await job({}, { signal, retryCount: 1 });
    expect(calls.map((c) => c.slot.toISOString())).toEqual(["2026-06-02T08:00:00.000Z", "2026-06-02T08:00:00.000Z"]);
    expect(calls.every((c) => c.signal === signal)).toBe(true);
  });

  it("skips a summary missed by more than 3 hours instead of sending it late, and says so (issue 40)", async () => {
    // The first start after an upgrade ran the catch-up at 19:54 and sent the 08:00 summary.
    const clock = new FakeClock(new Date("2026-06-02T19:54:00Z"));
    const { calls, run } = recordingRun([]);
    const lines: { fields: unknown; message: string }[] = [];
    const logger = {
      ...silentLogger,
      info: (fields: object, message?: string) => lines.push({ fields, message: message ?? "" }),
    };
    const job = dailyDigestJob({ clock, logger, schedule: { hour: 8, timeZone: "Europe/Berlin" }, run });
    const context = { signal: new AbortController().signal, retryCount: 0 };
    await job({}, context);
    clock.set(new Date("2026-06-02T09:01:00Z")); // 11:01 in Berlin: 3 h 1 min after 08:00
    await job({}, context);
    expect(calls).toEqual([]);
    expect(lines.map((line) => line.fields)).toEqual([
      { slot: "2026-06-02T06:00:00.000Z", lateMinutes: 834 },
      { slot: "2026-06-02T06:00:00.000Z", lateMinutes: 181 },
    ]);
    expect(lines[0]!.message).toMatch(/^daily summary skipped/);
    // The next morning's runs as usual.
    clock.set(new Date("2026-06-03T06:00:00Z"));
    await job({}, context);
    expect(calls.map((c) => c.slot.toISOString())).toEqual(["2026-06-03T06:00:00.000Z"]);
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
