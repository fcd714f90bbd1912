import type { NotificationKind } from "@hyn/validators/notification-kinds";

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
};

export interface RequestFacts {
  itemDescription: string;
  groupName: string;
  url: string;
  requestId: string;
}

/** A neighbour posted a request in one of my groups. */
export function newRequestPayload(request: RequestFacts, posterName: string): PushPayload {
  return {
    kind: "new_requests",
    title: `New request in ${request.groupName}`,
    body: `${posterName || "A neighbour"} needs: ${request.itemDescription}`,
    url: request.url,
    tag: `request-${request.requestId}`,
  };
}

export type RequestUpdate = "claimed" | "unclaimed" | "fulfilled";

/** A neighbour claimed, released or fulfilled my request. */
export function requestUpdatePayload(change: RequestUpdate, request: RequestFacts, helperName: string): PushPayload {
  const who = helperName || "A neighbour";
  const body = {
    claimed: `${who} will pick up: ${request.itemDescription}`,
    unclaimed: `${who} can no longer pick up: ${request.itemDescription}. It is open again.`,
    fulfilled: `${who} marked as delivered: ${request.itemDescription}`,
  }[change];
  const title = { claimed: "Your request was claimed", unclaimed: "Your request is open again", fulfilled: "Your request was fulfilled" }[change];
  return { kind: "request_updates", title, body: `${body} (${request.groupName})`, url: request.url, tag: `request-${request.requestId}` };
}

/** Someone invited my account to a group. */
export function invitationPayload(groupName: string, inviterName: string, url: string, invitationId: string): PushPayload {
  return {
    kind: "invitations",
    title: `Invitation to ${groupName}`,
    body: `${inviterName || "A neighbour"} invited you to join ${groupName}.`,
    url,
    tag: `invitation-${invitationId}`,
  };
}

/** Before a needed-by time: the helper's commitment, or the requester's request nobody has claimed yet. */
export function reminderPayload(kind: "helper" | "requester", request: RequestFacts, requesterName: string): PushPayload {
  return kind === "helper"
    ? {
        kind: "reminders",
        title: "Needed soon",
        body: `You're helping ${requesterName || "a neighbour"} with: ${request.itemDescription} (${request.groupName})`,
        url: request.url,
        tag: `request-${request.requestId}`,
      }
    : {
        kind: "reminders",
        title: "Nobody has offered to help yet",
        body: `${request.itemDescription} (${request.groupName}): open it to notify your group again.`,
        url: request.url,
        tag: `request-${request.requestId}`,
      };
}

/** The requester tapped "Thank you" on a request I fulfilled. */
export function thanksPayload(request: RequestFacts, requesterName: string): PushPayload {
  return {
    kind: "thanks",
    title: `${requesterName || "A neighbour"} thanked you`,
    body: `For helping with: ${request.itemDescription} (${request.groupName})`,
    url: request.url,
    tag: `thanks-${request.requestId}`,
  };
}
