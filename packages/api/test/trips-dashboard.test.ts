import { HOUR_MS, hashToken, readDashboardFreshness } from "@hyn/core";
import { trips } from "@hyn/db";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWith, useHarness, type Neighbour } from "./support";

/** The dashboard's trips (issue 28, PRODUCT "Trips on screen"): what it answers, in how many statements, and when its cached answer goes stale. */
const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z") });

async function street() {
  const [tina, ann, bo, olga] = await h.neighbours("Tina", "Ann", "Bo", "Olga");
  const group = await groupWith(h, tina, [ann, bo], "Elm Street");
  const elsewhere = await groupWith(h, olga, [], "Oak Lane");
  return { tina, ann, bo, olga, group, elsewhere };
}

const tripIds = async (who: Neighbour) => (await who.caller.requests.dashboard()).trips.map((trip) => trip.id);

async function statementsOf(read: () => Promise<unknown>) {
  const before = h.handle.statementCount();
  await read();
  return h.handle.statementCount() - before;
}

describe("the dashboard's trips", () => {
  it("are the open trips in the member's groups, soonest first, and their own until they leave", async () => {
    const { tina, ann, olga, group, elsewhere } = await street();
    const later = await tina.caller.trips.create({ groupIds: [group.id], store: "Aldi", departsAt: h.inHours(30) });
    const sooner = await tina.caller.trips.create({ groupIds: [group.id], store: "Lidl", departsAt: h.inHours(3) });
    await olga.caller.trips.create({ groupIds: [elsewhere.id], store: "Rewe", departsAt: h.inHours(5) });

    const [first] = (await ann.caller.requests.dashboard()).trips;
    expect(first).toMatchObject({ id: sooner.id, store: "Lidl", status: "open", tripper: { name: "Tina" } });
    expect(await tripIds(ann)).toEqual([sooner.id, later.id]);
    expect(await tripIds(tina)).toEqual([sooner.id, later.id]);

    // Sooner's list closes at +2 h: gone from a neighbour's dashboard, still on the tripper's until it leaves.
    h.clock.advance(2 * HOUR_MS + 1);
    expect(await tripIds(ann)).toEqual([later.id]);
    expect((await tina.caller.requests.dashboard()).trips[0]).toMatchObject({ id: sooner.id, status: "closed" });
    h.clock.advance(HOUR_MS);
    expect(await tripIds(tina)).toEqual([later.id]);

    await tina.caller.trips.cancel({ tripId: later.id });
    expect(await tripIds(ann)).toEqual([]);
    expect(await tripIds(tina)).toEqual([]);
  });

  it("leave out a tripper with a block between them and the reader, either way", async () => {
    const { tina, ann, bo, group } = await street();
    const trip = await tina.caller.trips.create({ groupIds: [group.id], store: "Aldi", departsAt: h.inHours(30) });
    await ann.caller.blocks.block({ id: tina.user.id });
    await tina.caller.blocks.block({ id: bo.user.id });
    expect(await tripIds(ann)).toEqual([]);
    expect(await tripIds(bo)).toEqual([]);
    expect(await tripIds(tina)).toEqual([trip.id]);
  });

  it("follow a trip's closing time when it moves: its groups carry a copy the database keeps (migration 0030)", async () => {
    const { tina, ann, group } = await street();
    const trip = await tina.caller.trips.create({
      groupIds: [group.id],
      store: "Aldi",
      departsAt: h.inHours(30),
      closesAt: h.inHours(1),
    });
    h.clock.advance(HOUR_MS + 1);
    expect(await tripIds(ann)).toEqual([]);
    await h.db
      .update(trips)
      .set({ closesAt: h.inHours(10) })
      .where(eq(trips.id, trip.id));
    expect(await tripIds(ann)).toEqual([trip.id]);
  });

  it("keep the dashboard at four statements, with no trips or many", async () => {
    const { tina, ann, group } = await street();
    const none = await statementsOf(() => ann.caller.requests.dashboard());
    for (const store of ["Aldi", "Lidl", "Rewe", "Edeka"]) {
      const trip = await tina.caller.trips.create({ groupIds: [group.id], store, departsAt: h.inHours(30) });
      await ann.caller.trips.addItem({ tripId: trip.id, itemDescription: `Milk from ${store}` });
    }
    expect((await ann.caller.requests.dashboard()).trips).toHaveLength(4);
    expect(await statementsOf(() => ann.caller.requests.dashboard())).toBe(none);
    expect(none).toBeLessThanOrEqual(4);
  });
});

describe("the dashboard's cached answer", () => {
  /** Whether `change` makes `who`'s cached dashboard stale (ADR 0009: the change log, written by triggers). */
  async function staleAfter(who: Neighbour, change: () => Promise<unknown>): Promise<boolean> {
    const sessionId = hashToken(who.token);
    const before = await readDashboardFreshness(h.db, sessionId, null);
    await change();
    return (await readDashboardFreshness(h.db, sessionId, before!.snapshot))!.changed;
  }

  it("goes stale when a trip in the member's groups is announced, closed or cancelled, and not for other groups' trips", async () => {
    const { tina, ann, olga, group, elsewhere } = await street();
    let trip = { id: "" };
    expect(
      await staleAfter(ann, async () => {
        trip = await tina.caller.trips.create({ groupIds: [group.id], store: "Aldi", departsAt: h.inHours(30) });
      }),
    ).toBe(true);
    expect(await staleAfter(tina, () => tina.caller.trips.close({ tripId: trip.id }))).toBe(true);
    const next = await tina.caller.trips.create({ groupIds: [group.id], store: "Lidl", departsAt: h.inHours(30) });
    expect(await staleAfter(ann, () => tina.caller.trips.cancel({ tripId: next.id }))).toBe(true);
    expect(
      await staleAfter(ann, () =>
        olga.caller.trips.create({ groupIds: [elsewhere.id], store: "Rewe", departsAt: h.inHours(30) }),
      ),
    ).toBe(false);
  });
});
