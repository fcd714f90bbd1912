import { serverTranslator } from "@hyn/i18n/server";
import type { Locale } from "@hyn/validators/locales";
import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { oneLine } from "./text";

/** PRODUCT "Suspension": an admin suspended the reader's account; why, and what went with it. */
export function accountSuspendedEmail(
  to: string,
  suspension: { reason: string; withdrawn: number; reopened: number },
  locale: Locale,
): EmailMessage {
  const t = serverTranslator(locale);
  return renderEmail({
    to,
    locale,
    subject: t("email.suspendedSubject", { product: PRODUCT_NAME }),
    paragraphs: [
      t("email.suspendedBody", { product: PRODUCT_NAME }),
      t("email.suspendedReason", { reason: oneLine(suspension.reason) }),
      t("email.suspendedUndone", { withdrawn: suspension.withdrawn, reopened: suspension.reopened }),
      t("email.suspendedContact"),
    ],
  });
}

/** PRODUCT "Suspension": an admin removed a group the reader was in. */
export function groupRemovedEmail(
  to: string,
  removal: { groupName: string; url: string },
  locale: Locale,
): EmailMessage {
  const t = serverTranslator(locale);
  const group = oneLine(removal.groupName);
  return renderEmail({
    to,
    locale,
    subject: t("email.groupRemovedSubject", { group }),
    paragraphs: [t("email.groupRemovedBody", { group, product: PRODUCT_NAME })],
    action: { label: t("email.groupRemovedAction"), url: removal.url },
  });
}
