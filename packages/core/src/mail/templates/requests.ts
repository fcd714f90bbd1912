import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { details, notificationFooter, type NotificationLinks, type RequestSummary } from "./request-summary";
import { oneLine, shorten } from "./text";

// The e-mails about one request: posted (to the group), changed (to its requester), thanked and claimed (to its helper).

export function requestPostedEmail(
  to: string,
  posted: { posterName: string; request: RequestSummary },
  links: NotificationLinks,
): EmailMessage {
  const poster = oneLine(posted.posterName) || "A neighbour";
  return renderEmail({
    to,
    subject: `New request in ${oneLine(posted.request.groupName)}: ${shorten(posted.request.itemDescription, 60)}`,
    paragraphs: [
      `${poster} asked for help in ${oneLine(posted.request.groupName)}:`,
      posted.request.itemDescription,
      ...details(posted.request, links.timeZone),
    ],
    // The card's own label: the link opens the request with this button focused (issue 16).
    action: { label: "I can help", url: posted.request.url },
    ...notificationFooter(links),
  });
}

export type RequestChange = "claimed" | "unclaimed" | "fulfilled";

const CHANGE_TEXT: Record<RequestChange, { subject: string; sentence: (helper: string) => string }> = {
  claimed: { subject: "offered to help with", sentence: (helper) => `${helper} offered to help with your request:` },
  unclaimed: {
    subject: "can no longer help with",
    sentence: (helper) => `${helper} can no longer help with your request, so it is open again for others:`,
  },
  fulfilled: { subject: "fulfilled", sentence: (helper) => `${helper} marked your request as fulfilled:` },
};

/** To the requester, when a neighbour claims, unclaims or fulfils their request. */
export function requestChangedEmail(
  to: string,
  change: { kind: RequestChange; helperName: string; request: RequestSummary },
  links: NotificationLinks,
): EmailMessage {
  const helper = oneLine(change.helperName) || "A neighbour";
  const text = CHANGE_TEXT[change.kind];
  return renderEmail({
    to,
    subject: `${helper} ${text.subject} your request: ${shorten(change.request.itemDescription, 60)}`,
    paragraphs: [
      text.sentence(helper),
      change.request.itemDescription,
      `Group: ${oneLine(change.request.groupName)}`,
      ...details(change.request, links.timeZone),
    ],
    action: { label: "See the request", url: change.request.url },
    ...notificationFooter(links),
  });
}

/** To the helper, when the requester taps "Thank you" on a request they fulfilled. */
export function thanksEmail(to: string, thanks: { requesterName: string; request: RequestSummary }, links: NotificationLinks): EmailMessage {
  const requester = oneLine(thanks.requesterName) || "A neighbour";
  return renderEmail({
    to,
    subject: `${requester} thanked you for helping with ${shorten(thanks.request.itemDescription, 60)}`,
    paragraphs: [`${requester} thanked you for helping with their request:`, thanks.request.itemDescription, `Group: ${oneLine(thanks.request.groupName)}`],
    action: { label: "See the request", url: thanks.request.url },
    ...notificationFooter(links),
  });
}

/**
 * To the helper, when they claim (issue 15): the commitment, with its calendar file attached by the
 * caller. Kind "reminders" (notification-kinds.ts) decides whether it is sent.
 */
export function claimConfirmationEmail(
  to: string,
  claim: { requesterName: string; request: RequestSummary },
  links: NotificationLinks,
): EmailMessage {
  const requester = oneLine(claim.requesterName) || "a neighbour";
  return renderEmail({
    to,
    subject: `You're helping ${requester} with ${shorten(claim.request.itemDescription, 60)}`,
    paragraphs: [
      `Thank you for offering to help ${requester} in ${oneLine(claim.request.groupName)}:`,
      claim.request.itemDescription,
      ...details(claim.request, links.timeZone),
      "The attached calendar file puts it in your calendar. If you can no longer help, unclaim the request so another neighbour can step in.",
    ],
    action: { label: "See the request", url: claim.request.url },
    ...notificationFooter(links),
  });
}
