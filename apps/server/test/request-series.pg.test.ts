import { groupWith, useHarness } from "@hyn/api/testing";
import { createServices, HOUR_MS, silentLogger, type SeriesNextJob, type Services } from "@hyn/core";
import { requests } from "@hyn/db";
import { isNotNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { startJobEngine, type JobEngine } from "../src/jobs/engine";
import { defineStillNeededNudges } from "../src/jobs/request-nudges";
import { defineRequestReminders } from "../src/jobs/request-reminders";
import { defineSeriesNext } from "../src/jobs/request-series";

const h = useHarness();
const engines: JobEngine[] = [];
afterEach(async () => {
  await Promise.all(engines.splice(0).map((engine) => engine.stop()));
});

/**
 * Issue 28 §2 on two app instances over one PostgreSQL database, as in still-needed.pg.test.ts: each has its own
 * job engine (pg-boss, the real one) and services. Every weekly request's first occurrence is fulfilled through
 * either; then both engines work the jobs while both instances also run each series' job by hand at the same
 * moment (as a retry or another instance would). Each series must get exactly one next occurrence.
 */
describe("a repeating request's next occurrence on two instances", () => {
  it("is created exactly once per series, however many jobs race for it", async () => {
    const [ann, bo] = [await h.signUpUser({ name: "Ann" }), await h.signUpUser({ name: "Bo" })];
    const street = await groupWith(h, ann, [bo], "Elm Street");

    let go!: () => void;
    const started = new Promise<void>((resolve) => (go = resolve));
    const outcomes: string[] = [];
    const instances: Services[] = [];
    for (let i = 0; i < 2; i++) {
      const engine = await startJobEngine(h.handle, silentLogger, { pollingIntervalSeconds: 0.5 });
      engines.push(engine);
      const services = createServices({
        db: h.db,
        clock: h.clock,
        config: h.config,
        logger: silentLogger,
        jobs: engine,
      });
      instances.push(services);
      // Posting and claiming queue these too: their queues must exist, their work is not under test here.
      await defineRequestReminders(engine, { logger: silentLogger, run: async () => "not under test" });
      await defineStillNeededNudges(engine, { logger: silentLogger, run: async () => "not under test" });
      await defineSeriesNext(engine, {
        logger: silentLogger,
        run: async (job) => {
          await started;
          const outcome = await services.series.run(job);
          outcomes.push(outcome);
          return outcome;
        },
      });
    }
    const [one, two] = instances as [Services, Services];

    const jobs: SeriesNextJob[] = [];
    for (let i = 0; i < 5; i++) {
      const first = await (i % 2 ? one : two).requests.create(ann.user.id, {
        itemDescription: `Weekly item ${i + 1}`,
        groupId: street.id,
        neededBy: new Date(h.clock.now().getTime() + 5 * HOUR_MS),
        storePreference: null,
        pickupNotes: null,
        ifUnavailable: "similar",
        repeat: { every: "week", until: null },
      });
      await (i % 2 ? two : one).requests.claim(bo.user.id, first.id);
      // Fulfilling queues the series' job on that instance's engine.
      await (i % 2 ? one : two).requests.fulfill(bo.user.id, first.id);
      jobs.push({ seriesId: first.seriesId!, afterIndex: 0 });
    }

    go();
    const byHand = await Promise.all(jobs.flatMap((job) => [one.series.run(job), two.series.run(job)]));
    // The engines' jobs (one per fulfilment) run too, after or during the hand-run ones.
    await expect.poll(() => outcomes.length, { timeout: 30_000, interval: 200 }).toBe(jobs.length);

    const all = [...byHand, ...outcomes];
    expect(all.filter((o) => o === "posted")).toHaveLength(jobs.length);
    expect(all.filter((o) => o !== "posted").every((o) => o === "already moved on")).toBe(true);
    const occurrences = await h.db
      .select({ seriesId: requests.seriesId, index: requests.occurrenceIndex })
      .from(requests)
      .where(isNotNull(requests.seriesId));
    for (const job of jobs) {
      expect(
        occurrences
          .filter((o) => o.seriesId === job.seriesId)
          .map((o) => o.index)
          .sort(),
      ).toEqual([0, 1]);
    }
  }, 90_000);
});
