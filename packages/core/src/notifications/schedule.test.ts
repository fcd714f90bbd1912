import { describe, expect, it } from "vitest";
import { latestDigestSlot } from "./schedule";

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
