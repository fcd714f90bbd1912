import { AUTH_LINK_VALIDITY_HOURS } from "@hyn/validators/policy";
import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";

export function verificationEmail(to: string, url: string): EmailMessage {
  return renderEmail({
    to,
    subject: `Confirm your ${PRODUCT_NAME} account`,
    paragraphs: [`Welcome to ${PRODUCT_NAME}! Please confirm your e-mail address to finish creating your account.`],
    action: { label: "Confirm my e-mail", url },
    footer: [`This link expires in ${AUTH_LINK_VALIDITY_HOURS} hours. If you did not sign up, you can ignore this e-mail.`],
  });
}

export function passwordResetEmail(to: string, url: string): EmailMessage {
  return renderEmail({
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    paragraphs: ["Someone asked to reset the password of your account. If it was you, choose a new password here."],
    action: { label: "Reset my password", url },
    footer: [`This link expires in ${AUTH_LINK_VALIDITY_HOURS} hours and works once. If you did not ask for it, you can ignore this e-mail.`],
  });
}
