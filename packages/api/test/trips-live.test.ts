import { describe, expect, it } from "vitest";
import { groupWith, listen, useHarness } from "./support";

const h = useHarness({ startsAt: new Date("2026-06-01T10:00:00Z") });

/** A trip's own changes on the live stream (issue 28, ADR 0004): its page and the dashboards read again at once. */
describe("a trip's live events", () => {
  it("reach the members of its groups when it is announced, closed, skipped or cancelled, and no one else", async () => {
    const [tina, ann, olga] = await h.neighbours("Tina", "Ann", "Olga");
    const street = await groupWith(h, tina, [ann], "Elm Street");
    const lane = await groupWith(h, olga, [], "Oak Lane");
    const annLive = await listen(h.services, ann.token);
    const olgaLive = await listen(h.services, olga.token);
    expect(await annLive.next()).toEqual({ type: "connected" });
    expect(await olgaLive.next()).toEqual({ type: "connected" });

    const trip = await tina.caller.trips.create({
      groupIds: [street.id],
      store: "Aldi",
      departsAt: h.inHours(24),
      repeat: { every: "week" },
    });
    const changed = { type: "trip.changed", tripId: trip.id, groupId: street.id };
    expect(await annLive.next()).toEqual(changed);
    await tina.caller.trips.skipNext({ tripId: trip.id });
    expect(await annLive.next()).toEqual(changed);
    await tina.caller.trips.close({ tripId: trip.id });
    expect(await annLive.next()).toEqual(changed);
    await tina.caller.trips.cancel({ tripId: trip.id });
    expect(await annLive.next()).toEqual(changed);

    // Olga's next event is her own group's: nothing of Elm Street's trip came first.
    const hers = await olga.caller.trips.create({ groupIds: [lane.id], store: "Rewe", departsAt: h.inHours(24) });
    expect(await olgaLive.next()).toEqual({ type: "trip.changed", tripId: hers.id, groupId: lane.id });
    annLive.stop();
    olgaLive.stop();
  });
});
