import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { notificationFooter, wordsFor, type NotificationLinks } from "./request-summary";
import { oneLine, shorten } from "./text";

/** One group's week, as the weekly summary tells it (issue 41). Names and items are people's words: data. */
export interface WeeklyGroupWeek {
  groupName: string;
  fulfilled: { item: string; requester: string; helper: string }[];
  thanked: { item: string; requester: string; helper: string }[];
  stillNeeded: { item: string; requester: string; neededBy: Date; requestId: string }[];
  trips: { tripper: string; store: string; departsAt: Date }[];
  /** First names of the members who joined this week ("" for one who gave no name). */
  newMembers: string[];
  /** How many of `stillNeeded` were posted this week (the rest were already open). */
  postedThisWeek: number;
}

const LIST_LOCALES = { en: "en-GB", es: "es-ES", de: "de-DE" } as const;

/** The weekly summary: each of the reader's groups on Weekly with its week, in the reader's language. */
export function weeklySummaryEmail(
  to: string,
  summary: { dashboardUrl: string; groups: WeeklyGroupWeek[]; requestUrl: (requestId: string) => string },
  links: NotificationLinks,
): EmailMessage {
  const { t, when } = wordsFor(links);
  const person = (name: string) => oneLine(name) || t("email.aNeighbour");
  const item = (value: string) => shorten(value, 200);
  const names = new Intl.ListFormat(LIST_LOCALES[links.locale], { type: "conjunction" });
  const paragraphs = [t("email.weeklyIntro", { count: summary.groups.length })];
  for (const week of summary.groups) {
    paragraphs.push(t("email.weeklyGroup", { group: oneLine(week.groupName) }));
    for (const r of week.fulfilled)
      paragraphs.push(
        t("email.weeklyFulfilled", { item: item(r.item), helper: person(r.helper), requester: person(r.requester) }),
      );
    for (const r of week.thanked)
      paragraphs.push(
        t("email.weeklyThanked", { item: item(r.item), helper: person(r.helper), requester: person(r.requester) }),
      );
    for (const r of week.stillNeeded)
      paragraphs.push(
        `${t("email.weeklyStillNeeded", { item: item(r.item), requester: person(r.requester), when: when(r.neededBy) })}\n  ${summary.requestUrl(r.requestId)}`,
      );
    for (const trip of week.trips)
      paragraphs.push(
        t("email.weeklyTrip", {
          tripper: person(trip.tripper),
          store: oneLine(trip.store),
          when: when(trip.departsAt),
        }),
      );
    if (week.newMembers.length > 0)
      paragraphs.push(
        t("email.weeklyNewMembers", {
          count: week.newMembers.length,
          names: names.format(week.newMembers.map(person)),
        }),
      );
  }
  return renderEmail({
    to,
    subject: t("email.weeklySubject", { product: PRODUCT_NAME }),
    paragraphs,
    action: { label: t("email.digestAction"), url: summary.dashboardUrl },
    ...notificationFooter(links),
  });
}
