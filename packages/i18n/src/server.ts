/**
 * Texts the server writes (e-mails, calendar entries, push notifications, the notice-board sheet's PDF, error messages) in a
 * given language. Every catalog is loaded and compiled once, at start; one Lingui instance per
 * language, so concurrent requests in different languages never switch a shared one.
 */
import { setupI18n, type I18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import calendarDe from "../catalogs/calendar/de.json" with { type: "json" };
import calendarEn from "../catalogs/calendar/en.json" with { type: "json" };
import calendarEs from "../catalogs/calendar/es.json" with { type: "json" };
import emailDe from "../catalogs/email/de.json" with { type: "json" };
import emailEn from "../catalogs/email/en.json" with { type: "json" };
import emailEs from "../catalogs/email/es.json" with { type: "json" };
import errorsDe from "../catalogs/errors/de.json" with { type: "json" };
import errorsEs from "../catalogs/errors/es.json" with { type: "json" };
import pushDe from "../catalogs/push/de.json" with { type: "json" };
import pushEn from "../catalogs/push/en.json" with { type: "json" };
import pushEs from "../catalogs/push/es.json" with { type: "json" };
import sheetDe from "../catalogs/sheet/de.json" with { type: "json" };
import sheetEn from "../catalogs/sheet/en.json" with { type: "json" };
import sheetEs from "../catalogs/sheet/es.json" with { type: "json" };
import {
  type ERRORS_NAMESPACE,
  withNamespace,
  type MessageId,
  type MessageValues,
  type ServerTextNamespace,
} from "./catalogs";
import { englishText, type KeyedMessage } from "@hyn/validators/messages";
import { translateError } from "./error-texts";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locales";

const SERVER_CATALOGS: Record<Locale, Record<ServerTextNamespace | typeof ERRORS_NAMESPACE, Record<string, string>>> = {
  en: { email: emailEn, calendar: calendarEn, push: pushEn, sheet: sheetEn, errors: {} },
  es: { email: emailEs, calendar: calendarEs, push: pushEs, sheet: sheetEs, errors: errorsEs },
  de: { email: emailDe, calendar: calendarDe, push: pushDe, sheet: sheetDe, errors: errorsDe },
};

function createInstance(locale: Locale): I18n {
  const i18n = setupI18n();
  // Production builds of Lingui leave compiling to the build; the server compiles its catalogs here,
  // once. Not through setMessagesCompiler: Lingui would compile a text again on every use (issue 31's
  // profile of a claim: the e-mails' and pushes' texts, 3 % of the server's CPU).
  const messages = Object.entries(SERVER_CATALOGS[locale]).reduce<Record<string, unknown>>(
    (all, [namespace, catalog]) => Object.assign(all, withNamespace(namespace, catalog)),
    {},
  );
  for (const [id, text] of Object.entries(messages)) messages[id] = compileMessageOrThrow(text as string);
  i18n.load(locale, messages as Record<string, never>);
  i18n.activate(locale);
  return i18n;
}

const instances = new Map<Locale, I18n>();
const instanceFor = (locale: Locale): I18n => {
  let i18n = instances.get(locale);
  if (!i18n) instances.set(locale, (i18n = createInstance(locale)));
  return i18n;
};

/** A function that writes server texts in one language: `t("email.verifySubject", { name })`. */
export type ServerTranslate = (id: MessageId<ServerTextNamespace>, values?: MessageValues) => string;

export function serverTranslator(locale: Locale = DEFAULT_LOCALE): ServerTranslate {
  const i18n = instanceFor(locale);
  return (id, values) => i18n._(id, values);
}

/** An error message, by key, in the given language (English: the spec's text from @hyn/validators' messages). */
export function serverErrorText(message: KeyedMessage, locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return englishText(message);
  return translateError(message, (id, values) => instanceFor(locale)._(id, values));
}

export { LOCALES };
