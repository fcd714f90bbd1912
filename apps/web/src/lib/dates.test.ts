import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatDayMonth, formatWeekdayTime } from "./dates";

describe("dates as the app shows them", () => {
  // Built from local parts: the page reads dates in the browser's time zone, whatever the test machine's is.
  const saturdayEvening = new Date(2030, 5, 15, 18, 5);

  it("names the day and month in English, day first", () => {
    expect(formatDayMonth(saturdayEvening)).toBe("15 Jun");
    expect(formatDate(saturdayEvening)).toBe("15 Jun 2030");
    expect(formatDate(new Date(2026, 11, 1))).toBe("1 Dec 2026");
  });

  it("adds the weekday and a 24-hour clock with two-digit hours and minutes", () => {
    expect(formatDateTime(saturdayEvening)).toBe("Sat 15 Jun 2030, 18:05");
    expect(formatDateTime(new Date(2031, 0, 2, 9, 0))).toBe("Thu 2 Jan 2031, 09:00");
    expect(formatDateTime(new Date(2031, 0, 5, 0, 0))).toBe("Sun 5 Jan 2031, 00:00");
  });

  it("leaves the year out only within the current year", () => {
    const now = new Date(2030, 5, 14, 12);
    expect(formatWeekdayTime(saturdayEvening, now)).toBe("Sat 15 Jun, 18:05");
    expect(formatWeekdayTime(new Date(2031, 0, 2, 9, 0), now)).toBe("Thu 2 Jan 2031, 09:00");
    expect(formatWeekdayTime(new Date(2029, 11, 31, 23, 59), now)).toBe("Mon 31 Dec 2029, 23:59");
  });

  it("reads UTC when asked, so a server's UTC day is not shifted by the browser's zone", () => {
    const mondayUtc = new Date(Date.UTC(2026, 10, 16, 0, 0));
    expect(formatDayMonth(mondayUtc, { utc: true })).toBe("16 Nov");
    expect(formatDateTime(mondayUtc, { utc: true })).toBe("Mon 16 Nov 2026, 00:00");
    // Local reading of the same instant, computed independently of the formatter.
    const local = `${mondayUtc.getDate()} ${["Oct", "Nov"][mondayUtc.getMonth() - 9]}`;
    expect(formatDayMonth(mondayUtc)).toBe(local);
  });
});
