import { describe, expect, it } from "vitest";
import { latestDigestSlot, latestWeeklySlot } from "./schedule";

describe("the daily summary's time", () => {
  it("is today's DIGEST_HOUR once it has passed, else yesterday's (UTC)", () => {
    const schedule = { hour: 8, timeZone: "UTC" };
    expect(latestDigestSlot(new Date("2026-06-02T08:00:00Z"), schedule).toISOString()).toBe("2026-06-02T08:00:00.000Z");
    expect(latestDigestSlot(new Date("2026-06-02T23:59:59Z"), schedule).toISOString()).toBe("2026-06-02T08:00:00.000Z");
    expect(latestDigestSlot(new Date("2026-06-02T07:59:59Z"), schedule).toISOString()).toBe("2026-06-01T08:00:00.000Z");
    expect(latestDigestSlot(new Date("2026-03-01T01:00:00Z"), schedule).toISOString()).toBe("2026-02-28T08:00:00.000Z");
  });

  it("follows APP_TIMEZONE, summer time included", () => {
    const london = { hour: 8, timeZone: "Europe/London" };
    // British Summer Time: 08:00 in London is 07:00 UTC.
    expect(latestDigestSlot(new Date("2026-06-02T07:30:00Z"), london).toISOString()).toBe("2026-06-02T07:00:00.000Z");
    expect(latestDigestSlot(new Date("2026-06-02T06:59:00Z"), london).toISOString()).toBe("2026-06-01T07:00:00.000Z");
    // Winter: the same as UTC.
    expect(latestDigestSlot(new Date("2026-01-15T08:00:00Z"), london).toISOString()).toBe("2026-01-15T08:00:00.000Z");
    // 8 AM in Tokyo is 23:00 UTC the day before; at 23:30 UTC on the 1st it is already the 2nd there.
    expect(latestDigestSlot(new Date("2026-06-01T23:30:00Z"), { hour: 8, timeZone: "Asia/Tokyo" }).toISOString()).toBe(
      "2026-06-01T23:00:00.000Z",
    );
    // New York, the day clocks go forward (8 March 2026): 08:00 EDT is 12:00 UTC.
    expect(
      latestDigestSlot(new Date("2026-03-08T12:30:00Z"), { hour: 8, timeZone: "America/New_York" }).toISOString(),
    ).toBe("2026-03-08T12:00:00.000Z");
  });

  it("takes the hour after a summer-time gap when DIGEST_HOUR does not exist that day", () => {
    // London skips 01:00-02:00 on 29 March 2026; "01:00" becomes 02:00 BST, i.e. 01:00 UTC.
    expect(
      latestDigestSlot(new Date("2026-03-29T05:00:00Z"), { hour: 1, timeZone: "Europe/London" }).toISOString(),
    ).toBe("2026-03-29T01:00:00.000Z");
  });
});

describe("the weekly summary's time (issue 41)", () => {
  const at = (now: string, schedule: { weekday: number; hour: number; timeZone: string }) =>
    latestWeeklySlot(new Date(now), schedule).toISOString();

  it("is the latest DIGEST_WEEKDAY at DIGEST_HOUR: this week's once it has passed, else the week before's (UTC)", () => {
    const sunday8 = { weekday: 0, hour: 8, timeZone: "UTC" };
    // Sunday 7 June 2026.
    expect(at("2026-06-07T08:00:00Z", sunday8)).toBe("2026-06-07T08:00:00.000Z");
    expect(at("2026-06-07T07:59:59Z", sunday8)).toBe("2026-05-31T08:00:00.000Z");
    expect(at("2026-06-10T12:00:00Z", sunday8)).toBe("2026-06-07T08:00:00.000Z");
    expect(at("2026-06-13T23:59:59Z", sunday8)).toBe("2026-06-07T08:00:00.000Z");
    expect(at("2026-06-14T08:00:00Z", sunday8)).toBe("2026-06-14T08:00:00.000Z");
    // Saturday (6), across a month's end.
    expect(at("2026-08-03T09:00:00Z", { weekday: 6, hour: 18, timeZone: "UTC" })).toBe("2026-08-01T18:00:00.000Z");
  });

  it("takes the weekday in APP_TIMEZONE, not in UTC", () => {
    // 23:30 UTC on Saturday 6 June is 08:30 on Sunday 7 June in Tokyo: Sunday's 08:00 there has passed.
    expect(at("2026-06-06T23:30:00Z", { weekday: 0, hour: 8, timeZone: "Asia/Tokyo" })).toBe(
      "2026-06-06T23:00:00.000Z",
    );
    // 02:00 UTC on Monday 8 June is still Sunday evening (22:00 EDT) in New York.
    expect(at("2026-06-08T02:00:00Z", { weekday: 0, hour: 20, timeZone: "America/New_York" })).toBe(
      "2026-06-08T00:00:00.000Z",
    );
  });

  it("keeps the wall hour across a change of clocks: a week is not 7 × 24 hours then", () => {
    const london = { weekday: 0, hour: 8, timeZone: "Europe/London" };
    // Clocks go forward on Sunday 29 March 2026: 08:00 is 08:00 GMT on the 22nd, 07:00 UTC (BST) on the 29th.
    expect(at("2026-03-28T12:00:00Z", london)).toBe("2026-03-22T08:00:00.000Z");
    expect(at("2026-03-29T07:00:00Z", london)).toBe("2026-03-29T07:00:00.000Z");
    expect(at("2026-03-29T06:59:00Z", london)).toBe("2026-03-22T08:00:00.000Z");
    // And back on Sunday 25 October 2026: 07:00 UTC on the 18th (BST), 08:00 UTC (GMT) on the 25th.
    expect(at("2026-10-25T07:30:00Z", london)).toBe("2026-10-18T07:00:00.000Z");
    expect(at("2026-10-25T08:00:00Z", london)).toBe("2026-10-25T08:00:00.000Z");
  });

  it("takes the hour after a summer-time gap when DIGEST_HOUR does not exist on that Sunday", () => {
    // London skips 01:00-02:00 on Sunday 29 March 2026.
    expect(at("2026-03-29T05:00:00Z", { weekday: 0, hour: 1, timeZone: "Europe/London" })).toBe(
      "2026-03-29T01:00:00.000Z",
    );
  });
});
