import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { details, notificationFooter, type NotificationLinks, type RequestSummary } from "./request-summary";
import { formatWhen, oneLine, shorten } from "./text";

/** To the helper, a few hours before the needed-by time of a request they claimed (issue 15). */
export function helperReminderEmail(to: string, reminder: { requesterName: string; request: RequestSummary }, links: NotificationLinks): EmailMessage {
  const requester = oneLine(reminder.requesterName) || "a neighbour";
  const when = formatWhen(reminder.request.neededBy, links.timeZone);
  return renderEmail({
    to,
    subject: `Reminder: ${shorten(reminder.request.itemDescription, 60)} for ${requester} is needed by ${when}`,
    paragraphs: [
      `You offered to help ${requester} with this request, and it is needed soon:`,
      reminder.request.itemDescription,
      `Group: ${oneLine(reminder.request.groupName)}`,
      ...details(reminder.request, links.timeZone),
      "If you can no longer help, unclaim it so another neighbour can.",
    ],
    action: { label: "See the request", url: reminder.request.url },
    ...notificationFooter(links),
  });
}

/** To the requester whose request is still open a day (or half its window) before its needed-by time. */
export function requesterReminderEmail(to: string, reminder: { request: RequestSummary }, links: NotificationLinks): EmailMessage {
  return renderEmail({
    to,
    subject: `Nobody has offered to help with ${shorten(reminder.request.itemDescription, 60)} yet`,
    paragraphs: [
      `Nobody in ${oneLine(reminder.request.groupName)} has offered to help with your request yet:`,
      reminder.request.itemDescription,
      ...details(reminder.request, links.timeZone),
      "Open the request and press “Notify group” to remind your neighbours of it.",
    ],
    action: { label: "Open the request", url: reminder.request.url },
    ...notificationFooter(links),
  });
}
