import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";

export function feedbackForwardEmail(
  to: string,
  feedback: { name: string | null; email: string; subject: string | null; message: string },
): EmailMessage {
  return renderEmail({
    to,
    subject: `[${PRODUCT_NAME} feedback] ${feedback.subject ?? "General"}`,
    paragraphs: [
      `From: ${feedback.name ?? "(no name)"} <${feedback.email}>`,
      `Subject: ${feedback.subject ?? "(none)"}`,
      feedback.message,
    ],
  });
}
