import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { details, notificationFooter, wordsFor, type NotificationLinks, type RequestSummary } from "./request-summary";
import { oneLine, shorten } from "./text";

/** To the helper, a few hours before the needed-by time of a request they claimed (issue 15). */
export function helperReminderEmail(
  to: string,
  reminder: { requesterName: string; request: RequestSummary },
  links: NotificationLinks,
): EmailMessage {
  const { t, when } = wordsFor(links);
  const name = oneLine(reminder.requesterName);
  return renderEmail({
    to,
    subject: t("email.helperReminderSubject", {
      item: shorten(reminder.request.itemDescription, 60),
      requester: name || t("email.aNeighbour"),
      when: when(reminder.request.neededBy),
    }),
    paragraphs: [
      t("email.helperReminderIntro", { requester: name || t("email.aNeighbourHelped") }),
      reminder.request.itemDescription,
      t("email.group", { group: oneLine(reminder.request.groupName) }),
      ...details(reminder.request, links),
      t("email.helperReminderUnclaim"),
    ],
    action: { label: t("email.seeRequest"), url: reminder.request.url },
    ...notificationFooter(links),
  });
}

/** To the requester whose request is still open a day (or half its window) before its needed-by time. */
export function requesterReminderEmail(
  to: string,
  reminder: { request: RequestSummary },
  links: NotificationLinks,
): EmailMessage {
  const { t } = wordsFor(links);
  return renderEmail({
    to,
    subject: t("email.requesterReminderSubject", { item: shorten(reminder.request.itemDescription, 60) }),
    paragraphs: [
      t("email.requesterReminderIntro", { group: oneLine(reminder.request.groupName) }),
      reminder.request.itemDescription,
      ...details(reminder.request, links),
      t("email.requesterReminderNotify"),
    ],
    action: { label: t("email.requesterReminderAction"), url: reminder.request.url },
    ...notificationFooter(links),
  });
}
