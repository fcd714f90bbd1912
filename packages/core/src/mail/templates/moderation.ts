import { serverTranslator } from "@hyn/i18n/server";
import type { Locale } from "@hyn/validators/locales";
import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { oneLine } from "./text";

/** How a suspended person reaches the admins (issue 43 §3): ADMIN_CONTACT, else the feedback form's address. */
export interface AdminContact {
  adminContact: string | null;
  feedbackUrl: string;
}

/** PRODUCT "Suspension": an admin suspended the reader's account; why, what went with it, how to reach the admins. */
export function accountSuspendedEmail(
  to: string,
  suspension: { reason: string; withdrawn: number; reopened: number; contact: AdminContact },
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
      suspension.contact.adminContact
        ? t("email.suspendedContactAddress", { contact: suspension.contact.adminContact })
        : t("email.suspendedContactForm", { url: suspension.contact.feedbackUrl }),
    ],
  });
}

/** Issue 43 §3: an admin lifted the suspension of the reader's account; nothing withdrawn comes back. */
export function accountReinstatedEmail(to: string, reinstatement: { url: string }, locale: Locale): EmailMessage {
  const t = serverTranslator(locale);
  return renderEmail({
    to,
    locale,
    subject: t("email.reinstatedSubject", { product: PRODUCT_NAME }),
    paragraphs: [
      t("email.reinstatedBody", { product: PRODUCT_NAME, url: reinstatement.url }),
      t("email.reinstatedNothingBack"),
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
