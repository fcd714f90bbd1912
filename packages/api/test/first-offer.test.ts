import { HOUR_MS } from "@hyn/core";
import { requests } from "@hyn/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWith, useHarness } from "./support";

/**
 * Issue 41 §3, a first offer for every request: when someone first offered is kept, a request nobody has offered for
 * by half its time is shown again at the top ("Nobody has offered yet"), and a member's first request says so.
 */
const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z") });

async function street() {
  const [ann, bo, cy] = await h.neighbours("Ann", "Bo", "Cy");
  const group = await groupWith(h, ann, [bo, cy], "Elm Street");
  return { ann, bo, cy, group };
}

const firstOfferedAt = async (requestId: string) =>
  (await h.db.select({ at: requests.firstOfferedAt }).from(requests).where(eq(requests.id, requestId)))[0]!.at;

describe("when someone first offered", () => {
  it("is the first claim's time, kept when the claim is given back and when someone else claims it later", async () => {
    const { ann, bo, cy, group } = await street();
    const posted = await ann.caller.requests.create({
      itemDescription: "Milk",
      groupId: group.id,
      neededBy: h.inHours(24),
    });
    expect(posted.firstOfferedAt).toBeNull();

    h.clock.advance(HOUR_MS);
    const claimedAt = h.clock.now();
    expect((await bo.caller.requests.claim({ id: posted.id })).firstOfferedAt).toEqual(claimedAt);

    h.clock.advance(HOUR_MS);
    expect((await bo.caller.requests.unclaim({ id: posted.id })).firstOfferedAt).toEqual(claimedAt);
    h.clock.advance(HOUR_MS);
    expect((await cy.caller.requests.claim({ id: posted.id })).firstOfferedAt).toEqual(claimedAt);
    expect(await firstOfferedAt(posted.id)).toEqual(claimedAt);
  });

  it("is when a tripper takes a request along, and when an item is added to a trip", async () => {
    const { ann, bo, group } = await street();
    const trip = await bo.caller.trips.create({ groupIds: [group.id], store: "Aldi", departsAt: h.inHours(24) });
    const posted = await ann.caller.requests.create({
      itemDescription: "Eggs",
      storePreference: "Aldi",
      groupId: group.id,
      neededBy: h.inHours(30),
    });
    h.clock.advance(HOUR_MS);
    const takenAt = h.clock.now();
    await bo.caller.trips.take({ tripId: trip.id, requestIds: [posted.id] });
    expect(await firstOfferedAt(posted.id)).toEqual(takenAt);

    h.clock.advance(HOUR_MS);
    await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: "Bread", quantity: 1 });
    const [item] = await h.db
      .select({ at: requests.firstOfferedAt })
      .from(requests)
      .where(eq(requests.itemDescription, "Bread"));
    expect(item!.at).toEqual(h.clock.now());
  });
});

