import { serverTranslator } from "@hyn/i18n/server";
import type { Locale } from "@hyn/validators/locales";
import { AUTH_LINK_VALIDITY_HOURS } from "@hyn/validators/policy";
import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";

export function verificationEmail(to: string, url: string, locale: Locale): EmailMessage {
  const t = serverTranslator(locale);
  return renderEmail({
    to,
    locale,
    subject: t("email.verifySubject", { product: PRODUCT_NAME }),
    paragraphs: [t("email.verifyBody", { product: PRODUCT_NAME })],
    action: { label: t("email.verifyAction"), url },
    footer: [t("email.verifyFooter", { hours: AUTH_LINK_VALIDITY_HOURS })],
  });
}

export function passwordResetEmail(to: string, url: string, locale: Locale): EmailMessage {
  const t = serverTranslator(locale);
  return renderEmail({
    to,
    locale,
    subject: t("email.resetSubject", { product: PRODUCT_NAME }),
    paragraphs: [t("email.resetBody")],
    action: { label: t("email.resetAction"), url },
    footer: [t("email.resetFooter", { hours: AUTH_LINK_VALIDITY_HOURS })],
  });
}
