import type { Locale } from "@hyn/validators/locales";
import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { notificationFooter, wordsFor, type NotificationLinks } from "./request-summary";
import { oneLine, shorten } from "./text";

/** One group's month, as the e-mail to a quiet member tells it; every value came from a person. */
export interface GroupMonth {
  groupName: string;
  /** Requests fulfilled in the month: what, and who helped (empty: a neighbour whose account is gone). */
  fulfilled: { itemDescription: string; helperName: string }[];
  /** How many were fulfilled in all (the list above may be cut short). */
  fulfilledCount: number;
  /** Open requests still wanting a helper, soonest first: what, by when, from whom, and its page. */
  stillNeeded: { itemDescription: string; neededBy: Date; requesterName: string; url: string }[];
  stillNeededCount: number;
  /** The names of those who joined in the month. */
  newMembers: string[];
}

/**
 * A person as the e-mail names them: the name they go by in the app, whole and as typed (issue 38: a
 * name cut at its first space is no longer what they typed), never their address.
 */
const nameOf = (name: string) => oneLine(name);

const LIST_LOCALES: Record<Locale, string> = { en: "en-GB", es: "es-ES", de: "de-DE" };
/** "Ana, Ben and Cleo", in the reader's language. */
const listOf = (names: string[], locale: Locale) =>
  new Intl.ListFormat(LIST_LOCALES[locale], { type: "conjunction" }).format(names);

/**
 * "What your group did this month" (issue 41 §5): to a member who has not visited for a month, what
 * happened meanwhile in each of their groups where anything did. Nothing to do, nothing owed.
 */
export function whileAwayEmail(
  to: string,
  notice: { groups: GroupMonth[]; days: number; appUrl: string },
  links: NotificationLinks,
): EmailMessage {
  const { t, when } = wordsFor(links);
  const neighbour = t("email.aNeighbour");
  const only = notice.groups.length === 1 ? notice.groups[0]! : null;
  const paragraphs = [t("email.whileAwayIntro", { days: notice.days, product: PRODUCT_NAME })];
  for (const group of notice.groups) {
    const lines = [t("email.whileAwayGroup", { group: oneLine(group.groupName) })];
    if (group.fulfilledCount > 0) {
      lines.push(t("email.whileAwayFulfilled", { count: group.fulfilledCount }));
      for (const item of group.fulfilled)
        lines.push(
          `- ${t("email.whileAwayFulfilledItem", {
            item: shorten(item.itemDescription, 120),
            helper: nameOf(item.helperName) || neighbour,
          })}`,
        );
    }
    if (group.stillNeededCount > 0) {
      lines.push(t("email.whileAwayStillNeeded", { count: group.stillNeededCount }));
      for (const item of group.stillNeeded)
        lines.push(
          `- ${t("email.whileAwayStillNeededItem", {
            item: shorten(item.itemDescription, 120),
            requester: nameOf(item.requesterName) || neighbour,
            when: when(item.neededBy),
          })} ${item.url}`,
        );
    }
    const named = group.newMembers.map(nameOf).filter(Boolean);
    if (group.newMembers.length > 0)
      lines.push(
        named.length > 0
          ? t("email.whileAwayNewMembers", { count: group.newMembers.length, names: listOf(named, links.locale) })
          : t("email.whileAwayNewMembersUnnamed", { count: group.newMembers.length }),
      );
    // A paragraph each: the HTML part keeps no line breaks inside one.
    paragraphs.push(...lines);
  }
  paragraphs.push(t("email.whileAwayNoPressure"));
  return renderEmail({
    to,
    subject: only
      ? t("email.whileAwaySubjectOne", { group: shorten(only.groupName, 60) })
      : t("email.whileAwaySubjectMany"),
    paragraphs,
    action: { label: t("email.whileAwayAction"), url: `${notice.appUrl}/groups` },
    ...notificationFooter(links),
  });
}
