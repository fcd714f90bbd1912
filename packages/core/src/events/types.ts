import type { RequestEventType } from "@hyn/validators";

/**
 * A change to a request, as live updates announce it: which request, in which group, and whose (its
 * creator: nobody with a block between them and the owner hears of it; the owner is not sent on).
 */
export interface RequestEvent {
  type: RequestEventType;
  requestId: string;
  groupId: string;
  ownerId: string;
}

/** A trip's change, once per group it is announced to (issue 28): its page and the dashboards read it again. */
export interface TripEvent {
  type: "trip.changed";
  tripId: string;
  groupId: string;
  /** The tripper. */
  ownerId: string;
}

/** A block placed or lifted between two people (issue 38): their streams read their blocks again. Never sent on. */
export interface BlockEvent {
  type: "block.changed";
  userIds: [string, string];
}

/**
 * The owner answered someone's request to join (issue 43): only that person's streams hear it, so a page
 * that says "Waiting for Ana to let you in" changes at once.
 */
export interface JoinAnsweredEvent {
  type: "join.answered";
  /** The person who asked. */
  userId: string;
  groupId: string;
  approved: boolean;
}

/** What the live stream carries from one commit to every instance. */
export type LiveEvent = RequestEvent | TripEvent | BlockEvent | JoinAnsweredEvent;

/**
 * Sessions that ended (signed out, ended by a password change, a suspension or the account's deletion),
 * by their stored ids: every instance ends their live streams before any event committed after.
 */
export interface SessionsEnded {
  type: "sessions.ended";
  sessionIds: string[];
}

/** The one Postgres NOTIFY channel for live events, sessions ended among them, in commit order (lower case: LISTEN folds unquoted names). */
export const REQUEST_EVENTS_CHANNEL = "hyn_request_events";
