import { HOUR_MS, createServices, latestDigestSlot, silentLogger } from "@hyn/core";
import { createDb, userEmailPreferences } from "@hyn/db";
import { limitMessage, messages } from "@hyn/validators";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useHarness, failure, groupWith, quickNeighbours } from "./support";

/** PostgreSQL only: real parallel transactions on a pool of connections. */
const h = useHarness({ maxConnections: 20 });

const tomorrow = () => h.inHours(24);

/** Settles every call and sorts the outcomes into successes and refusal messages. */
async function outcomes<T>(calls: Promise<T>[]) {
  const settled = await Promise.all(
    calls.map((c) =>
      failure(c).then(
        (f) => ({ ok: false as const, ...f }),
        () => ({ ok: true as const }),
      ),
    ),
  );
  return {
    succeeded: settled.filter((s) => s.ok).length,
    refusals: settled.filter((s) => !s.ok).map((s) => (s as { message: string }).message),
  };
}

describe("concurrency (PostgreSQL)", () => {
  it("10 neighbours claiming one request at once: exactly one gets it, the rest are told it is not available", async () => {
    const [owner, ...helpers] = await quickNeighbours(h, 11);
    const street = await groupWith(h, owner!, helpers);
    const milk = await owner!.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: tomorrow(),
    });

    const { succeeded, refusals } = await outcomes(
      helpers.map((helper) => helper.caller.requests.claim({ id: milk.id })),
    );
    expect(succeeded).toBe(1);
    expect(refusals).toEqual(Array(9).fill(messages.requestNotClaimable));
    const [stored] = (await owner!.caller.requests.mine()).requests;
    expect(stored!.status).toBe("claimed");
    expect(helpers.map((x) => x.user.id)).toContain(stored!.claimedBy);
  });

  it("20 posts at once by someone with 4 of 5 open requests: exactly one goes through", async () => {
    const [poster] = await quickNeighbours(h, 1);
    const street = await groupWith(h, poster!);
    for (let i = 0; i < 4; i++)
      await poster!.caller.requests.create({ itemDescription: `Item ${i}`, groupId: street.id, neededBy: tomorrow() });

    const { succeeded, refusals } = await outcomes(
      Array.from({ length: 20 }, (_, i) =>
        poster!.caller.requests.create({ itemDescription: `Rush ${i}`, groupId: street.id, neededBy: tomorrow() }),
      ),
    );
    expect(succeeded).toBe(1);
    expect(refusals).toEqual(Array(19).fill(limitMessage("open requests", 5, 5)));
    expect((await poster!.caller.requests.mine()).requests).toHaveLength(5);
  });

  it("the claimer's fulfil and unclaim at once: exactly one wins", async () => {
    const [owner, helper] = await quickNeighbours(h, 2);
    const street = await groupWith(h, owner!, [helper!]);
    const milk = await owner!.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: tomorrow(),
    });
    await helper!.caller.requests.claim({ id: milk.id });
    const { succeeded, refusals } = await outcomes([
      helper!.caller.requests.fulfill({ id: milk.id }),
      helper!.caller.requests.unclaim({ id: milk.id }),
    ]);
    expect(succeeded).toBe(1);
    // Fulfilled first: the unclaim finds it no longer claimed. Unclaimed first: the fulfil finds it open.
    expect([messages.requestNotClaimed, messages.requestNotInClaimedStatus]).toContain(refusals[0]);
  });

  it("ten clicks on 'notify the group' at once send the notice once", async () => {
    const [owner, member] = await quickNeighbours(h, 2);
    await member!.caller.user.updateEmailPreferences({ frequency: "immediate" });
    const street = await groupWith(h, owner!, [member!]);
    const milk = await owner!.caller.requests.create({
      itemDescription: "Milk",
      groupId: street.id,
      neededBy: tomorrow(),
    });
    h.clock.advance(HOUR_MS);
    const { succeeded, refusals } = await outcomes(
      Array.from({ length: 10 }, () => owner!.caller.requests.notify({ id: milk.id })),
    );
    expect(succeeded).toBe(1);
    expect(refusals).toEqual(Array(9).fill(messages.notifyTooSoon));
    await h.deliver();
    expect(h.inbox(member!.email)).toHaveLength(2); // the post, and one re-send
  });

  it("two server instances running the same daily summary send each member exactly one", async () => {
    const [poster, ...members] = await quickNeighbours(h, 13);
    await h.db
      .update(userEmailPreferences)
      .set({ frequency: "daily" })
      .where(
        inArray(
          userEmailPreferences.userId,
          members.map((m) => m.user.id),
        ),
      );
    const street = await groupWith(h, poster!, members);
    await poster!.caller.requests.create({ itemDescription: "Milk", groupId: street.id, neededBy: h.inHours(72) });
    h.clock.advance(24 * HOUR_MS);

    const secondHandle = await createDb({ url: h.url, maxConnections: 5 });
    try {
      const secondInstance = createServices({
        db: secondHandle.db,
        clock: h.clock,
        config: h.config,
        logger: silentLogger,
      });
      const slot = latestDigestSlot(h.clock.now(), { hour: 8, timeZone: "UTC" });
      const runs = await Promise.all([
        h.services.notifications.runDailyDigest({ slot }),
        secondInstance.notifications.runDailyDigest({ slot }),
        h.services.notifications.runDailyDigest({ slot }),
      ]);
      expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(12);
    } finally {
      await secondHandle.close();
    }
    await h.deliver();
    for (const member of members) expect(h.inbox(member.email)).toHaveLength(1);
  });
});
