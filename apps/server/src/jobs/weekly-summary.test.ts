import { silentLogger, type DigestRunOptions } from "@hyn/core";
import { FakeClock } from "@hyn/core/testing";
import { describe, expect, it } from "vitest";
import { DIGEST_MISSED_AFTER_MS } from "./daily-digest";
import { weeklySummaryJob } from "./weekly-summary";

describe("the weekly summary job (issue 41)", () => {
  it("serves the latest DIGEST_WEEKDAY at DIGEST_HOUR within 3 hours of it, and skips it later (ADR 0034)", async () => {
    // Sunday 7 June 2026, 08:00 in Berlin is 06:00 UTC.
    const clock = new FakeClock(new Date("2026-06-07T06:00:00Z"));
    const calls: DigestRunOptions[] = [];
    const lines: unknown[] = [];
    const job = weeklySummaryJob({
      clock,
      logger: { ...silentLogger, info: (fields: object) => void lines.push(fields) },
      schedule: { weekday: 0, hour: 8, timeZone: "Europe/Berlin" },
      run: async (options) => {
        calls.push(options);
        return { considered: 0, sent: 0 };
      },
    });
    const context = { signal: new AbortController().signal, retryCount: 0 };
    await job({}, context);
    clock.advance(DIGEST_MISSED_AFTER_MS);
    await job({}, context);
    expect(calls.map((c) => c.slot.toISOString())).toEqual(["2026-06-07T06:00:00.000Z", "2026-06-07T06:00:00.000Z"]);
    // Monday: Sunday's summary is a day late, so it is skipped, never sent.
    clock.set(new Date("2026-06-08T06:00:00Z"));
    await job({}, context);
    expect(calls).toHaveLength(2);
    expect(lines).toEqual([{ slot: "2026-06-07T06:00:00.000Z", lateMinutes: 1440 }]);
  });
});
