import { serverTranslator } from "@hyn/i18n/server";
import { DEFAULT_LOCALE, type Locale } from "@hyn/validators/locales";
import type { NotificationKind } from "@hyn/validators/notification-kinds";
import { requestNoticeText, type RequestNotice } from "../shared/request-notice-text";

/**
 * What a push carries: only what the notification shows and where a tap leads. Never an e-mail
 * address, a phone number or a token: the payload passes through the browser vendor's push service.
 */
export interface PushPayload {
  kind: NotificationKind;
  title: string;
  body: string;
  /** The app page a tap opens (the request, the invitations). */
  url: string;
  /** Notifications with the same tag replace each other on the device: one per event. */
  tag: string;
}

export type PushUrgency = "very-low" | "low" | "normal" | "high";

/**
 * How long a push service keeps an undelivered message (TTL, seconds) and how urgently it wakes the
 * device (RFC 8030 §5.2, §5.3), per kind: the one table of it.
 */
export const PUSH_DELIVERY: Record<NotificationKind, { ttlSeconds: number; urgency: PushUrgency }> = {
  request_updates: { ttlSeconds: 24 * 60 * 60, urgency: "high" },
  new_requests: { ttlSeconds: 12 * 60 * 60, urgency: "normal" },
  invitations: { ttlSeconds: 7 * 24 * 60 * 60, urgency: "normal" },
  reminders: { ttlSeconds: 60 * 60, urgency: "high" },
  thanks: { ttlSeconds: 3 * 24 * 60 * 60, urgency: "low" },
  // Both are about a request due within a day: stale once the needed-by time has passed.
  still_needed: { ttlSeconds: 12 * 60 * 60, urgency: "normal" },
  given_back: { ttlSeconds: 12 * 60 * 60, urgency: "high" },
  // Worth something until the list closes, at most a day or so ahead.
  trips: { ttlSeconds: 12 * 60 * 60, urgency: "normal" },
  // Never pushed (EMAIL_ONLY_KINDS): a month's news comes by e-mail.
  while_away: { ttlSeconds: 24 * 60 * 60, urgency: "low" },
  // Someone joined by a link (issue 43): news for the owner, not an alarm.
  link_joins: { ttlSeconds: 3 * 24 * 60 * 60, urgency: "low" },
};

export interface RequestFacts {
  itemDescription: string;
  groupName: string;
  url: string;
  requestId: string;
}

// Every payload is written in its recipient's language (their account's `locale`).

/** A neighbour posted a request in one of my groups. */
export function newRequestPayload(
  request: RequestFacts & { firstInGroup?: boolean },
  posterName: string,
  locale: Locale = DEFAULT_LOCALE,
): PushPayload {
  const t = serverTranslator(locale);
  // The poster's first request in the group (issue 41 §3) says so.
  const body = request.firstInGroup ? "push.newFirstRequestBody" : "push.newRequestBody";
  return {
    kind: "new_requests",
    title: t("push.newRequestTitle", { group: request.groupName }),
    body: t(body, { poster: posterName || t("push.ANeighbour"), item: request.itemDescription }),
    url: request.url,
    tag: `request-${request.requestId}`,
  };
}

/** The requester's notices, worded as their e-mails are (shared/request-notice-text.ts). */
export type RequestUpdate = RequestNotice;

/** A neighbour claimed, released or fulfilled my request (`forNeighbour`: the neighbour without the app I posted it for). */
export function requestUpdatePayload(
  change: RequestUpdate,
  request: RequestFacts,
  helperName: string,
  locale: Locale = DEFAULT_LOCALE,
  forNeighbour: string | null = null,
): PushPayload {
  const t = serverTranslator(locale);
  const text = requestNoticeText(change, Boolean(forNeighbour));
  return {
    kind: "request_updates",
    title: t(text.title, { neighbour: forNeighbour ?? "" }),
    body: t(text.body, {
      helper: helperName || t("push.ANeighbour"),
      item: request.itemDescription,
      group: request.groupName,
    }),
    url: request.url,
    tag: `request-${request.requestId}`,
  };
}

/** To a group's owner: someone asked to join through a link that needs approval (issue 27). */
export function joinRequestPayload(
  groupName: string,
  askerName: string,
  url: string,
  joinRequestId: string,
  locale: Locale = DEFAULT_LOCALE,
): PushPayload {
  const t = serverTranslator(locale);
  return {
    kind: "invitations",
    title: t("push.joinRequestTitle", { group: groupName }),
    body: t("push.joinRequestBody", { asker: askerName || t("push.ANeighbour"), group: groupName }),
    url,
    tag: `join-request-${joinRequestId}`,
  };
}

/** To the owner: someone joined through a link that joins at once (issue 43). */
export function linkJoinPayload(
  groupName: string,
  memberName: string,
  url: string,
  memberId: string,
  locale: Locale = DEFAULT_LOCALE,
): PushPayload {
  const t = serverTranslator(locale);
  return {
    kind: "link_joins",
    title: t("push.linkJoinTitle", { group: groupName }),
    body: t("push.linkJoinBody", { name: memberName || t("push.ANeighbour"), group: groupName }),
    url,
    tag: `link-join-${memberId}`,
  };
}

/** To the person who asked to join: the owner's answer. */
export function joinAnswerPayload(
  groupName: string,
  approved: boolean,
  url: string,
  joinRequestId: string,
  locale: Locale = DEFAULT_LOCALE,
): PushPayload {
  const t = serverTranslator(locale);
  return {
    kind: "invitations",
    title: t(approved ? "push.joinApprovedTitle" : "push.joinDeclinedTitle", { group: groupName }),
    body: t(approved ? "push.joinApprovedBody" : "push.joinDeclinedBody", { group: groupName }),
    url,
    tag: `join-request-${joinRequestId}`,
  };
}

