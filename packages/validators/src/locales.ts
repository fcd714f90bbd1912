/**
 * The languages the app speaks. English is the default and holds the spec's texts exactly; a person
 * gets their browser's language (navigator.languages, or a request's Accept-Language) until they pick
 * one, which is kept on their account.
 */
export const LOCALES = ["en", "es", "de"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/**
 * Not offered to people: every English text made 40 % longer and accented, so a test can see text that
 * is clipped, overlaps, or was never translated (it would show up plain). Chosen only by a test.
 */
export const PSEUDO_LOCALE = "en-XA";
export type DisplayLocale = Locale | typeof PSEUDO_LOCALE;

/** Each language named in itself, as a switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", es: "Español", de: "Deutsch" };

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** The first of the person's preferred languages the app speaks ("es-MX" speaks "es"), else English. */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

/** The language tags of an Accept-Language header, most preferred first (q=0 ones dropped). */
export function parseAcceptLanguage(header: string | undefined | null): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}

/** The language a request asks for; English when it names none the app speaks (a REST client sends none). */
export const localeOfAcceptLanguage = (header: string | undefined | null): Locale =>
  negotiateLocale(parseAcceptLanguage(header));
