// @vitest-environment happy-dom
import { afterAll, describe, expect, it } from "vitest";
import de from "@hyn/i18n/catalogs/dates/de.json";
import en from "@hyn/i18n/catalogs/dates/en.json";
import es from "@hyn/i18n/catalogs/dates/es.json";
import { activateLocale } from "../i18n/i18n";
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

describe("dates in the neighbour's language", () => {
  const saturdayEvening = new Date(2030, 5, 15, 18, 5);
  const now = new Date(2030, 5, 14, 12);
  afterAll(() => activateLocale("en"));

  it("each language's catalog names seven weekdays and twelve months, one word each", () => {
    for (const catalog of [en, es, de]) {
      expect(catalog.weekdays.split(" ")).toHaveLength(7);
      expect(catalog.months.split(" ")).toHaveLength(12);
    }
  });

  it("in Spanish: lower-case names, day first, a 24-hour clock", async () => {
    await activateLocale("es");
    expect(formatDayMonth(saturdayEvening)).toBe("15 jun");
    expect(formatDate(new Date(2026, 8, 1))).toBe("1 sept 2026");
    expect(formatDateTime(saturdayEvening)).toBe("sáb 15 jun 2030, 18:05");
    expect(formatWeekdayTime(saturdayEvening, now)).toBe("sáb 15 jun, 18:05");
    expect(formatWeekdayTime(new Date(2031, 0, 2, 9, 0), now)).toBe("jue 2 ene 2031, 09:00");
  });

  it("in German: the day with a full stop, abbreviated names, a 24-hour clock", async () => {
    await activateLocale("de");
    expect(formatDayMonth(saturdayEvening)).toBe("15. Juni");
    expect(formatDate(new Date(2026, 2, 1))).toBe("1. März 2026");
    expect(formatDateTime(saturdayEvening)).toBe("Sa. 15. Juni 2030, 18:05");
    expect(formatWeekdayTime(saturdayEvening, now)).toBe("Sa. 15. Juni, 18:05");
    expect(formatWeekdayTime(new Date(2031, 9, 2, 9, 0), now)).toBe("Do. 2. Okt. 2031, 09:00");
    expect(formatDayMonth(new Date(Date.UTC(2026, 10, 16, 0, 0)), { utc: true })).toBe("16. Nov.");
  });

  it("back in English, as before", async () => {
    await activateLocale("en");
    expect(formatWeekdayTime(saturdayEvening, now)).toBe("Sat 15 Jun, 18:05");
  });
});
