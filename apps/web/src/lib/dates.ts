/**
 * Dates as the app shows them: English names, day before month, a 24-hour clock ("Sat 15 Jun, 18:05",
 * "22 Nov 2026"), in the browser's time zone unless told UTC.
 *
 * Built from Date's own getters rather than Intl on purpose (ADR 0011): the first Intl date format in
 * a freshly opened page loads ICU's locale and time-zone data, 40-70 ms of main thread on a laptop and
 * several times that on a phone, right when the first screen renders. The app's words are English
 * anyway; day-month-year with the month's name reads unambiguously everywhere.
 */

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

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

function partsOf(date: Date, { utc = false }: DateOptions): Parts {
  return utc
    ? { year: date.getUTCFullYear(), month: date.getUTCMonth(), day: date.getUTCDate(), weekday: date.getUTCDay(), hours: date.getUTCHours(), minutes: date.getUTCMinutes() }
    : { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), weekday: date.getDay(), hours: date.getHours(), minutes: date.getMinutes() };
}

const twoDigits = (n: number) => String(n).padStart(2, "0");
const clock = (p: Parts) => `${twoDigits(p.hours)}:${twoDigits(p.minutes)}`;
const dayMonth = (p: Parts) => `${p.day} ${MONTHS[p.month]}`;
const dayMonthYear = (p: Parts) => `${dayMonth(p)} ${p.year}`;

/** "15 Jun". */
export function formatDayMonth(date: Date, options: DateOptions = {}): string {
  return dayMonth(partsOf(date, options));
}

/** "15 Jun 2030". */
export function formatDate(date: Date, options: DateOptions = {}): string {
  return dayMonthYear(partsOf(date, options));
}

/** "Sat 15 Jun 2030, 18:05". */
export function formatDateTime(date: Date, options: DateOptions = {}): string {
  const p = partsOf(date, options);
  return `${WEEKDAYS[p.weekday]} ${dayMonthYear(p)}, ${clock(p)}`;
}

/** "Sat 15 Jun, 18:05" when `date` falls in `now`'s year, otherwise "Thu 2 Jan 2031, 09:00". */
export function formatWeekdayTime(date: Date, now: Date, options: DateOptions = {}): string {
  const p = partsOf(date, options);
  const day = p.year === partsOf(now, options).year ? dayMonth(p) : dayMonthYear(p);
  return `${WEEKDAYS[p.weekday]} ${day}, ${clock(p)}`;
}
