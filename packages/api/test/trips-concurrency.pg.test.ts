import { messages } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { failure, groupWith, quickNeighbours, useHarness } from "./support";

/** PostgreSQL only: real parallel transactions on a pool of connections. */
const h = useHarness({ maxConnections: 25 });

describe("a trip's cap (PostgreSQL)", () => {
  it("20 neighbours adding to a trip with a cap of 10 at once: exactly 10 get in", async () => {
    const [tripper, ...neighbours] = await quickNeighbours(h, 21);
    // A group holds at most 20, so the trip goes to two streets.
    const north = await groupWith(h, tripper!, neighbours.slice(0, 10));
    const south = await groupWith(h, tripper!, neighbours.slice(10));
    const trip = await tripper!.caller.trips.create({
      groupIds: [north.id, south.id],
      store: "Aldi",
      departsAt: h.inHours(24),
      maxItems: 10,
    });
    const settled = await Promise.all(
      neighbours.map((n) =>
        failure(n.caller.trips.addItem({ tripId: trip.id, itemDescription: "Milk" })).then(
          (f) => f.message,
          () => "ok",
        ),
      ),
    );
    expect(settled.filter((s) => s === "ok")).toHaveLength(10);
    expect(settled.filter((s) => s !== "ok")).toEqual(Array(10).fill(messages.tripFull));
    expect((await tripper!.caller.trips.byId({ tripId: trip.id })).itemCount).toBe(10);
  });
});
