import { serverTranslator } from "@hyn/i18n/server";
import type { Locale } from "@hyn/validators/locales";
import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { oneLine } from "./text";

/**
 * Names the group and the inviter (issue 3); the link is `${APP_URL}/invite/<token>` (PRODUCT "Screens").
 * `locale`: the invited account's language, or the inviter's for an address with no account.
 */
export function invitationEmail(
  to: string,
  invitation: { groupName: string; inviterName: string; url: string; validityDays: number },
  locale: Locale,
): EmailMessage {
  const t = serverTranslator(locale);
  const group = oneLine(invitation.groupName);
  const inviter = oneLine(invitation.inviterName);
  return renderEmail({
    to,
    locale,
    subject: t("email.invitationSubject", { inviter, group, product: PRODUCT_NAME }),
    paragraphs: [t("email.invitationBody", { inviter, group, product: PRODUCT_NAME }), t("email.invitationHowTo")],
    action: { label: t("email.invitationAction", { group }), url: invitation.url },
    footer: [t("email.invitationFooter", { days: invitation.validityDays })],
  });
}
