import { renderEmail } from "../mail/layout";
import type { EmailMessage } from "../mail/message";
import { PRODUCT_NAME } from "../shared/config";

/** The request as an e-mail describes it; every value came from a person and is escaped by renderEmail. */
export interface RequestSummary {
  itemDescription: string;
  groupName: string;
  neededBy: Date;
  storePreference: string | null;
  pickupNotes: string | null;
  /** `${APP_URL}/requests/<id>`: the app's page of that one request. */
  url: string;
}

export interface NotificationLinks {
  /** `${APP_URL}/profile`, where the e-mail frequency is chosen. */
  preferencesUrl: string;
  timeZone: string;
}

/** Names and descriptions go into headers and single lines: one line each, whatever was stored. */
const oneLine = (value: string) => value.replace(/\s+/g, " ").trim();

function shorten(value: string, max: number): string {
  const line = oneLine(value);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function formatWhen(date: Date, timeZone: string): string {
  const text = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
  return `${text} (${timeZone})`;
}

function details(request: RequestSummary, timeZone: string): string[] {
  return [
    `Needed by: ${formatWhen(request.neededBy, timeZone)}`,
    ...(request.storePreference ? [`Store preference: ${oneLine(request.storePreference)}`] : []),
    ...(request.pickupNotes ? [`Pickup notes: ${request.pickupNotes}`] : []),
  ];
}

function footer(links: NotificationLinks) {
  return {
    footer: [`You receive this because of your e-mail notification settings on ${PRODUCT_NAME}.`],
    footerLink: { label: "Change your e-mail preferences", url: links.preferencesUrl },
  };
}

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
    ...footer(links),
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
    ...footer(links),
  });
}

/** The daily summary: every new open request in the reader's groups, each with its own link. */
export function dailyDigestEmail(
  to: string,
  digest: { dashboardUrl: string; requests: (RequestSummary & { posterName: string })[] },
  links: NotificationLinks,
): EmailMessage {
  const count = digest.requests.length;
  return renderEmail({
    to,
    subject: `${count} new request${count === 1 ? "" : "s"} in your ${PRODUCT_NAME} groups`,
    paragraphs: [
      `Here ${count === 1 ? "is the request" : `are the ${count} requests`} your neighbours posted since your last summary:`,
      ...digest.requests.map(
        (r) =>
          `• ${shorten(r.itemDescription, 200)} — ${oneLine(r.posterName) || "a neighbour"} in ${oneLine(r.groupName)}, needed by ${formatWhen(r.neededBy, links.timeZone)}.\n  ${r.url}`,
      ),
    ],
    action: { label: "Open your dashboard", url: digest.dashboardUrl },
    ...footer(links),
  });
}
