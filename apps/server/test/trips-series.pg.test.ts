import { groupWith, useHarness } from "@hyn/api/testing";
import { DAY_MS } from "@hyn/core";
import { describe, expect, it } from "vitest";
import { hoursAfter } from "./support/time";
import { useTwoInstances } from "./support/two-instances";

const h = useHarness();
const startTwoInstances = useTwoInstances(h);

/**
 * Two app instances on one PostgreSQL database, each with its own job engine (pg-boss, the real one): a
 * weekly trip's next-announcement job is worked by the engines while both instances also run it by hand at
 * the same moment (as a retry or a lease taken back would). The next trip exists once and is told once.
 */
describe("a weekly trip's next one on two instances", () => {
  it("is announced exactly once", async () => {
    // pg-boss runs on the database's clock: the trip is announced 6.5 days back, so its next one is due by now.
    const realNow = Date.now();
    h.clock.set(new Date(realNow - 6.5 * DAY_MS));
    const tina = await h.signUpUser({ name: "Tina" });
    const ann = await h.signUpUser({ name: "Ann" });
    const street = await groupWith(h, tina, [ann], "Elm Street");
    await ann.caller.user.updateEmailPreferences({ frequency: "immediate" });
    await ann.caller.user.updateEmailPreferences({ frequency: "immediate" });

    const { one, two, go, outcomes } = await startTwoInstances("trips", (services, job) =>
      services.trips.announceNext(job),
    );
    const first = await one.trips.create(tina.user.id, {
      groupIds: [street.id],
      store: "Market",
      departsAt: hoursAfter(h.clock, 2),
      closesAt: null,
      note: null,
      maxItems: null,
      repeat: { every: "week" },
    });

    h.clock.set(new Date(realNow));
    go();
    const byHand = await Promise.all([
      one.trips.announceNext({ tripId: first.id }),
      two.trips.announceNext({ tripId: first.id }),
    ]);
    await expect.poll(() => outcomes.length, { timeout: 30_000, interval: 200 }).toBe(1);

    expect([...byHand, ...outcomes].filter((o) => o === "announced")).toHaveLength(1);
    expect([...byHand, ...outcomes].filter((o) => o !== "announced")).toEqual([
      "already announced",
      "already announced",
    ]);
    const next = new Date(first.departsAt.getTime() + 7 * DAY_MS);
    expect((await two.trips.list(ann.user.id)).map((t) => t.departsAt)).toEqual([next]);
    await h.deliver();
    expect(h.inbox(ann.email).filter((m) => m.subject === "Tina is going to Market")).toHaveLength(2);
  }, 90_000);
});
