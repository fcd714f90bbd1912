import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { notificationFooter, wordsFor, type NotificationLinks, type RequestSummary } from "./request-summary";
import { oneLine, shorten } from "./text";

/** The daily summary: every new open request in the reader's groups, each with its own link. */
export function dailyDigestEmail(
  to: string,
  digest: { dashboardUrl: string; requests: (RequestSummary & { posterName: string })[] },
  links: NotificationLinks,
): EmailMessage {
  const { t, when } = wordsFor(links);
  const count = digest.requests.length;
  return renderEmail({
    to,
    subject: t("email.digestSubject", { count, product: PRODUCT_NAME }),
    paragraphs: [
      t("email.digestIntro", { count }),
      ...digest.requests.map(
        (r) =>
          `${t("email.digestItem", {
            item: shorten(r.itemDescription, 200),
            poster: oneLine(r.posterName) || t("email.aNeighbour"),
            group: oneLine(r.groupName),
            when: when(r.neededBy),
          })}\n  ${r.url}`,
      ),
    ],
    action: { label: t("email.digestAction"), url: digest.dashboardUrl },
    ...notificationFooter(links),
  });
}
