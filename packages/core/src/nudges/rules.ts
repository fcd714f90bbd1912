import { nobodyOfferedFrom } from "@hyn/validators/first-offer";
import { GIVEN_BACK_NOTICE_HOURS } from "@hyn/validators/policy";
import type { Reach } from "@hyn/validators";
import { HOUR_MS } from "../shared/clock";

/**
 * When a request nobody has taken nudges its group again (issue 26), and whether a give-back is told to
 * the group. Pure: the job engine only wakes the nudge up; these decide.
 */

export const GIVEN_BACK_NOTICE_MS = GIVEN_BACK_NOTICE_HOURS * HOUR_MS;

/**
 * The "Still needed" alert (issue 41 §3): at the moment an unoffered request is shown again ("Nobody has
 * offered yet", `nobodyOfferedFrom`): half-way from posting to the needed-by time, but no sooner than 2 hours
 * after posting (so the members told at once, and the resting helpers told half an hour later, have had time
 * to offer). None when that is not before the needed-by time (a window of 2 hours or less): the posting notice
 * is all there is time for.
 */
export function stillNeededDueAt(createdAt: Date, neededBy: Date): Date | null {
  const due = nobodyOfferedFrom(createdAt, neededBy);
  return due.getTime() < neededBy.getTime() ? due : null;
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

/**
 * The request's last reach once the "Still needed" alert went (issue 41 §3): `reach` is who hears of the
 * group's new requests how as of now, and each member the alert told is counted as told at once instead of
 * in the bucket they would have heard in (later, a summary). The alert is the request's last notice.
 */
export function reachAfterAlert(reach: Reach, alerted: ReadonlyArray<"later" | "daily" | "weekly">): Reach {
  const after = { ...reach };
  for (const bucket of alerted) {
    if (after[bucket] <= 0) continue;
    after[bucket]--;
    after.now++;
  }
  return after;
}
