import type { RequestEventType } from "@hyn/validators";

/** A change to a request, as live updates announce it: which request, in which group. */
export interface RequestEvent {
  type: RequestEventType;
  requestId: string;
  groupId: string;
}

/** The one Postgres NOTIFY channel for request events (lower case: LISTEN folds unquoted names). */
export const REQUEST_EVENTS_CHANNEL = "hyn_request_events";
