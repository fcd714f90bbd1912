import {
  GIVEN_BACK_NOTICE_HOURS,
  STILL_NEEDED_MAX_LEAD_HOURS,
  STILL_NEEDED_MIN_LEAD_HOURS,
} from "@hyn/validators/policy";
import { HOUR_MS } from "../shared/clock";

/**
 * When a request nobody has taken nudges its group again (issue 26), and whether a give-back is told to
 * the group. Pure: the job engine only wakes the nudge up; these decide.
 */

export const STILL_NEEDED_MAX_LEAD_MS = STILL_NEEDED_MAX_LEAD_HOURS * HOUR_MS;
export const STILL_NEEDED_MIN_LEAD_MS = STILL_NEEDED_MIN_LEAD_HOURS * HOUR_MS;
export const GIVEN_BACK_NOTICE_MS = GIVEN_BACK_NOTICE_HOURS * HOUR_MS;

/**
 * The "Still needed" nudge: a quarter of the way before the needed-by time, measured from posting
 * (neededBy - window / 4), but at most 12 hours and at least 1 hour before it. None when that is not
 * after posting (a window of an hour or less): the posting notice is all there is time for.
 */
export function stillNeededDueAt(createdAt: Date, neededBy: Date): Date | null {
  const window = neededBy.getTime() - createdAt.getTime();
  const lead = Math.min(STILL_NEEDED_MAX_LEAD_MS, Math.max(STILL_NEEDED_MIN_LEAD_MS, window / 4));
  const due = new Date(neededBy.getTime() - lead);
  return due.getTime() > createdAt.getTime() ? due : null;
}

/** The request as it is when its nudge's job runs (null: it was deleted, with its account or alone). */
export interface NudgeState {
  status: string;
  createdAt: Date;
  neededBy: Date;
}

export type NudgeDecision =
  | { send: true }
  /** `dueAt`: woken early (the database's clock ahead of the app's, or the needed-by time moved later). */
  | { send: false; reason: string; dueAt?: Date };

/** Whether the nudge is still wanted now: only for a request still open, before its needed-by time. */
export function decideStillNeeded(request: NudgeState | null, now: Date): NudgeDecision {
  if (!request) return { send: false, reason: "deleted" };
  if (now.getTime() >= request.neededBy.getTime()) return { send: false, reason: "past needed-by" };
  if (request.status !== "open") return { send: false, reason: `request ${request.status}` };
  const due = stillNeededDueAt(request.createdAt, request.neededBy);
  if (!due) return { send: false, reason: "window too short" };
  if (now.getTime() < due.getTime()) return { send: false, reason: "not due yet", dueAt: due };
  return { send: true };
}

/** A give-back (unclaim) at `now` is told to the group when the needed-by time is 24 hours away or less. */
export function givenBackIsNews(neededBy: Date, now: Date): boolean {
  const left = neededBy.getTime() - now.getTime();
  return left > 0 && left <= GIVEN_BACK_NOTICE_MS;
}
