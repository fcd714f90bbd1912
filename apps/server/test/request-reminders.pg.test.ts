import { groupWith, useHarness } from "@hyn/api/testing";
import { HOUR_MS, type RequestReminderJob } from "@hyn/core";
import { describe, expect, it } from "vitest";
import { useTwoInstances } from "./support/two-instances";

const h = useHarness();
const startTwoInstances = useTwoInstances(h);

/**
 * Two app instances on one PostgreSQL database: each has its own job engine (pg-boss, the real one)
 * and its own services over it, as two servers would. Posts and claims go through either instance and
 * queue their reminders in their own transactions; both engines then work the due jobs, while both
 * instances also run every reminder by hand at the same moment (as a retry or a crash take-back would).
 */
describe("reminders on two instances", () => {
  it("reach each person exactly once per reminder", async () => {
    // pg-boss runs on the database's clock: the app's clock starts 50 h back, so every reminder is due by now.
    const realNow = Date.now();
    h.clock.set(new Date(realNow - 50 * HOUR_MS));
    const requesters = [
      await h.signUpUser({ name: "Ann" }),
      await h.signUpUser({ name: "Cy" }),
      await h.signUpUser({ name: "Dee" }),
    ];
    const bo = await h.signUpUser({ name: "Bo" });
    const street = await groupWith(h, requesters[0]!, [bo, ...requesters.slice(1)], "Elm Street");

    // Jobs wait for the go: posting and claiming first, then everything at once.
    const { one, two, go, outcomes } = await startTwoInstances("reminders", (services, job) =>
      services.reminders.run(job),
    );

    const neededBy = new Date(realNow + 2 * HOUR_MS);
    const jobs: RequestReminderJob[] = [];
    const items = Array.from({ length: 12 }, (_, i) => `Item ${i + 1}`);
    for (const [i, item] of items.entries()) {
      const request = await (i % 2 ? one : two).requests.create(requesters[i % 3]!.user.id, {
        itemDescription: item,
        groupId: street.id,
        neededBy,
        storePreference: null,
        pickupNotes: null,
        ifUnavailable: "similar",
      });
      jobs.push({ requestId: request.id, kind: "requester" });
      // Half are claimed an hour after posting: their helper is reminded, their requester is not.
      if (i < 6) {
        h.clock.advance(HOUR_MS);
        await (i % 2 ? two : one).requests.claim(bo.user.id, request.id);
        h.clock.advance(-HOUR_MS);
        jobs.push({ requestId: request.id, kind: "helper" });
      }
    }

    h.clock.set(new Date(realNow));
    go();
    const byHand = await Promise.all(jobs.flatMap((job) => [one.reminders.run(job), two.reminders.run(job)]));
    await expect.poll(() => outcomes.length, { timeout: 30_000, interval: 200 }).toBe(jobs.length);

    // 12 sent in all: the 6 helper's and the 6 open requests' requester's; every other run found it done or unwanted.
    expect([...byHand, ...outcomes].filter((o) => o === "sent")).toHaveLength(12);
    await h.deliver();
    const toBo = h
      .inbox(bo.email)
      .map((m) => m.subject)
      .filter((s) => s.startsWith("Reminder:"));
    const toRequesters = requesters.flatMap((r) =>
      h
        .inbox(r.email)
        .map((m) => m.subject)
        .filter((s) => s.startsWith("Nobody has offered")),
    );
    expect(toBo.map((s) => s.replace(/^Reminder: (Item \d+) .*$/, "$1")).sort()).toEqual(items.slice(0, 6).sort());
    expect(toRequesters.map((s) => s.replace(/^Nobody has offered to help with (Item \d+) yet$/, "$1")).sort()).toEqual(
      items.slice(6).sort(),
    );
  }, 90_000);
});