/** Someone invited my account to a group. */
export function invitationPayload(
  groupName: string,
  inviterName: string,
  url: string,
  invitationId: string,
  locale: Locale = DEFAULT_LOCALE,
): PushPayload {
  const t = serverTranslator(locale);
  return {
    kind: "invitations",
    title: t("push.invitationTitle", { group: groupName }),
    body: t("push.invitationBody", { inviter: inviterName || t("push.ANeighbour"), group: groupName }),
    url,
    tag: `invitation-${invitationId}`,
  };
}

/** PRODUCT "Departures": removed from a group, with how many open requests were withdrawn. */
export function removedFromGroupPayload(
  groupName: string,
  withdrawnCount: number,
  url: string,
  groupId: string,
  locale: Locale = DEFAULT_LOCALE,
): PushPayload {
  const t = serverTranslator(locale);
  return {
    kind: "invitations",
    title: t("push.removedTitle", { group: groupName }),
    body: t("push.removedBody", { count: withdrawnCount }),
    url,
    tag: `membership-${groupId}`,
  };
}

/** PRODUCT "Departures": the owner handed the group to the reader. */
export function groupHandedOverPayload(
  groupName: string,
  previousOwnerName: string,
  url: string,
  groupId: string,
  locale: Locale = DEFAULT_LOCALE,
): PushPayload {
  const t = serverTranslator(locale);
  return {
    kind: "invitations",
    title: t("push.handedOverTitle", { group: groupName }),
    body: t("push.handedOverBody", { owner: previousOwnerName || t("push.ANeighbour") }),
    url,
    tag: `membership-${groupId}`,
  };
}

/** Before a needed-by time: the helper's commitment, or the requester's request nobody has claimed yet. */
export function reminderPayload(
  kind: "helper" | "requester",
  request: RequestFacts,
  requesterName: string,
  locale: Locale = DEFAULT_LOCALE,
): PushPayload {
  const t = serverTranslator(locale);
  const facts = { item: request.itemDescription, group: request.groupName };
  return kind === "helper"
    ? {
        kind: "reminders",
        title: t("push.helperReminderTitle"),
        body: t("push.helperReminderBody", { requester: requesterName || t("push.aNeighbour"), ...facts }),
        url: request.url,
        tag: `request-${request.requestId}`,
      }
    : {
        kind: "reminders",
        title: t("push.requesterReminderTitle"),
        body: t("push.requesterReminderBody", facts),
        url: request.url,
        tag: `request-${request.requestId}`,
      };
}

/**
 * The requester skipped this time of a repeating request I had taken (ADR 0023): nothing to get. The
 * occurrence is gone, so a tap opens the app's home, not its page.
 */
export function occurrenceSkippedPayload(
  request: Omit<RequestFacts, "url">,
  requesterName: string,
  homeUrl: string,
  locale: Locale = DEFAULT_LOCALE,
): PushPayload {
  const t = serverTranslator(locale);
  return {
    kind: "reminders",
    title: t("push.occurrenceSkippedTitle"),
    body: t("push.occurrenceSkippedBody", {
      requester: requesterName || t("push.ANeighbour"),
      item: request.itemDescription,
      group: request.groupName,
    }),
    url: homeUrl,
    tag: `request-${request.requestId}`,
  };
}

/** The requester tapped "Thank you" on a request I fulfilled. */
export function thanksPayload(
  request: RequestFacts,
  requesterName: string,
  locale: Locale = DEFAULT_LOCALE,
  fromNeighbour: string | null = null,
): PushPayload {
  const t = serverTranslator(locale);
  const requester = requesterName || t("push.ANeighbour");
  const facts = { item: request.itemDescription, group: request.groupName };
  return {
    kind: "thanks",
    // For a neighbour without the app (issue 42 §1): their thanks, passed on by the poster.
    title: fromNeighbour
      ? t("push.thanksFromTitle", { neighbour: fromNeighbour })
      : t("push.thanksTitle", { requester }),
    body: fromNeighbour ? t("push.thanksFromBody", { requester, ...facts }) : t("push.thanksBody", facts),
    url: request.url,
    tag: `thanks-${request.requestId}`,
  };
}

/** A request in one of my groups still wants a helper: nobody took it yet ("still_needed"), or its helper gave it back. */
export function stillWantedPayload(
  kind: "still_needed" | "given_back",
  request: RequestFacts,
  requesterName: string,
  locale: Locale = DEFAULT_LOCALE,
): PushPayload {
  const t = serverTranslator(locale);
  const item = request.itemDescription;
  const group = request.groupName;
  return {
    kind,
    title: kind === "still_needed" ? t("push.stillNeededTitle", { item }) : t("push.givenBackTitle", { item }),
    // The requester opens the one sentence, and is inside the other.
    body:
      kind === "still_needed"
        ? t("push.stillNeededBody", { requester: requesterName || t("push.ANeighbour"), group })
        : t("push.givenBackBody", { requester: requesterName || t("push.aNeighbour"), group }),
    url: request.url,
    tag: `request-${request.requestId}`,
  };
}

/** A neighbour announced a trip to one of my groups (issue 28): a tap opens its list. */
export function tripAnnouncedPayload(
  trip: { tripId: string; store: string; groupName: string; url: string },
  tripperName: string,
  locale: Locale = DEFAULT_LOCALE,
): PushPayload {
  const t = serverTranslator(locale);
  return {
    kind: "trips",
    title: t("push.tripAnnouncedTitle", { tripper: tripperName || t("push.ANeighbour"), store: trip.store }),
    body: t("push.tripAnnouncedBody", { group: trip.groupName }),
    url: trip.url,
    tag: `trip-${trip.tripId}`,
  };
}
