import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { notificationFooter, type NotificationLinks, type RequestSummary } from "./request-summary";
import { formatWhen, oneLine, shorten } from "./text";

/** The daily summary: every new open request in the reader's groups, each with its own link. */
export function dailyDigestEmail(
  to: string,
  digest: { dashboardUrl: string; requests: (RequestSummary & { posterName: string })[] },
  links: NotificationLinks,
): EmailMessage {
  const count = digest.requests.length;
  return renderEmail({
    to,
    subject: `${count} new request${count === 1 ? "" : "s"} in your ${PRODUCT_NAME} groups`,
    paragraphs: [
      `Here ${count === 1 ? "is the request" : `are the ${count} requests`} your neighbours posted since your last summary:`,
      ...digest.requests.map(
        (r) =>
          `• ${shorten(r.itemDescription, 200)} — ${oneLine(r.posterName) || "a neighbour"} in ${oneLine(r.groupName)}, needed by ${formatWhen(r.neededBy, links.timeZone)}.\n  ${r.url}`,
      ),
    ],
    action: { label: "Open your dashboard", url: digest.dashboardUrl },
    ...notificationFooter(links),
  });
}
