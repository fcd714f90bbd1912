import { serverTranslator, type ServerTranslate } from "@hyn/i18n/server";
import type { Locale } from "@hyn/validators/locales";
import type { IfUnavailable } from "@hyn/validators/rules";
import type { UnsubscribeLink } from "../layout";
import { PRODUCT_NAME } from "../../shared/config";
import { formatWhen, oneLine } from "./text";

/** The request as an e-mail describes it; every value came from a person and is escaped by renderEmail. */
export interface RequestSummary {
  itemDescription: string;
  groupName: string;
  neededBy: Date;
  storePreference: string | null;
  pickupNotes: string | null;
  /** What the helper does if the item is not there (issue 28); null when nobody chose (posted before the choice existed). */
  ifUnavailable: IfUnavailable | null;
  /** `${APP_URL}/requests/<id>`: the app's page of that one request. */
  url: string;
}

/** Per recipient: notification e-mails are non-essential, so each carries its reader's unsubscribe link. */
export interface NotificationLinks {
  /** What this e-mail's "Unsubscribe" turns off, and the profile's notifications section. */
  unsubscribe: UnsubscribeLink;
  timeZone: string;
  /** The reader's language (their account's `locale`): the words and the dates follow it. */
  locale: Locale;
}

/** The reader's translator and their way of writing a time. */
export function wordsFor(links: Pick<NotificationLinks, "locale" | "timeZone">): {
  t: ServerTranslate;
  when: (date: Date) => string;
} {
  return { t: serverTranslator(links.locale), when: (date) => formatWhen(date, links.timeZone, links.locale) };
}

export function details(request: RequestSummary, links: Pick<NotificationLinks, "locale" | "timeZone">): string[] {
  const { t, when } = wordsFor(links);
  return [
    t("email.neededBy", { when: when(request.neededBy) }),
    ...(request.storePreference ? [t("email.storePreference", { store: oneLine(request.storePreference) })] : []),
    ...(request.pickupNotes ? [t("email.pickupNotes", { notes: request.pickupNotes })] : []),
    ...(request.ifUnavailable ? [t("email.ifUnavailable", { choice: request.ifUnavailable })] : []),
  ];
}

/** The footer of every notification e-mail: why it came, and its reader's unsubscribe link. */
export function notificationFooter(links: NotificationLinks) {
  return {
    locale: links.locale,
    footer: [serverTranslator(links.locale)("email.notificationFooter", { product: PRODUCT_NAME })],
    unsubscribe: links.unsubscribe,
  };
}
