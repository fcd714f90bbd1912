import { groupWith, useHarness } from "@hyn/api/testing";
import { HOUR_MS, type StillNeededJob } from "@hyn/core";
import { describe, expect, it } from "vitest";
import { hoursAfter } from "./support/time";
import { useTwoInstances } from "./support/two-instances";

const h = useHarness();
const startTwoInstances = useTwoInstances(h);

/**
 * Issue 26 on two app instances over one PostgreSQL database, as in request-reminders.pg.test.ts: each
 * has its own job engine (pg-boss, the real one) and its own services. Posts and claims go through
 * either; then both engines work the due nudges while both instances also run every nudge by hand at
 * the same moment (as a retry or a crash take-back would).
 */
describe('"Still needed" nudges on two instances', () => {
  it("reach each member exactly once per request still open, and never for a claimed one", async () => {
    // pg-boss runs on the database's clock: the app's clock starts 50 h back, so every nudge is due by now.
    // Everyone reads the daily summary: the nudge goes to those not told at once (issue 41 §3).
    const realNow = Date.now();
    h.clock.set(new Date(realNow - 50 * HOUR_MS));
    const people = [
      await h.signUpUser({ name: "Ann", frequency: "daily" }),
      await h.signUpUser({ name: "Cy", frequency: "daily" }),
      await h.signUpUser({ name: "Dee", frequency: "daily" }),
      await h.signUpUser({ name: "Bo", frequency: "daily" }),
    ];
    const requesters = people.slice(0, 3);
    const bo = people[3]!;
    const street = await groupWith(h, people[0]!, people.slice(1), "Elm Street");

    const { one, two, go, outcomes } = await startTwoInstances("nudges", (services, job) => services.nudges.run(job));

    const neededBy = new Date(realNow + 2 * HOUR_MS);
    const jobs: StillNeededJob[] = [];
    const items = Array.from({ length: 12 }, (_, i) => `Item ${i + 1}`);
    const postedBy = new Map<string, string>();
    for (const [i, item] of items.entries()) {
      const requester = requesters[i % 3]!;
      const request = await (i % 2 ? one : two).requests.create(requester.user.id, {
        itemDescription: item,
        groupId: street.id,
        neededBy,
        storePreference: null,
        pickupNotes: null,
        ifUnavailable: "similar",
      });
      postedBy.set(item, requester.email);
      jobs.push({ requestId: request.id });
      // Half are claimed: their group hears nothing more of them.
      if (i < 6) await (i % 2 ? two : one).requests.claim(bo.user.id, request.id);
    }

    h.clock.set(new Date(realNow));
    go();
    const byHand = await Promise.all(jobs.flatMap((job) => [one.nudges.run(job), two.nudges.run(job)]));
    await expect.poll(() => outcomes.length, { timeout: 30_000, interval: 200 }).toBe(jobs.length);

    // 6 sent in all, one per open request; every other run found it sent, or the request claimed.
    const all = [...byHand, ...outcomes];
    expect(all.filter((o) => o === "sent")).toHaveLength(6);
    expect(all.filter((o) => o === "request claimed")).toHaveLength(18);
    await h.deliver();
    for (const person of people) {
      const nudged = h
        .inbox(person.email)
        .map((m) => m.subject)
        .filter((s) => s.startsWith("Still needed: "))
        .map((s) => s.slice("Still needed: ".length))
        .sort();
      // Each open request once, except their own.
      expect(nudged).toEqual(
        items
          .slice(6)
          .filter((item) => postedBy.get(item) !== person.email)
          .sort(),
      );
    }
  }, 90_000);
});

describe("a give-back on PostgreSQL", () => {
  it("is told to the group once, however many times the helper taps at once", async () => {
    const [ann, bo, cy] = [
      await h.signUpUser({ name: "Ann", frequency: "immediate" }),
      await h.signUpUser({ name: "Bo", frequency: "immediate" }),
      await h.signUpUser({ name: "Cy", frequency: "immediate" }),
    ];
    const street = await groupWith(h, ann, [bo, cy], "Elm Street");
    const request = await h.services.requests.create(ann.user.id, {
      itemDescription: "Two pints of milk",
      groupId: street.id,
      neededBy: hoursAfter(h.clock, 5),
      storePreference: null,
      pickupNotes: null,
      ifUnavailable: "similar",
    });
    await h.services.requests.claim(bo.user.id, request.id);
    const taps = await Promise.allSettled(
      Array.from({ length: 4 }, () => h.services.requests.unclaim(bo.user.id, request.id)),
    );
    expect(taps.filter((t) => t.status === "fulfilled")).toHaveLength(1);
    await h.deliver();
    expect(h.inbox(cy.email).filter((m) => m.subject === "Two pints of milk needs a helper again")).toHaveLength(1);
  }, 60_000);
});
