import { describe, expect, it } from "vitest";
import { FakeClock } from "../testing";
import {
  decideLaterReach,
  isResting,
  laterReachDueAt,
  leastAskedFirst,
  leastAskedWindowStart,
  restingWindowStart,
  whenTold,
  type LaterReachState,
} from "./resting-policy";
import { monthStart } from "../helper-rest/my-month";

const at = (iso: string) => new Date(iso);
const MINUTE = 60_000;

describe("who rests (issue 41 §2)", () => {
  it("is a member who took on 3 requests or more in the last 7 days", () => {
    expect(isResting({ recentOffers: 2, alwaysAtOnce: false })).toBe(false);
    expect(isResting({ recentOffers: 3, alwaysAtOnce: false })).toBe(true);
    expect(whenTold({ recentOffers: 2, alwaysAtOnce: false })).toBe("now");
    expect(whenTold({ recentOffers: 5, alwaysAtOnce: false })).toBe("later");
  });

  it("is never a member who asked to be told at once all the same", () => {
    expect(isResting({ recentOffers: 9, alwaysAtOnce: true })).toBe(false);
    expect(whenTold({ recentOffers: 9, alwaysAtOnce: true })).toBe("now");
  });

  it("counts offers back 7 days for resting, 30 days for being asked first", () => {
    const clock = new FakeClock(at("2026-06-08T12:00:00Z"));
    expect(restingWindowStart(clock.now()).toISOString()).toBe("2026-06-01T12:00:00.000Z");
    expect(leastAskedWindowStart(clock.now()).toISOString()).toBe("2026-05-09T12:00:00.000Z");
  });
});

describe("least-asked first", () => {
  it("orders by the fewest offers in 30 days, equal counts by id", () => {
    const members = [
      { userId: "c", monthOffers: 4 },
      { userId: "b", monthOffers: 0 },
      { userId: "a", monthOffers: 4 },
      { userId: "d", monthOffers: 1 },
    ];
    expect(leastAskedFirst(members).map((m) => m.userId)).toEqual(["b", "d", "a", "c"]);
    // The input is left as it was.
    expect(members[0]!.userId).toBe("c");
  });
});

describe("when a resting helper hears of a request (fake clock)", () => {
  const clock = new FakeClock(at("2026-06-01T10:00:00Z"));
  const posted = clock.now();

  it("is 30 minutes after the notice, or at a quarter of the time to needed-by when sooner", () => {
    expect(laterReachDueAt(posted, at("2026-06-02T10:00:00Z")).toISOString()).toBe("2026-06-01T10:30:00.000Z");
    // 1 h to needed-by: a quarter is 15 minutes.
    expect(laterReachDueAt(posted, at("2026-06-01T11:00:00Z")).toISOString()).toBe("2026-06-01T10:15:00.000Z");
  });

  const open: LaterReachState = { status: "open", neededBy: at("2026-06-02T10:00:00Z"), firstOfferedAt: null };

  it("is told once due, while nobody has offered and the request is open", () => {
    clock.set(at("2026-06-01T10:29:59Z"));
    expect(decideLaterReach(open, posted, clock.now())).toEqual({
      send: false,
      reason: "not due yet",
      dueAt: at("2026-06-01T10:30:00Z"),
    });
    clock.set(at("2026-06-01T10:30:00Z"));
    expect(decideLaterReach(open, posted, clock.now())).toEqual({ send: true });
  });

  it("is not told when someone offered, even if they gave it back", () => {
    clock.set(at("2026-06-01T10:30:00Z"));
    const offered = { status: "claimed", neededBy: open.neededBy, firstOfferedAt: new Date(posted.getTime() + MINUTE) };
    expect(decideLaterReach(offered, posted, clock.now())).toEqual({ send: false, reason: "request claimed" });
    expect(decideLaterReach({ ...offered, status: "open" }, posted, clock.now())).toEqual({
      send: false,
      reason: "offered",
    });
  });

  it("is told of a re-sent notice of a request given back before it", () => {
    const resentAt = at("2026-06-01T12:00:00Z");
    clock.set(at("2026-06-01T12:30:00Z"));
    const givenBack = { ...open, firstOfferedAt: at("2026-06-01T10:05:00Z") };
    expect(decideLaterReach(givenBack, resentAt, clock.now())).toEqual({ send: true });
  });

  it("is not told past the needed-by time, of a request fulfilled, or deleted", () => {
    clock.set(at("2026-06-02T10:00:00Z"));
    expect(decideLaterReach(open, posted, clock.now())).toEqual({ send: false, reason: "past needed-by" });
    clock.set(at("2026-06-01T10:30:00Z"));
    expect(decideLaterReach({ ...open, status: "fulfilled" }, posted, clock.now())).toEqual({
      send: false,
      reason: "request fulfilled",
    });
    expect(decideLaterReach(null, posted, clock.now())).toEqual({ send: false, reason: "deleted" });
  });
});

describe("a helper's month", () => {
  it("starts on the first of the month in the app's time zone", () => {
    expect(monthStart(at("2026-06-15T12:00:00Z"), "UTC").toISOString()).toBe("2026-06-01T00:00:00.000Z");
    // Berlin is 2 hours ahead in June: its 1 June began on 31 May at 22:00 UTC.
    expect(monthStart(at("2026-06-15T12:00:00Z"), "Europe/Berlin").toISOString()).toBe("2026-05-31T22:00:00.000Z");
    // Already July in Berlin, still June in UTC.
    expect(monthStart(at("2026-06-30T23:00:00Z"), "Europe/Berlin").toISOString()).toBe("2026-06-30T22:00:00.000Z");
  });
});
