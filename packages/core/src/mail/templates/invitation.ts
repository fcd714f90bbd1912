import { PRODUCT_NAME } from "../../shared/config";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { oneLine } from "./text";

/** Names the group and the inviter (issue 3); the link is `${APP_URL}/invite/<token>` (DESIGN §5). */
export function invitationEmail(
  to: string,
  invitation: { groupName: string; inviterName: string; url: string; validityDays: number },
): EmailMessage {
  const groupName = oneLine(invitation.groupName);
  const inviterName = oneLine(invitation.inviterName);
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
