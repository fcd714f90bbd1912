import { silentLogger, type WhileAwayRunOptions } from "@hyn/core";
import { describe, expect, it } from "vitest";
import { WHILE_AWAY_JOB, whileAwayJob } from "./while-away";

describe("the quiet members' daily job", () => {
  it("runs once a day at 10:30, passing the engine's stop signal, and has the outbox deliver only when it queued e-mails", async () => {
    expect(WHILE_AWAY_JOB.cron).toBe("30 10 * * *");
    const calls: WhileAwayRunOptions[] = [];
    const sent = [0, 3];
    let kicks = 0;
    const job = whileAwayJob({
      logger: silentLogger,
      timeZone: "Europe/Madrid",
      run: async (options) => {
        calls.push(options);
        return { considered: 3, sent: sent.shift() ?? 0 };
      },
      onSent: () => kicks++,
    });
    const signal = new AbortController().signal;
    await job({}, { signal, retryCount: 0 });
    expect(kicks).toBe(0);
    await job({}, { signal, retryCount: 0 });
    expect(kicks).toBe(1);
    expect(calls.map((c) => c.signal)).toEqual([signal, signal]);
  });
});
