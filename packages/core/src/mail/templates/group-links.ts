import { serverTranslator } from "@hyn/i18n/server";
import type { Locale } from "@hyn/validators/locales";
import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { notificationFooter, wordsFor, type NotificationLinks } from "./request-summary";
import { oneLine } from "./text";

/** To a group's owner: someone asked to join through a link that needs approval (issue 27). */
export function joinRequestEmail(
  to: string,
  facts: { groupName: string; askerName: string; url: string },
  locale: Locale,
): EmailMessage {
  const t = serverTranslator(locale);
  const group = oneLine(facts.groupName);
  const asker = oneLine(facts.askerName);
  return renderEmail({
    to,
    locale,
    subject: t("email.joinRequestSubject", { asker, group }),
    paragraphs: [t("email.joinRequestBody", { asker, group, product: PRODUCT_NAME })],
    action: { label: t("email.joinRequestAction"), url: facts.url },
  });
}

/** To the person who asked: the owner let them in, or did not. */
export function joinRequestAnswerEmail(
  to: string,
  facts: { groupName: string; approved: boolean; url: string },
  locale: Locale,
): EmailMessage {
  const t = serverTranslator(locale);
  const group = oneLine(facts.groupName);
  return renderEmail({
    to,
    locale,
    subject: facts.approved ? t("email.joinApprovedSubject", { group }) : t("email.joinDeclinedSubject", { group }),
    paragraphs: [facts.approved ? t("email.joinApprovedBody", { group }) : t("email.joinDeclinedBody", { group })],
    action: facts.approved
      ? { label: t("email.joinApprovedAction", { group }), url: facts.url }
      : { label: t("email.joinDeclinedAction"), url: facts.url },
  });
}

/**
 * To a group's owner: someone joined through one of their links that joins at once (issue 43, kind `link_joins`).
 * A notification they may switch off, so it carries its unsubscribe link and headers as the others do.
 */
export function linkJoinEmail(
  to: string,
  facts: { groupName: string; memberName: string; url: string },
  links: NotificationLinks,
): EmailMessage {
  const { t } = wordsFor(links);
  const group = oneLine(facts.groupName);
  const name = oneLine(facts.memberName);
  return renderEmail({
    to,
    subject: t("email.linkJoinSubject", { name, group }),
    paragraphs: [t("email.linkJoinBody", { name, group, product: PRODUCT_NAME })],
    action: { label: t("email.linkJoinAction"), url: facts.url },
    ...notificationFooter(links),
  });
}
