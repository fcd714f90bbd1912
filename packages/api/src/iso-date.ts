/** 0001-01-01T00:00:00.000Z and 10000-01-01T00:00:00.000Z: the years written with four digits. */
const FIRST_FOUR_DIGIT_YEAR_MS = -62_135_596_800_000;
const FIRST_FIVE_DIGIT_YEAR_MS = 253_402_300_800_000;
const DAY_MS = 86_400_000;

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const threeDigits = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);
const fourDigits = (n: number) => (n < 10 ? `000${n}` : n < 100 ? `00${n}` : n < 1000 ? `0${n}` : `${n}`);

/**
 * `date.toISOString()`, written in JavaScript: V8's own is a call into C++ that took about 0.7 µs a
 * Date on this machine, the largest part of writing a dashboard's 160 Dates (docs/PERFORMANCE.md,
 * issue 31). The same text for every valid Date (years outside 1-9999 are left to V8); an invalid
 * Date throws as `toISOString` does.
 */
export function isoString(date: Date): string {
  const ms = date.getTime();
  if (!(ms >= FIRST_FOUR_DIGIT_YEAR_MS && ms < FIRST_FIVE_DIGIT_YEAR_MS)) return date.toISOString();
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  // The civil date of a day number (Howard Hinnant's `civil_from_days`), in 400-year eras from 0000-03-01.
  const dayOfEras = days + 719_468;
  const era = Math.floor(dayOfEras / 146_097);
  const dayOfEra = dayOfEras - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  );
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  rest -= seconds * 1000;
  return `${fourDigits(year)}-${twoDigits(month)}-${twoDigits(day)}T${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(seconds)}.${threeDigits(rest)}Z`;
}
