import { describe, expect, it } from "vitest";
import { FakeClock } from "../testing";
import { DAY_MS, HOUR_MS } from "../shared/clock";
import { nextOccurrence, occurrenceNeededBy, untilIsBeforeFirst, type SeriesTiming } from "./rules";

const at = (iso: string) => new Date(iso);
const iso = (date: Date | undefined) => date?.toISOString();

describe("a repeating request's occurrences", () => {
  it("comes back every 7 days for a weekly series and every 14 for a fortnightly one, at the same time", () => {
    const first = at("2026-06-05T17:00:00Z"); // a Friday
    expect(iso(occurrenceNeededBy(first, "week", 0))).toBe("2026-06-05T17:00:00.000Z");
    expect(iso(occurrenceNeededBy(first, "week", 1))).toBe("2026-06-12T17:00:00.000Z");
    expect(iso(occurrenceNeededBy(first, "week", 4))).toBe("2026-07-03T17:00:00.000Z");
    expect(iso(occurrenceNeededBy(first, "2weeks", 1))).toBe("2026-06-19T17:00:00.000Z");
    expect(iso(occurrenceNeededBy(first, "2weeks", 2))).toBe("2026-07-03T17:00:00.000Z");
  });

  it("comes back on the same day of each month, or the month's last day when it is shorter", () => {
    const first = at("2026-01-31T09:30:00Z");
    const months = [0, 1, 2, 3, 12, 13].map((n) => iso(occurrenceNeededBy(first, "month", n)));
    expect(months).toEqual([
      "2026-01-31T09:30:00.000Z",
      "2026-02-28T09:30:00.000Z",
      // Counted from the first, not from February's 28th: back on the 31st.
      "2026-03-31T09:30:00.000Z",
      "2026-04-30T09:30:00.000Z",
      "2027-01-31T09:30:00.000Z",
      "2027-02-28T09:30:00.000Z",
    ]);
    // A leap year's February has its 29th.
    expect(iso(occurrenceNeededBy(at("2028-01-30T08:00:00Z"), "month", 1))).toBe("2028-02-29T08:00:00.000Z");
    // Across the year's end.
    expect(iso(occurrenceNeededBy(at("2026-11-15T08:00:00Z"), "month", 3))).toBe("2027-02-15T08:00:00.000Z");
  });

  it("refuses an index that is not a whole number of occurrences", () => {
    expect(() => occurrenceNeededBy(at("2026-06-05T17:00:00Z"), "week", -1)).toThrow(RangeError);
    expect(() => occurrenceNeededBy(at("2026-06-05T17:00:00Z"), "week", 1.5)).toThrow(RangeError);
  });
});

describe("the occurrence after the current one", () => {
  const weekly: SeriesTiming = { firstNeededBy: at("2026-06-05T17:00:00Z"), every: "week", until: null };

  it("is the next in the series when the current one is delivered early", () => {
    const clock = new FakeClock(at("2026-06-04T10:00:00Z"));
    expect(nextOccurrence(weekly, 0, clock.now())).toEqual({ index: 1, neededBy: at("2026-06-12T17:00:00Z") });
  });

  it("is the one after that when the next is skipped (the ones after keep their days)", () => {
    const clock = new FakeClock(at("2026-06-04T10:00:00Z"));
    const next = nextOccurrence(weekly, 0, clock.now())!;
    expect(nextOccurrence(weekly, next.index, clock.now())).toEqual({
      index: 2,
      neededBy: at("2026-06-19T17:00:00Z"),
    });
  });

  it("is never one whose needed-by time has passed: after a long gap, the first still ahead", () => {
    const clock = new FakeClock(at("2026-06-05T17:00:00Z"));
    // The current one's needed-by time has just passed: the next week's.
    clock.advance(1);
    expect(nextOccurrence(weekly, 0, clock.now())?.index).toBe(1);
    // Three weeks later (nobody looked): the ones in between are not posted late.
    clock.advance(20 * DAY_MS);
    expect(nextOccurrence(weekly, 0, clock.now())).toEqual({ index: 3, neededBy: at("2026-06-26T17:00:00Z") });
  });

  it("ends the series after its until: the last occurrence is the one needed on or before it", () => {
    const clock = new FakeClock(at("2026-06-04T10:00:00Z"));
    const untilThe19th: SeriesTiming = { ...weekly, until: at("2026-06-19T17:00:00Z") };
    expect(nextOccurrence(untilThe19th, 1, clock.now())?.index).toBe(2);
    expect(nextOccurrence(untilThe19th, 2, clock.now())).toBeNull();
    const anHourEarlier: SeriesTiming = { ...weekly, until: at("2026-06-19T16:00:00Z") };
    expect(nextOccurrence(anHourEarlier, 1, clock.now())).toBeNull();
    // Long after its until, it is over at once.
    clock.advance(400 * DAY_MS);
    expect(nextOccurrence(untilThe19th, 0, clock.now())).toBeNull();
  });
});

describe("a repeat's until", () => {
  it("is refused before the first needed-by time, and allowed on it or after", () => {
    const first = at("2026-06-05T17:00:00Z");
    expect(untilIsBeforeFirst(first, new Date(first.getTime() - HOUR_MS))).toBe(true);
    expect(untilIsBeforeFirst(first, first)).toBe(false);
    expect(untilIsBeforeFirst(first, new Date(first.getTime() + DAY_MS))).toBe(false);
    expect(untilIsBeforeFirst(first, null)).toBe(false);
  });
});
