/**
 * Dates as the app shows them, in the current language: "Sat 15 Jun, 18:05" / "sáb 15 jun, 18:05" /
 * "Sa. 15. Juni, 18:05", "22 Nov 2026" / "22 nov 2026" / "22. Nov. 2026", always a 24-hour clock, in
 * the browser's time zone unless told UTC.
 *
 * Built from Date's own getters with the names and the order of the parts from the `dates` catalog,
 * rather than Intl, on purpose (ADR 0011, revisited with measurements in ADR 0019): the first Intl
 * date format in a freshly opened page loads ICU's locale and time-zone data, about 30 ms of main
 * thread unslowed and 110-230 ms (medians) with the CPU slowed as on a phone, right when the first
 * screen renders; a cached formatter saves only the later ones.
 * The catalog is loaded with every language before any screen renders (apps/web/src/i18n/i18n.ts).
 */
import type { MessageId } from "@hyn/i18n/catalogs";
import { i18n } from "../i18n/i18n";

type DatesKey = MessageId<"dates"> extends `dates.${infer K}` ? K : never;

/** A message of the `dates` catalog in the current language (plain placeholders only: no Intl involved). */
const text = (key: DatesKey, values?: Record<string, string>) => i18n._(`dates.${key}`, values);
/** The catalog names weekdays (Sunday first) and months as one message each, names separated by a space: less to download. */
const nameOf = (key: "weekdays" | "months", index: number) => text(key).split(" ")[index] ?? "";

export interface DateOptions {
  /** Read the date in UTC rather than the browser's time zone (for days that are UTC on the server). */
  utc?: boolean;
}

interface Parts {
  year: number;
  month: number;
  day: number;
  weekday: number;
  hours: number;
  minutes: number;
}

/**
 * A time as an answer carries it (its ISO text: answers are plain JSON, ADR 0033) or a Date the page
 * made. Made a Date only where the page computes with it: here, and in `dateOf` / `msOf` callers.
 */
export type Time = Date | string;

export const dateOf = (time: Time): Date => (typeof time === "string" ? new Date(time) : time);

/** Milliseconds since 1970, for comparing times. */
export const msOf = (time: Time): number => (typeof time === "string" ? Date.parse(time) : time.getTime());

function partsOf(time: Time, { utc = false }: DateOptions): Parts {
  const date = dateOf(time);
  return utc
    ? {
        year: date.getUTCFullYear(),
        month: date.getUTCMonth(),
        day: date.getUTCDate(),
        weekday: date.getUTCDay(),
        hours: date.getUTCHours(),
        minutes: date.getUTCMinutes(),
      }
    : {
        year: date.getFullYear(),
        month: date.getMonth(),
        day: date.getDate(),
        weekday: date.getDay(),
        hours: date.getHours(),
        minutes: date.getMinutes(),
      };
}

const twoDigits = (n: number) => String(n).padStart(2, "0");
const clock = (p: Parts) => `${twoDigits(p.hours)}:${twoDigits(p.minutes)}`;
const dayMonth = (p: Parts) => text("dayMonth", { day: String(p.day), month: nameOf("months", p.month) });
const dayMonthYear = (p: Parts) =>
  text("dayMonthYear", { day: String(p.day), month: nameOf("months", p.month), year: String(p.year) });
const weekdayDateTime = (p: Parts, date: string) =>
  text("weekdayDateTime", { weekday: nameOf("weekdays", p.weekday), date, time: clock(p) });

/** "15 Jun". */
export function formatDayMonth(date: Time, options: DateOptions = {}): string {
  return dayMonth(partsOf(date, options));
}

/** "Mon 7 Dec": a day of a repeating request (issue 43 §2, "Skip Mon 7 Dec"). */
export function formatWeekdayDay(date: Time, options: DateOptions = {}): string {
  const p = partsOf(date, options);
  return text("weekdayDate", { weekday: nameOf("weekdays", p.weekday), date: dayMonth(p) });
}

/** "15 Jun 2030". */
export function formatDate(date: Time, options: DateOptions = {}): string {
  return dayMonthYear(partsOf(date, options));
}

/** "Sat 15 Jun 2030, 18:05". */
export function formatDateTime(date: Time, options: DateOptions = {}): string {
  const p = partsOf(date, options);
  return weekdayDateTime(p, dayMonthYear(p));
}

/** "Sat 15 Jun, 18:05" when `date` falls in `now`'s year, otherwise "Thu 2 Jan 2031, 09:00". */
export function formatWeekdayTime(date: Time, now: Date, options: DateOptions = {}): string {
  const p = partsOf(date, options);
  const day = p.year === partsOf(now, options).year ? dayMonth(p) : dayMonthYear(p);
  return weekdayDateTime(p, day);
}
