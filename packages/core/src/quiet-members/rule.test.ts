import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "../shared/clock";
import { FakeClock } from "../testing";
import { QUIET_AFTER_DAYS, QUIET_NOTICE_EVERY_DAYS, quietDuration, quietNoticeDue, quietSinceDays } from "./rule";

const visit = new Date("2026-03-01T09:00:00Z");

describe("who is quiet (issue 41 §5)", () => {
  it("is a member whose last visit is 30 whole days ago or more, not 29 days and 23 hours", () => {
    expect(QUIET_AFTER_DAYS).toBe(30);
    const clock = new FakeClock(visit);
    clock.advance(29 * DAY_MS);
    expect(quietSinceDays(visit, clock.now())).toBeNull();
    clock.advance(23 * HOUR_MS);
    expect(quietSinceDays(visit, clock.now())).toBeNull();
    clock.advance(HOUR_MS);
    expect(quietSinceDays(visit, clock.now())).toBe(30);
    clock.advance(5 * DAY_MS);
    expect(quietSinceDays(visit, clock.now())).toBe(35);
  });

  it("counts a member who never visited from when they joined, and says nothing with neither", () => {
    const clock = new FakeClock(visit);
    clock.advance(31 * DAY_MS);
    expect(quietSinceDays(null, clock.now(), visit)).toBe(31);
    expect(quietSinceDays(null, clock.now(), new Date(clock.now().getTime() - 2 * DAY_MS))).toBeNull();
    // A visit wins over the join, however long ago they joined.
    expect(quietSinceDays(new Date(clock.now().getTime() - DAY_MS), clock.now(), visit)).toBeNull();
    expect(quietSinceDays(null, clock.now())).toBeNull();
    // Approved into the group 10 days ago, after a last visit 40 days ago: quiet counts from the join.
    const daysAgo = (days: number) => new Date(clock.now().getTime() - days * DAY_MS);
    expect(quietSinceDays(daysAgo(40), clock.now(), daysAgo(10))).toBeNull();
    expect(quietSinceDays(daysAgo(90), clock.now(), daysAgo(35))).toBe(35);
  });
});

describe("how often a quiet member hears from the app", () => {
  it("at most once in 90 days: due when never sent, not at 89 days, again at 90", () => {
    expect(QUIET_NOTICE_EVERY_DAYS).toBe(90);
    const clock = new FakeClock(visit);
    expect(quietNoticeDue(null, clock.now())).toBe(true);
    const sent = clock.now();
    clock.advance(89 * DAY_MS);
    expect(quietNoticeDue(sent, clock.now())).toBe(false);
    clock.advance(DAY_MS - 1);
    expect(quietNoticeDue(sent, clock.now())).toBe(false);
    clock.advance(1);
    expect(quietNoticeDue(sent, clock.now())).toBe(true);
  });
});

describe("how long quiet reads", () => {
  it("in whole weeks from two weeks on, in days below", () => {
    expect(quietDuration(13)).toEqual({ unit: "days", count: 13 });
    expect(quietDuration(14)).toEqual({ unit: "weeks", count: 2 });
    expect(quietDuration(30)).toEqual({ unit: "weeks", count: 4 });
    expect(quietDuration(35)).toEqual({ unit: "weeks", count: 5 });
    expect(quietDuration(41)).toEqual({ unit: "weeks", count: 5 });
    expect(quietDuration(1)).toEqual({ unit: "days", count: 1 });
  });
});
