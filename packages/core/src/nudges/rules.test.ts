import { describe, expect, it } from "vitest";
import { FakeClock } from "../testing";
import { decideStillNeeded, givenBackIsNews, reachAfterAlert, stillNeededDueAt, type NudgeState } from "./rules";

const HOUR = 60 * 60 * 1000;
const at = (iso: string) => new Date(iso);
const due = (createdAt: string, neededBy: string) => stillNeededDueAt(at(createdAt), at(neededBy))?.toISOString();

describe('when the "Still needed" alert is due (issue 41 §3)', () => {
  it("is half-way from posting to the needed-by time", () => {
    // 24 h window: 12 h after posting.
    expect(due("2026-06-01T12:00:00Z", "2026-06-02T12:00:00Z")).toBe("2026-06-02T00:00:00.000Z");
    // 8 h window: 4 h after.
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T20:00:00Z")).toBe("2026-06-01T16:00:00.000Z");
    // A month: half a month after, however far.
    expect(due("2026-06-01T12:00:00Z", "2026-07-01T12:00:00Z")).toBe("2026-06-16T12:00:00.000Z");
  });

  it("is no sooner than 2 hours after posting", () => {
    // 4 h window: half is 2 h, exactly the bound.
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T16:00:00Z")).toBe("2026-06-01T14:00:00.000Z");
    // 3 h window: half would be 1.5 h; 2 h it is.
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T15:00:00Z")).toBe("2026-06-01T14:00:00.000Z");
  });

  it("is never for a window of 2 hours or less: the posting notice is all there is time for", () => {
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T14:00:00Z")).toBeUndefined();
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T12:30:00Z")).toBeUndefined();
    expect(due("2026-06-01T12:00:00Z", "2026-06-01T14:00:01Z")).toBe("2026-06-01T14:00:00.000Z");
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
    clock.set(at("2026-06-02T00:00:00Z"));
    expect(decideStillNeeded(open, clock.now())).toEqual({ send: true });
    clock.set(at("2026-06-02T11:59:59Z"));
    expect(decideStillNeeded(open, clock.now())).toEqual({ send: true });
    clock.set(at("2026-06-02T12:00:00Z"));
    expect(decideStillNeeded(open, clock.now())).toEqual({ send: false, reason: "past needed-by" });
  });

  it("waits again when woken early, as when the needed-by time moved later", () => {
    clock.set(at("2026-06-01T23:59:59Z"));
    expect(decideStillNeeded(open, clock.now())).toEqual({
      send: false,
      reason: "not due yet",
      dueAt: at("2026-06-02T00:00:00Z"),
    });
    const later = { ...open, neededBy: at("2026-06-03T12:00:00Z") };
    clock.set(at("2026-06-02T00:00:00Z"));
    expect(decideStillNeeded(later, clock.now())).toEqual({
      send: false,
      reason: "not due yet",
      dueAt: at("2026-06-02T12:00:00.000Z"),
    });
  });

  it("is not sent for a request claimed, fulfilled, expired or withdrawn", () => {
    clock.set(at("2026-06-02T00:00:00Z"));
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

describe("the last reach once the alert went (issue 41 §3)", () => {
  it("counts each member it told as told at once, out of the bucket they would have heard in", () => {
    const reach = { now: 2, later: 1, daily: 2, weekly: 1, appOnly: 3 };
    expect(reachAfterAlert(reach, ["later", "daily", "weekly"])).toEqual({
      now: 5,
      later: 0,
      daily: 1,
      weekly: 0,
      appOnly: 3,
    });
    // Nobody told: the reach is as it was; never below zero.
    expect(reachAfterAlert(reach, [])).toEqual(reach);
    expect(reachAfterAlert({ ...reach, weekly: 0 }, ["weekly"])).toEqual({ ...reach, weekly: 0 });
  });
});
