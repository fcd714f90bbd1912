import { DEFAULT_LOCALE, isLocale, type Locale } from "@hyn/validators/locales";

/** A stored `users.locale` as a language the app speaks (English for anything else). */
export const localeOf = (value: string | null | undefined): Locale => (isLocale(value) ? value : DEFAULT_LOCALE);
