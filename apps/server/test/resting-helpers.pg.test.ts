import { groupWith, useHarness, type Neighbour } from "@hyn/api/testing";
import { HOUR_MS, type LaterReachJob } from "@hyn/core";
import { describe, expect, it } from "vitest";
import { useTwoInstances } from "./support/two-instances";

const h = useHarness();
const startTwoInstances = useTwoInstances(h);

/**
 * Issue 41 §2 on two app instances over one PostgreSQL database, as in still-needed.pg.test.ts: each has its
 * own job engine (pg-boss, the real one) and its own services. Posts and claims go through either; then both
 * engines work the due late notices while both instances also run every one by hand at the same moment (as
 * a retry or a crash take-back would).
 */
describe("the resting helpers' late notice on two instances", () => {
  it("reaches each resting helper exactly once per request nobody offered for, and never for one offered for", async () => {
    // pg-boss runs on the database's clock: the app's clock starts 2 h back, so every late notice is due by now.
    const realNow = Date.now();
    h.clock.set(new Date(realNow - 2 * HOUR_MS));
    const [ann, gil, bo, dee, eve, cy, fay] = [
      await h.signUpUser({ name: "Ann", frequency: "immediate" }),
      await h.signUpUser({ name: "Gil", frequency: "immediate" }),
      await h.signUpUser({ name: "Bo", frequency: "immediate" }),
      await h.signUpUser({ name: "Dee", frequency: "immediate" }),
      await h.signUpUser({ name: "Eve", frequency: "immediate" }),
      await h.signUpUser({ name: "Cy" }),
      await h.signUpUser({ name: "Fay" }),
    ] as Neighbour[];
    const street = await groupWith(h, ann!, [gil!, bo!, dee!, eve!], "Elm Street");
    // Bo and Dee each took on 3 errands elsewhere: both rest.
    for (const [helper, asker, name] of [
      [bo!, cy!, "Corner A"],
      [dee!, fay!, "Corner B"],
    ] as const) {
      const corner = await groupWith(h, asker, [helper], name);
      for (let i = 0; i < 3; i++) {
        const errand = await asker.caller.requests.create({
          itemDescription: `Errand ${i}`,
          groupId: corner.id,
          neededBy: new Date(realNow + 48 * HOUR_MS),
        });
        await helper.caller.requests.claim({ id: errand.id });
      }
    }

    const { one, two, go, outcomes } = await startTwoInstances("laterReach", (services, job) =>
      services.laterReach.run(job),
    );
    const noticeAt = h.clock.now();
    const items = Array.from({ length: 8 }, (_, i) => `Item ${i + 1}`);
    const jobs: LaterReachJob[] = [];
    for (const [i, item] of items.entries()) {
      const requester = i % 2 ? gil! : ann!;
      const request = await (i % 2 ? one : two).requests.create(requester.user.id, {
        itemDescription: item,
        groupId: street.id,
        neededBy: new Date(realNow + 10 * HOUR_MS),
        storePreference: null,
        pickupNotes: null,
        ifUnavailable: "similar",
      });
      expect(request.reach).toMatchObject({ now: 2, later: 2 });
      jobs.push({ requestId: request.id, noticeAt: noticeAt.toISOString(), userIds: [bo!.user.id, dee!.user.id] });
      // Half are offered for at once (by the other requester, who does not come to rest by it): their
      // resting helpers hear nothing of them.
      if (i < 4) await (i % 2 ? two : one).requests.claim((i % 2 ? ann! : gil!).user.id, request.id);
    }

    h.clock.set(new Date(realNow));
    go();
    const byHand = await Promise.all(jobs.flatMap((job) => [one.laterReach.run(job), two.laterReach.run(job)]));
    await expect.poll(() => outcomes.length, { timeout: 30_000, interval: 200 }).toBe(jobs.length);

    // 4 sent in all, one per request nobody offered for; every other run found it sent, or the request claimed.
    const all = [...byHand, ...outcomes];
    expect(all.filter((o) => o === "sent")).toHaveLength(4);
    expect(all.filter((o) => o === "already sent")).toHaveLength(8);
    expect(all.filter((o) => o === "request claimed")).toHaveLength(12);
    await h.deliver();
    for (const resting of [bo!, dee!]) {
      const told = h
        .inbox(resting.email)
        .map((m) => m.subject)
        .filter((s) => s.startsWith("New request in Elm Street: "))
        .map((s) => s.slice("New request in Elm Street: ".length))
        .sort();
      expect(told).toEqual(items.slice(4).sort());
    }
  }, 120_000);
});
