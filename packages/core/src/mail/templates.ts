import { AUTH_LINK_VALIDITY_HOURS } from "@hyn/validators/policy";
import { PRODUCT_NAME } from "../shared/config";
import { renderEmail } from "./layout";
import type { EmailMessage } from "./message";

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

/** Names the group and the inviter (issue 3); the link is `${APP_URL}/invite/<token>` (DESIGN §5). */
export function invitationEmail(
  to: string,
  invitation: { groupName: string; inviterName: string; url: string; validityDays: number },
): EmailMessage {
  // Names go into a header: one line each, whatever was stored.
  const groupName = invitation.groupName.replace(/\s+/g, " ").trim();
  const inviterName = invitation.inviterName.replace(/\s+/g, " ").trim();
  return renderEmail({
    to,
    subject: `${inviterName} invited you to join "${groupName}" on ${PRODUCT_NAME}`,
    paragraphs: [
      `${inviterName} has invited you to join the group "${groupName}" on ${PRODUCT_NAME}, where neighbours post the things they need picked up and help each other out.`,
      "Open the link to join. If you do not have an account yet, you can create one on the way; it is free.",
    ],
    action: { label: `Join ${groupName}`, url: invitation.url },
    footer: [
      `This invitation expires in ${invitation.validityDays} days. If you did not expect it, you can ignore this e-mail.`,
    ],
  });
}
