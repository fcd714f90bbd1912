import { groupWith, useHarness } from "@hyn/api/testing";
import type { SeriesNextJob } from "@hyn/core";
import { requests } from "@hyn/db";
import { isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hoursAfter } from "./support/time";
import { useTwoInstances } from "./support/two-instances";

const h = useHarness();
const startTwoInstances = useTwoInstances(h);

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

    const { one, two, go, outcomes } = await startTwoInstances("series", (services, job) => services.series.run(job));

    const jobs: SeriesNextJob[] = [];
    for (let i = 0; i < 5; i++) {
      const first = await (i % 2 ? one : two).requests.create(ann.user.id, {
        itemDescription: `Weekly item ${i + 1}`,
        groupId: street.id,
        neededBy: hoursAfter(h.clock, 5),
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
