import {
  HELPER_REMINDER_LEAD_HOURS,
  REQUEST_NOTIFY_INTERVAL_MS,
  REQUESTER_REMINDER_LEAD_HOURS,
} from "@hyn/validators/policy";
import { HOUR_MS } from "../shared/clock";

/**
 * When the two reminders before a request's needed-by time are due, and whether one is still wanted
 * when its job runs (issue 15). Pure: the job engine only wakes a reminder up; these decide.
 */

/** The helper hears this long before the needed-by time; a claim made later than that gets no reminder. */
export const HELPER_REMINDER_LEAD_MS = HELPER_REMINDER_LEAD_HOURS * HOUR_MS;
/** The requester of a still-open request hears this long before the needed-by time... */
export const REQUESTER_REMINDER_LEAD_MS = REQUESTER_REMINDER_LEAD_HOURS * HOUR_MS;

export type ReminderKind = "helper" | "requester";

/** The request as it is when a reminder's job runs (null: it was deleted, with its account or alone). */
export interface RequestState {
  userId: string;
  status: string;
  claimedBy: string | null;
  claimedAt: Date | null;
  createdAt: Date;
  neededBy: Date;
}

/** The helper's reminder: the needed-by time minus the lead, or none when the claim came inside that window. */
export function helperReminderDueAt(neededBy: Date, claimedAt: Date): Date | null {
  const due = new Date(neededBy.getTime() - HELPER_REMINDER_LEAD_MS);
  return claimedAt.getTime() < due.getTime() ? due : null;
}

/**
 * The requester's reminder: 24 h before the needed-by time, or half-way through a window shorter than
 * two days, so it never comes sooner after posting than it leaves before the deadline. None when that
 * is within the hour after posting: the posting notice has just gone and "Notify group" cannot be used yet.
 */
export function requesterReminderDueAt(createdAt: Date, neededBy: Date): Date | null {
  const window = neededBy.getTime() - createdAt.getTime();
  const due = new Date(neededBy.getTime() - Math.min(REQUESTER_REMINDER_LEAD_MS, window / 2));
  return due.getTime() - createdAt.getTime() >= REQUEST_NOTIFY_INTERVAL_MS ? due : null;
}

/** Who a claim was: the same person claiming again after an unclaim is a new claim, with a reminder of its own. */
export function claimKeyOf(claimedBy: string, claimedAt: Date): string {
  return `${claimedBy}@${claimedAt.toISOString()}`;
}

export type ReminderDecision =
  | { send: true; recipientId: string; claimKey: string }
  /** `dueAt`: woken early (the database's clock ahead of the app's): to be looked at again then. */
  | { send: false; reason: string; dueAt?: Date };

/** Whether the reminder is still wanted now, decided against the request as it is now. */
export function decideReminder(kind: ReminderKind, request: RequestState | null, now: Date): ReminderDecision {
  if (!request) return { send: false, reason: "deleted" };
  if (now.getTime() >= request.neededBy.getTime()) return { send: false, reason: "past needed-by" };
  if (kind === "requester") {
    if (request.status !== "open") return { send: false, reason: `request ${request.status}` };
    const due = requesterReminderDueAt(request.createdAt, request.neededBy);
    if (!due) return { send: false, reason: "window too short" };
    if (now.getTime() < due.getTime()) return { send: false, reason: "not due yet", dueAt: due };
    return { send: true, recipientId: request.userId, claimKey: "" };
  }
  if (request.status !== "claimed" || !request.claimedBy || !request.claimedAt)
    return { send: false, reason: `request ${request.status}` };
  const due = helperReminderDueAt(request.neededBy, request.claimedAt);
  if (!due) return { send: false, reason: "claimed inside the window" };
  if (now.getTime() < due.getTime()) return { send: false, reason: "not due yet", dueAt: due };
  return { send: true, recipientId: request.claimedBy, claimKey: claimKeyOf(request.claimedBy, request.claimedAt) };
}
