import { HOUR_MS } from "@hyn/core";
import { describe, expect, it } from "vitest";
import { groupWith, useHarness } from "./support";

/** A weekly trip's next one (issue 28, ADR 0022), announced by its job on the fake clock. */
const h = useHarness({
  startsAt: new Date("2026-06-01T10:00:00Z"),
  config: { adminEmails: new Set(["admin@example.com"]) },
});
const DAY = 24 * HOUR_MS;

async function weekly() {
  const [tina, ann] = await h.neighbours("Tina", "Ann");
  const group = await groupWith(h, tina, [ann], "Elm Street");
  await ann.caller.user.updateEmailPreferences({ frequency: "immediate" });
  const trip = await tina.caller.trips.create({
    groupIds: [group.id],
    store: "Market",
    departsAt: h.inHours(48),
    repeat: { every: "week" },
  });
  return { tina, ann, group, trip };
}

const departuresOf = async (caller: { trips: { list: () => Promise<{ store: string; departsAt: string }[]> } }) =>
  (await caller.trips.list()).map((t) => new Date(t.departsAt).toISOString());

describe("a weekly trip's next one", () => {
  it("is announced six days before it leaves, a week after the first, once, and its members hear of it", async () => {
    const { tina, ann, trip } = await weekly();
    await h.deliver();
    const told = () => h.inbox(ann.email).filter((m) => m.subject === "Tina is going to Market").length;
    expect(told()).toBe(1);

    h.clock.advance(3 * DAY - HOUR_MS);
    expect(await h.runDueTrips()).toEqual([]);
    h.clock.advance(HOUR_MS);
    expect(await h.runDueTrips()).toEqual(["announced"]);
    // A second run (a retry, another instance) announces nothing.
    expect(await h.services.trips.announceNext({ tripId: trip.id })).toBe("already announced");

    const next = new Date(new Date(trip.departsAt).getTime() + 7 * DAY);
    // The first has left by then: the next is the one to see.
    expect(await departuresOf(ann.caller)).toEqual([next.toISOString()]);
    const [second] = await tina.caller.trips.list();
    expect(second).toMatchObject({
      repeat: { every: "week" },
      closesAt: new Date(next.getTime() - HOUR_MS),
      status: "open",
    });
    await h.deliver();
    expect(told()).toBe(2);
  });

  it("skips a week when its next one is skipped, and the one after comes a week later", async () => {
    const { tina, ann, trip } = await weekly();
    await tina.caller.trips.skipNext({ tripId: trip.id });
    h.clock.advance(3 * DAY);
    expect(await h.runDueTrips()).toEqual(["not due"]);
    h.clock.advance(7 * DAY);
    expect(await h.runDueTrips()).toEqual(["announced"]);
    expect(await departuresOf(ann.caller)).toEqual([
      new Date(new Date(trip.departsAt).getTime() + 14 * DAY).toISOString(),
    ]);
  });

  it("ends when the trip is cancelled", async () => {
    const { tina, ann, trip } = await weekly();
    await tina.caller.trips.cancel({ tripId: trip.id });
    h.clock.advance(3 * DAY);
    expect(await h.runDueTrips()).toEqual(["series ended"]);
    expect(await departuresOf(ann.caller)).toEqual([]);
  });

  it("ends when the tripper is suspended", async () => {
    const { tina, ann } = await weekly();
    const admin = await h.signUpUser({ email: "admin@example.com", name: "Admin" });
    await admin.caller.admin.suspendUser({ id: tina.user.id, reason: "Spam" });
    h.clock.advance(3 * DAY);
    expect(await h.runDueTrips()).toEqual(["series ended"]);
    expect(await departuresOf(ann.caller)).toEqual([]);
  });

  it("is not queued for a single trip", async () => {
    const [tina, ann] = await h.neighbours("Tina", "Ann");
    const group = await groupWith(h, tina, [ann], "Elm Street");
    await tina.caller.trips.create({ groupIds: [group.id], store: "Aldi", departsAt: h.inHours(48) });
    h.clock.advance(10 * DAY);
    expect(await h.runDueTrips()).toEqual([]);
  });
});
