import { requestNoticeText, type RequestNotice } from "../../shared/request-notice-text";
import { renderEmail } from "../layout";
import type { EmailMessage } from "../message";
import { details, notificationFooter, wordsFor, type NotificationLinks, type RequestSummary } from "./request-summary";
import { oneLine, shorten } from "./text";

// The e-mails about one request: posted (to the group), changed (to its requester), thanked and claimed (to its helper).

export function requestPostedEmail(
  to: string,
  posted: { posterName: string; request: RequestSummary; firstInGroup?: boolean },
  links: NotificationLinks,
): EmailMessage {
  const { t } = wordsFor(links);
  const poster = oneLine(posted.posterName) || t("email.ANeighbour");
  const group = oneLine(posted.request.groupName);
  return renderEmail({
    to,
    subject: t("email.postedSubject", { group, item: shorten(posted.request.itemDescription, 60) }),
    paragraphs: [
      // The poster's first request in the group (issue 41 §3): a first answer makes a newcomer ask again.
      ...(posted.firstInGroup ? [t("email.postedFirstRequest", { poster })] : []),
      t("email.postedIntro", { poster, group }),
      posted.request.itemDescription,
      ...details(posted.request, links),
    ],
    // The card's own label: the link opens the request with this button focused (issue 16).
    action: { label: t("email.postedAction"), url: posted.request.url },
    ...notificationFooter(links),
  });
}

export type RequestChange = "claimed" | "unclaimed" | "fulfilled";
export type { RequestNotice };

/**
 * To the requester, when a neighbour claims, unclaims or fulfils their request. For a request posted for a
 * neighbour without the app (`forNeighbour`, their name) it says whom it was for, and to let them know.
 */
export function requestChangedEmail(
  to: string,
  change: { kind: RequestNotice; helperName: string; request: RequestSummary; forNeighbour?: string | null },
  links: NotificationLinks,
): EmailMessage {
  const { t } = wordsFor(links);
  const helper = oneLine(change.helperName) || t("email.ANeighbour");
  const neighbour = change.forNeighbour ? oneLine(change.forNeighbour) : "";
  // Whom it was for, when there is one: the words are the push's too (shared/request-notice-text.ts).
  const text = requestNoticeText(change.kind, neighbour !== "");
  return renderEmail({
    to,
    subject: t(text.subject, { helper, neighbour, item: shorten(change.request.itemDescription, 60) }),
    paragraphs: [
      t(text.sentence, { helper, neighbour }),
      change.request.itemDescription,
      ...(neighbour ? [t("email.passOnToNeighbour", { neighbour })] : []),
      t("email.group", { group: oneLine(change.request.groupName) }),
      ...details(change.request, links),
    ],
    action: { label: t("email.seeRequest"), url: change.request.url },
    ...notificationFooter(links),
  });
}

/**
 * To the helper, when the requester taps "Thank you" on a request they fulfilled. For a request posted for a
 * neighbour without the app (`fromNeighbour`, their name) the thanks are theirs, passed on by the poster.
 */
export function thanksEmail(
  to: string,
  thanks: { requesterName: string; request: RequestSummary; fromNeighbour?: string | null },
  links: NotificationLinks,
): EmailMessage {
  const { t } = wordsFor(links);
  const requester = oneLine(thanks.requesterName) || t("email.ANeighbour");
  const neighbour = thanks.fromNeighbour ? oneLine(thanks.fromNeighbour) : "";
  const item = shorten(thanks.request.itemDescription, 60);
  return renderEmail({
    to,
    subject: neighbour
      ? t("email.thanksFromSubject", { neighbour, item })
      : t("email.thanksSubject", { requester, item }),
    paragraphs: [
      neighbour ? t("email.thanksFromIntro", { requester, neighbour }) : t("email.thanksIntro", { requester }),
      thanks.request.itemDescription,
      t("email.group", { group: oneLine(thanks.request.groupName) }),
    ],
    action: { label: t("email.seeRequest"), url: thanks.request.url },
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
  const { t } = wordsFor(links);
  const requester = oneLine(claim.requesterName) || t("email.aNeighbourHelped");
  return renderEmail({
    to,
    subject: t("email.claimSubject", { requester, item: shorten(claim.request.itemDescription, 60) }),
    paragraphs: [
      t("email.claimIntro", { requester, group: oneLine(claim.request.groupName) }),
      claim.request.itemDescription,
      ...details(claim.request, links),
      t("email.claimCalendar"),
    ],
    action: { label: t("email.seeRequest"), url: claim.request.url },
    ...notificationFooter(links),
  });
}

/** To the helper of a repeating request's occurrence its requester skipped (ADR 0023): nothing to get this time. */
export function occurrenceSkippedEmail(
  to: string,
  skipped: { requesterName: string; request: RequestSummary },
  links: NotificationLinks,
): EmailMessage {
  const { t } = wordsFor(links);
  const requester = oneLine(skipped.requesterName) || t("email.ANeighbour");
  return renderEmail({
    to,
    subject: t("email.skippedSubject", { requester, item: shorten(skipped.request.itemDescription, 60) }),
    paragraphs: [
      t("email.skippedIntro", { requester, group: oneLine(skipped.request.groupName) }),
      skipped.request.itemDescription,
      ...details(skipped.request, links),
    ],
    ...notificationFooter(links),
  });
}
