import type { Locale } from "@hyn/validators/locales";

/** Names and descriptions go into headers and single lines: one line each, whatever was stored. */
export const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

export function shorten(value: string, max: number): string {
  const line = oneLine(value);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * How a time reads in the reader's language: English as it always has (en-GB: "Tue, 24 Nov 2026,
 * 14:00"), Spanish and German with their own words and order, all on a 24-hour clock.
 */
const DATE_LOCALES: Record<Locale, string> = { en: "en-GB", es: "es-ES", de: "de-DE" };

/**
 * Building a formatter costs far more than using one (a claim's e-mails built four per call: 6.5 % of
 * the server's CPU under load, issue 31), so there is one per language and time zone (IANA names:
 * a bounded set).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string, locale: Locale): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(DATE_LOCALES[locale], {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      ...(locale === "en" ? {} : { hourCycle: "h23" as const }),
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

export function formatWhen(date: Date, timeZone: string, locale: Locale): string {
  return `${formatterFor(timeZone, locale).format(date)} (${timeZone})`;
}
