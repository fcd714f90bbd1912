import { serverTranslator } from "@hyn/i18n/server";
import type { Locale } from "@hyn/validators/locales";
import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";

/** To FEEDBACK_TO, in the language of the account with that address (English when none has it). */
export function feedbackForwardEmail(
  to: string,
  feedback: { name: string | null; email: string; subject: string | null; message: string },
  locale: Locale,
): EmailMessage {
  const t = serverTranslator(locale);
  return renderEmail({
    to,
    locale,
    subject: t("email.feedbackSubject", {
      product: PRODUCT_NAME,
      subject: feedback.subject ?? t("email.feedbackGeneral"),
    }),
    paragraphs: [
      t("email.feedbackFrom", { name: feedback.name ?? t("email.feedbackNoName"), email: feedback.email }),
      t("email.feedbackSubjectLine", { subject: feedback.subject ?? t("email.feedbackNoSubject") }),
      feedback.message,
    ],
  });
}
