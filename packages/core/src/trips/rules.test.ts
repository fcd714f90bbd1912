import { tripStatusAt } from "@hyn/validators";
import { describe, expect, it } from "vitest";
import { hasRoom, nextWeeklyTrip, takesItems, tripTimes } from "./rules";

/** The trip rules (PRODUCT "Trips", ADR 0022) on a fixed clock: every time is said from `now`. */
const now = new Date("2026-06-06T08:00:00Z");
const MINUTE = 60_000;
const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);

describe("when a trip's list closes", () => {
  it("an hour before leaving unless told", () => {
    expect(tripTimes(now, at(180), null)).toEqual({ closesAt: at(120) });
  });

  it("as soon as it is announced when it leaves within the hour", () => {
    expect(tripTimes(now, at(30), null)).toEqual({ closesAt: now });
  });

  it("when told, if that is after now and not after leaving", () => {
    expect(tripTimes(now, at(180), at(180))).toEqual({ closesAt: at(180) });
    expect(tripTimes(now, at(180), at(170))).toEqual({ closesAt: at(170) });
    expect(tripTimes(now, at(180), at(181))).toEqual({ refusal: "tripClosesAtAfterDeparts" });
    expect(tripTimes(now, at(180), now)).toEqual({ refusal: "tripClosesAtPast" });
  });

  it("never for a trip leaving now or before, or more than 60 days ahead", () => {
    expect(tripTimes(now, now, null)).toEqual({ refusal: "tripDepartsAtPast" });
    expect(tripTimes(now, at(-1), null)).toEqual({ refusal: "tripDepartsAtPast" });
    expect(tripTimes(now, at(60 * 24 * 60), null)).toEqual({ closesAt: at(60 * 24 * 60 - 60) });
    expect(tripTimes(now, at(60 * 24 * 60 + 1), null)).toEqual({ refusal: "tripDepartsAtTooFar" });
  });
});

describe("whether a trip takes items", () => {
  it("while stored open and before its closing time, to the millisecond", () => {
    const trip = { status: "open", closesAt: at(60) };
    expect(takesItems(trip, now)).toBe(true);
    expect(takesItems(trip, new Date(at(60).getTime() - 1))).toBe(true);
    expect(takesItems(trip, at(60))).toBe(false);
    expect(takesItems({ ...trip, status: "closed" }, now)).toBe(false);
    expect(takesItems({ ...trip, status: "cancelled" }, now)).toBe(false);
  });

  it("reads as closed once its time has come, though no job wrote it", () => {
    expect(tripStatusAt("open", at(60), now)).toBe("open");
    expect(tripStatusAt("open", at(60), at(60))).toBe("closed");
    expect(tripStatusAt("cancelled", at(60), at(90))).toBe("cancelled");
  });

  it("with room under the cap for as many as are added", () => {
    expect(hasRoom(null, 1000)).toBe(true);
    expect(hasRoom(10, 9)).toBe(true);
    expect(hasRoom(10, 10)).toBe(false);
    expect(hasRoom(10, 8, 2)).toBe(true);
    expect(hasRoom(10, 8, 3)).toBe(false);
  });
});

describe("a weekly trip's next one", () => {
  const DAY = 24 * 60;
  const saturday = { departsAt: at(3 * DAY), closesAt: at(3 * DAY - 90), skipNext: false };

  it("leaves a week later, its list closing as long before, announced six days ahead", () => {
    expect(nextWeeklyTrip(saturday, now)).toEqual({
      departsAt: at(10 * DAY),
      closesAt: at(10 * DAY - 90),
      announceAt: at(4 * DAY),
    });
  });

  it("leaves two weeks later when the next one is skipped, and is announced a week later", () => {
    expect(nextWeeklyTrip({ ...saturday, skipNext: true }, now)).toEqual({
      departsAt: at(17 * DAY),
      closesAt: at(17 * DAY - 90),
      announceAt: at(11 * DAY),
    });
  });

  it("moves on by whole weeks when the announcement ran late, its list not closing in the past", () => {
    const late = at(10 * DAY + 30);
    const next = nextWeeklyTrip(saturday, late);
    expect(next.departsAt).toEqual(at(17 * DAY));
    expect(nextWeeklyTrip(saturday, at(10 * DAY - 60)).closesAt).toEqual(at(10 * DAY - 60));
  });
});
