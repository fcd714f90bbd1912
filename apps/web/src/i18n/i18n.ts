/**
 * The web app's languages at run time (Lingui). Messages come compiled from the build (the
 * catalogs' Vite plugin, packages/i18n/src/vite-plugin.ts); each language's messages are a chunk per
 * namespace, fetched when a screen of that namespace first opens in that language. English `common`
 * (the top bar, footer and shared texts) and English `dates` are part of the entry: every screen
 * needs them, and most visits are in English.
 */
import { setupI18n } from "@lingui/core";
import { ERRORS_NAMESPACE, withNamespace, type WebNamespace } from "@hyn/i18n/catalogs";
import {
  DEFAULT_LOCALE,
  isLocale,
  negotiateLocale,
  PSEUDO_LOCALE,
  type DisplayLocale,
  type Locale,
} from "@hyn/i18n/locales";
import englishCommon from "@hyn/i18n/catalogs/common/en.json";
import englishDates from "@hyn/i18n/catalogs/dates/en.json";
import type * as ErrorTexts from "@hyn/i18n/error-texts";
import type { KeyedMessage } from "@hyn/validators/messages";

type ErrorTextsModule = typeof ErrorTexts;

type Messages = Record<string, unknown>;

// Every namespace but the server's (SERVER_NAMESPACES: e-mails, calendar files, pushes), which the web never
// loads: each listed file costs the entry a loader (i18n.test.ts holds the list to SERVER_NAMESPACES).
const catalogFiles = import.meta.glob<Messages>(["./*/*.json", "!./{email,calendar,push}/*.json"], {
  base: "../../../../packages/i18n/catalogs",
  import: "default",
});

/** Error messages are named by key; English is the spec's text, other languages translate it (their `errors` catalog). */
let errorTexts: ErrorTextsModule | undefined;
let pseudoErrorText: ((text: string) => string) | undefined;

/**
 * An error message, by key, in the current language; `english` is its English (i18n/errorText.ts
 * writes it, so the entry chunk never carries every message). The translator comes with a language's
 * `errors` catalog.
 */
export function translateError(message: KeyedMessage, english: string): string {
  const locale = currentLocale();
  if (locale === PSEUDO_LOCALE) return pseudoErrorText?.(english) ?? english;
  if (locale === DEFAULT_LOCALE) return english;
  return errorTexts?.translateError(message, (id, values) => i18n._(id, values)) ?? english;
}

async function loadCatalog(locale: DisplayLocale, namespace: string): Promise<Messages> {
  if (locale === PSEUDO_LOCALE) {
    const pseudo = await import("./pseudo-catalogs");
    if (namespace === ERRORS_NAMESPACE) pseudoErrorText = pseudo.pseudoText;
    return pseudo.pseudoCatalog(namespace);
  }
  if (namespace === ERRORS_NAMESPACE) {
    // English has no `errors` file: the spec's texts are the English.
    if (locale === DEFAULT_LOCALE) return {};
    errorTexts ??= await import("@hyn/i18n/error-texts");
  }
  const loader = catalogFiles[`./${namespace}/${locale}.json`];
  return loader ? loader() : {};
}

/**
 * What every screen needs, in every language: the layout's texts, the error texts, and the names and
 * order of a date's parts (lib/dates.ts; small, and a date may show on any screen).
 */
const ALWAYS_LOADED = ["common", "dates", ERRORS_NAMESPACE] as const;

export const i18n = setupI18n();
i18n.load(DEFAULT_LOCALE, { ...withNamespace("common", englishCommon), ...withNamespace("dates", englishDates) });
// English until another language is activated, so code outside a screen (a date in a rule's refusal)
// can always ask for a text.
i18n.activate(DEFAULT_LOCALE);

/** Namespaces already in Lingui, per language. */
const loaded = new Map<DisplayLocale, Set<string>>([[DEFAULT_LOCALE, new Set(ALWAYS_LOADED)]]);

async function load(locale: DisplayLocale, namespaces: readonly string[]): Promise<void> {
  const have = loaded.get(locale) ?? new Set<string>();
  loaded.set(locale, have);
  const missing = namespaces.filter((namespace) => !have.has(namespace));
  const catalogs = await Promise.all(missing.map((namespace) => loadCatalog(locale, namespace)));
  missing.forEach((namespace, index) => {
    i18n.load(locale, withNamespace(namespace, catalogs[index]!));
    have.add(namespace);
  });
}

/** Namespaces the screens shown so far use (the layout's and error texts at first); a new language loads them all. */
const inUse = new Set<string>(ALWAYS_LOADED);

/** Loads a screen's namespaces in the current language (the router does, alongside the screen's code). */
export async function loadNamespaces(namespaces: readonly WebNamespace[]): Promise<void> {
  for (const namespace of namespaces) inUse.add(namespace);
  await load(currentLocale(), namespaces);
}

export const currentLocale = (): DisplayLocale => (i18n.locale || DEFAULT_LOCALE) as DisplayLocale;

/**
 * Shows the app in `locale`: loads what the screens in use need, then switches every text at once. A
 * screen that asks for its texts while this loads asks in the language still shown, so its namespaces
 * are loaded in `locale` too before the switch, or the screen would show message ids.
 */
export async function activateLocale(locale: DisplayLocale): Promise<void> {
  const have = () => loaded.get(locale) ?? new Set<string>();
  while ([...inUse].some((namespace) => !have().has(namespace))) await load(locale, [...inUse]);
  if (i18n.locale === locale) return;
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Where the switcher keeps a choice on this device. */
const DEVICE_CHOICE_KEY = "hyn-locale";

/** The language chosen on this device, else the browser's first preferred one the app speaks. */
export function deviceLocale(): DisplayLocale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(DEVICE_CHOICE_KEY);
  } catch {
    // Storage can be refused (private modes); the browser's languages still apply.
  }
  if (stored === PSEUDO_LOCALE || isLocale(stored)) return stored;
  return negotiateLocale(navigator.languages ?? [navigator.language]);
}

export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(DEVICE_CHOICE_KEY, locale);
  } catch {
    // Not kept on this device; a signed-in person's choice is on their account as well.
  }
}
