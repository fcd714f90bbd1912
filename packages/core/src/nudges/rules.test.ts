import { describe, expect, it } from "vitest";
import { FakeClock } from "../testing";
import { decideStillNeeded, givenBackIsNews, stillNeededDueAt, type NudgeState } from "./rules";

const HOUR = 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
const due = (createdAt: string, neededBy: string) => stillNeededDueAt(at(createdAt), at(neededBy))?.toISOString();

describe('when the "Still needed" nudge is due', () => {
  it("is a quarter of the way before the needed-by time, measured from posting", () => {
    // 24 h window: 6 h before.
    expect(due("2026-06-01T12:00:00Z", "2026-06-02T12:00:00Z")).toBe("2026-06-02T06:00:00.000Z");
    // 8 h window: 2 h before.
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T20:00:00Z")).toBe("2026-06-01T18:00:00.000Z");
  });

  it("is at most 12 hours before the needed-by time", () => {
    // 48 h window: a quarter is 12 h, exactly the bound.
    expect(due("2026-06-01T12:00:00Z", "2026-06-03T12:00:00Z")).toBe("2026-06-03T00:00:00.000Z");
    // 72 h window: a quarter would be 18 h; 12 h it is.
    expect(due("2026-06-01T12:00:00Z", "2026-06-04T12:00:00Z")).toBe("2026-06-04T00:00:00.000Z");
    expect(due("2026-06-01T12:00:00Z", "2026-07-01T12:00:00Z")).toBe("2026-07-01T00:00:00.000Z");
  });

  it("is at least 1 hour before the needed-by time", () => {
    // 4 h window: a quarter is 1 h, exactly the bound.
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T16:00:00Z")).toBe("2026-06-01T15:00:00.000Z");
    // 2 h window: a quarter would be 30 min; 1 h it is.
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T14:00:00Z")).toBe("2026-06-01T13:00:00.000Z");
  });

  it("is never for a window of an hour or less: the posting notice is all there is time for", () => {
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T13:00:00Z")).toBeUndefined();
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T12:30:00Z")).toBeUndefined();
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T13:00:01Z")).toBe("2026-06-01T12:00:01.000Z");
  });
});

describe("whether the nudge is still wanted when its job runs (fake clock)", () => {
  const clock = new FakeClock(at("2026-06-01T12:00:00Z"));
  const open: NudgeState = {
    status: "open",
    createdAt: clock.now(),
    neededBy: new Date(clock.now().getTime() + 24 * HOUR),
  };

  it("is sent for a request still open once due, until the needed-by time", () => {
    clock.set(at("2026-06-02T06:00:00Z"));
    expect(decideStillNeeded(open, clock.now())).toEqual({ send: true });
    clock.set(at("2026-06-02T11:59:59Z"));
    expect(decideStillNeeded(open, clock.now())).toEqual({ send: true });
    clock.set(at("2026-06-02T12:00:00Z"));
    expect(decideStillNeeded(open, clock.now())).toEqual({ send: false, reason: "past needed-by" });
  });

  it("waits again when woken early, as when the needed-by time moved later", () => {
    clock.set(at("2026-06-02T05:59:59Z"));
    expect(decideStillNeeded(open, clock.now())).toEqual({
      send: false,
      reason: "not due yet",
      dueAt: at("2026-06-02T06:00:00Z"),
    });
    const later = { ...open, neededBy: at("2026-06-03T12:00:00Z") };
    clock.set(at("2026-06-02T06:00:00Z"));
    expect(decideStillNeeded(later, clock.now())).toEqual({
      send: false,
      reason: "not due yet",
      dueAt: at("2026-06-03T00:00:00.000Z"),
    });
  });

  it("is not sent for a request claimed, fulfilled, expired or withdrawn", () => {
    clock.set(at("2026-06-02T06:00:00Z"));
    for (const status of ["claimed", "fulfilled", "expired", "withdrawn"])
      expect(decideStillNeeded({ ...open, status }, clock.now())).toEqual({ send: false, reason: `request ${status}` });
    expect(decideStillNeeded(null, clock.now())).toEqual({ send: false, reason: "deleted" });
  });
});

describe("whether a give-back is news to the group", () => {
  const neededBy = at("2026-06-02T12:00:00Z");
  it("is within 24 hours of the needed-by time, and before it", () => {
    expect(givenBackIsNews(neededBy, at("2026-06-01T11:59:59Z"))).toBe(false);
    expect(givenBackIsNews(neededBy, at("2026-06-01T12:00:00Z"))).toBe(true);
    expect(givenBackIsNews(neededBy, at("2026-06-02T11:59:59Z"))).toBe(true);
    expect(givenBackIsNews(neededBy, at("2026-06-02T12:00:00Z"))).toBe(false);
  });
});
