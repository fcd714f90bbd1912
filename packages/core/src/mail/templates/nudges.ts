import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { details, notificationFooter, wordsFor, type NotificationLinks, type RequestSummary } from "./request-summary";
import { oneLine, shorten } from "./text";

// To the group, about a request that still wants a helper (issue 26): nobody took it, or its helper gave it back.

/** "Still needed: {item}": a request still open a quarter of the way before its needed-by time. */
export function stillNeededEmail(
  to: string,
  nudge: { requesterName: string; request: RequestSummary },
  links: NotificationLinks,
): EmailMessage {
  const { t, when } = wordsFor(links);
  const requester = oneLine(nudge.requesterName) || t("email.ANeighbour");
  const group = oneLine(nudge.request.groupName);
  return renderEmail({
    to,
    subject: t("email.stillNeededSubject", { item: shorten(nudge.request.itemDescription, 60) }),
    paragraphs: [
      t("email.stillNeededIntro", { requester, group, when: when(nudge.request.neededBy) }),
      nudge.request.itemDescription,
      ...details(nudge.request, links),
    ],
    action: { label: t("email.postedAction"), url: nudge.request.url },
    ...notificationFooter(links),
  });
}

/** "{item} needs a helper again": its helper gave it back within a day of its needed-by time. */
export function givenBackEmail(
  to: string,
  notice: { requesterName: string; request: RequestSummary },
  links: NotificationLinks,
): EmailMessage {
  const { t } = wordsFor(links);
  const requester = oneLine(notice.requesterName) || t("email.ANeighbour");
  const group = oneLine(notice.request.groupName);
  return renderEmail({
    to,
    subject: t("email.givenBackSubject", { item: shorten(notice.request.itemDescription, 60) }),
    paragraphs: [
      t("email.givenBackIntro", { requester, group }),
      notice.request.itemDescription,
      ...details(notice.request, links),
    ],
    action: { label: t("email.postedAction"), url: notice.request.url },
    ...notificationFooter(links),
  });
}
