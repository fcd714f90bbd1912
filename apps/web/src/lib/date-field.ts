/**
 * A date (or date and time) field in the page's language (ADR 0028): Chromium draws `<input type="date">`
 * and `datetime-local` in the browser's language whatever the page's `lang`, so a German page in an English
 * browser would ask for mm/dd/yyyy. Where the two languages differ, the field is a text input that shows and
 * reads the page language's own numeric format; its value to the form stays the native input's,
 * "YYYY-MM-DD" or "YYYY-MM-DDTHH:mm" in local time.
 *
 * The format comes from the language's catalog (no Intl: ADR 0019): `date` orders "{day}", "{month}" and
 * "{year}" with the language's separators, `dateTime` joins "{date}" and "{time}", `letters` are what the
 * empty field shows for day, month, year, hours and minutes ("TT MM JJJJ hh mm").
 */
export interface NumericDateFormat {
  date: string;
  dateTime: string;
  letters: string;
}

/** A date only ("YYYY-MM-DD", as <input type="date">) or a date and a time ("YYYY-MM-DDTHH:mm"). */
export type DateFieldKind = "date" | "dateTime";

const pad = (n: number | string) => String(n).padStart(2, "0");

/**
 * The language the browser draws its own date fields in: its interface's, which is also its JavaScript's default
 * locale (navigator.language is the first language asked of web sites, which may differ). Read from a
 * PluralRules, which loads no date data (0.3 ms against a DateTimeFormat's 37 ms in a fresh page, ADR 0028).
 */
export function browserFormLocale(): string {
  // No date is formatted (ADR 0011's cost is a date formatter's): only the default locale is read.
  // eslint-disable-next-line no-restricted-properties
  return new Intl.PluralRules().resolvedOptions().locale;
}

/**
 * The English regions whose browser field writes day first with a 24-hour clock, as the app's English does
 * ("29/11/2026, 18:00"); every other English one (en-US: "11/29/2026, 06:00 PM"; en-AU, en-IN: "pm") does not
 * (issue 43). German and Spanish write day first in every region.
 */
const DAY_FIRST_24_HOUR_ENGLISH_REGIONS = new Set(["gb", "ie"]);

/**
 * True when the browser draws the native field as the page writes dates: in the page's language (regions
 * aside: "de-AT" is German), and for English only in a day-first, 24-hour region (ADR 0028).
 */
export function nativeFieldWritesAsPage(browserLanguage: string, pageLocale: string): boolean {
  const [language = "", region = ""] = browserLanguage.trim().toLowerCase().split(/[-_]/);
  const pageLanguage = pageLocale.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  if (language !== pageLanguage) return false;
  return language !== "en" || DAY_FIRST_24_HOUR_ENGLISH_REGIONS.has(region);
}

function fill(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function compose(format: NumericDateFormat, kind: DateFieldKind, parts: string[]): string {
  const [day = "", month = "", year = "", hours = "", minutes = ""] = parts;
  const date = fill(format.date, { day, month, year });
  return kind === "date" ? date : fill(format.dateTime, { date, time: `${hours}:${minutes}` });
}

/** What the empty field shows: "TT.MM.JJJJ, hh:mm", "dd/mm/aaaa". */
export function fieldPlaceholder(format: NumericDateFormat, kind: DateFieldKind): string {
  return compose(format, kind, format.letters.split(" "));
}

const VALUE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** A form value as the field shows it: "2027-03-05T18:00" → "05.03.2027, 18:00"; anything else as it is. */
export function formatFieldValue(value: string, format: NumericDateFormat, kind: DateFieldKind): string {
  const match = VALUE.exec(value);
  if (!match || (kind === "dateTime") !== (match[4] !== undefined)) return value;
  const [, year = "", month = "", day = "", hours = "", minutes = ""] = match;
  return compose(format, kind, [day, month, year, hours, minutes]);
}

/** The order the language writes a date's numbers in, from its pattern: ["day", "month", "year"] in German. */
function dateOrder(format: NumericDateFormat): ("day" | "month" | "year")[] {
  const order = [...format.date.matchAll(/\{(day|month|year)\}/g)].map((m) => m[1] as "day" | "month" | "year");
  return order.length === 3 ? order : ["day", "month", "year"];
}

/**
 * What a person typed, read leniently, as a form value; null when it is no real date (and time). Any
 * non-digits separate ("5.3.27 18 Uhr", "5/3/2027 6:30 pm"); a two-digit year is this century's; a
 * four-digit number first is a year, so "2027-03-05T18:00" (the native input's value) is read too.
 * A time needs at least its hour; "1830" is 18:30.
 */
export function parseFieldText(text: string, format: NumericDateFormat, kind: DateFieldKind): string | null {
  const numbers = text.match(/\d+/g) ?? [];
  if (numbers.length < 3) return null;
  const [a = "", b = "", c = ""] = numbers;
  const parts: Record<"day" | "month" | "year", string> =
    a.length === 4
      ? { year: a, month: b, day: c }
      : (Object.fromEntries(dateOrder(format).map((name, i) => [name, numbers[i]!])) as Record<
          "day" | "month" | "year",
          string
        >);
  if (parts.year.length !== 2 && parts.year.length !== 4) return null;
  const year = Number(parts.year) + (parts.year.length === 2 ? 2000 : 0);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const date = new Date(year, month - 1, day, 12);
  // new Date rolls 31 February over into March: a date that rolled over was not a real one.
  if (date.getFullYear() !== year || date.getMonth() !== month - 1 || date.getDate() !== day) return null;
  const dateValue = `${year}-${pad(month)}-${pad(day)}`;
  const time = numbers.slice(3);
  if (kind === "date") return time.length === 0 ? dateValue : null;
  if (time.length === 0 || time.length > 2) return null;
  const [typedHours, minutes] =
    time.length === 1 && time[0]!.length > 2
      ? [Number(time[0]!.slice(0, -2)), Number(time[0]!.slice(-2))]
      : [Number(time[0]), Number(time[1] ?? 0)];
  // "6:30 pm": only what follows the last number, so German "am 5.3." is no morning.
  const after = text.slice(text.search(/\d\D*$/) + 1);
  const afternoon = /^\s*p\.?\s?m\b/i.test(after) && typedHours >= 1 && typedHours < 12;
  const midnight = /^\s*a\.?\s?m\b/i.test(after) && typedHours === 12;
  const hours = afternoon ? typedHours + 12 : midnight ? 0 : typedHours;
  if (hours > 23 || minutes > 59) return null;
  return `${dateValue}T${pad(hours)}:${pad(minutes)}`;
}
