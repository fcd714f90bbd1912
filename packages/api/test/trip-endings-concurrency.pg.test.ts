/**
 * Issue 38 §3 on PostgreSQL with a pool, so the calls really overlap: neighbours add items to a trip while
 * its tripper is suspended, or removed from the trip's only group. Whatever order the database picks, the
 * trip ends cancelled, no item is left claimed by the tripper, and every item that got in went back to
 * its neighbour, who was told (docs/ARCHITECTURE.md "Departures": the trip's row is changed before its
 * items are read, and adding an item holds that row).
 */
import { rowsOf, userLimits, users } from "@hyn/db";
import { messages } from "@hyn/validators";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { groupWith, quickNeighbours, useHarness } from "./support";

const h = useHarness({ maxConnections: 20 });

const settle = (promise: Promise<unknown>) =>
  promise.then(
    () => "ok",
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );

async function leftOnTrip(tripId: string, tripperId: string) {
  const [row] = rowsOf<{ status: string; onTrip: number; claimedByTripper: number }>(
    await h.db.execute(sql`
    select (select status from trips where id = ${tripId}) as status,
      (select count(*)::int from requests where trip_id = ${tripId}) as "onTrip",
      (select count(*)::int from requests where claimed_by = ${tripperId} and status = 'claimed') as "claimedByTripper"`),
  );
  return row!;
}

const ending = {
  suspended: async (tripperId: string, _groupId: string, owner: Awaited<ReturnType<typeof quickNeighbours>>[number]) =>
    (await h.caller(owner.token)).admin.suspendUser({ id: tripperId, reason: "Race" }),
  removed: async (tripperId: string, groupId: string, owner: Awaited<ReturnType<typeof quickNeighbours>>[number]) =>
    owner.caller.groups.removeMember({ groupId, userId: tripperId }),
};

describe("a tripper's suspension or removal with items being added to their trip", () => {
  for (const [how, end] of Object.entries(ending))
    it(`${how}: the trip ends cancelled and every item that got in is its neighbour's open request again, told`, async () => {
      const rounds = 4;
      const [owner, ...people] = await quickNeighbours(h, 1 + rounds * 4, `trip-${how}`);
      await h.db.update(users).set({ isAdmin: true }).where(eq(users.id, owner!.user.id));
      await h.db.update(userLimits).set({ maxOpenRequests: 100, maxGroupsJoined: 100, maxGroupsCreated: 100 });
      for (let round = 0; round < rounds; round++) {
        const [tripper, ...adders] = people.slice(round * 4, round * 4 + 4);
        const group = await groupWith(h, owner!, [tripper!, ...adders], `Race ${how} ${round}`);
        const trip = await tripper!.caller.trips.create({
          groupIds: [group.id],
          store: "Aldi",
          departsAt: h.inHours(24),
        });
        const [ended, ...added] = await Promise.all([
          settle(end(tripper!.user.id, group.id, owner!)),
          ...adders.map((a) => settle(a.caller.trips.addItem({ tripId: trip.id, itemDescription: `Milk ${round}` }))),
        ]);
        expect(ended, "the ending itself").toBe("ok");
        for (const result of added)
          expect(["ok", messages.tripNotTakingItems, messages.tripNotFound]).toContain(result);
        const state = await leftOnTrip(trip.id, tripper!.user.id);
        expect(state, `round ${round}: ${added.join(", ")}`).toEqual({
          status: "cancelled",
          onTrip: 0,
          claimedByTripper: 0,
        });
        await h.deliver();
        adders.forEach((adder, i) => {
          const told = h
            .inbox(adder.email)
            .filter((m) => m.subject.endsWith(`can no longer help with your request: Milk ${round}`));
          expect(told, `round ${round}, neighbour ${i}: ${added[i]}`).toHaveLength(added[i] === "ok" ? 1 : 0);
        });
      }
    }, 180_000);
});