describe("a request nobody has offered for", () => {
  it("is shown again at the top of its group's list and the dashboard at half its time, until someone offers", async () => {
    const { ann, bo, cy, group } = await street();
    // Needed in 10 hours: shown again after 5. Tea, posted 4 hours later and needed an hour sooner, only after 6.5.
    const waiting = await ann.caller.requests.create({
      itemDescription: "Milk",
      groupId: group.id,
      neededBy: h.inHours(10),
    });
    h.clock.advance(4 * HOUR_MS);
    const sooner = await cy.caller.requests.create({
      itemDescription: "Tea",
      groupId: group.id,
      neededBy: h.inHours(5),
    });
    const list = async () => (await bo.caller.requests.forGroup({ groupId: group.id })).requests;
    const marks = async () => Object.fromEntries((await list()).map((r) => [r.itemDescription, r.awaitingFirstOffer]));

    h.clock.advance(HOUR_MS - 1000);
    expect((await list()).map((r) => r.itemDescription)).toEqual(["Tea", "Milk"]);
    expect(await marks()).toEqual({ Tea: false, Milk: false });

    h.clock.advance(1000);
    expect((await list()).map((r) => r.id)).toEqual([waiting.id, sooner.id]);
    expect(await marks()).toEqual({ Tea: false, Milk: true });
    const helpable = (await bo.caller.requests.dashboard()).helpableRequests;
    expect(helpable.map((r) => [r.itemDescription, r.awaitingFirstOffer])).toEqual([
      ["Milk", true],
      ["Tea", false],
    ]);

    await bo.caller.requests.claim({ id: waiting.id });
    await bo.caller.requests.unclaim({ id: waiting.id });
    // Someone has offered, even if they gave it back: no longer "Nobody has offered yet".
    expect(await marks()).toEqual({ Tea: false, Milk: false });
    expect((await list()).map((r) => r.itemDescription)).toEqual(["Tea", "Milk"]);
  });

  it("waits at least 2 hours after posting, and is no longer marked once its needed-by passes", async () => {
    const { ann, bo, group } = await street();
    const soon = await ann.caller.requests.create({
      itemDescription: "Stamps",
      groupId: group.id,
      neededBy: h.inHours(3),
    });
    const awaiting = async () =>
      (await bo.caller.requests.forGroup({ groupId: group.id })).requests.find((r) => r.id === soon.id)!
        .awaitingFirstOffer;
    h.clock.advance(1.5 * HOUR_MS);
    expect(await awaiting()).toBe(false);
    h.clock.advance(0.5 * HOUR_MS);
    expect(await awaiting()).toBe(true);
    h.clock.advance(HOUR_MS);
    expect(await awaiting()).toBe(false);
  });
});

describe("a member's first request in a group", () => {
  it("is marked on its card, and only the first, in each group of theirs", async () => {
    const { ann, bo, group } = await street();
    const other = await groupWith(h, ann, [bo], "Oak Road");
    const first = await ann.caller.requests.create({
      itemDescription: "Milk",
      groupId: group.id,
      neededBy: h.inHours(24),
    });
    // Posted a moment apart, as people do: "first" is by the time of posting.
    h.clock.advance(1000);
    const second = await ann.caller.requests.create({
      itemDescription: "Tea",
      groupId: group.id,
      neededBy: h.inHours(24),
    });
    const elsewhere = await ann.caller.requests.create({
      itemDescription: "Jam",
      groupId: other.id,
      neededBy: h.inHours(24),
    });
    const bos = await bo.caller.requests.create({
      itemDescription: "Soap",
      groupId: group.id,
      neededBy: h.inHours(24),
    });
    expect([first, second, elsewhere, bos].map((r) => r.firstInGroup)).toEqual([true, false, true, true]);
    const list = (await bo.caller.requests.forGroup({ groupId: group.id })).requests;
    expect(Object.fromEntries(list.map((r) => [r.itemDescription, r.firstInGroup]))).toEqual({
      Milk: true,
      Tea: false,
      Soap: true,
    });
    // Deleted, the first no longer counts: the next one is the first there is.
    await ann.caller.requests.remove({ id: first.id });
    expect((await bo.caller.requests.byId({ id: second.id }))?.firstInGroup).toBe(true);
  });

  it("says so in the posting notice's e-mail, in the reader's language", async () => {
    const [ann, bo] = await h.neighbours("Ann", "Bo");
    await bo.caller.user.updateEmailPreferences({ frequency: "immediate" });
    const group = await groupWith(h, ann, [bo], "Elm Street");
    await ann.caller.requests.create({ itemDescription: "Milk", groupId: group.id, neededBy: h.inHours(24) });
    h.clock.advance(1000);
    await ann.caller.requests.create({ itemDescription: "Tea", groupId: group.id, neededBy: h.inHours(24) });
    await h.deliver();
    const posted = (item: string) => h.inbox(bo.email).find((m) => m.subject === `New request in Elm Street: ${item}`)!;
    expect(posted("Milk").text).toContain("First request from Ann");
    expect(posted("Tea").text).not.toContain("First request from");
  });
});
